import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { cellMap, endpoint, tierText } from '../web.js';

/**
 * GSC members for cell affinity are the ODRs of a remote cell (IBM, "Cell
 * affinity function": "The GSC members must be the ODRs in the remote cells"),
 * of the same tier (IBM, "Configuring cell affinity in a multi-tiered
 * environment": "any generic server cluster configurations you create for cell
 * affinity must refer only to ODRs within that tier"). What happens otherwise IBM
 * does not say: the messages give plexlint's reading as such.
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
        id: 'own-cell',
        when: 'an ODR of the GSC\'s own cell',
        documented: 'IBM WAS ND, Cell affinity function',
        quote: 'The GSC members must be the ODRs in the remote cells.',
      },
      {
        id: 'tier',
        when: 'an ODR of another tier',
        documented: 'IBM WAS ND, Configuring cell affinity in a multi-tiered environment',
        quote: 'any generic server cluster configurations you create for cell affinity must refer only to ODRs within that tier',
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
                `member ${endpoint(m.host, m.port)} of GSC '${g.name}' is ODR ${m.odr.name} of cell ${cell.name} itself. IBM: "The GSC members must be the ODRs in the remote cells." ` +
                `A GSC for cell affinity stands for the ODRs of another cell, to which this cell's ODRs send the in-session requests they cannot route; plexlint's reading: a request rerouted to this member comes back to a cell that does not hold the session. ` +
                `Remove the member; list only the ODRs of the remote cell.`,
              related: at,
              subject: `cell ${cell.name} GSC ${g.name} member ${m.odr.name} own cell`,
              consequence: 'own-cell',
            });
            continue;
          }
          const tier = g.tier ?? firstTier;
          if (tier !== undefined && m.odr.tier !== tier) {
            ctx.report({
              loc: m.loc,
              message:
                `member ${endpoint(m.host, m.port)} of GSC '${g.name}' is ODR ${m.odr.name} of ${tierText(m.odr.tier)}, but the GSC belongs to ${tierText(tier)}. ` +
                `IBM: "any generic server cluster configurations you create for cell affinity must refer only to ODRs within that tier". ` +
                `plexlint's reading: rerouted requests would enter the other tier, whose ODRs use another session cookie. ` +
                `List only ODRs of ${tierText(tier)}, or give the GSC the right tier in plexlint.yaml.`,
              related: at,
              subject: `cell ${cell.name} GSC ${g.name} member ${m.odr.name} tier ${m.odr.tier}`,
              consequence: 'tier',
            });
          }
        }
      }
    }
  },
});
