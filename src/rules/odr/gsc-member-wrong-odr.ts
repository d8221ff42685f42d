import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { cellMap, endpoint, tierText } from '../web.js';

/**
 * GSC members for cell affinity are the ODRs of a remote cell, of the same
 * tier (IBM "Cell affinity function": "GSCs in a tier refer only to ODRs
 * of that tier").
 */
export const rule = defineRule({
  meta: {
    id: 'gsc-member-wrong-odr',
    severity: 'error',
    category: 'odr',
    description: 'A generic server cluster member that is an ODR of the cell itself, or an ODR of another tier',
    source: 'IBM WAS ND, "Using generic server clusters with cell affinity" (twve_odoegsc); "Configuring cell affinity in a multi-tiered environment" (twve_odoemltier)',
    consequences: [
      {
        documented: "IBM WAS ND, Cell affinity function; Configuring cell affinity in a multi-tiered environment",
        quote: "The GSC members must be the ODRs in the remote cells.",
      },
    ],
  },
  check(ctx) {
    const cells = cellMap(ctx.estate.web.cells);
    for (const cell of ctx.estate.web.cells) {
      for (const g of cell.gscs) {
        const firstTier = g.members.find((m) => m.odr)?.odr?.tier;
        for (const m of g.members) {
          if (!m.odr) continue;
          const odr = cells.get(m.odr.cell)?.odrs.find((o) => o.name === m.odr!.name);
          const at = odr ? [rel(odr.loc, `ODR ${odr.name} of cell ${odr.cell}`)] : [];
          if (m.odr.cell === cell.name) {
            ctx.report({
              loc: m.loc,
              message:
                `member ${endpoint(m.host, m.port)} of GSC '${g.name}' is ODR ${m.odr.name} of cell ${cell.name} itself: for cell affinity a GSC stands for the ODRs of another cell, ` +
                `to which this cell's ODRs send the in-session requests they cannot route; a request sent to an ODR of the same cell comes back to a cell that does not hold the session. ` +
                `Remove the member; list only the ODRs of the remote cell.`,
              related: at,
              subject: `cell ${cell.name} GSC ${g.name} member ${m.odr.name} own cell`,
            });
            continue;
          }
          const tier = g.tier ?? firstTier;
          if (tier !== undefined && m.odr.tier !== tier) {
            ctx.report({
              loc: m.loc,
              message:
                `member ${endpoint(m.host, m.port)} of GSC '${g.name}' is ODR ${m.odr.name} of ${tierText(m.odr.tier)}, but the GSC belongs to ${tierText(tier)}: ` +
                `the GSCs of a tier may refer only to ODRs of that tier, so rerouted requests would enter the wrong tier and miss its session cookie. ` +
                `List only ODRs of ${tierText(tier)}, or give the GSC the right tier in plexlint.yaml.`,
              related: at,
              subject: `cell ${cell.name} GSC ${g.name} member ${m.odr.name} tier ${m.odr.tier}`,
            });
          }
        }
      }
    }
  },
});
