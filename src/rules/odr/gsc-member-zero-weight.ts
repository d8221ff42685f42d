import { defineRule } from '../rule.js';
import { endpoint } from '../web.js';

/** GSC member weight: 0 = never routed. */
export const rule = defineRule({
  meta: {
    id: 'gsc-member-zero-weight',
    severity: 'warning',
    category: 'odr',
    description: 'A generic server cluster member with weight 0 (never routed to)',
    source: 'IBM WAS ND, "Generic server cluster members" (ujpx_generic_ports)',
    consequences: [
      {
        reading: "IBM's Generic server cluster members topic recommends weights of 1–20 and says a weight of 0 means the member is never routed to; that in-session requests of its sessions cannot be forwarded there is plexlint's reading.",
      },
    ],
  },
  check(ctx) {
    for (const cell of ctx.estate.web.cells) {
      for (const g of cell.gscs) {
        for (const m of g.members) {
          if (m.weight !== 0) continue;
          ctx.report({
            loc: m.loc,
            message:
              `member ${endpoint(m.host, m.port)}${m.odr ? ` (ODR ${m.odr.name} of cell ${m.odr.cell})` : ''} of GSC '${g.name}' has weight 0, which means it is never routed to; ` +
              `in plexlint's reading, in-session requests that belong to it cannot be forwarded there either. Give it a weight of 1–20 (IBM's recommended range).`,
            subject: `cell ${cell.name} GSC ${g.name} ${endpoint(m.host, m.port)} weight 0`,
          });
        }
      }
    }
  },
});
