import { defineRule } from '../rule.js';
import { serverName, servers } from './common.js';

/** The return address must differ from the cluster, server and NFA addresses. */
export const rule = defineRule({
  meta: {
    id: 'nat-return-address-conflict',
    severity: 'error',
    category: 'load-balancer',
    description: 'A NAT return address that is also a cluster address, a server address or the NFA',
    source: 'Edge Components, "Dispatcher\'s NAT/NAPT" (the return address must be different from the cluster, server and NFA addresses)',
    consequences: [
      {
        reading: "IBM requires the return address to differ from the cluster, server and NFA addresses; IBM does not document what happens otherwise, and plexlint assumes the replies are taken for the other address's traffic.",
      },
    ],
  },
  check(ctx) {
    for (const r of servers(ctx.estate.loadBalancers)) {
      const ret = r.server.returnAddress;
      if (r.server.forwarding !== 'nat' || !ret) continue;
      const lb = r.lb;
      let what: string | undefined;
      if (lb.executor.nfa?.value === ret.value) what = `the non-forwarding address (NFA) of ${lb.name}`;
      else {
        const cluster = lb.clusters.find((c) => c.address === ret.value || c.id === ret.value);
        if (cluster) what = `the address of cluster ${cluster.id}`;
        else {
          for (const c of lb.clusters) for (const p of c.ports) for (const s of p.servers) if (!what && (s.address === ret.value || s.id === ret.value)) what = `the address of server ${s.id}`;
        }
      }
      if (!what) continue;
      ctx.report({
        loc: ret.loc,
        message:
          `${lb.name}: server ${serverName(r)} has returnaddress ${ret.value}, which is ${what}. The return address is the source address the Dispatcher uses towards the server, ` +
          `so the server's replies are addressed to it; when it is also ${what}, plexlint assumes those replies are taken for traffic of that address instead of being translated back to the client, and the connections fail (IBM only forbids the overlap). ` +
          `Use an unused address on the Dispatcher's network (the return address can only be changed by removing the server and adding it again).`,
        subject: `${lb.name} ${serverName(r)} returnaddress conflict`,
      });
    }
  },
});
