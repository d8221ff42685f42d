import { defineRule } from '../rule.js';
import { serverName, servers } from './common.js';

/** NAT requires a router address; on the Dispatcher's own subnet it is the server address. */
export const rule = defineRule({
  meta: {
    id: 'nat-missing-router',
    severity: 'error',
    category: 'load-balancer',
    description: 'A server forwarded with NAT (method nat / nat yes) has no router',
    source: 'Edge Components, "Dispatcher\'s NAT/NAPT" (a router address is required; on the same subnet it is the server address)',
    consequences: [
      {
        reading: "IBM requires a router address for NAT forwarding; IBM does not document what the Dispatcher does without one, and plexlint assumes it cannot deliver connections to the server.",
      },
    ],
  },
  check(ctx) {
    for (const r of servers(ctx.estate.loadBalancers)) {
      if (r.server.forwarding !== 'nat' || r.server.router) continue;
      const how = r.lb.productLine === 'ipv4' ? `port ${r.port.port} uses method nat` : 'the server has nat yes';
      const same = r.server.address ? ` If the server is on the Dispatcher's subnet, the router is the server itself (router ${r.server.address}).` : '';
      ctx.report({
        loc: r.server.loc,
        message:
          `${r.lb.name}: server ${serverName(r)} is forwarded with NAT (${how}) but has no router. The router is the next hop the Dispatcher sends the rewritten packets to; ` +
          `IBM requires it for NAT; without it, plexlint assumes, the Dispatcher cannot deliver connections to this server. Add \`router <address>\` to the server add.${same}`,
        subject: `${r.lb.name} ${serverName(r)} router`,
      });
    }
  },
});
