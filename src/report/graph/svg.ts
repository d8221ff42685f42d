/**
 * `plexlint graph -f svg`: the DOT picture (./dot.ts) laid out and drawn by
 * Graphviz's own layered layout (`dot`), compiled to WebAssembly in the
 * @viz-js/viz package — no Graphviz installation, no browser, no network.
 * The result is self-contained: no script, no external font or image, no
 * DOCTYPE pointing at a DTD on the web; text uses the sans-serif font the
 * viewer has.
 *
 * The WebAssembly module is loaded only when an SVG is asked for (it is
 * large, and no other command needs it), so this is the one asynchronous
 * report.
 */
import { viz as loadViz } from '../../core/libs.js';
import type { Graph } from '../../graph/types.js';
import { graphDot } from './dot.js';

/** Graphviz's header lines that are of no use in a file: the DOCTYPE (an external DTD) and the generator comment. */
function selfContained(svg: string): string {
  return svg
    .replace(/<!DOCTYPE[^>]*>\s*/, '')
    .replace(/<!--[\s\S]*?-->\s*/g, '');
}

export async function graphSvg(graph: Graph): Promise<string> {
  const viz = await loadViz().instance();
  const result = viz.render(graphDot(graph), { format: 'svg', engine: 'dot' });
  if (result.status !== 'success') {
    throw new Error(`Graphviz could not draw the picture: ${result.errors.map((e) => e.message).join('; ')}`);
  }
  return selfContained(result.output);
}
