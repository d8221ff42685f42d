import { defineRule } from '../rule.js';
import { listText } from '../helpers.js';
import { nameLoc, primaries } from '../web.js';

/**
 * Weight 0 keeps new, non-affinity requests away from a server; but when no server has a
 * positive weight the plug-in readjusts all weights to above 0 (IBM support, "Recommended
 * values for web server plug-in config"; APAR PQ76548), so all zeros drain nothing.
 */
export const rule = defineRule({
  meta: {
    id: 'plugin-all-weights-zero',
    severity: 'warning',
    category: 'plugin',
    description: 'Every server the plug-in balances over in a cluster has LoadBalanceWeight 0',
    source: "IBM support, \"Recommended values for web server plug-in config\" (LoadBalanceWeight); APAR PQ76548 (the plug-in resets all weights when none is positive)",
    consequences: [
      {
        documented: "IBM support, Recommended values for web server plug-in config; APAR PQ76548",
        quote: "When all weights for all servers drop to 0 or less, the plug-in has to readjust all of the weights so that they are greater than 0. (APAR PQ76548: The HTTP Server Plugin resets the weights for all the servers when there is no server having positive weights.)",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      for (const c of p.clusters) {
        const pool = primaries(c);
        if (pool.length === 0 || pool.some((s) => s.weight > 0)) continue;
        const one = pool.length === 1;
        // Random ignores the weights altogether (IBM, plugin-cfg.xml LoadBalance): the zeros drain nothing for another reason.
        const why = /^random$/i.test(c.loadBalance.trim())
          ? `LoadBalance="Random" ignores LoadBalanceWeight: the plug-in picks a server at random for each new session, so new sessions `
          : `A weight of 0 keeps new, non-affinity requests away from a server, but IBM says that when no server has a positive weight the plug-in ` +
            `readjusts all weights to above 0 (APAR PQ76548: it "resets the weights for all the servers"), so new sessions `;
        ctx.report({
          loc: nameLoc(c),
          message:
            `${one ? 'the only server' : 'every server'} the plug-in balances over in cluster '${c.name}' (${listText(pool.map((s) => s.name))}) has LoadBalanceWeight 0. ` +
            why +
            (one ? 'still go to it: if the zero is meant to drain it, it does not. Give it a weight above 0, or add the servers that should take new sessions.' : 'are still spread over these servers: if the zeros are meant to drain them, they do not. Give the servers that should take new sessions a weight above 0.'),
          subject: `${p.file} ${c.name} all weights 0`,
        });
      }
    }
  },
});
