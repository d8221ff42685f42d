/**
 * `--focus <address[:port]|system|cluster>`: only the flows through one thing.
 * A flow goes through a node when one of its edges starts or ends there; the
 * picture keeps those flows' edges and nodes, the focused nodes themselves, and
 * the structural edges between what is kept.
 */
import { suggest } from '../core/suggest.js';
import type { Graph } from './types.js';

export class GraphError extends Error {}

export interface FocusSpec {
  name: string;
  port?: number;
}

/** "10.40.1.1:8080", "10.40.1.1", "SYSA", "ShopCluster", "PLEXCELL/ShopCluster", "[fd00::1]:80". */
export function parseFocus(text: string): FocusSpec {
  const t = text.trim();
  const v6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(t);
  if (v6) return v6[2] ? { name: v6[1]!, port: Number(v6[2]) } : { name: v6[1]! };
  const m = /^([^:]+):(\d{1,5})$/.exec(t);
  if (m) return { name: m[1]!, port: Number(m[2]) };
  return { name: t };
}

function portOf(flowId: string): number | undefined {
  const m = /:(\d+)$/.exec(flowId);
  return m ? Number(m[1]) : undefined;
}

export function focusGraph(graph: Graph, spec: FocusSpec): Graph {
  const wanted = spec.name.toLowerCase();
  const focused = new Set(graph.nodes.filter((n) => n.names.some((x) => x.toLowerCase() === wanted)).map((n) => n.id));
  if (focused.size === 0) {
    const names = [...new Set(graph.nodes.flatMap((n) => n.names))];
    const hint = suggest(spec.name, names);
    throw new GraphError(`nothing in the estate is named ${spec.name}${hint ? ` — did you mean ${hint}?` : ''} (a system, a DVIPA or cluster address, a Load Balancer machine, an ODR, or a plug-in or WAS cluster name)`);
  }
  const through = new Set<string>();
  for (const e of graph.edges) if (e.flow && (focused.has(e.from) || focused.has(e.to))) through.add(e.flow);
  if (spec.port !== undefined) {
    const ports = new Set<number>();
    for (const f of through) {
      const p = portOf(f);
      if (p !== undefined && graph.flows.find((x) => x.id === f)?.kind !== 'route') ports.add(p);
    }
    for (const f of [...through]) if (portOf(f) !== spec.port) through.delete(f);
    if (through.size === 0) {
      throw new GraphError(`no flow goes to ${spec.name}:${spec.port}${ports.size ? ` (ports with flows: ${[...ports].sort((a, b) => a - b).join(', ')})` : ''}`);
    }
  }
  const kept = keepFlows(graph, through, focused);
  return { ...kept, title: `${graph.title}, flows through ${spec.name}${spec.port !== undefined ? `:${spec.port}` : ''}` };
}

/** Only the given flows: their edges and nodes, the `also` nodes, the structural edges between what is kept. */
export function keepFlows(graph: Graph, through: ReadonlySet<string>, also: Iterable<string> = []): Graph {
  const keep = new Set(also);
  const edges = graph.edges.filter((e) => e.flow !== undefined && through.has(e.flow));
  for (const e of edges) keep.add(e.from).add(e.to);
  // Structural edges into what is kept bring their source: a standby machine, a GSC of a kept ODR.
  const structural = graph.edges.filter((e) => e.flow === undefined && keep.has(e.to));
  for (const e of structural) keep.add(e.from);
  edges.push(...structural);
  const kept = new Set(edges);
  const nodes = graph.nodes
    .filter((n) => keep.has(n.id))
    .map((n) => {
      if (!n.lost) return n;
      const lost = n.lost.filter((l) => through.has(l.flow));
      const copy = { ...n };
      if (lost.length) copy.lost = lost;
      else delete copy.lost;
      return copy;
    });
  const groupById = new Map(graph.groups.map((g) => [g.id, g]));
  const groups = new Set<string>();
  for (const n of nodes) {
    for (let g = n.group; g !== undefined && !groups.has(g); g = groupById.get(g)?.parent) groups.add(g);
  }
  return {
    ...graph,
    groups: graph.groups.filter((g) => groups.has(g.id)),
    nodes,
    edges: graph.edges.filter((e) => kept.has(e)),
    flows: graph.flows.filter((f) => through.has(f.id)),
  };
}
