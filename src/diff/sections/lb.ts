/** Model-diff sections of the external load balancers (src/model/lb.ts). */
import { v, whole, type Section } from './section.js';

export const loadBalancerSections: Section[] = [
  whole(
    'load balancer',
    (e) => e.loadBalancers,
    (e) =>
      e.loadBalancers.map((lb) => ({
        key: lb.name,
        object: `load balancer ${lb.name}`,
        attributes: {
          productLine: lb.productLine,
          nfa: v(lb.executor.nfa?.value),
          clientGateway: v(lb.executor.clientGateway?.value),
          haRole: v(lb.ha?.role?.value),
          haRecovery: v(lb.ha?.recovery?.value),
          haPort: v(lb.ha?.port?.value),
          heartbeats: (lb.ha?.heartbeats ?? []).map((h) => `${h.source}-${h.destination}`).sort(),
          partner: v(lb.ha?.partner?.name),
          adapterAliases: Object.entries(lb.aliases)
            .flatMap(([state, list]) => list.filter((a) => a.kind === 'adapter').map((a) => `${state}:${a.address}`))
            .sort(),
        },
        loc: lb.loc,
      })),
  ),
  whole(
    'load balancer port',
    (e) => e.loadBalancers,
    (e) =>
      e.loadBalancers.flatMap((lb) =>
        lb.clusters.flatMap((c) =>
          c.ports.map((p) => ({
            key: `${lb.name} ${c.id} ${p.port}`,
            object: `cluster ${c.id} port ${p.port} on ${lb.name}`,
            attributes: {
              method: p.method,
              selectionAlgorithm: p.selectionAlgorithm,
              stickyTime: v(p.stickyTime?.value),
              repStrategy: v(p.repStrategy?.value),
              servers: p.servers.map((s) => s.id).sort(),
            },
            loc: p.loc,
          })),
        ),
      ),
  ),
  whole(
    'load balancer server',
    (e) => e.loadBalancers,
    (e) =>
      e.loadBalancers.flatMap((lb) =>
        lb.clusters.flatMap((c) =>
          c.ports.flatMap((p) =>
            p.servers.map((s) => ({
              key: `${lb.name} ${c.id} ${p.port} ${s.id}`,
              object: `server ${s.id} of ${c.id}:${p.port} on ${lb.name}`,
              attributes: {
                weight: v(s.weight?.value),
                forwarding: s.forwarding,
                returnAddress: v(s.returnAddress?.value),
                router: v(s.router?.value),
                target: v(s.target?.system),
              },
              loc: s.loc,
            })),
          ),
        ),
      ),
  ),
];
