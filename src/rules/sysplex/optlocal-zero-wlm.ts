import { defineRule } from '../rule.js';
import type { DistributionDef } from '../../model/stack.js';
import { byLocation, listNames } from './scope.js';

/**
 * IBM OPTLOCAL topic: 0 keeps connections local "as long as the server is
 * healthy; the relative capacity of the other systems is not considered";
 * 1 is the same "except that if the WLM weight for the server on the local
 * stack is 0, the connection request is forwarded to the sysplex distributor".
 * A VIPADISTRIBUTE in a member several stacks INCLUDE is reported once.
 */
export const rule = defineRule({
  meta: {
    id: 'optlocal-zero-wlm',
    severity: 'info',
    category: 'sysplex',
    description: 'OPTLOCAL 0 on a WLM-based distribution keeps connections local even when WLM weighs the local server 0',
    source: 'IBM z/OS Communications Server, "Sysplex distributor optimization with the OPTLOCAL keyword"',
    consequences: [
      {
        documented: "IBM z/OS Communications Server, Sysplex distributor optimization with the OPTLOCAL keyword",
        quote: "0: Specifying 0 means that the connections should remain local as long as the server is healthy. The relative capacity of the other systems is not considered in this case. 1: Specifying 1 is the same as specifying 0, except that if the WLM weight for the server on the local stack is 0, the connection request is forwarded to the sysplex distributor to find the best available server.",
      },
    ],
  },
  check(ctx) {
    const found: { system: string; d: DistributionDef }[] = [];
    for (const s of ctx.estate.systems) {
      for (const d of s.stack.distributions) {
        if (d.optLocal === 0 && (d.method === 'BASEWLM' || d.method === 'SERVERWLM')) found.push({ system: s.name, d });
      }
    }
    for (const group of byLocation(found, (x) => x.d.optLocalLoc ?? x.d.loc)) {
      const { d } = group[0]!;
      const systems = group.map((x) => x.system);
      ctx.report({
        loc: d.optLocalLoc ?? d.loc,
        message:
          `${listNames(systems)}: VIPADISTRIBUTE ${d.dvipa} uses DISTMETHOD ${d.method} with OPTLOCAL 0: a connection that starts on a target stack stays there while its server is healthy, ` +
          `even when WLM gives that server a weight of 0, so ${d.method} is not consulted for it. OPTLOCAL 1 keeps the locality but sends the connection to the distributor when the local WLM weight is 0.`,
        subject: `${systems.join(',')} ${d.dvipa} optlocal 0`,
      });
    }
  },
});
