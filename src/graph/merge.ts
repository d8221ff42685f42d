/**
 * Large estates stay readable: nodes that the picture could not tell apart are
 * drawn once. Two nodes are alike when they are of the same kind in the same
 * group, carry no finding, keep the same locality, lose the same shares, and
 * their edges go to and come from alike nodes with the same shares — the
 * coarsest such partition, found by refining classes until they are stable (as
 * a DFA is minimised). 150 DVIPAs that one system owns and distributes evenly
 * over the same three targets become one node "150 DVIPAs"; 2,000 ServerClusters
 * of the same shape become one. Systems, balancer machines, ODRs and GSCs are
 * never merged: they are what a reader looks for.
 *
 * Flows whose edges become the same are merged too, so that for every node the
 * shares out of it still make 100% with what it loses.
 */
import { CLIENT } from './structure.js';
import type { Graph, GraphEdge, GraphFlow, GraphNode, Lost, NodeKind } from './types.js';

const MERGEABLE: ReadonlySet<NodeKind> = new Set(['dvipa', 'lb-cluster', 'plugin-cluster', 'plugin-server', 'member', 'external-target', 'was-cluster']);

const PLURAL: Record<NodeKind, string> = {
  client: 'clients',
  'lb-machine': 'Load Balancer machines',
  'lb-cluster': 'Load Balancer clusters',
  dvipa: 'DVIPAs',
  system: 'systems',
  'external-target': 'targets outside the estate',
  'plugin-cluster': 'ServerClusters',
  'plugin-server': 'plug-in servers',
  odr: 'ODRs',
  gsc: 'GSCs',
  'was-cluster': 'WAS clusters',
  member: 'cluster members',
};

function share(x: number | undefined): string {
  return x === undefined ? '' : (Math.round(x * 1000) / 1000).toString();
}

/** An edge whose label only names its flow (a route's URL, EJB calls): alike edges may name different flows. */
function namesFlow(e: GraphEdge): boolean {
  return e.kind === 'flow' && e.from === CLIENT && e.label !== undefined;
}

/** The label of an edge that stands for several flows' edges. */
function labelOf(labels: string[]): string {
  const distinct = [...new Set(labels)];
  if (distinct.length === 1) return distinct[0]!;
  return distinct.length > 3 ? `${distinct.length} routes: ${distinct.slice(0, 2).join(', ')} … ${distinct.at(-1)}` : distinct.join(', ');
}

function deltaKey(e: GraphEdge): string {
  return e.delta ? `${e.delta.status}:${share(e.delta.before)}:${share(e.delta.after)}` : '';
}

function initialKey(n: GraphNode, flowKind: Map<string, string>): string {
  if (!MERGEABLE.has(n.kind) || n.findings) return `id ${n.id}`;
  const local = n.local ? `${n.local.by}:${n.local.origins.map((o) => `${o.origin}=${share(o.share)}`).join(',')}` : '';
  const lost = (n.lost ?? []).map((l) => `${flowKind.get(l.flow)}:${l.what}=${share(l.share)}`).sort().join(',');
  const delta = n.delta ? `${n.delta.status}:${n.delta.notes.join(',')}` : '';
  return `${n.kind}|${n.group ?? ''}|${local}|${lost}|${delta}`;
}

/** The class of every node: nodes of one class are alike. */
function partition(graph: Graph): Map<string, number> {
  const flowKind = new Map(graph.flows.map((f) => [f.id, f.kind]));
  const edgeKey = (e: GraphEdge): string => `${e.kind}|${e.flow ? flowKind.get(e.flow) : ''}|${share(e.share)}|${namesFlow(e) ? '' : (e.label ?? '')}|${deltaKey(e)}`;
  const out = new Map<string, GraphEdge[]>();
  const into = new Map<string, GraphEdge[]>();
  for (const e of graph.edges) {
    (out.get(e.from) ?? out.set(e.from, []).get(e.from)!).push(e);
    (into.get(e.to) ?? into.set(e.to, []).get(e.to)!).push(e);
  }
  const number = (keys: Map<string, string>): Map<string, number> => {
    const ids = new Map<string, number>();
    const cls = new Map<string, number>();
    for (const [node, key] of keys) {
      let c = ids.get(key);
      if (c === undefined) ids.set(key, (c = ids.size));
      cls.set(node, c);
    }
    return cls;
  };
  let cls = number(new Map(graph.nodes.map((n) => [n.id, initialKey(n, flowKind)])));
  for (;;) {
    const count = new Set(cls.values()).size;
    const keys = new Map<string, string>();
    for (const n of graph.nodes) {
      const o = (out.get(n.id) ?? []).map((e) => `${edgeKey(e)}>${cls.get(e.to)}`).sort();
      const i = (into.get(n.id) ?? []).map((e) => `${edgeKey(e)}<${cls.get(e.from)}`).sort();
      keys.set(n.id, `${cls.get(n.id)}|${o.join(';')}|${i.join(';')}`);
    }
    const next = number(keys);
    if (new Set(next.values()).size === count) return next;
    cls = next;
  }
}

function summary(members: GraphNode[]): string[] {
  const common = members[0]!.details.filter((d) => members.every((m) => m.details.includes(d)));
  const labels = members.map((m) => m.names[0] ?? m.label);
  const shown = labels.length > 4 ? `${labels.slice(0, 3).join(', ')} … ${labels.at(-1)}` : labels.join(', ');
  return [shown, ...common];
}

function mergeNodes(members: GraphNode[]): GraphNode {
  const first = members[0]!;
  const n: GraphNode = {
    id: `${first.id}+${members.length - 1}`,
    kind: first.kind,
    label: `${members.length} ${PLURAL[first.kind]}`,
    details: summary(members),
    model: members.flatMap((m) => m.model),
    names: [...new Set(members.flatMap((m) => m.names))],
    merged: members.reduce((s, m) => s + (m.merged ?? 1), 0),
  };
  if (first.group !== undefined) n.group = first.group;
  if (first.local) n.local = first.local;
  return n;
}

/** Merge alike nodes (and the flows that become the same) when the graph has more than `maxNodes` nodes. */
export function mergeAlike(graph: Graph, maxNodes: number): Graph {
  if (maxNodes <= 0 || graph.nodes.length <= maxNodes) return graph;
  const cls = partition(graph);
  const byClass = new Map<number, GraphNode[]>();
  for (const n of graph.nodes) (byClass.get(cls.get(n.id)!) ?? byClass.set(cls.get(n.id)!, []).get(cls.get(n.id)!)!).push(n);
  const rename = new Map<string, string>();
  const nodes: GraphNode[] = [];
  const mergedNode = new Map<string, GraphNode>();
  for (const n of graph.nodes) {
    const members = byClass.get(cls.get(n.id)!)!;
    if (members.length === 1) {
      rename.set(n.id, n.id);
      nodes.push({ ...n, ...(n.lost ? { lost: [] } : {}) });
      continue;
    }
    if (members[0] !== n) continue;
    const m = mergeNodes(members);
    for (const x of members) rename.set(x.id, m.id);
    mergedNode.set(m.id, m);
    nodes.push(m);
  }
  const nodeById = new Map(nodes.map((n) => [n.id, n]));
  // Each flow's edges after renaming, shares of coinciding edges added; flows that become the same are one.
  const edgesOf = new Map<string, GraphEdge[]>();
  const other: GraphEdge[] = [];
  for (const e of graph.edges) {
    if (e.flow === undefined) other.push(e);
    else (edgesOf.get(e.flow) ?? edgesOf.set(e.flow, []).get(e.flow)!).push(e);
  }
  const lostOf = new Map<string, { node: string; what: Lost['what']; share: number }[]>();
  for (const n of graph.nodes) for (const l of n.lost ?? []) (lostOf.get(l.flow) ?? lostOf.set(l.flow, []).get(l.flow)!).push({ node: rename.get(n.id)!, what: l.what, share: l.share });
  const flows: GraphFlow[] = [];
  const edges: GraphEdge[] = [];
  const seen = new Map<string, GraphFlow>();
  /** The labels of the edges that name their flows, by the kept flow and endpoints. */
  const labels = new Map<string, string[]>();
  for (const f of graph.flows) {
    const combined = new Map<string, GraphEdge>();
    for (const e of edgesOf.get(f.id) ?? []) {
      const from = rename.get(e.from)!;
      const to = rename.get(e.to)!;
      const key = `${from}\u0000${to}\u0000${namesFlow(e) ? '' : (e.label ?? '')}`;
      const c = combined.get(key);
      if (c) {
        if (c.share !== undefined || e.share !== undefined) c.share = (c.share ?? 0) + (e.share ?? 0);
        if (c.delta && e.delta) {
          if (c.delta.before !== undefined || e.delta.before !== undefined) c.delta.before = (c.delta.before ?? 0) + (e.delta.before ?? 0);
          if (c.delta.after !== undefined || e.delta.after !== undefined) c.delta.after = (c.delta.after ?? 0) + (e.delta.after ?? 0);
        }
        for (const m of e.model) if (!c.model.includes(m)) c.model.push(m);
      } else combined.set(key, { ...e, from, to, model: [...e.model], ...(e.delta ? { delta: { ...e.delta } } : {}) });
    }
    const lost = lostOf.get(f.id) ?? [];
    const signature = `${f.kind}|${[...combined.values()].map((e) => `${e.from}>${e.to}=${share(e.share)}|${namesFlow(e) ? '' : (e.label ?? '')}|${deltaKey(e)}`).sort().join(';')}|${lost.map((l) => `${l.node}:${l.what}=${share(l.share)}`).sort().join(';')}`;
    const same = seen.get(signature);
    if (same) {
      same.merged = (same.merged ?? 1) + (f.merged ?? 1);
      for (const e of combined.values()) if (namesFlow(e)) labels.get(`${same.id}\u0000${e.from}\u0000${e.to}`)?.push(e.label!);
      continue;
    }
    const flow: GraphFlow = { ...f };
    seen.set(signature, flow);
    flows.push(flow);
    for (const e of combined.values()) {
      const kept = { ...e, flow: f.id };
      edges.push(kept);
      if (namesFlow(e)) labels.set(`${f.id}\u0000${e.from}\u0000${e.to}`, [e.label!]);
    }
    for (const l of lost) (nodeById.get(l.node)!.lost ??= []).push({ flow: f.id, what: l.what, share: l.share });
  }
  for (const e of edges) {
    const list = labels.get(`${e.flow}\u0000${e.from}\u0000${e.to}`);
    if (list && list.length > 1) e.label = labelOf(list);
  }
  const structural = new Map<string, GraphEdge>();
  for (const e of other) {
    const from = rename.get(e.from)!;
    const to = rename.get(e.to)!;
    const key = `${from}\u0000${to}\u0000${e.kind}\u0000${e.label ?? ''}\u0000${deltaKey(e)}`;
    if (!structural.has(key)) structural.set(key, { ...e, from, to });
  }
  edges.push(...structural.values());
  for (const n of nodes) if (n.lost && n.lost.length === 0) delete n.lost;
  return { ...graph, nodes, edges, flows, mergedAway: graph.mergedAway + graph.nodes.length - nodes.length };
}
