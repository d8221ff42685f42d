import { parseIp } from '../../core/ip.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { serverName, servers, type ServerRef } from './common.js';

/**
 * NAT (and, in the IPv4 line, kernel CBR) send the replies to the client through
 * the executor's client gateway, which must be set.
 */
export const rule = defineRule({
  meta: {
    id: 'nat-missing-client-gateway',
    severity: 'error',
    category: 'load-balancer',
    description: 'NAT (or kernel CBR) forwarding without executor clientgateway (clientgateway6 for IPv6 clusters)',
    source: 'Edge Components, dscontrol executor (clientgateway: the router for the return direction, must be non-zero) and "Dispatcher\'s NAT/NAPT" (clientgateway must be set)',
    consequences: [
      {
        reading: "IBM requires the client gateway for NAT and CBR forwarding; IBM does not document what the Dispatcher does without one, and plexlint assumes the replies do not reach the clients.",
      },
    ],
  },
  check(ctx) {
    const byLb = new Map<string, { v4: ServerRef[]; v6: ServerRef[] }>();
    for (const r of servers(ctx.estate.loadBalancers)) {
      if (r.server.forwarding !== 'nat' && r.server.forwarding !== 'cbr') continue;
      const v6 = parseIp(r.cluster.address ?? '')?.version === 6;
      const e = byLb.get(r.lb.name) ?? { v4: [], v6: [] };
      (v6 ? e.v6 : e.v4).push(r);
      byLb.set(r.lb.name, e);
    }
    for (const lb of ctx.estate.loadBalancers) {
      const e = byLb.get(lb.name);
      if (!e) continue;
      for (const [refs, field, option] of [
        [e.v4, lb.executor.clientGateway, 'clientgateway'],
        [e.v6, lb.executor.clientGateway6, 'clientgateway6'],
      ] as const) {
        // A saved configuration writes an unset gateway as 0.0.0.0; IBM: it must be non-zero.
        const zero = field !== undefined && (field.value === '0.0.0.0' || field.value === '::');
        if (refs.length === 0 || (field && !zero)) continue;
        const first = refs[0]!;
        const loc = (zero ? field!.loc : undefined) ?? lb.executor.nfa?.loc ?? lb.executor.start ?? first.server.loc;
        const methods = [...new Set(refs.map((r) => r.server.forwarding.toUpperCase()))].join(' and ');
        ctx.report({
          loc,
          message:
            `${lb.name}: ${refs.length === 1 ? `server ${serverName(first)} is` : `${refs.length} servers are`} forwarded with ${methods}, but the executor has ${zero ? `${option} ${field!.value}, which means none` : `no ${option}`}. ` +
            `The client gateway is the router through which the Dispatcher sends the servers' replies back to the clients; IBM requires it for ${methods}; without it, plexlint assumes, the replies never reach the clients and the connections fail. ` +
            `Add \`dscontrol executor set ${option} <router address>\`.`,
          related: refs.map((r) => rel(r.server.loc, `${serverName(r)} (${r.server.forwarding.toUpperCase()})`)),
          subject: `${lb.name} ${option}`,
        });
      }
    }
  },
});
