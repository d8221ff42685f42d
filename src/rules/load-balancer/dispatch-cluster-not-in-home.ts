import { listText, rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { dispatchTargets, homeAnchor, presence, rangeHolding, serverName, systemByName } from './common.js';

/**
 * Dispatch (MAC) mode keeps the cluster address as the destination; a z/OS
 * target accepts the packet if that address is in its HOME list, and every
 * target must have it there (IBM, "External IP workload balancing solutions").
 * What the stack does otherwise IBM does not say: the message says so.
 */
export const rule = defineRule({
  meta: {
    id: 'dispatch-cluster-not-in-home',
    severity: 'error',
    category: 'load-balancer',
    description: 'A z/OS system that a load balancer forwards to in MAC (dispatch) mode lacks the cluster address in its HOME list',
    source: 'IBM z/OS Communications Server IP Configuration Guide, "External IP workload balancing solutions" (dispatch mode: every target must have the cluster IP address in its HOME list)',
    consequences: [
      {
        reading:
          "IBM (IP Configuration Guide, External IP workload balancing solutions) says that in dispatch mode the destination address is not changed, that the receiving z/OS system accepts a packet whose destination matches one of the IP addresses in its HOME list, and that \"all target z/OS systems must have the load balancer's cluster IP address defined in their HOME list\"; it does not say what the stack does with a packet for an address it lacks. plexlint's reading is that the stack does not accept it, so the connections the load balancer sends there fail (the simulator counts them as dropped).",
      },
    ],
  },
  check(ctx) {
    for (const { system: name, address, refs } of dispatchTargets(ctx.estate.loadBalancers)) {
      const system = systemByName(ctx.estate.systems, name);
      if (!system || presence(system, address).length > 0) continue;
      const anchor = homeAnchor(system);
      const range = rangeHolding(system, address);
      const lbs = listText([...new Set(refs.map((r) => r.lb.name))]);
      const first = refs[0]!;
      const mode = refs.every((r) => r.server.forwarding === 'encap') ? 'encapsulated MAC forwarding' : 'MAC (dispatch) forwarding';
      ctx.report({
        loc: anchor.loc,
        system: name,
        message:
          `${lbs} forward${refs.length === 1 && !lbs.includes(' and ') ? 's' : ''} connections for cluster ${address} to this system (${serverName(first)}) with ${mode}, ` +
          `which keeps ${address} as the destination address, but ${address} is not in this stack's HOME list` +
          (range ? ` (it is only inside VIPARANGE ${range.subnet}, which creates a dynamic VIPA only when an application binds to it, and then advertises it)` : '') +
          `. IBM: "The receiving z/OS system inspects the destination IP address of the packet, and if it matches one of the IP addresses in its HOME list, it accepts the packet. As a result, with dispatch mode, all target z/OS systems must have the load balancer's cluster IP address defined in their HOME list." ` +
          `IBM does not say what the stack does otherwise; plexlint's reading: it does not accept the packets, so the connections the load balancer sends here fail. ` +
          `Add \`${address} LOOPBACK\` to the HOME list ${anchor.hint} (a loopback address is accepted but neither advertised nor registered with the OSA).`,
        related: refs.map((r) => rel(r.server.loc, `${r.lb.name}: ${serverName(r)} (${r.server.forwarding === 'encap' ? 'encapforward' : 'MAC forwarding'})`)),
        subject: `${name} cluster ${address} not in HOME`,
      });
    }
  },
});
