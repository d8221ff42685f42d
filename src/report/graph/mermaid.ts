/**
 * `plexlint graph -f mermaid`: a Mermaid flowchart, which GitHub and GitLab draw
 * inside Markdown (a pull-request comment, a README). Groups are subgraphs,
 * node shapes tell the kinds apart, findings and diff states are classes, edges
 * a diff added are thick and those it removed dashed.
 *
 * Node and subgraph ids are generated (n0, n1, g0, …): Mermaid ids cannot hold
 * the dots and slashes of addresses and paths. Text is quoted and escaped with
 * Mermaid's entity codes (../escape/diagram.ts): no directive, link or HTML
 * from a name.
 */
import type { Graph, NodeKind } from '../../graph/types.js';
import { groupLabel, groupTree, nodeMark, Picture, type GroupTree } from './labels.js';
import { mermaidText } from '../escape/diagram.js';

const SHAPES: Record<NodeKind, [string, string]> = {
  client: ['((', '))'],
  'lb-machine': ['[[', ']]'],
  'lb-cluster': ['{{', '}}'],
  dvipa: ['([', '])'],
  system: ['[', ']'],
  'external-target': ['[/', '/]'],
  'plugin-cluster': ['{{', '}}'],
  'plugin-server': ['[', ']'],
  odr: ['[[', ']]'],
  gsc: ['[(', ')]'],
  'was-cluster': ['{{', '}}'],
  member: ['[', ']'],
};

const KIND_CLASS: Record<NodeKind, string> = {
  client: 'client',
  'lb-machine': 'lb',
  'lb-cluster': 'lb',
  dvipa: 'dvipa',
  system: 'system',
  'external-target': 'system',
  'plugin-cluster': 'web',
  'plugin-server': 'web',
  odr: 'web',
  gsc: 'web',
  'was-cluster': 'web',
  member: 'web',
};

/** Light fills with dark text: readable in GitHub's light and dark themes. */
const CLASS_DEFS: [string, string][] = [
  ['client', 'fill:#f6f8fa,stroke:#57606a,color:#1f2328'],
  ['lb', 'fill:#fbefff,stroke:#8250df,color:#1f2328'],
  ['dvipa', 'fill:#fff8c5,stroke:#9a6700,color:#1f2328'],
  ['system', 'fill:#ddf4ff,stroke:#0969da,color:#1f2328'],
  ['web', 'fill:#dafbe1,stroke:#1a7f37,color:#1f2328'],
  ['passed', 'stroke:#1a7f37,stroke-width:2px'],
  ['warning', 'stroke:#bf8700,stroke-width:3px'],
  ['error', 'stroke:#cf222e,stroke-width:3px'],
  ['added', 'stroke:#1a7f37,stroke-width:3px'],
  ['removed', 'stroke:#cf222e,stroke-width:2px,stroke-dasharray:5 5'],
  ['changed', 'stroke:#bc4c00,stroke-width:3px'],
];

const EDGE_STYLES = {
  added: 'stroke:#1a7f37,stroke-width:3px',
  removed: 'stroke:#cf222e,stroke-width:2px',
  changed: 'stroke:#bc4c00,stroke-width:3px',
};

export function graphMermaid(graph: Graph): string {
  const picture = new Picture(graph);
  const ids = new Map(graph.nodes.map((n, i) => [n.id, `n${i}`]));
  const out = ['flowchart LR'];
  let groupNo = 0;
  const groupIds = new Map<string, string>();
  const emit = (tree: GroupTree, indent: string): void => {
    for (const n of tree.nodes) {
      const [open, close] = SHAPES[n.kind];
      out.push(`${indent}${ids.get(n.id)}${open}"${picture.nodeLines(n).map(mermaidText).join('<br/>')}"${close}`);
    }
    for (const child of tree.children) {
      groupIds.set(child.group!.id, `g${groupNo}`);
      out.push(`${indent}subgraph g${groupNo++}["${mermaidText(groupLabel(child.group!))}"]`);
      emit(child, `${indent}  `);
      out.push(`${indent}end`);
    }
  };
  emit(groupTree(graph), '  ');
  const styled: Record<keyof typeof EDGE_STYLES, number[]> = { added: [], removed: [], changed: [] };
  picture.drawnEdges().forEach((e, i) => {
    const arrow = e.status === 'removed' || e.kind !== 'flow' ? '-.->' : e.status === 'added' ? '==>' : '-->';
    const to = e.toGroup !== undefined ? groupIds.get(e.toGroup) : ids.get(e.to);
    out.push(`  ${ids.get(e.from)} ${arrow}${e.text ? `|"${mermaidText(e.text)}"|` : ''} ${to}`);
    if (e.status === 'added' || e.status === 'removed' || e.status === 'changed') styled[e.status].push(i);
  });
  const classes = new Map<string, string[]>();
  for (const n of graph.nodes) {
    const cls = [KIND_CLASS[n.kind], nodeMark(n)].filter((c): c is string => c !== undefined && c !== 'info');
    for (const c of cls) classes.set(c, [...(classes.get(c) ?? []), ids.get(n.id)!]);
  }
  // Only the classes the picture uses, in a fixed order (kinds first, then marks, so that a mark's border wins).
  for (const [name, style] of CLASS_DEFS) if (classes.has(name)) out.push(`  classDef ${name} ${style}`);
  for (const [name] of CLASS_DEFS) if (classes.has(name)) out.push(`  class ${classes.get(name)!.join(',')} ${name}`);
  for (const status of Object.keys(EDGE_STYLES) as (keyof typeof EDGE_STYLES)[]) if (styled[status]?.length) out.push(`  linkStyle ${styled[status].join(',')} ${EDGE_STYLES[status]}`);
  return out.join('\n') + '\n';
}
