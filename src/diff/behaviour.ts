/**
 * Behaviour delta: the simulator runs the same default scenario on both
 * estates — every distributed DVIPA:port from each system and from a client —
 * and reports every flow whose target shares, locality or refusals moved by
 * more than a threshold. Other components add their flows (load-balancer
 * clusters, plug-in routes, EJB clusters) with `registerFlowSource`.
 */
import type { Estate } from '../model/estate.js';
import { Simulation, type Observed } from '../sim/index.js';
import { labelledMeasures } from '../sim/measures.js';
import { webFlowSource } from './web-flows.js';

export interface Flow {
  /** Readable, e.g. "connections from SYSB to 10.40.1.2:3000". */
  name: string;
  /** For grouping flows that differ only by origin: "connections", "SYSB", "10.40.1.2:3000". */
  what?: string;
  origin?: string;
  destination?: string;
  run(estate: Estate): Observed | undefined;
}

export interface FlowSource {
  flows(before: Estate, after: Estate): Flow[];
}

export interface MeasureChange {
  /** e.g. "kept local", "to SYSA", "refused". */
  measure: string;
  before: number;
  after: number;
}

/** One flow whose outcome moved, with every measure that moved. */
export interface BehaviourChange {
  flow: string;
  measures: MeasureChange[];
  /** A sentence: "connections from SYSB to 10.40.1.2:3000: kept local 100% → 40%, to SYSA 0% → 20%". */
  text: string;
}

const CONNECTIONS = 1000;

const sources: FlowSource[] = [
  {
    flows(before, after) {
      const keys = new Map<string, { address: string; port: number }>();
      for (const e of [before, after]) {
        for (const d of e.sysplex.distributions) {
          const port = d.ports[0]?.from ?? 1;
          keys.set(`${d.dvipa}:${port}`, { address: d.dvipa, port });
        }
      }
      const origins = new Set<string>(['client']);
      for (const e of [before, after]) for (const s of e.systems) origins.add(s.name);
      const flows: Flow[] = [];
      for (const { address, port } of [...keys.values()].sort((a, b) => `${a.address}:${a.port}`.localeCompare(`${b.address}:${b.port}`))) {
        for (const from of [...origins].sort((a, b) => (a === 'client' ? -1 : b === 'client' ? 1 : a.localeCompare(b)))) {
          flows.push({
            name: `connections from ${from} to ${address}:${port}`,
            what: 'connections',
            origin: from,
            destination: `${address}:${port}`,
            run: (estate) => {
              if (from !== 'client' && !estate.systems.some((s) => s.name === from)) return undefined;
              // Clients outside the sysplex are many (one client would stay on one target under an affinity).
              return new Simulation(estate, 1).connect(from === 'client' ? { kind: 'client', clients: CONNECTIONS } : from, address, port, CONNECTIONS).observed;
            },
          });
        }
      }
      return flows;
    },
  },
];

// Every load-balancer cluster:port, from a client.
sources.push({
  flows(before, after) {
    const keys = new Map<string, { address: string; port: number }>();
    for (const e of [before, after]) {
      for (const lb of e.loadBalancers) {
        for (const c of lb.clusters) {
          for (const p of c.ports) {
            const address = c.address ?? c.id;
            if (p.port > 0) keys.set(`${address}:${p.port}`, { address, port: p.port });
          }
        }
      }
    }
    return [...keys.values()].map(({ address, port }) => ({
      name: `connections from client to ${address}:${port} (load balancer)`,
      run: (estate: Estate) => new Simulation(estate, 1).connect({ kind: 'client', clients: CONNECTIONS }, address, port, CONNECTIONS).observed,
    }));
  },
});

export function registerFlowSource(source: FlowSource): void {
  sources.push(source);
}

// Plug-in routes and EJB clusters (src/diff/web-flows.ts).
registerFlowSource(webFlowSource);

function pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}

export function behaviourDelta(before: Estate, after: Estate, threshold = 0.01, extra: FlowSource[] = []): BehaviourChange[] {
  const out: (BehaviourChange & { group?: string; origin?: string; what?: string; destination?: string })[] = [];
  for (const source of [...sources, ...extra]) {
    for (const flow of source.flows(before, after)) {
      const a = labelledMeasures(flow.run(before));
      const b = labelledMeasures(flow.run(after));
      const moved: MeasureChange[] = [];
      for (const key of new Set([...a.keys(), ...b.keys()])) {
        const x = a.get(key) ?? 0;
        const y = b.get(key) ?? 0;
        if (Math.abs(x - y) > threshold) moved.push({ measure: key, before: x, after: y });
      }
      if (moved.length === 0) continue;
      const entry: BehaviourChange & { group?: string; origin?: string; what?: string; destination?: string } = {
        flow: flow.name,
        measures: moved,
        text: `${flow.name}: ${describe(moved)}`,
      };
      if (flow.origin && flow.destination) {
        // Flows that differ only by origin and moved in exactly the same way are reported once.
        entry.group = `${flow.what}|${flow.destination}|${JSON.stringify(moved)}`;
        entry.origin = flow.origin;
        entry.what = flow.what ?? 'flows';
        entry.destination = flow.destination;
      }
      out.push(entry);
    }
  }
  return merge(out);
}

function describe(moved: MeasureChange[]): string {
  return moved.map((m) => `${m.measure} ${pct(m.before)} → ${pct(m.after)}`).join(', ');
}

function merge(entries: (BehaviourChange & { group?: string; origin?: string; what?: string; destination?: string })[]): BehaviourChange[] {
  const out: BehaviourChange[] = [];
  const groups = new Map<string, { first: number; origins: string[] }>();
  for (const e of entries) {
    if (!e.group) {
      out.push({ flow: e.flow, measures: e.measures, text: e.text });
      continue;
    }
    const g = groups.get(e.group);
    if (g) {
      g.origins.push(e.origin!);
      const head = out[g.first]!;
      head.flow = `${e.what} from ${g.origins.join(', ')} to ${e.destination}`;
      head.text = `${head.flow}: ${describe(head.measures)}`;
      continue;
    }
    groups.set(e.group, { first: out.length, origins: [e.origin!] });
    out.push({ flow: e.flow, measures: e.measures, text: e.text });
  }
  return out;
}
