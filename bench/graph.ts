/**
 * `plexlint graph` on the large estate: the time to build the picture (the
 * simulator's flows, findings, merging) against the time of the check it
 * needs, and the size of each format.
 */
import { lint } from '../src/engine/lint.js';
import { buildGraph } from '../src/graph/index.js';
import { GRAPH_FORMATS, renderGraph } from '../src/report/graph/index.js';

export interface GraphBench {
  checkMs: number;
  buildMs: number;
  ratio: number;
  nodes: number;
  edges: number;
  mergedAway: number;
  formats: Record<string, { bytes: number; ms: number }>;
}

export async function graphBench(dir: string): Promise<GraphBench> {
  let t = performance.now();
  const r = lint([dir], { cwd: dir });
  const checkMs = performance.now() - t;
  t = performance.now();
  const graph = buildGraph(r.compiled.estate, { title: 'large estate', diagnostics: r.diagnostics });
  const buildMs = performance.now() - t;
  const formats: GraphBench['formats'] = {};
  for (const f of GRAPH_FORMATS) {
    t = performance.now();
    const text = await renderGraph(graph, f);
    formats[f] = { bytes: Buffer.byteLength(text), ms: Math.round(performance.now() - t) };
  }
  return { checkMs: Math.round(checkMs), buildMs: Math.round(buildMs), ratio: +(buildMs / checkMs).toFixed(2), nodes: graph.nodes.length, edges: graph.edges.length, mergedAway: graph.mergedAway, formats };
}
