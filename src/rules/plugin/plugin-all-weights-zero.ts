import { defineRule } from '../rule.js';
import { nameLoc, primaries } from '../web.js';

/** Weight 0: no new non-affinity requests (APAR PQ76548). */
export const rule = defineRule({
  meta: {
    id: 'plugin-all-weights-zero',
    severity: 'error',
    category: 'plugin',
    description: 'Every server the plug-in balances over in a cluster has LoadBalanceWeight 0',
    source: 'IBM WAS web server plug-in weighted round robin; APAR PQ76548 (weight 0 with affinity)',
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      for (const c of p.clusters) {
        const pool = primaries(c);
        if (pool.length === 0 || pool.some((s) => s.weight > 0)) continue;
        ctx.report({
          loc: nameLoc(c),
          message:
            `every server the plug-in balances over in cluster '${c.name}' (${pool.map((s) => s.name).join(', ')}) has LoadBalanceWeight 0: a weight of 0 stops new, ` +
            `non-affinity requests to a server, so no server is left for a new session (the plug-in used to crash in this case, APAR PQ76548). ` +
            `Give at least one server a weight above 0.`,
          subject: `${p.file} ${c.name} all weights 0`,
        });
      }
    }
  },
});
