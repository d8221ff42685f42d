import { defineRule } from '../rule.js';

/** Member weight 0–20 (IBM WAS cluster member settings, weight). */
export const rule = defineRule({
  meta: {
    id: 'cluster-weight-out-of-range',
    severity: 'error',
    category: 'was',
    description: 'A cluster.xml member weight outside 0-20',
    source: 'IBM WAS, cluster member settings (urun_rwlm_member_inst): weight 0-20',
    consequences: [
      {
        reading: "IBM's console allows member weights 0–20; IBM does not document how EJB workload management treats another value, and plexlint reports it without assuming one.",
      },
    ],
  },
  check(ctx) {
    for (const c of ctx.estate.web.clusters) {
      for (const m of c.members) {
        if (m.weight === undefined || (m.weight >= 0 && m.weight <= 20)) continue;
        ctx.report({
          loc: m.weightLoc ?? m.loc,
          message:
            `member ${m.memberName} (node ${m.nodeName}) of cluster ${c.name} has weight ${m.weight}, outside 0–20, the range the WAS console allows: ` +
            `the value comes from a hand edit or a script, and how EJB workload management treats it is not documented. Set a weight from 0 to 20; the member's share is its weight divided by the sum of all weights.`,
          subject: `${c.cell ?? ''} ${c.name} ${m.memberName} weight ${m.weight}`,
        });
      }
    }
  },
});
