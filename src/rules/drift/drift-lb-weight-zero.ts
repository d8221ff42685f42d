import type { ExternalLb, LbServer } from '../../model/lb.js';
import type { RunningLbServer } from '../../model/running.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { runningOf } from './common.js';

const WEIGHTS_SOURCE = 'IBM Edge Components Load Balancer, Managing traffic with server weights';

/**
 * A Load Balancer server the configuration gives a weight (or leaves to the manager) whose weight the running
 * manager holds at 0 — quiesced — or -1 — marked down (dscontrol manager report, NOW; dscontrol server report).
 */
export const rule = defineRule({
  meta: {
    id: 'drift-lb-weight-zero',
    severity: 'warning',
    category: 'drift',
    description: 'A Load Balancer server whose weight the running manager holds at 0 or -1 (dscontrol manager report, server report) while its configuration gives it one',
    source: `${WEIGHTS_SOURCE}; dscontrol manager report and server report`,
    consequences: [
      {
        documented: WEIGHTS_SOURCE,
        quote: 'If an advisor finds that a server has gone down, it tells the manager, which sets the weight for the server to zero. As a result, the executor will not send any additional connections to that server as long as that weight remains zero. If there were any active connections to that server before the weight changed, they will be left to complete normally.',
      },
    ],
  },
  check(ctx) {
    const running = runningOf(ctx.estate);
    if (!running) return;
    for (const r of running.lbs) {
      const lb = ctx.estate.loadBalancers.find((l) => l.name === r.lb);
      if (!lb) continue;
      const said = new Set<string>();
      const seen = [...(r.manager?.servers ?? []).map((s) => ({ s, from: 'the manager report (NOW)' })), ...(r.servers?.servers ?? []).map((s) => ({ s, from: 'the server report' }))];
      for (const { s, from } of seen) {
        if (s.weight > 0) continue;
        const configured = configuredServer(lb, s);
        if (configured?.weight && configured.weight.value <= 0) continue;
        const key = `${s.cluster ?? ''} ${s.port ?? ''} ${s.server}`;
        if (said.has(key)) continue;
        said.add(key);
        const where = `${s.cluster ? `cluster ${s.cluster}` : 'its cluster'}${s.port !== undefined ? ` port ${s.port}` : ''}`;
        ctx.report({
          loc: s.loc,
          message:
            `${lb.name}: the running manager holds server ${s.server} on ${where} at weight ${s.weight} (${from})${s.weight < 0 ? ' — marked down' : ' — an advisor found it down, or it was quiesced (dscontrol manager quiesce)'}, ` +
            `while the configuration gives it ${configured?.weight ? `weight ${configured.weight.value}` : 'a weight the manager sets'}. IBM: "the executor will not send any additional connections to that server as long as that weight remains zero": ` +
            `the other servers take its share. Check the server and its advisor, or unquiesce it (dscontrol manager unquiesce).`,
          ...(configured ? { related: [rel(configured.loc, `${lb.name}'s configuration: server ${configured.id}${configured.weight ? ` weight ${configured.weight.value}` : ''}`)] } : {}),
          subject: `${lb.name} running weight ${key}`,
        });
      }
    }
  },
});

/** The configuration's server a report row names: by cluster, port and server, its id or its address. */
function configuredServer(lb: ExternalLb, s: RunningLbServer): LbServer | undefined {
  for (const c of lb.clusters) {
    if (s.cluster !== undefined && c.id !== s.cluster && c.address !== s.cluster) continue;
    for (const p of c.ports) {
      if (s.port !== undefined && p.port !== s.port) continue;
      const hit = p.servers.find((x) => x.id === s.server || x.address === s.server);
      if (hit) return hit;
    }
  }
  return undefined;
}
