/**
 * What every picture of a graph says, whatever it is drawn with: the lines of a
 * node's label, the edges as drawn (parallel edges of one kind merged, their
 * shares in one label), the groups as a tree. Mermaid, DOT (and through it SVG)
 * differ only in syntax.
 */
import { CLIENT } from '../../graph/structure.js';
import { expectationText } from '../simulate/words.js';
import type { EdgeKind, FindingMarks, Graph, GraphEdge, GraphFlow, GraphGroup, GraphNode } from '../../graph/types.js';
import { plural } from '../../core/list-text.js';

export function pct(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

export function findingsLine(f: FindingMarks): string {
  const counts = [f.errors ? plural(f.errors, 'error') : '', f.warnings ? plural(f.warnings, 'warning') : '', f.infos ? plural(f.infos, 'info') : ''].filter(Boolean);
  const rules = f.rules.length > 3 ? `${f.rules.slice(0, 3).join(', ')}, …` : f.rules.join(', ');
  return `${f.errors ? '✖' : '⚠'} ${counts.join(', ')}: ${rules}`;
}

export type Mark = 'error' | 'warning' | 'info' | undefined;

export function findingsMark(f: FindingMarks | undefined): Mark {
  if (!f) return undefined;
  return f.errors ? 'error' : f.warnings ? 'warning' : 'info';
}

/** How a node is marked: a diff's state, a failed expectation, its worst finding. */
export function nodeMark(node: GraphNode): Mark | 'added' | 'removed' | 'changed' | 'passed' {
  if (node.delta) return node.delta.status;
  if (node.checks?.some((c) => !c.pass)) return 'error';
  if (node.checks?.length) return 'passed';
  return findingsMark(node.findings);
}

export function groupLabel(group: GraphGroup): string {
  return group.findings ? `${group.label} — ${findingsLine(group.findings)}` : group.label;
}

/** From this many plain edges from the clients into one group, they are drawn as one edge into the group. */
const GROUP_ENTRY = 3;

export type DrawnStatus = 'added' | 'removed' | 'changed' | 'same' | undefined;

export interface DrawnEdge {
  from: string;
  to: string;
  /** The edge goes into a group as a whole (clients entering every DVIPA of the sysplex): its id. */
  toGroup?: string;
  /** The other nodes of the group the edge stands for (a layout may still rank them after the source). */
  absorbed?: string[];
  kind: EdgeKind;
  text: string;
  status: DrawnStatus;
}

export interface GroupTree {
  group?: GraphGroup;
  nodes: GraphNode[];
  children: GroupTree[];
}

/** The groups as a tree, each with its nodes in graph order; the root holds the nodes in no group. */
export function groupTree(graph: Graph): GroupTree {
  const root: GroupTree = { nodes: [], children: [] };
  const trees = new Map<string, GroupTree>();
  for (const g of graph.groups) trees.set(g.id, { group: g, nodes: [], children: [] });
  for (const g of graph.groups) (g.parent !== undefined ? (trees.get(g.parent) ?? root) : root).children.push(trees.get(g.id)!);
  for (const n of graph.nodes) (n.group !== undefined ? (trees.get(n.group) ?? root) : root).nodes.push(n);
  return root;
}

function shareText(e: GraphEdge): string {
  if (e.delta) {
    const before = e.delta.before === undefined ? '–' : pct(e.delta.before);
    const after = e.delta.after === undefined ? '–' : pct(e.delta.after);
    return before === after ? before : `${before} → ${after}`;
  }
  return e.share === undefined ? '' : pct(e.share);
}

function edgeText(e: GraphEdge): string {
  if (e.kind !== 'flow') return e.label ?? '';
  const share = shareText(e);
  // Everything a client sends enters where it is addressed: only a route or EJB label says more.
  if (e.from === CLIENT && share === '100%') return e.label ?? '';
  return e.label ? `${share} (${e.label})` : share;
}

function status(edges: GraphEdge[]): DrawnStatus {
  const s = new Set(edges.map((e) => e.delta?.status));
  if (s.size === 1) return [...s][0];
  return 'changed';
}

/** A graph read for drawing, with the look-ups every renderer needs built once. */
export class Picture {
  private readonly flows: Map<string, GraphFlow>;
  /** Node → the flows that leave it. */
  private readonly flowsFrom = new Map<string, Set<string>>();

  constructor(readonly graph: Graph) {
    this.flows = new Map(graph.flows.map((f) => [f.id, f]));
    for (const e of graph.edges) if (e.flow) (this.flowsFrom.get(e.from) ?? this.flowsFrom.set(e.from, new Set()).get(e.from)!).add(e.flow);
  }

  /** The lines of a node: its label, its details, locality, what it loses, its findings, what a diff changed. */
  nodeLines(node: GraphNode): string[] {
    const lines = [node.label, ...node.details];
    if (node.local) {
      const byShare = new Map<string, string[]>();
      for (const o of node.local.origins) byShare.set(pct(o.share), [...(byShare.get(pct(o.share)) ?? []), o.origin]);
      const parts = [...byShare].map(([share, origins]) => `${origins.join(', ')} ${share}`);
      lines.push(`kept local: ${parts.join('; ')}`);
    }
    if (node.lost?.length) {
      const flows = new Set([...(this.flowsFrom.get(node.id) ?? []), ...node.lost.map((l) => l.flow)]);
      const same = new Set(node.lost.map((l) => `${l.what} ${pct(l.share)}`));
      if (same.size === 1 && node.lost.length === flows.size) lines.push(`✖ ${[...same][0]}`);
      else for (const l of node.lost) lines.push(`✖ ${l.what} ${pct(l.share)} of ${this.flows.get(l.flow)?.label ?? l.flow}`);
    }
    if (node.findings) lines.push(findingsLine(node.findings));
    for (const c of node.checks ?? []) lines.push(`${c.pass ? '✔' : '✘'} ${expectationText({ ...c, name: c.expectation })}`);
    if (node.delta) lines.push(...node.delta.notes);
    return lines;
  }

  /** What tells one flow's edge from another's on a merged edge: the port, or the route. */
  private flowTag(e: GraphEdge): string {
    const f = e.flow !== undefined ? this.flows.get(e.flow) : undefined;
    if (!f) return '';
    if (f.kind === 'route') return f.label.replace(/^requests to /, '');
    const port = /:(\d+)$/.exec(f.id);
    return port ? `:${port[1]}` : '';
  }

  /** Edges as drawn: parallel edges of one kind (a cluster's ports, routes to one ServerCluster) become one. */
  drawnEdges(): DrawnEdge[] {
    const groups = new Map<string, GraphEdge[]>();
    for (const e of this.graph.edges) {
      const key = `${e.from}\u0000${e.to}\u0000${e.kind}\u0000${e.delta?.status === 'removed' || e.delta?.status === 'added' ? e.delta.status : ''}`;
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(e);
    }
    const drawn = [...groups.values()].map((list): DrawnEdge => {
      const first = list[0]!;
      const texts = list.map(edgeText);
      const distinct = [...new Set(texts)];
      const text =
        distinct.length === 1
          ? distinct[0]!
          : list
              .map((e, i) => (e.label ? texts[i]! : `${this.flowTag(e)} ${texts[i]}`.trim()))
              .filter((t, i, all) => all.indexOf(t) === i)
              .join(' · ');
      return { from: first.from, to: first.to, kind: first.kind, text, status: status(list) };
    });
    return this.intoGroups(drawn);
  }

  /**
   * Plain edges from the clients into GROUP_ENTRY or more nodes of one group (every DVIPA of the sysplex) become one
   * edge into the group: the picture says where clients enter without a fan of unlabelled arrows.
   */
  private intoGroups(drawn: DrawnEdge[]): DrawnEdge[] {
    const groupOf = new Map(this.graph.nodes.map((n) => [n.id, n.group]));
    const plain = (e: DrawnEdge): string | undefined => (e.from === CLIENT && e.kind === 'flow' && e.text === '' && e.status === undefined ? groupOf.get(e.to) : undefined);
    const count = new Map<string, number>();
    for (const e of drawn) {
      const g = plain(e);
      if (g !== undefined) count.set(g, (count.get(g) ?? 0) + 1);
    }
    const entry = new Map<string, DrawnEdge>();
    const out: DrawnEdge[] = [];
    for (const e of drawn) {
      const g = plain(e);
      if (g === undefined || (count.get(g) ?? 0) < GROUP_ENTRY) out.push(e);
      else if (entry.has(g)) entry.get(g)!.absorbed!.push(e.to);
      else {
        const into = { ...e, toGroup: g, absorbed: [] };
        entry.set(g, into);
        out.push(into);
      }
    }
    return out;
  }
}
