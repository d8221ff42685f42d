/**
 * `plexlint graph -f dot`: Graphviz's DOT language, left to right, one
 * `cluster_` subgraph per group. `dot -Tsvg` (or any Graphviz tool) draws it;
 * `plexlint graph -f svg` draws the same text with Graphviz's own layout
 * (./svg.ts), so the two pictures agree.
 */
import type { Graph, NodeKind } from '../../graph/types.js';
import { groupLabel, groupTree, nodeMark, Picture, type GroupTree } from './labels.js';
import { dotString } from '../escape/diagram.js';

/**
 * One font Graphviz has metrics for: it sizes every box from the text's width in it (Graphviz's hard-coded tables
 * for Times, Courier and Helvetica/Arial when it has no font files, as in the WebAssembly build ./svg.ts uses).
 * A list such as "Helvetica,Arial,sans-serif" is one unknown name to it, measured as Times, whose letters are
 * narrower: sans-serif labels overflowed their boxes. In the SVG it writes font-family="Helvetica,sans-Serif";
 * Arial has the same widths.
 */
const FONT = 'Helvetica';

const NODE_STYLE: Record<NodeKind, string> = {
  client: 'shape=ellipse, fillcolor="#f6f8fa", color="#57606a"',
  'lb-machine': 'shape=component, fillcolor="#fbefff", color="#8250df"',
  'lb-cluster': 'shape=hexagon, fillcolor="#fbefff", color="#8250df"',
  dvipa: 'shape=box, style="rounded,filled", fillcolor="#fff8c5", color="#9a6700"',
  system: 'shape=box3d, fillcolor="#ddf4ff", color="#0969da"',
  'external-target': 'shape=box, style="dashed,filled", fillcolor="#ddf4ff", color="#0969da"',
  'plugin-cluster': 'shape=hexagon, fillcolor="#dafbe1", color="#1a7f37"',
  'plugin-server': 'shape=box, fillcolor="#dafbe1", color="#1a7f37"',
  odr: 'shape=component, fillcolor="#dafbe1", color="#1a7f37"',
  gsc: 'shape=folder, fillcolor="#dafbe1", color="#1a7f37"',
  'was-cluster': 'shape=hexagon, fillcolor="#dafbe1", color="#1a7f37"',
  member: 'shape=box, fillcolor="#dafbe1", color="#1a7f37"',
};

const MARK_STYLE = {
  error: 'color="#cf222e", penwidth=3',
  warning: 'color="#bf8700", penwidth=3',
  added: 'color="#1a7f37", penwidth=3',
  removed: 'color="#cf222e", penwidth=2, style="dashed,filled"',
  changed: 'color="#bc4c00", penwidth=3',
  passed: 'color="#1a7f37", penwidth=2',
};

const EDGE_STYLE = {
  added: 'color="#1a7f37", fontcolor="#1a7f37", penwidth=2.5',
  removed: 'color="#cf222e", fontcolor="#cf222e", style=dashed',
  changed: 'color="#bc4c00", fontcolor="#bc4c00", penwidth=2.5',
};

export function graphDot(graph: Graph): string {
  const picture = new Picture(graph);
  const out = [
    'digraph plexlint {',
    `  graph [rankdir=LR, fontname="${FONT}", fontsize=12, label=${dotString(graph.title)}, labelloc=t, nodesep=0.25, ranksep=0.9, newrank=true, compound=true];`,
    `  node [style=filled, fontname="${FONT}", fontsize=10, margin="0.12,0.06"];`,
    `  edge [fontname="${FONT}", fontsize=9, color="#57606a", fontcolor="#1f2328", arrowsize=0.7];`,
  ];
  let groupNo = 0;
  const clusters = new Map<string, string>();
  const emit = (tree: GroupTree, indent: string): void => {
    for (const n of tree.nodes) {
      const mark = nodeMark(n);
      const extra = mark && mark !== 'info' ? `, ${MARK_STYLE[mark]}` : '';
      out.push(`${indent}${dotString(n.id)} [label=${dotString(picture.nodeLines(n).join('\n'))}, ${NODE_STYLE[n.kind]}${extra}];`);
    }
    for (const child of tree.children) {
      const g = child.group!;
      clusters.set(g.id, `cluster_${groupNo}`);
      out.push(`${indent}subgraph cluster_${groupNo++} {`);
      out.push(`${indent}  label=${dotString(groupLabel(g))}; style="rounded"; color="${g.findings ? (g.findings.errors ? '#cf222e' : '#bf8700') : '#8c959f'}"; fontsize=11;`);
      emit(child, `${indent}  `);
      out.push(`${indent}}`);
    }
  };
  emit(groupTree(graph), '  ');
  for (const e of picture.drawnEdges()) {
    // An edge into a group ends at the group's border (lhead), drawn to one of its nodes.
    const attrs = [e.text ? `label=${dotString(e.text)}` : '', e.kind !== 'flow' ? 'style=dashed' : '', e.toGroup !== undefined ? `lhead=${clusters.get(e.toGroup)}` : ''];
    if (e.status === 'added' || e.status === 'removed' || e.status === 'changed') attrs.push(EDGE_STYLE[e.status]);
    const list = attrs.filter(Boolean).join(', ');
    out.push(`  ${dotString(e.from)} -> ${dotString(e.to)}${list ? ` [${list}]` : ''};`);
    // The nodes the group edge stands for keep their rank after its source.
    for (const to of e.absorbed ?? []) out.push(`  ${dotString(e.from)} -> ${dotString(to)} [style=invis];`);
  }
  out.push('}');
  return out.join('\n') + '\n';
}
