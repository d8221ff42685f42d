/**
 * The external Load Balancer engine: a client connection to a cluster
 * address:port through the active Dispatcher machine, and HA takeover.
 *
 * Facts (IBM Edge Components Load Balancer documentation; docs/simulator.md):
 * - MAC forwarding (dispatch mode; also encapsulated MAC) keeps the cluster
 *   address as the destination: a z/OS target accepts the packet only when the
 *   address is in its HOME list (any kind: a LOOPBACK entry is the documented
 *   way) — otherwise it drops it and the connection fails (IBM, external load
 *   balancing in dispatch and directed mode). NAT (directed mode) rewrites the
 *   destination to the server's own address.
 * - Servers are chosen by their weights (the manager's weights are the configured
 *   ones; advisors are not modelled); weight 0 gets no new connections.
 * - HA: the machine whose role is `primary` is active by default. On takeover the
 *   partner becomes active and new connections go to it. Open connections survive
 *   only when they were replicated — `repstrategy connection` or `both` on their
 *   port (IPv4-and-IPv6 line; the IPv4 line synchronises connection records) —
 *   and the cluster address was not aliased on a network adapter of the machine
 *   giving up the active role: its OS then answers in-flight packets with RST
 *   (APAR PH50064).
 */
import type { Estate } from '../model/estate.js';
import type { ExternalLb, LbCluster, LbPort, LbServer } from '../model/lb.js';
import { SmoothWeighted } from './rng.js';
import { registerStepHandler, SimulationError, type Observed, type Simulation } from './run.js';
import { server, stackUp } from './state.js';

interface ClusterRef {
  lb: ExternalLb;
  cluster: LbCluster;
  port: LbPort;
}

/** Per-simulation state of the balancers. */
class LbEngine {
  private readonly wrr = new Map<string, SmoothWeighted>();
  private readonly homes = new Map<string, Set<string>>();

  constructor(
    private readonly estate: Estate,
    private readonly sim: Simulation,
  ) {
    for (const s of estate.systems) {
      const set = new Set<string>(s.stack.home.map((h) => h.address));
      for (const i of s.stack.interfaces) for (const a of i.addresses) set.add(a.address);
      for (const d of s.stack.dvipas) set.add(d.address);
      if (s.stack.dynamicXcf.v4) set.add(s.stack.dynamicXcf.v4.address);
      this.homes.set(s.name, set);
    }
  }

  private partnerOf(lb: ExternalLb): ExternalLb | undefined {
    const name = lb.ha?.partner?.name;
    return name ? this.estate.loadBalancers.find((x) => x.name === name) : undefined;
  }

  /** Whether a machine is the active one of its HA pair (or stands alone). */
  isActive(lb: ExternalLb): boolean {
    const st = this.sim.state.lbs[lb.name];
    if (st?.up === false) return false;
    if (st?.active !== undefined) return st.active;
    if (!lb.ha?.backup) return true;
    const partner = this.partnerOf(lb);
    const partnerState = partner ? this.sim.state.lbs[partner.name] : undefined;
    if (partnerState?.active === true) return false;
    if (partner && (partnerState?.up === false || partnerState?.active === false)) return true;
    return lb.ha.role?.value !== 'backup';
  }

  /** The cluster:port on the active machine, or why there is none. */
  find(address: string, port: number): { ref?: ClusterRef; known: boolean } {
    let known = false;
    for (const lb of this.estate.loadBalancers) {
      for (const cluster of lb.clusters) {
        if ((cluster.address ?? cluster.id) !== address) continue;
        const p = cluster.ports.find((x) => x.port === port) ?? cluster.ports.find((x) => x.port === 0);
        if (!p) continue;
        known = true;
        if (this.isActive(lb)) return { ref: { lb, cluster, port: p }, known };
      }
    }
    return { known };
  }

  private serverReady(s: LbServer, port: number): boolean {
    const sys = s.target?.system;
    if (!sys) return true; // not a z/OS system of this estate: taken as up
    return stackUp(this.sim.state, sys) && server(this.sim.state, sys, port).listening;
  }

  connect(from: string, address: string, port: number, count: number): Observed | undefined {
    const { ref, known } = this.find(address, port);
    if (!ref && !known) return undefined; // not a balancer cluster: the distributor engine handles it
    const targets = new Map<string, number>();
    let refused = 0;
    let dropped = 0;
    for (let i = 0; i < count; i++) {
      if (!ref) {
        refused++;
        continue;
      }
      const candidates = ref.port.servers
        .filter((s) => this.serverReady(s, port))
        .map((s) => ({ key: s.id, weight: s.weight?.value ?? 1 }));
      const key = `${ref.lb.name}|${ref.cluster.id}|${ref.port.port}`;
      let wrr = this.wrr.get(key);
      if (!wrr) this.wrr.set(key, (wrr = new SmoothWeighted()));
      const pick = wrr.pick(candidates);
      const chosen = pick === undefined ? undefined : ref.port.servers.find((s) => s.id === pick);
      if (!chosen) {
        refused++;
        continue;
      }
      const system = chosen.target?.system ?? chosen.address ?? chosen.id;
      const keepsDestination = chosen.forwarding === 'mac' || chosen.forwarding === 'encap';
      if (keepsDestination && chosen.target && !this.homes.get(chosen.target.system)?.has(address)) {
        dropped++;
        continue;
      }
      targets.set(system, (targets.get(system) ?? 0) + 1);
      this.sim.open.push({ from, address, port, target: system, lb: ref.lb.name, lbPort: `${ref.cluster.id}:${ref.port.port}` });
    }
    const r = (x: number): number => Math.round((x / count) * 10000) / 10000;
    return {
      count,
      refused: r(refused),
      dropped: r(dropped),
      targets: Object.fromEntries([...targets].sort().map(([k, v]) => [k, r(v)])),
    };
  }

  /** The HA pair of `name` fails over: its active machine hands over to the partner. */
  takeover(name: string): { broken: number; from: string; to: string } {
    const lb = this.estate.loadBalancers.find((x) => x.name === name);
    if (!lb) throw new SimulationError(`lbTakeover: no load balancer ${name} in the estate (${this.estate.loadBalancers.map((x) => x.name).join(', ') || 'none'})`);
    const partner = this.partnerOf(lb);
    if (!partner) throw new SimulationError(`lbTakeover: ${name} has no HA partner to take over`);
    const from = this.isActive(lb) ? lb : partner;
    const to = from === lb ? partner : lb;
    this.sim.state.lbs[from.name] = { ...(this.sim.state.lbs[from.name] ?? {}), active: false };
    this.sim.state.lbs[to.name] = { ...(this.sim.state.lbs[to.name] ?? {}), active: true };
    let broken = 0;
    this.sim.open = this.sim.open.filter((c) => {
      if (c.lb !== from.name) return true;
      if (this.survives(from, c.address, c.lbPort)) {
        c.lb = to.name;
        return true;
      }
      broken++;
      return false;
    });
    return { broken, from: from.name, to: to.name };
  }

  private survives(old: ExternalLb, address: string, lbPort: string | undefined): boolean {
    const [clusterId, portText] = (lbPort ?? '').split(/:(?=\d+$)/);
    const port = old.clusters.find((c) => c.id === clusterId)?.ports.find((p) => String(p.port) === portText);
    const replicated = old.productLine === 'ipv4' ? true : port?.repStrategy?.value === 'connection' || port?.repStrategy?.value === 'both';
    if (!replicated) return false;
    const onAdapter = old.aliases.active.some((a) => a.address === address && a.kind === 'adapter') || old.executor.configured.some((c) => c.address === address);
    return !onAdapter;
  }
}

function engine(sim: Simulation): LbEngine {
  let e = sim.engines.get('lb') as LbEngine | undefined;
  if (!e) sim.engines.set('lb', (e = new LbEngine(sim.estate, sim)));
  return e;
}

registerStepHandler('connect:cluster', (sim, step) => {
  if (step.kind !== 'connect') return { observed: {}, summary: '' };
  const observed = engine(sim).connect(step.from, step.address, step.port, step.count);
  if (!observed) return { observed: {}, summary: '' };
  return { observed, summary: `${step.count} connection${step.count === 1 ? '' : 's'} from ${step.from} to ${step.address}:${step.port} through the load balancer` };
});

registerStepHandler('event:lbTakeover', (sim, step) => {
  if (step.kind !== 'event') return { observed: {}, summary: '' };
  const r = engine(sim).takeover(step.target);
  return {
    observed: { connectionsBroken: r.broken },
    summary: `${r.to} takes over from ${r.from}${r.broken ? `: ${r.broken} open connection${r.broken === 1 ? '' : 's'} broken` : ''}`,
  };
});
