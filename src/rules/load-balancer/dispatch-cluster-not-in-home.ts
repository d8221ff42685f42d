import { listText, rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { dispatchTargets, homeAnchor, presence, rangeHolding, serverName, systemByName } from './common.js';

/**
 * Dispatch (MAC) mode keeps the cluster address as the destination; a z/OS
 * target accepts the packet only if that address is in its HOME list (IBM,
 * "External load balancing").
 */
export const rule = defineRule({
  meta: {
    id: 'dispatch-cluster-not-in-home',
    severity: 'error',
    category: 'load-balancer',
    description: 'A z/OS system that a load balancer forwards to in MAC (dispatch) mode lacks the cluster address in its HOME list',
    source: 'IBM z/OS Communications Server IP Configuration Guide, "External load balancing" (dispatch mode: every target must have the cluster IP address in its HOME list)',
    consequences: [
      {
        documented: "IBM z/OS Communications Server IP Configuration Guide, External load balancing",
        quote: "When a load balancer uses dispatch mode, the destination IP addresses for incoming IP packets is not changed. … The receiving z/OS system inspects the destination IP address of the packet, and if it matches one of the IP addresses in its HOME list, accepts the packet",
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
          `. The stack discards those packets, so every connection the load balancer sends here fails. ` +
          `Add \`${address} LOOPBACK\` to the HOME list ${anchor.hint} (a loopback address is accepted but neither advertised nor registered with the OSA).`,
        related: refs.map((r) => rel(r.server.loc, `${r.lb.name}: ${serverName(r)} (${r.server.forwarding === 'encap' ? 'encapforward' : 'MAC forwarding'})`)),
        subject: `${name} cluster ${address} not in HOME`,
      });
    }
  },
});
