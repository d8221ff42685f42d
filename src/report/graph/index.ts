/** The formats of `plexlint graph` (docs/graph.md). */
import type { Graph } from '../../graph/types.js';
import { graphDot } from './dot.js';
import { graphMermaid } from './mermaid.js';
import { graphSvg } from './svg.js';
import { stringifyJson } from '../escape/json.js';

export const GRAPH_FORMATS = ['mermaid', 'dot', 'svg', 'json'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

export async function renderGraph(graph: Graph, format: GraphFormat): Promise<string> {
  switch (format) {
    case 'mermaid':
      return graphMermaid(graph);
    case 'dot':
      return graphDot(graph);
    case 'svg':
      return graphSvg(graph);
    case 'json':
      return stringifyJson(graph);
  }
}

export { graphDot, graphMermaid, graphSvg };
