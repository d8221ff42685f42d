import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { endpoint } from '../web.js';

/**
 * A GSC member with weight 0. IBM (Generic server cluster members): weights of
 * 1–20 are recommended and 0 means the member is never routed to — with the
 * dynamic workload manager off (GSC custom property enable.dwlm=false); with it
 * on, the default, the weight DWLM computes replaces the configured one, so the
 * configured 0 does not keep requests away, and plexlint does not know what
 * weight DWLM gives the member.
 */
export const rule = defineRule({
  meta: {
    id: 'gsc-member-zero-weight',
    severity: 'warning',
    category: 'odr',
    description: 'A generic server cluster member with weight 0: never routed to with the dynamic workload manager off, replaced by its weight while it is on (the default)',
    source: 'IBM WAS ND, "Generic server cluster members" (ujpx_generic_ports)',
    consequences: [
      {
        id: 'never-routed',
        when: 'the GSC has enable.dwlm=false',
        reading:
          "IBM's Generic server cluster members topic recommends weights of 1–20 and says a weight of 0 means the member is never routed to, which holds with the dynamic workload manager off (enable.dwlm=false); that in-session requests of its sessions cannot be forwarded there either is plexlint's reading.",
      },
      {
        id: 'dwlm',
        when: 'the dynamic workload manager is on (the default)',
        reading:
          "IBM's Generic server cluster members topic says the dynamic workload manager, enabled by default, computes the members' weights and overrides the configured weight unless the GSC custom property enable.dwlm is false; plexlint's reading is that the configured 0 then keeps no request away from the member, and IBM does not say what weight DWLM gives it.",
      },
    ],
  },
  check(ctx) {
    for (const cell of ctx.estate.web.cells) {
      for (const g of cell.gscs) {
        for (const m of g.members) {
          if (m.weight !== 0) continue;
          const who = `member ${endpoint(m.host, m.port)}${m.odr ? ` (ODR ${m.odr.name} of cell ${m.odr.cell})` : ''} of GSC '${g.name}'`;
          const dwlmOff = g.properties['enable.dwlm'];
          if (!g.dwlm) {
            ctx.report({
              loc: m.loc,
              message:
                `${who} has weight 0, and the GSC turns the dynamic workload manager off (enable.dwlm=false): IBM says a member with weight 0 is never routed to. ` +
                `In plexlint's reading, in-session requests that belong to it cannot be forwarded there either. Give it a weight of 1–20 (IBM's recommended range), or remove it if the ODR is gone.`,
              ...(dwlmOff ? { related: [rel(dwlmOff.loc, `GSC '${g.name}': enable.dwlm=${dwlmOff.value}`)] } : {}),
              subject: `cell ${cell.name} GSC ${g.name} ${endpoint(m.host, m.port)} weight 0`,
              consequence: 'never-routed',
            });
            continue;
          }
          ctx.report({
            loc: m.loc,
            message:
              `${who} has weight 0, but the GSC leaves the dynamic workload manager on (the default; no enable.dwlm=false): IBM says DWLM computes the members' weights and overrides the configured one, ` +
              `so in plexlint's reading this 0 keeps no request away from the member, and IBM does not say what weight DWLM gives it (the simulator gives every member the same). ` +
              `To keep requests away from it, set the GSC custom property enable.dwlm=false (properties: { enable.dwlm: "false" } in plexlint.yaml, as on the cell), or remove the member; otherwise give it a weight of 1–20.`,
            subject: `cell ${cell.name} GSC ${g.name} ${endpoint(m.host, m.port)} weight 0`,
            consequence: 'dwlm',
          });
        }
      }
    }
  },
});
