import { defineRule } from '../rule.js';

/** Weighted round robin gives each member weight/sum of the requests. */
export const rule = defineRule({
  meta: {
    id: 'cluster-all-weights-zero',
    severity: 'warning',
    category: 'was',
    description: 'Every member of a cluster.xml cluster has weight 0',
    source: 'IBM WAS, EJB workload management, server weighted round robin (WAS V6.1 Scalability Redbook 7.5.1)',
    consequences: [
      {
        reading: "IBM documents weighted round robin (each member gets its weight's share) but not what WAS does when every weight is 0; plexlint says so and assumes nothing.",
      },
    ],
  },
  check(ctx) {
    for (const c of ctx.estate.web.clusters) {
      if (c.members.length === 0 || c.members.some((m) => m.weight === undefined || m.weight !== 0)) continue;
      ctx.report({
        loc: c.nameLoc ?? c.loc,
        message:
          `every member of cluster ${c.name} has weight 0: weighted round robin gives each member its weight's share of the requests, so no member has a share, ` +
          `and how WAS then routes EJB requests is not documented. Give the members weights above 0 (0–20).`,
        subject: `${c.cell ?? ''} ${c.name} all weights 0`,
      });
    }
  },
});
