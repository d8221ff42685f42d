import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import type { HaState } from '../../model/lb.js';
import { ph50064Exposure } from '../../sim/lb-ha.js';

const STATE_TEXT = { inop: 'after goInOp', active: 'while active', standby: 'after a takeover, on the standby machine', idle: 'in stand-alone (idle) mode' } as const satisfies Record<HaState, string>;

/**
 * APAR PH50064: on takeover the executor of the machine losing
 * the active role switches to backup mode at once and passes cluster packets to
 * the operating system; the go scripts run up to ~2 s later. While the cluster is
 * still aliased on the Ethernet interface, the OS answers in-flight packets of
 * replicated connections with RST and breaks them. Load Balancer for IPv4 and
 * IPv6; IBM's v8.0 high availability considerations say the cluster address must
 * not be aliased on the network adapter in high availability or stand-alone setups.
 */
export const rule = defineRule({
  meta: {
    id: 'ph50064-cluster-aliased-on-adapter',
    severity: 'error',
    category: 'load-balancer',
    description: 'A cluster address aliased on a network adapter (go script or executor configure) in a high-availability Load Balancer for IPv4 and IPv6 (APAR PH50064)',
    source: 'IBM APAR PH50064 "Connection broken when takeover occurs" (fixed in 8.5.5.23 and 9.0.5.15); Edge Components v8.0 high availability considerations (the cluster address must not be aliased on the network adapter)',
    consequences: [
      {
        documented: "IBM APAR PH50064, Connection broken when takeover occurs",
        quote: "If the cluster is not aliased on the ethernet interface, the operating system discards the traffic. When cluster traffic is received and the executor is running in the backup state, if the cluster is still aliased on the operating system interface, the operating system will respond with a RST packet if the traffic is not for a collocated server. The RST packet will terminate the existing connection.",
      },
    ],
  },
  check(ctx) {
    for (const lb of ctx.estate.loadBalancers) {
      // The exposure is the simulator's (src/sim/lb-ha.ts): the takeover of `plexlint simulate`
      // breaks exactly the connections of these aliases, and none on the IPv4 line.
      for (const { alias: a, states: raw } of ph50064Exposure(lb)) {
        const states = raw.map((st) => STATE_TEXT[st]);
        const by = a.via === 'configure' ? '`configure` in the configuration' : `the ${a.via} go script`;
        ctx.report({
          loc: a.loc,
          message:
            `${lb.name}: cluster ${a.address} is aliased on the network adapter${a.interface ? ` ${a.interface}` : ''} by ${by} (${states.join('; ')})${a.conditional ? ', under a condition' : ''}, and this Load Balancer runs in high availability. ` +
            `APAR PH50064: on takeover the executor of the machine losing the active role switches to backup at once and hands cluster packets to the operating system, while the go scripts run up to about 2 seconds later; ` +
            `as long as ${a.address} is still aliased on the adapter, the operating system answers the packets of replicated connections with RST and breaks them. ` +
            `Load Balancer for IPv4 and IPv6 detects its cluster addresses itself: remove this alias (keep cluster addresses off the adapter, on loopback only where a collocated server needs them). ` +
            `Only AIX with LB_PROMISCUOUS and Linux on IBM Z in layer 3 mode need the alias; there, install the PH50064 fix (8.5.5.23 or 9.0.5.15), with which the backup keeps forwarding existing connections.`,
          related: lb.ha?.backup ? [rel(lb.ha.backup, 'high availability configured here')] : [],
          subject: `${lb.name} ${a.address} aliased on adapter`,
        });
      }
    }
  },
});
