import { defineRule } from '../rule.js';

/**
 * IBM OPTLOCAL topic: 0 keeps connections local "as long as the server is
 * healthy; the relative capacity of the other systems is not considered";
 * 1 is the same "except that if the WLM weight for the server on the local
 * stack is 0, the connection request is forwarded to the sysplex distributor".
 */
export const rule = defineRule({
  meta: {
    id: 'optlocal-zero-wlm',
    severity: 'info',
    category: 'sysplex',
    description: 'OPTLOCAL 0 on a WLM-based distribution keeps connections local even when WLM weighs the local server 0',
    source: 'IBM z/OS Communications Server, "Sysplex distributor optimization with the OPTLOCAL keyword"',
  },
  check(ctx) {
    for (const s of ctx.estate.systems) {
      for (const d of s.stack.distributions) {
        if (d.optLocal !== 0 || (d.method !== 'BASEWLM' && d.method !== 'SERVERWLM')) continue;
        ctx.report({
          loc: d.optLocalLoc ?? d.loc,
          message:
            `${s.name}: VIPADISTRIBUTE ${d.dvipa} uses DISTMETHOD ${d.method} with OPTLOCAL 0: connections that start on a target stack stay there while its server is healthy, ` +
            `even when WLM gives that server a weight of 0, which defeats ${d.method}. OPTLOCAL 1 keeps the locality but sends the connection to the distributor when the local WLM weight is 0.`,
          subject: `${s.name} ${d.dvipa} optlocal 0`,
        });
      }
    }
  },
});
