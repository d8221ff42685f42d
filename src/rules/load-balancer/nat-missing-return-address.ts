import { defineRule } from '../rule.js';
import { serverName, servers } from './common.js';

/** NAT needs three addresses: the NFA, the cluster address and a return address. */
export const rule = defineRule({
  meta: {
    id: 'nat-missing-return-address',
    severity: 'error',
    category: 'load-balancer',
    description: 'A server forwarded with NAT (method nat / nat yes) has no returnaddress',
    source: 'Edge Components, "Dispatcher\'s NAT/NAPT" (NAT needs the NFA, the cluster address and a return address, set at server add)',
    consequences: [
      {
        reading: "IBM requires a return address for NAT forwarding (it must differ from the cluster, server and NFA addresses and is set when the server is added); IBM does not document what the Dispatcher does without one, and plexlint assumes connections to the server cannot work.",
      },
    ],
  },
  check(ctx) {
    for (const r of servers(ctx.estate.loadBalancers)) {
      if (r.server.forwarding !== 'nat' || r.server.returnAddress) continue;
      const how = r.lb.productLine === 'ipv4' ? `port ${r.port.port} uses method nat` : 'the server has nat yes';
      ctx.report({
        loc: r.server.loc,
        message:
          `${r.lb.name}: server ${serverName(r)} is forwarded with NAT (${how}) but has no returnaddress. With NAT the Dispatcher rewrites the packets it sends to the server, ` +
          `and the return address is the source address it uses for them, so the server's replies come back through the Dispatcher; without one, plexlint assumes, connections to this server cannot work (IBM does not document the failure). ` +
          `The return address can only be set when the server is added: remove the server and add it again with \`returnaddress <unused address>\` (different from the cluster, the servers and the NFA) and \`router <next hop>\`.`,
        subject: `${r.lb.name} ${serverName(r)} returnaddress`,
      });
    }
  },
});
