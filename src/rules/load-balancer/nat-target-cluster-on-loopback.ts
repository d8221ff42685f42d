import { listText, rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { presence, serverName, servers, systemByName, type ServerRef } from './common.js';

/** "The cluster address must not be aliased on the loopback of a server defined for NAT". */
export const rule = defineRule({
  meta: {
    id: 'nat-target-cluster-on-loopback',
    severity: 'warning',
    category: 'load-balancer',
    description: 'A z/OS system that a load balancer forwards to with NAT has the cluster address as a LOOPBACK HOME entry',
    source: 'Edge Components, "Dispatcher\'s NAT/NAPT" (do not alias the cluster address on the loopback of a server defined for NAT)',
    consequences: [
      {
        reading: "IBM's NAT setup says the cluster address must not be aliased on the loopback of a server defined for NAT; IBM does not give the reason, and plexlint's reading is that connections this system opens to the cluster then stay on it.",
      },
    ],
  },
  check(ctx) {
    const byTarget = new Map<string, { system: string; address: string; refs: ServerRef[] }>();
    for (const r of servers(ctx.estate.loadBalancers)) {
      if (r.server.forwarding !== 'nat' || !r.cluster.address || !r.server.target) continue;
      // The same system may also be a MAC target of the cluster (another port): then the entry is needed.
      const k = `${r.server.target.system} ${r.cluster.address}`;
      const e = byTarget.get(k) ?? { system: r.server.target.system, address: r.cluster.address, refs: [] };
      e.refs.push(r);
      byTarget.set(k, e);
    }
    const macTargets = new Set<string>();
    for (const r of servers(ctx.estate.loadBalancers)) {
      if ((r.server.forwarding === 'mac' || r.server.forwarding === 'encap') && r.server.target && r.cluster.address) macTargets.add(`${r.server.target.system} ${r.cluster.address}`);
    }
    for (const [k, { system: name, address, refs }] of byTarget) {
      if (macTargets.has(k)) continue;
      const system = systemByName(ctx.estate.systems, name);
      if (!system) continue;
      for (const p of presence(system, address)) {
        if (p.kind !== 'loopback') continue;
        const lbs = listText([...new Set(refs.map((r) => r.lb.name))]);
        ctx.report({
          loc: p.loc,
          system: name,
          message:
            `${lbs} forward${lbs.includes(' and ') ? '' : 's'} cluster ${address} to this system with NAT, which rewrites the destination to this system's own address, ` +
            `yet the stack also has ${address} as a LOOPBACK address. IBM's NAT setup says the cluster address must not be on the loopback of a NAT server: ` +
            `IBM gives no reason; plexlint's reading: this system then treats ${address} as its own address, so connections that programs on this system open to the cluster stay here instead of going through the load balancer. ` +
            `Remove ${address} from this HOME list (NAT does not need it), or forward to this system with MAC forwarding instead.`,
          related: refs.map((r) => rel(r.server.loc, `${r.lb.name}: ${serverName(r)} (nat)`)),
          subject: `${name} cluster ${address} on loopback of NAT target`,
        });
      }
    }
  },
});
