import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { sep, serverName, servers, type ServerRef } from './common.js';

/** NAT does not work with the affinity selection algorithm, only connection and conn+affin. */
export const rule = defineRule({
  meta: {
    id: 'nat-affinity-algorithm',
    severity: 'error',
    category: 'load-balancer',
    description: 'NAT servers on a port with selectionalgorithm affinity',
    source: 'Edge Components, "Dispatcher\'s NAT/NAPT" (NAT does not work with the affinity selection algorithm; use connection or conn+affin)',
    consequences: [
      {
        reading: "IBM says NAT does not work with the affinity selection algorithm (use connection or conn+affin); IBM does not describe the failure, and plexlint assumes connections to that server are not balanced as configured.",
      },
    ],
  },
  check(ctx) {
    const byPort = new Map<object, ServerRef[]>();
    for (const r of servers(ctx.estate.loadBalancers)) {
      if (r.server.forwarding !== 'nat' || r.port.selectionAlgorithm !== 'affinity') continue;
      const list = byPort.get(r.port) ?? [];
      list.push(r);
      byPort.set(r.port, list);
    }
    for (const refs of byPort.values()) {
      const { lb, cluster, port } = refs[0]!;
      ctx.report({
        loc: port.selectionAlgorithmLoc ?? port.loc,
        message:
          `${lb.name}: port ${cluster.id}${sep(lb)}${port.port} uses selectionalgorithm affinity, but ${refs.length === 1 ? `its server ${refs[0]!.server.id} is` : `${refs.length} of its servers are`} forwarded with NAT, ` +
          `and NAT does not work with the affinity algorithm (IBM); plexlint's reading: connections to ${refs.length === 1 ? 'that server' : 'those servers'} are not balanced as configured. ` +
          `Use \`selectionalgorithm conn+affin\` (affinity with NAT) or \`connection\`.`,
        related: refs.map((r) => rel(r.server.loc, `${serverName(r)} (nat)`)),
        subject: `${lb.name} ${cluster.id} ${port.port} nat affinity`,
      });
    }
  },
});
