/**
 * A picture in a Markdown report (a pull-request comment, a simulation
 * report): a ```mermaid block, which GitHub and GitLab draw, folded in
 * <details> when it is large so that the report stays readable.
 */
import type { Graph } from '../../graph/types.js';
import { graphMermaid } from './mermaid.js';

/** Pictures with more nodes than this are folded. */
export const FOLD_NODES = 12;

export function mermaidBlock(graph: Graph, summary: string): string {
  const block = '```mermaid\n' + graphMermaid(graph) + '```\n';
  if (graph.nodes.length <= FOLD_NODES) return `${block}\n`;
  return `<details><summary>${summary} (${graph.nodes.length} nodes)</summary>\n\n${block}\n</details>\n\n`;
}
