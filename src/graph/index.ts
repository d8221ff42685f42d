/**
 * `plexlint graph`: the estate as a directed graph with the simulator's routing
 * shares on its edges and the findings on its nodes (./types.ts is the data
 * type; src/report/graph draws it as Mermaid, DOT, SVG or JSON).
 *
 * Stages: the structure from the model (./structure.ts), the flows from the
 * simulator (./flows.ts through ./measure.ts), the findings (./findings.ts),
 * then `--focus` (./focus.ts) and, for a large estate, merging alike nodes
 * (./merge.ts).
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { Refusal } from '../core/refusal.js';
import type { Estate } from '../model/estate.js';
import { targetWork } from '../sim/limits.js';
import type { RuntimeState } from '../sim/state.js';
import { markFindings } from './findings.js';
import { addFlows } from './flows.js';
import { focusGraph, type FocusSpec } from './focus.js';
import { Measure } from './measure.js';
import { mergeAlike } from './merge.js';
import { structure, type GraphParts } from './structure.js';
import { GRAPH_VERSION, type Graph, type GraphFlow } from './types.js';

/** Connections, requests or calls per flow (a multiple of 2, 3, 4, 5, 6 and 8, so that even and weighted splits come out exact); fewer on very large estates (at least MIN_SAMPLES). */
export const SAMPLES = 1200;
export const MIN_SAMPLES = 120;
/** The most connections, requests and calls one picture simulates in all. */
const BUDGET = 2_000_000;
/** Above this many nodes, alike nodes are merged (docs/graph.md). */
export const MAX_NODES = 60;

export interface GraphOptions {
  title: string;
  /** Findings to mark on the nodes. */
  diagnostics?: readonly Diagnostic[];
  /** Runtime state the shares are measured in (a scenario's state); default: the simulator's default state. */
  state?: RuntimeState;
  /** Connections, requests or calls per flow (default: SAMPLES, fewer on very large estates). */
  samples?: number;
  focus?: FocusSpec;
  /** Merge alike nodes above this many nodes; 0: never. */
  maxNodes?: number;
  /** Refuse (GraphTooLarge) a picture whose work (graphWork) is above this, before simulating anything. */
  maxWork?: number;
}

/**
 * The simulations a picture runs: how many of each chooser, and the targets they choose among in all (a DVIPA's
 * distributions, a Load Balancer port's servers, a plug-in cluster's servers, a WAS cluster's members).
 */
function runsOf(estate: Estate): { runs: number; distributorTargets: number; weightedTargets: number } {
  const ejbClients = new Map(estate.web.cells.map((c) => [c.name, c.clientNodes.length]));
  const distributions = new Map(estate.sysplex.distributions.map((d) => [d.id, d]));
  let runs = 0;
  let distributorTargets = 0;
  let weightedTargets = 0;
  for (const dv of estate.sysplex.dvipas) {
    runs++;
    distributorTargets += dv.distributions.reduce((n, id) => Math.max(n, distributions.get(id)?.targets.length ?? 0), 0);
  }
  // OPTLOCAL is measured from each target system, prefer local from each client node of the cell.
  for (const d of estate.sysplex.distributions) {
    if (d.optLocal === undefined) continue;
    runs += d.targets.length;
    distributorTargets += d.targets.length * d.targets.length;
  }
  for (const lb of estate.loadBalancers) for (const c of lb.clusters) for (const p of c.ports) {
    runs++;
    weightedTargets += p.servers.length;
  }
  for (const p of estate.web.plugins) {
    const servers = new Map(p.clusters.map((c) => [c.name, c.servers.length]));
    for (const r of p.routes) {
      runs++;
      weightedTargets += servers.get(r.serverCluster ?? '') ?? 0;
    }
  }
  for (const c of estate.web.clusters) {
    const n = 1 + (c.cell ? (ejbClients.get(c.cell) ?? 0) : 0);
    runs += n;
    weightedTargets += n * c.members.length;
  }
  return { runs, distributorTargets, weightedTargets };
}

/** How many connections each flow gets: SAMPLES, unless the estate has so many flows that the budget runs out. */
export function samplesFor(estate: Estate): number {
  return samplesOf(runsOf(estate).runs);
}

function samplesOf(runs: number): number {
  return Math.max(MIN_SAMPLES, Math.min(SAMPLES, Math.floor(BUDGET / Math.max(1, runs))));
}

/**
 * The most work one picture simulates, in the units of src/sim/limits.ts simulationWork (a connection, request or
 * call and the targets it looks at). The budget of connections keeps a picture near 2,000,000 of them, but each flow
 * gets at least MIN_SAMPLES and a choice among many targets costs more: a dscontrol file of 15,000 clusters and one
 * of a cluster with 40,000 servers took 15–20 s. The bench's large estate (64 stacks, 9,600 DVIPAs, 4,000 plug-in
 * routes) needs three quarters of it.
 */
export const MAX_GRAPH_WORK = 4_000_000;

export interface GraphWork {
  flows: number;
  samples: number;
  total: number;
}

/** The work of a picture of the estate (with `samples` per flow, as samplesFor decides by default). */
export function graphWork(estate: Estate, samples?: number): GraphWork {
  const r = runsOf(estate);
  const n = samples ?? samplesOf(r.runs);
  const total = r.runs * n + targetWork(n, r.distributorTargets, 'distributor') + targetWork(n, r.weightedTargets, 'weighted');
  return { flows: r.runs, samples: n, total };
}

/** A picture over MAX_GRAPH_WORK, refused before anything is simulated. */
export class GraphTooLarge extends Refusal {
  constructor(
    readonly work: GraphWork,
    readonly limit: number,
  ) {
    const n = (x: number): string => x.toLocaleString('en-US');
    super(
      `the estate is too large to draw: its picture would simulate ${n(work.flows)} flow${work.flows === 1 ? '' : 's'} of ${n(work.samples)} connections, requests or calls each, ` +
        `${n(work.total)} units of work with the targets they are chosen among, where plexlint does at most ${n(limit)} for one picture (docs/robustness.md, "Limits"). ` +
        'Draw a part of the estate (name fewer of its files).',
    );
  }
}

export function assemble(parts: GraphParts, flows: GraphFlow[], title: string): Graph {
  return { version: GRAPH_VERSION, title, groups: [...parts.groups.values()], nodes: [...parts.nodes.values()], edges: parts.edges, flows, mergedAway: 0 };
}

export function buildGraph(estate: Estate, options: GraphOptions): Graph {
  if (options.maxWork !== undefined) {
    const work = graphWork(estate, options.samples);
    if (work.total > options.maxWork) throw new GraphTooLarge(work, options.maxWork);
  }
  const parts = structure(estate);
  const flows = addFlows(parts, new Measure(estate, options.state, options.samples ?? samplesFor(estate)));
  if (options.diagnostics) markFindings(parts, options.diagnostics);
  let graph = assemble(parts, flows, options.title);
  if (options.focus) graph = focusGraph(graph, options.focus);
  return mergeAlike(graph, options.maxNodes ?? MAX_NODES);
}

export { GraphError, parseFocus, type FocusSpec } from './focus.js';
export type { Graph, GraphEdge, GraphFlow, GraphGroup, GraphNode } from './types.js';
