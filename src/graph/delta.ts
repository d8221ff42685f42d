/**
 * The picture of a diff (`plexlint diff -f markdown`): the flows whose routing
 * changed between two estates, with before → after shares on their edges. An
 * edge only the old estate has is `removed` (drawn dashed), one only the new
 * estate has is `added` (highlighted); a node whose locality (OPTLOCAL, prefer
 * local) or losses (refused, dropped, failed) moved says so in its notes.
 *
 * Both estates are drawn in the default state and compared by node and flow
 * ids, which name things by what they are (a system, an address, a plug-in
 * file by its path below the estate's folder), so the two sides of a diff
 * agree even though they sit in different folders.
 */
import type { Estate } from '../model/estate.js';
import { buildGraph, MAX_NODES } from './index.js';
import { mergeAlike } from './merge.js';
import type { Graph, GraphEdge, GraphGroup, GraphNode } from './types.js';

export interface DeltaOptions {
  /** Shares that moved by at most this much (0–1) are not a change. */
  threshold: number;
  title: string;
  maxNodes?: number;
}

function pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}

function flowEdges(g: Graph): Map<string, Map<string, GraphEdge>> {
  const out = new Map<string, Map<string, GraphEdge>>();
  for (const e of g.edges) {
    if (e.flow === undefined) continue;
    const m = out.get(e.flow) ?? out.set(e.flow, new Map()).get(e.flow)!;
    m.set(`${e.from}\u0000${e.to}`, e);
  }
  return out;
}

/** Losses by flow, then by "<node> <what>". */
function flowLosses(g: Graph): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const n of g.nodes) {
    for (const l of n.lost ?? []) {
      const m = out.get(l.flow) ?? out.set(l.flow, new Map()).get(l.flow)!;
      m.set(`${n.id}\u0000${l.what}`, l.share);
    }
  }
  return out;
}

function moved(a: Map<string, number>, b: Map<string, number>, threshold: number): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => Math.abs((a.get(k) ?? 0) - (b.get(k) ?? 0)) > threshold);
}

function localShares(n: GraphNode | undefined): Map<string, number> {
  return new Map((n?.local?.origins ?? []).map((o) => [o.origin, o.share]));
}

/** The picture of what changed, or undefined when no routing changed. */
export function graphDelta(before: Estate, after: Estate, options: DeltaOptions): Graph | undefined {
  const a = buildGraph(before, { title: '', maxNodes: 0 });
  const b = buildGraph(after, { title: '', maxNodes: 0 });
  const { threshold } = options;
  const [edgesA, edgesB] = [flowEdges(a), flowEdges(b)];
  const [lostA, lostB] = [flowLosses(a), flowLosses(b)];
  const share = (m: Map<string, GraphEdge> | undefined): Map<string, number> => new Map([...(m ?? [])].map(([k, e]) => [k, e.share ?? 0]));
  const changedFlows = new Set<string>();
  for (const flow of new Set([...edgesA.keys(), ...edgesB.keys(), ...lostA.keys(), ...lostB.keys()])) {
    const keys = new Set([...(edgesA.get(flow)?.keys() ?? []), ...(edgesB.get(flow)?.keys() ?? [])]);
    const appeared = [...keys].some((k) => edgesA.get(flow)?.has(k) !== edgesB.get(flow)?.has(k));
    if (appeared || moved(share(edgesA.get(flow)), share(edgesB.get(flow)), threshold).length || moved(lostA.get(flow) ?? new Map(), lostB.get(flow) ?? new Map(), threshold).length) changedFlows.add(flow);
  }
  const nodesA = new Map(a.nodes.map((n) => [n.id, n]));
  const nodesB = new Map(b.nodes.map((n) => [n.id, n]));
  const notes = new Map<string, string[]>();
  const note = (id: string, text: string): void => void (notes.get(id) ?? notes.set(id, []).get(id)!).push(text);
  for (const id of new Set([...nodesA.keys(), ...nodesB.keys()])) {
    const [la, lb] = [localShares(nodesA.get(id)), localShares(nodesB.get(id))];
    const origins = moved(la, lb, threshold);
    if (origins.length) note(id, `kept local: ${origins.map((o) => `${o} ${pct(la.get(o) ?? 0)} → ${pct(lb.get(o) ?? 0)}`).join(', ')}`);
  }
  for (const flow of changedFlows) {
    const [la, lb] = [lostA.get(flow) ?? new Map<string, number>(), lostB.get(flow) ?? new Map<string, number>()];
    for (const k of moved(la, lb, threshold)) {
      const [id, what] = k.split('\u0000') as [string, string];
      note(id, `✖ ${what} ${pct(la.get(k) ?? 0)} → ${pct(lb.get(k) ?? 0)}`);
    }
  }
  if (changedFlows.size === 0 && notes.size === 0) return undefined;

  const edges: GraphEdge[] = [];
  const keep = new Set(notes.keys());
  for (const flow of changedFlows) {
    const [ea, eb] = [edgesA.get(flow) ?? new Map<string, GraphEdge>(), edgesB.get(flow) ?? new Map<string, GraphEdge>()];
    for (const key of new Set([...ea.keys(), ...eb.keys()])) {
      const [x, y] = [ea.get(key), eb.get(key)];
      const e = { ...(y ?? x)! };
      const delta: NonNullable<GraphEdge['delta']> = { status: !y ? 'removed' : !x ? 'added' : Math.abs((x.share ?? 0) - (y.share ?? 0)) > threshold ? 'changed' : 'same' };
      if (x?.share !== undefined) delta.before = x.share;
      if (y?.share !== undefined) delta.after = y.share;
      e.delta = delta;
      if (!y) delete e.share;
      edges.push(e);
      keep.add(e.from).add(e.to);
    }
  }
  const structural = (g: Graph, status?: 'removed'): GraphEdge[] =>
    g.edges.filter((e) => e.flow === undefined && keep.has(e.from) && keep.has(e.to)).map((e) => (status ? { ...e, delta: { status } } : e));
  const inB = new Set(structural(b).map((e) => `${e.from}\u0000${e.to}\u0000${e.kind}`));
  edges.push(...structural(b), ...structural(a, 'removed').filter((e) => !inB.has(`${e.from}\u0000${e.to}\u0000${e.kind}`)));

  const nodes: GraphNode[] = [];
  for (const id of [...nodesB.keys(), ...[...nodesA.keys()].filter((k) => !nodesB.has(k))]) {
    if (!keep.has(id)) continue;
    const n: GraphNode = { ...(nodesB.get(id) ?? nodesA.get(id))! };
    // What moved is in the notes; the picture shows no state of one side alone.
    delete n.lost;
    delete n.local;
    delete n.findings;
    const status = !nodesB.has(id) ? 'removed' : !nodesA.has(id) ? 'added' : notes.has(id) ? 'changed' : undefined;
    if (status) n.delta = { status, notes: notes.get(id) ?? [] };
    nodes.push(n);
  }
  const groupById = new Map<string, GraphGroup>([...a.groups, ...b.groups].map((g) => [g.id, g]));
  const used = new Set<string>();
  for (const n of nodes) for (let g = n.group; g !== undefined && !used.has(g); g = groupById.get(g)?.parent) used.add(g);
  const flowById = new Map([...a.flows, ...b.flows].map((f) => [f.id, f]));
  const graph: Graph = {
    version: b.version,
    title: options.title,
    groups: [...groupById.values()].filter((g) => used.has(g.id)),
    nodes,
    edges,
    flows: [...changedFlows].flatMap((f) => {
      const flow = flowById.get(f);
      return flow ? [flow] : [];
    }),
    mergedAway: 0,
  };
  return mergeAlike(graph, options.maxNodes ?? MAX_NODES);
}
