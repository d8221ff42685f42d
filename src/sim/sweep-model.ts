/**
 * What a failure sweep fails and what it watches: the components of an estate
 * (stacks, Load Balancer machines, ODRs, cluster members, plug-in servers that
 * are no cluster.xml member) and its flows (every distributed DVIPA:port and
 * Load Balancer cluster:port from clients, every plug-in route in sessions,
 * every cluster.xml cluster's EJB calls), with which flows each component can
 * touch — a failure only reruns those.
 */
import type { Loc } from '../core/loc.js';
import type { Distribution, Estate } from '../model/estate.js';
import { haTimeoutMs } from './lb-ha.js';
import { simulationWork } from './limits.js';
import type { Observed } from './measures.js';
import type { Simulation } from './run.js';
import type { TraceStep } from './trace.js';
import { sampleRequest } from './web-samples.js';
import { webIndexOf } from './web-index.js';

export type ComponentKind = 'stack' | 'lb' | 'odr' | 'member' | 'server';
export type FlowKind = 'dvipa' | 'lb' | 'route' | 'ejb';

export interface SweepComponent {
  kind: ComponentKind;
  /** As the state and the events name it: a system, a machine, "CELL/odr", "CELL/Cluster/member", "<file>#<Server>". */
  name: string;
  /** "stack SYSA", … as in SweepFlow.critical. */
  key: string;
  /** "stack SYSA", "Load Balancer edge1", "ODR odra1 of CELLA", … */
  label: string;
  loc?: Loc;
  /** Ids of the flows it can touch. */
  touches: Set<string>;
  /** Make it fail in a simulation; what the failure broke. */
  fail(sim: Simulation): Observed;
}

/** What a flow saw after a failure. */
export interface Probe {
  /** Share of new connections, requests or calls that got nothing (refused, dropped, failed). */
  lost: number;
  sessionsLost: number;
  /** Why, in words, when something was lost. */
  why?: string;
  /** Lost sessions by reason. */
  reasons?: Record<string, number>;
}

export interface SweepFlow {
  id: string;
  kind: FlowKind;
  /** "connections to 10.40.1.1:8080", "requests to shop.example.com/shop/*", … */
  label: string;
  /** address:port of connection flows (what broken connections are counted by). */
  destination?: string;
  /** Where a finding about it goes. */
  loc?: Loc;
  /**
   * The components whose failure alone might take its whole service (a superset,
   * from the configuration: the only holder, the only target, the only server,
   * a balancer without a partner). The simulation decides; this only spares the
   * sweep the failures that cannot.
   */
  critical: Set<string>;
  /** The work of one simulation of the flow (establish and probe; ./limits.ts simulationWork): what a sweep's limit counts. */
  cost: number;
  /** The most targets (stacks, servers, members) one of its connections, requests or calls is chosen among. */
  targets: number;
  /** Open connections or sessions before the failure. */
  establish(sim: Simulation): void;
  /** New work after the failure. */
  probe(sim: Simulation): Probe;
}

export interface SweepModel {
  components: SweepComponent[];
  flows: SweepFlow[];
}

function lastWords(trace: TraceStep[]): string | undefined {
  return trace.at(-1)?.detail;
}

/** Component key → the flows it touches. */
type Touches = Map<string, Set<string>>;

function toucher(touches: Touches): (key: string, flow: string) => void {
  return (key, flow) => {
    const set = touches.get(key);
    if (set) set.add(flow);
    else touches.set(key, new Set([flow]));
  };
}

/**
 * The distributions (in their order) that cover each of the ports, sorted ascending: a distribution without ports
 * covers every port. Found by a binary search per port range instead of a scan of every distribution per port (one
 * DVIPA distributed on thousands of ports was quadratic).
 */
export function coveringDistributions(dists: Distribution[], sorted: number[]): Distribution[][] {
  const out = sorted.map((): Distribution[] => []);
  const add = (k: number, d: Distribution): void => {
    const list = out[k]!;
    if (list[list.length - 1] !== d) list.push(d);
  };
  for (const d of dists) {
    if (d.ports.length === 0) {
      for (let k = 0; k < sorted.length; k++) add(k, d);
      continue;
    }
    for (const p of d.ports) {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid]! < p.from) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < sorted.length && sorted[k]! <= p.to; k++) add(k, d);
    }
  }
  return out;
}

/** The one z/OS stack a distribution's targets all are, when it has no other kind of target. */
const soleTarget = new WeakMap<Distribution, string | null>();
function soleZosTarget(d: Distribution): string | undefined {
  let sole = soleTarget.get(d);
  if (sole === undefined) {
    const zos = new Set(d.targets.flatMap((t) => (t.system ? [t.system] : [])));
    const others = d.targets.some((t) => !t.system && d.routing);
    sole = !others && zos.size === 1 ? [...zos][0]! : null;
    soleTarget.set(d, sole);
  }
  return sole ?? undefined;
}

function connectionFlows(estate: Estate, touches: Touches, criticalOnly: boolean): SweepFlow[] {
  const flows: SweepFlow[] = [];
  const seen = new Set<string>();
  const touch = toucher(touches);
  const byDvipa = new Map<string, Distribution[]>();
  for (const d of estate.sysplex.distributions) {
    const list = byDvipa.get(d.dvipa);
    if (list) list.push(d);
    else byDvipa.set(d.dvipa, [d]);
  }
  for (const dv of estate.sysplex.dvipas) {
    const dists = byDvipa.get(dv.address) ?? [];
    const ports = new Set<number>();
    for (const d of dists) for (const p of d.ports) ports.add(p.from);
    if (dists.some((d) => d.ports.length === 0)) ports.add(0);
    // Every stack that holds or serves the DVIPA touches its flows; for the rule's sweep (criticalOnly) only the
    // critical ones matter, and a sysplex of n stacks that all DESTIP ALL has n² targets: not listed then.
    const systems = new Set<string>([...dv.owners.map((o) => o.system), ...dv.backups.map((b) => b.system)]);
    if (!criticalOnly) for (const d of dists) for (const t of d.targets) if (t.system) systems.add(t.system);
    const targets = dists.reduce((most, d) => Math.max(most, d.targets.length), 1);
    const sorted = [...ports].sort((a, b) => a - b);
    const covering = coveringDistributions(dists, sorted);
    const holders = new Set([...dv.owners.map((o) => o.system), ...dv.backups.map((b) => b.system)]);
    sorted.forEach((port, k) => {
      const id = `dvipa ${dv.address}:${port}`;
      if (seen.has(id)) return;
      seen.add(id);
      const loc = covering[k]![0]?.loc;
      const critical = new Set<string>();
      if (holders.size === 1) critical.add(`stack ${[...holders][0]}`);
      for (const d of covering[k]!) {
        const zos = soleZosTarget(d);
        if (zos !== undefined) critical.add(`stack ${zos}`);
      }
      if (criticalOnly && critical.size === 0) return;
      const clients = Math.min(64, Math.max(4, 2 * targets));
      const portNo = port || 1;
      const flow: SweepFlow = {
        id,
        kind: 'dvipa',
        label: `connections to ${dv.address}:${port || '(every port)'}`,
        destination: `${dv.address}:${portNo}`,
        critical,
        cost: simulationWork(2 * clients, targets, 'distributor'),
        targets,
        establish: (sim) => void sim.connect({ kind: 'client', clients }, dv.address, portNo, clients),
        probe: (sim) => {
          const o = sim.connect({ kind: 'client', clients }, dv.address, portNo, clients).observed;
          const lost = (o.refused ?? 0) + (o.dropped ?? 0);
          return lost > 0 ? { lost, sessionsLost: 0, why: lastWords(sim.distributor.connect('client', dv.address, portNo, true).trace) ?? 'refused' } : { lost, sessionsLost: 0 };
        },
      };
      if (loc) flow.loc = loc;
      flows.push(flow);
      for (const s of systems) touch(`stack ${s}`, id);
      if (criticalOnly) for (const key of critical) touch(key, id);
    });
  }
  const lbCritical = new Map<string, Set<string>>();
  for (const lb of estate.loadBalancers) {
    for (const c of lb.clusters) {
      const address = c.address ?? c.id;
      for (const p of c.ports) {
        if (p.port <= 0) continue;
        const id = `lb ${address}:${p.port}`;
        touch(`lb ${lb.name}`, id);
        for (const s of p.servers) if (s.target?.system) touch(`stack ${s.target.system}`, id);
        const critical = lbCritical.get(id) ?? new Set<string>();
        lbCritical.set(id, critical);
        if (!lb.ha?.partner) critical.add(`lb ${lb.name}`);
        const systems = new Set(p.servers.map((s) => s.target?.system ?? `\u0000${s.id}`));
        if (systems.size === 1 && p.servers[0]?.target?.system) critical.add(`stack ${p.servers[0].target.system}`);
        if (seen.has(id)) continue;
        seen.add(id);
        const clients = Math.min(64, Math.max(4, 2 * p.servers.length));
        flows.push({
          id,
          kind: 'lb',
          label: `connections to ${address}:${p.port} (Load Balancer cluster)`,
          destination: `${address}:${p.port}`,
          critical,
          // A finding about the port belongs at its `port add`, not the cluster's.
          loc: p.loc,
          cost: simulationWork(2 * clients, p.servers.length, 'weighted'),
          targets: p.servers.length,
          establish: (sim) => void sim.connect({ kind: 'client', clients }, address, p.port, clients),
          probe: (sim) => {
            const r = sim.connect({ kind: 'client', clients }, address, p.port, clients);
            const lost = (r.observed.refused ?? 0) + (r.observed.dropped ?? 0);
            if (lost === 0) return { lost, sessionsLost: 0 };
            const why = / refused: (.*)$/.exec(r.summary)?.[1] ?? (r.observed.dropped ? 'the targets drop the packets (the cluster address is not in their HOME list)' : 'no server of the port can take the connection');
            return { lost, sessionsLost: 0, why };
          },
        });
      }
    }
  }
  return flows;
}

function webFlows(estate: Estate, touches: Touches, criticalOnly: boolean): SweepFlow[] {
  const ix = webIndexOf(estate);
  const flows: SweepFlow[] = [];
  const touch = toucher(touches);
  for (const plugin of ix.plugins) {
    for (const route of plugin.routes) {
      const c = route.cluster;
      if (!c) continue;
      const serving = [...c.primaries, ...c.backups].map((s) => (s.odr ? `odr ${s.odr.key}` : s.member ? `member ${s.member.cluster.key}/${s.member.display}` : `server ${plugin.p.file}#${s.name}`));
      const critical = new Set(new Set(serving).size === 1 ? serving : []);
      // Finding a sample request costs a look through every Route: skip the routes no single failure can take.
      if (criticalOnly && critical.size === 0) continue;
      const sample = sampleRequest(plugin, route);
      if (!sample) continue;
      const id = `route ${plugin.p.file} ${sample.label}`;
      const sessions = Math.min(50, Math.max(4, 2 * c.servers.length));
      flows.push({
        id,
        kind: 'route',
        label: `requests to ${sample.label}${ix.plugins.length > 1 ? ` through ${plugin.p.file}` : ''}`,
        loc: sample.resolution.route.route.loc,
        critical,
        cost: simulationWork(2 * 2 * sessions, c.servers.length, 'weighted'),
        targets: c.servers.length,
        establish: (sim) => void sim.engines.web.requests(plugin.p.file, sample.url, 2 * sessions, sessions, { jars: id }),
        probe: (sim) => {
          const r = sim.engines.web.requests(plugin.p.file, sample.url, 2 * sessions, sessions, { jars: id });
          const lost = r.observed.failed ?? 0;
          const p: Probe = { lost, sessionsLost: r.observed.sessionsLost ?? 0 };
          if (lost > 0) p.why = `no server of ServerCluster ${c.name} is available${c.backups.length ? ' (primaries and backups)' : ''}`;
          if (r.reasons.size) p.reasons = Object.fromEntries(r.reasons);
          return p;
        },
      });
      for (const s of c.servers) {
        if (s.odr) for (const o of ix.odrs) touch(`odr ${o.key}`, id);
        else if (s.member) touch(`member ${s.member.cluster.key}/${s.member.display}`, id);
        else touch(`server ${plugin.p.file}#${s.name}`, id);
      }
    }
  }
  for (const w of ix.wasClusters) {
    if (!w.cell) continue;
    const id = `ejb ${w.key}`;
    flows.push({
      id,
      kind: 'ejb',
      label: `EJB calls to ${w.key}`,
      loc: w.c.loc,
      critical: new Set(w.members.length === 1 ? [`member ${w.key}/${w.members[0]!.display}`] : []),
      cost: simulationWork(20, w.members.length, 'weighted'),
      targets: w.members.length,
      establish: () => undefined,
      probe: (sim) => {
        const o = sim.engines.web.ejbCalls(w.cell, w.c.name, '', 20).observed;
        const lost = o.failed ?? 0;
        return lost > 0 ? { lost, sessionsLost: 0, why: `no member of ${w.key} is available` } : { lost, sessionsLost: 0 };
      },
    });
    for (const m of w.members) touch(`member ${w.key}/${m.display}`, id);
  }
  return flows;
}

/** The components and flows of an estate (`criticalOnly`: only the flows a single component might take — SweepFlow.critical). */
export function sweepModel(estate: Estate, criticalOnly = false): SweepModel {
  const touches: Touches = new Map();
  const all = [...connectionFlows(estate, touches, criticalOnly), ...webFlows(estate, touches, criticalOnly)];
  const flows = criticalOnly ? all.filter((f) => f.critical.size > 0) : all;
  const components: SweepComponent[] = [];
  // A component no flow needs is not built (the rule's sweep of a large estate needs few of thousands).
  const wanted = criticalOnly ? new Set(flows.flatMap((f) => [...f.critical])) : undefined;
  const add = (c: Omit<SweepComponent, 'touches' | 'key'>): void => {
    const key = `${c.kind} ${c.name}`;
    if (wanted && !wanted.has(key)) return;
    components.push({ ...c, key, touches: touches.get(key) ?? new Set() });
  };
  for (const s of estate.systems) {
    add({ kind: 'stack', name: s.name, label: `stack ${s.name}`, fail: (sim) => sim.stackEvent(s.name, false).observed });
  }
  for (const lb of estate.loadBalancers) {
    add({
      kind: 'lb',
      name: lb.name,
      label: `Load Balancer ${lb.name}`,
      loc: lb.loc,
      fail: (sim) => {
        const r = sim.engines.lb.run({ kind: 'event', event: 'lbDown', target: lb.name, loc: lb.loc }, { assignments: false });
        // Past the heartbeat timeout: the partner (if any) has taken over.
        const partner = sim.engines.lb.partnerOf(lb);
        sim.advance(haTimeoutMs(partner ?? lb));
        return r.observed;
      },
    });
  }
  const ix = webIndexOf(estate);
  for (const o of ix.odrs) {
    add({ kind: 'odr', name: o.key, label: `ODR ${o.odr.name} of ${o.cell.name}`, loc: o.odr.loc, fail: (sim) => (sim.apply({ odrs: { [o.key]: { up: false } } }), {}) });
  }
  for (const m of ix.members) {
    const key = `${m.cluster.key}/${m.display}`;
    add({ kind: 'member', name: key, label: `cluster member ${m.display} of ${m.cluster.key}`, loc: m.m.loc, fail: (sim) => (sim.apply({ members: { [key]: { up: false } } }), {}) });
  }
  for (const s of ix.servers) {
    if (s.odr || s.member) continue;
    const key = `${s.plugin.file}#${s.name}`;
    if (wanted && !wanted.has(`server ${key}`)) continue;
    add({ kind: 'server', name: key, label: `plug-in server ${s.name} (${s.plugin.file})`, loc: s.s.loc, fail: (sim) => (sim.apply({ members: { [key]: { up: false } } }), {}) });
  }
  return { components, flows };
}
