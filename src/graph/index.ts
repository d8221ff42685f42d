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
import type { Estate } from '../model/estate.js';
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
}

/** How many connections each flow gets: SAMPLES, unless the estate has so many flows that the budget runs out. */
export function samplesFor(estate: Estate): number {
  const ejbClients = new Map(estate.web.cells.map((c) => [c.name, c.clientNodes.length]));
  const runs =
    estate.sysplex.dvipas.length +
    // OPTLOCAL is measured from each target system, prefer local from each client node of the cell.
    estate.sysplex.distributions.reduce((n, d) => n + (d.optLocal !== undefined ? d.targets.length : 0), 0) +
    estate.loadBalancers.reduce((n, lb) => n + lb.clusters.reduce((m, c) => m + c.ports.length, 0), 0) +
    estate.web.plugins.reduce((n, p) => n + p.routes.length, 0) +
    estate.web.clusters.reduce((n, c) => n + 1 + (c.cell ? (ejbClients.get(c.cell) ?? 0) : 0), 0);
  return Math.max(MIN_SAMPLES, Math.min(SAMPLES, Math.floor(BUDGET / Math.max(1, runs))));
}

export function assemble(parts: GraphParts, flows: GraphFlow[], title: string): Graph {
  return { version: GRAPH_VERSION, title, groups: [...parts.groups.values()], nodes: [...parts.nodes.values()], edges: parts.edges, flows, mergedAway: 0 };
}

export function buildGraph(estate: Estate, options: GraphOptions): Graph {
  const parts = structure(estate);
  const flows = addFlows(parts, new Measure(estate, options.state, options.samples ?? samplesFor(estate)));
  if (options.diagnostics) markFindings(parts, options.diagnostics);
  let graph = assemble(parts, flows, options.title);
  if (options.focus) graph = focusGraph(graph, options.focus);
  return mergeAlike(graph, options.maxNodes ?? MAX_NODES);
}

export { GraphError, parseFocus, type FocusSpec } from './focus.js';
export type { Graph, GraphEdge, GraphFlow, GraphGroup, GraphNode } from './types.js';
