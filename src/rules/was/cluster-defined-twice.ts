import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import type { WasCluster } from '../../model/web.js';

/** WAS keeps one cluster.xml per cluster: config/cells/<cell>/clusters/<cluster>/cluster.xml. */
export const rule = defineRule({
  meta: {
    id: 'cluster-defined-twice',
    severity: 'error',
    category: 'was',
    description: 'Two cluster.xml files that define the same cluster of the same cell',
    source: 'WAS configuration repository layout (base metadata: clusters/<name>/cluster.xml, root ServerCluster)',
    consequences: [
      {
        plexlint: "plexlint cannot tell which of two cluster.xml files for one cluster WAS uses, so it reports the second and checks the first.",
      },
    ],
  },
  check(ctx) {
    const seen = new Map<string, WasCluster>();
    for (const c of ctx.estate.web.clusters) {
      if (c.cell === undefined) continue;
      const key = `${c.cell}\u0000${c.name}`;
      const first = seen.get(key);
      if (!first) {
        seen.set(key, c);
        continue;
      }
      ctx.report({
        loc: c.nameLoc ?? c.loc,
        message:
          `cluster ${c.name} of cell ${c.cell} is defined again (first in ${first.file}): WAS keeps one cluster.xml per cluster, so one of the two is a stale copy and ` +
          `plexlint cannot tell which members and weights WAS uses. Remove the stale file.`,
        related: [rel(first.nameLoc ?? first.loc, `cluster ${c.name} is first defined here`)],
        subject: `${c.cell} ${c.name} defined twice`,
      });
    }
  },
});
