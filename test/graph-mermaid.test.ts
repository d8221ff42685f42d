/**
 * Every Mermaid picture plexlint writes parses with Mermaid's own parser: the
 * example estate's, every fixture estate's (merged and not), every diff
 * fixture's routing picture, every step picture of the example scenarios, and
 * the README's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDiff } from '../src/diff/index.js';
import { compile } from '../src/engine/compile.js';
import { buildGraph } from '../src/graph/index.js';
import type { Graph } from '../src/graph/types.js';
import { diffMarkdown } from '../src/report/diff/markdown.js';
import { mermaidText } from '../src/report/escape/diagram.js';
import { graphMermaid } from '../src/report/graph/mermaid.js';
import { inspectMermaid, parseMermaid } from './support/mermaid.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');

function blocks(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

describe('Mermaid output parses with the Mermaid parser', () => {
  it('the golden picture of the example estate, and a broken copy of it does not', async () => {
    const text = readFileSync(join(root, 'test', 'golden', 'example.graph.mermaid'), 'utf8');
    await expect(parseMermaid(text)).resolves.toMatchObject({ diagramType: 'flowchart-v2' });
    // The parser really checks: an unclosed label is refused.
    await expect(parseMermaid(text.replace('"clients', 'clients'))).rejects.toThrow(/Parse error/);
  });
  it('every fixture estate, merged and not', async () => {
    const dirs = ['fixtures/example', ...readdirSync(join(root, 'fixtures/estates')).map((d) => `fixtures/estates/${d}`)];
    for (const dir of dirs) {
      const { estate } = compile([dir], { cwd: root });
      for (const maxNodes of [0, 4]) await expect(parseMermaid(graphMermaid(buildGraph(estate, { title: dir, maxNodes }))), dir).resolves.toBeDefined();
    }
  });
  it('names with quotes, hashes, angle brackets and backticks are escaped', async () => {
    const graph: Graph = {
      version: 1,
      title: 't',
      groups: [{ id: 'g', kind: 'cell', label: 'cell "A" #1 <b>' }],
      nodes: [
        { id: 'a', kind: 'plugin-cluster', label: 'ServerCluster "x" #y <z> `w`', details: ['a|b', 'end', 'subgraph'], model: [], names: [], group: 'g' },
        { id: 'b', kind: 'member', label: 'm;1', details: [], model: [], names: [] },
      ],
      edges: [{ from: 'a', to: 'b', kind: 'flow', flow: 'f', share: 0.5, label: 'q"|#35;', model: [] }],
      flows: [{ id: 'f', kind: 'route', label: 'r', source: 'a', count: 1 }],
      mergedAway: 0,
    };
    const text = graphMermaid(graph);
    expect(text).toContain(mermaidText('ServerCluster "x" #y <z> `w`'));
    await expect(parseMermaid(text)).resolves.toBeDefined();
  });
  it('hostile names: no directive, no link, no cut label, and every label shown as written', async () => {
    const hostile = [
      "%%{init: {'theme':'forest','themeVariables':{'primaryColor':'#f00'}}}%%",
      'style fill:#f00; "q"',
      'classDef x fill:#0f0;',
      'click a href "https://evil.example" _blank',
      '<img src=x onerror=alert(1)> &lt;b&gt; &#35;',
      '@org/team #123',
      'a %% comment',
      'n0@{ shape: circle }',
    ];
    const graph: Graph = {
      version: 1,
      title: 't',
      groups: [{ id: 'g', kind: 'cell', label: hostile[0]! }],
      nodes: hostile.map((label, i) => ({ id: `x${i}`, kind: 'plugin-cluster', label, details: [hostile[(i + 1) % hostile.length]!], model: [], names: [], group: 'g' })),
      edges: [{ from: 'x0', to: 'x1', kind: 'flow', flow: 'f', share: 0.5, label: hostile[1]!, model: [] }],
      flows: [{ id: 'f', kind: 'route', label: 'r', source: 'x0', count: 1 }],
      mergedAway: 0,
    };
    const picture = await inspectMermaid(graphMermaid(graph));
    expect(picture.config).toEqual({});
    expect(picture.nodes.map((n) => n.lines)).toEqual(hostile.map((label, i) => [label, hostile[(i + 1) % hostile.length]]));
    expect(picture.nodes.filter((n) => n.link !== undefined || n.classes.length > 1)).toEqual([]);
    expect(picture.subgraphs).toEqual([hostile[0]]);
    expect(picture.edges.map((e) => e.lines)).toEqual([['50% (style fill:#f00; "q")']]);
  });
  it('the routing picture of every diff fixture', async () => {
    let pictures = 0;
    for (const name of readdirSync(join(root, 'fixtures/diff'))) {
      const r = runDiff(`fixtures/diff/${name}/old`, `fixtures/diff/${name}/new`, root, { diagram: true });
      for (const b of blocks(diffMarkdown(r))) {
        pictures++;
        await expect(parseMermaid(b), name).resolves.toBeDefined();
      }
    }
    expect(pictures).toBeGreaterThanOrEqual(3);
  });
  it('every step picture of the example scenarios', async () => {
    const dir = join(root, 'fixtures/scenarios');
    const files = readdirSync(dir).map((f) => `fixtures/scenarios/${f}`);
    const r = await runMain('simulate', ...files, '-f', 'markdown');
    expect(r.code).toBe(0);
    const found = blocks(r.stdout);
    expect(found.length).toBeGreaterThan(files.length);
    // Steps that leave the routing as it was draw the same picture (91 different ones of 106): Mermaid's parser
    // gives the same answer for the same text, so each is parsed once.
    for (const b of new Set(found)) await expect(parseMermaid(b)).resolves.toBeDefined();
    // 24 scenarios simulated and 91 pictures parsed: ~6 s of CPU, a minute and more on a shared machine. A hang
    // guard, not a speed limit (npm run bench measures speed).
  }, 300_000);
  it("the README's picture", async () => {
    const found = blocks(readFileSync(join(root, 'README.md'), 'utf8'));
    expect(found).toHaveLength(1);
    await expect(parseMermaid(found[0]!)).resolves.toBeDefined();
  });
});
