/**
 * `plexlint graph`: golden pictures of the example estate in every format, the
 * SVG's well-formedness and content, --focus, --scenario/--step, merging of a
 * large estate, and the errors a user can make. Regenerate the goldens on
 * purpose with UPDATE_GOLDEN=1 npx vitest run test/graph.test.ts
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../bench/generate.js';
import { compile } from '../src/engine/compile.js';
import { lint } from '../src/engine/lint.js';
import { buildGraph, parseFocus } from '../src/graph/index.js';
import type { Graph } from '../src/graph/types.js';
import { graphMermaid } from '../src/report/graph/mermaid.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');
const golden = (format: string): string => join(root, 'test', 'golden', `example.graph.${format}`);
const work = mkdtempSync(join(process.env['TMPDIR'] ?? tmpdir(), 'plexlint-graph-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function exampleGraph(options: Partial<Parameters<typeof buildGraph>[1]> = {}): Graph {
  const r = lint(['fixtures/example'], { cwd: root });
  return buildGraph(r.compiled.estate, { title: 'example', diagnostics: r.diagnostics, ...options });
}

describe('golden pictures of the example estate', () => {
  for (const format of ['mermaid', 'dot', 'svg', 'json']) {
    it(format, async () => {
      const r = await runMain('graph', 'fixtures/example', '-f', format);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(golden(format), r.stdout);
      expect(r.stdout).toBe(readFileSync(golden(format), 'utf8'));
    });
  }
});

describe('SVG', () => {
  it('is well-formed, self-contained XML naming every system, machine, DVIPA and cluster of the example', async () => {
    const svg = (await runMain('graph', 'fixtures/example', '-f', 'svg')).stdout;
    expect(XMLValidator.validate(svg)).toBe(true);
    // No script, no external DTD, font or image: nothing is fetched when it is opened.
    expect(svg).not.toMatch(/<script|<!DOCTYPE|@font-face|@import|<image|(xlink:)?href=|url\(/i);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(svg) as { svg?: unknown };
    expect(doc.svg).toBeDefined();
    const texts = new Set([...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&#45;/g, '-').replace(/&amp;/g, '&')));
    const shown = [...texts].join('\n');
    const { estate } = compile(['fixtures/example'], { cwd: root });
    const wanted = [
      ...estate.systems.map((s) => s.name),
      ...estate.loadBalancers.map((lb) => `Load Balancer ${lb.name}`),
      ...estate.sysplex.dvipas.map((d) => `DVIPA ${d.address}`),
      ...estate.loadBalancers.flatMap((lb) => lb.clusters.map((c) => `cluster ${c.address ?? c.id}`)),
      ...estate.web.plugins.flatMap((p) => p.clusters.map((c) => `ServerCluster ${c.name}`)),
      ...estate.web.clusters.map((c) => `WAS cluster ${c.name}`),
    ];
    expect(wanted.length).toBeGreaterThan(15);
    for (const w of wanted) expect(texts.has(w), `${w} in\n${shown}`).toBe(true);
  });
});

/**
 * Advance widths of Helvetica (Adobe's core-font metrics, per 1000 units of the font size; Arial has the same), for
 * the printable ASCII characters from the blank on. Graphviz knows these metrics for "Helvetica" and "Arial", and
 * falls back to the narrower Times for a font name it does not know — such as the list "Helvetica,Arial,sans-serif"
 * — so the boxes it drew were too small for the sans-serif text in them.
 */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** A text's width in Helvetica; a character outside ASCII counts as wide as an em (no label is narrower for it). */
function helveticaWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    units += c >= 32 && c < 127 ? HELVETICA[c - 32]! : ch === '·' ? 278 : 1000;
  }
  return (units * size) / 1000;
}

describe('SVG labels fit their boxes', () => {
  it('every line of every node is within its shape, measured in Helvetica (the font Graphviz sizes the boxes for)', async () => {
    const svg = (await runMain('graph', 'fixtures/example', '-f', 'svg')).stdout;
    const unescape = (t: string): string => t.replace(/&#45;/g, '-').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    let measured = 0;
    for (const node of svg.matchAll(/<g id="node\d+" class="node">([\s\S]*?)<\/g>/g)) {
      const body = node[1]!;
      const title = /<title>([^<]*)<\/title>/.exec(body)![1];
      let left: number;
      let right: number;
      const ellipse = /<ellipse[^>]* cx="([-\d.]+)"[^>]* rx="([-\d.]+)"/.exec(body);
      if (ellipse) [left, right] = [Number(ellipse[1]) - Number(ellipse[2]), Number(ellipse[1]) + Number(ellipse[2])];
      else {
        const xs = /<(?:polygon|path)[^>]* (?:points|d)="([^"]*)"/.exec(body)![1]!.match(/-?\d+(?:\.\d+)?,/g)!.map((p) => Number(p.slice(0, -1)));
        [left, right] = [Math.min(...xs), Math.max(...xs)];
      }
      for (const t of body.matchAll(/<text[^>]* x="([-\d.]+)"[^>]*font-family="([^"]*)"[^>]*font-size="([\d.]+)">([^<]*)<\/text>/g)) {
        expect(t[2], title).toMatch(/^Helvetica\b/);
        const half = helveticaWidth(unescape(t[4]!), Number(t[3])) / 2;
        const x = Number(t[1]);
        expect({ title, text: t[4], left: x - half >= left - 0.5, right: x + half <= right + 0.5 }).toEqual({ title, text: t[4], left: true, right: true });
        measured++;
      }
    }
    expect(measured).toBeGreaterThan(40);
  });

  it('Graphviz knows the metrics of the font: no fallback to Times', async () => {
    const { viz } = await import('../src/core/libs.js');
    const { graphDot } = await import('../src/report/graph/dot.js');
    const result = (await viz().instance()).render(graphDot(exampleGraph()), { format: 'svg', engine: 'dot' });
    // Before: "no hard-coded metrics for 'Helvetica,Arial,sans-serif'. Falling back to 'Times' metrics".
    // What remains is its note that a non-ASCII character (the '·' of a label) is measured as wide as a blank per byte.
    expect(result.errors.filter((e) => !/non-ASCII character/.test(e.message)).map((e) => e.message)).toEqual([]);
  });
});

describe('what the picture says', () => {
  it('shares, locality, standby and findings of the example', () => {
    const g = exampleGraph();
    const share = (from: string, to: string): number | undefined => g.edges.find((e) => e.from === from && e.to === to && e.kind === 'flow')?.share;
    expect(share('dvipa:10.40.1.4', 'system:SYSC')).toBe(0.5);
    expect(share('dvipa:10.40.1.4', 'system:SYSD')).toBeCloseTo(1 / 3, 4);
    expect(share('dvipa:10.40.1.3', 'system:SYSA')).toBe(1);
    expect(share('lbc:edge1+edge2:10.60.1.1', 'system:SYSA')).toBe(0.5);
    expect(g.edges.find((e) => e.kind === 'standby')).toMatchObject({ from: 'lbm:edge2', to: 'lbc:edge1+edge2:10.60.1.1' });
    expect(g.nodes.find((n) => n.id === 'dvipa:10.40.1.2')!.local).toEqual({ by: 'OPTLOCAL 1', origins: ['SYSA', 'SYSB', 'SYSC', 'SYSD'].map((origin) => ({ origin, share: 1 })) });
    expect(g.nodes.filter((n) => n.findings)).toEqual([]);
  });
  it('marks a finding on the node whose configuration it is in, and what the balancer drops', () => {
    const lb = lint(['fixtures/rules/dispatch-cluster-not-in-home/bad'], { cwd: root });
    const g = buildGraph(lb.compiled.estate, { title: 'bad', diagnostics: lb.diagnostics });
    const ids = (graph: Graph): string[] => graph.nodes.filter((n) => n.findings).map((n) => n.id);
    // The HOME list that lacks the cluster address is SYSB's: no narrower element holds the finding's line;
    // a finding on `cluster add` marks the cluster.
    expect(ids(g)).toEqual(['lbc:edge1:10.60.1.1', 'system:SYSB']);
    expect(g.nodes.find((n) => n.id === 'lbc:edge1:10.60.1.1')!.findings!.rules).toEqual(['single-point-of-failure']);
    expect(g.nodes.find((n) => n.id === 'system:SYSB')!.findings).toEqual({ errors: 1, warnings: 0, infos: 0, rules: ['dispatch-cluster-not-in-home'] });
    const cluster = g.nodes.find((n) => n.kind === 'lb-cluster')!;
    expect(cluster.lost?.map((l) => [l.what, l.share])).toEqual([['dropped', 0.5]]);
    expect(graphMermaid(g)).toMatch(/class n\d+ error/);
    // A finding on a VIPADEFINE marks its DVIPA, not the whole system.
    const cpc = lint(['fixtures/rules/backup-same-cpc/bad'], { cwd: root });
    const h = buildGraph(cpc.compiled.estate, { title: 'bad', diagnostics: cpc.diagnostics });
    expect(cpc.diagnostics.map((d) => d.ruleId)).toEqual(['backup-same-cpc', 'backup-same-cpc']);
    expect(ids(h)).toEqual(['dvipa:10.40.1.1', 'dvipa:10.81.1.1']);
    // A finding in a system's OMPROUTE file marks the system, which says what OMPROUTE runs.
    const omp = lint(['fixtures/rules/omproute-router-id/bad-dvipa'], { cwd: root });
    const o = buildGraph(omp.compiled.estate, { title: 'bad', diagnostics: omp.diagnostics });
    expect(o.nodes.filter((n) => n.findings).map((n) => [n.id, n.findings!.rules])).toEqual([['system:SYSA', ['omproute-router-id']]]);
    expect(o.nodes.find((n) => n.id === 'system:SYSA')!.details).toContain('OMPROUTE OSPF');
  });
  it('a DVIPA down to its backup: distributed by the backup, shares over the surviving targets', () => {
    const { estate } = compile(['fixtures/example'], { cwd: root });
    const g = buildGraph(estate, { title: 'x', state: { stacks: { SYSC: { up: false } }, lbs: {}, odrs: {}, members: {} } });
    const dv = g.nodes.find((n) => n.id === 'dvipa:10.40.1.4')!;
    expect(dv.details).toContain('distributed by SYSA (owner SYSC is down)');
    expect(g.edges.filter((e) => e.from === dv.id).map((e) => [e.to, e.share])).toEqual([
      ['system:SYSA', expect.closeTo(1 / 3, 3)],
      ['system:SYSD', expect.closeTo(2 / 3, 3)],
    ]);
    const rr = g.nodes.find((n) => n.id === 'dvipa:10.40.1.5')!;
    expect(g.edges.filter((e) => e.from === rr.id).map((e) => e.to)).toEqual(['system:SYSD']);
  });
});

describe('--focus', () => {
  it('an address keeps only the flows through it', () => {
    const g = exampleGraph({ focus: parseFocus('10.40.1.1') });
    expect(g.flows.map((f) => f.id)).toEqual(['dvipa 10.40.1.1:8080']);
    expect(g.nodes.map((n) => n.id).sort()).toEqual(['client', 'dvipa:10.40.1.1', 'system:SYSA', 'system:SYSB', 'system:SYSC', 'system:SYSD']);
    expect(g.groups.map((gr) => gr.id).sort()).toEqual(['cpc:CPC1', 'cpc:CPC2', 'sysplex']);
  });
  it('a system keeps every flow that reaches it; a cluster:port one port', () => {
    const sysd = exampleGraph({ focus: parseFocus('sysd') });
    expect(sysd.flows.map((f) => f.id)).toEqual(['dvipa 10.40.1.1:8080', 'dvipa 10.40.1.2:3000', 'dvipa 10.40.1.4:9080', 'dvipa 10.40.1.5:515', 'dvipa 10.81.2.2:9001']);
    const port = exampleGraph({ focus: parseFocus('10.60.1.1:443') });
    expect(port.flows.map((f) => f.id)).toEqual(['lb 10.60.1.1:443']);
    expect(port.edges.some((e) => e.kind === 'standby')).toBe(true);
    const shop = exampleGraph({ focus: parseFocus('PLEXCELL/ShopCluster') });
    expect(shop.flows.map((f) => f.id)).toEqual(['ejb PLEXCELL/ShopCluster']);
  });
  it('an unknown name or port is a usage error with a hint', async () => {
    const r = await runMain('graph', 'fixtures/example', '--focus', 'SYSX');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^plexlint: --focus SYSX: nothing in the estate is named SYSX — did you mean SYSA\?/);
    const p = await runMain('graph', 'fixtures/example', '--focus', '10.40.1.1:9999');
    expect(p.code).toBe(2);
    expect(p.stderr).toContain('no flow goes to 10.40.1.1:9999 (ports with flows: 8080)');
  });
});

describe('--scenario and --step', () => {
  const scenario = 'fixtures/scenarios/sysplex-distributor.scenario.yaml';
  it("draws the shares in the scenario's state after a step", async () => {
    // Steps 1-9 leave every stack up; step 10 takes SYSA down, so SYSB holds the MQ DVIPA.
    const before = JSON.parse((await runMain('graph', '--scenario', scenario, '--step', '9', '-f', 'json', '--focus', '10.40.1.3')).stdout) as Graph;
    const after = JSON.parse((await runMain('graph', '--scenario', scenario, '--step', '10', '-f', 'json', '--focus', '10.40.1.3')).stdout) as Graph;
    const targets = (g: Graph): string[] => g.edges.filter((e) => e.from === 'dvipa:10.40.1.3').map((e) => e.to);
    expect(targets(before)).toEqual(['system:SYSA']);
    expect(targets(after)).toEqual(['system:SYSB']);
    expect(after.title).toBe(`estate of ${scenario}, state after step 10 of 18, flows through 10.40.1.3`);
  });
  it('refuses a step it cannot take, --step alone and paths with --scenario', async () => {
    expect((await runMain('graph', '--scenario', scenario, '--step', '99')).stderr).toBe(`plexlint: --step 99: ${scenario} has 18 steps\n`);
    expect((await runMain('graph', '--step', '2', 'fixtures/example')).stderr).toBe('plexlint: --step picks a step of a scenario: give --scenario too\n');
    expect((await runMain('graph', '--scenario', scenario, 'fixtures/example')).code).toBe(2);
    expect((await runMain('graph', 'fixtures/example', '--max-nodes', '-1')).stderr).toBe('plexlint: --max-nodes -1: expected a whole number of at least 0\n');
  });
  it('-o writes the picture to a file', async () => {
    const out = join(work, 'example.svg');
    const r = await runMain('graph', 'fixtures/example', '-f', 'svg', '-o', out);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(readFileSync(out, 'utf8')).toMatch(/^<\?xml[^>]*>\s*<svg /);
  });
});

describe('a large estate stays readable', () => {
  it('alike DVIPAs and ServerClusters are merged, systems never', () => {
    const dir = join(work, 'large');
    generate(dir, { systems: 8, dvipasPerSystem: 12, portsPerSystem: 4, routesPerSystem: 2, pluginFiles: 1, clustersPerPlugin: 40 });
    const { estate } = compile([dir], { cwd: dir });
    const full = buildGraph(estate, { title: 'large', maxNodes: 0 });
    const merged = buildGraph(estate, { title: 'large' });
    expect(full.nodes.length).toBeGreaterThan(8 + 96 + 40 + 80);
    expect(merged.nodes.length).toBeLessThan(60);
    expect(merged.mergedAway).toBe(full.nodes.length - merged.nodes.length);
    expect(merged.nodes.filter((n) => n.kind === 'system')).toHaveLength(8);
    // Every model element of the full picture is still in the merged one.
    expect(new Set(merged.nodes.flatMap((n) => n.model))).toEqual(new Set(full.nodes.flatMap((n) => n.model)));
    const dvipas = merged.nodes.filter((n) => n.kind === 'dvipa');
    expect(dvipas.reduce((s, n) => s + (n.merged ?? 1), 0)).toBe(96);
    expect(dvipas.every((n) => /^\d+ DVIPAs$/.test(n.label))).toBe(true);
    const clusters = merged.nodes.filter((n) => n.kind === 'plugin-cluster');
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.label).toBe('40 ServerClusters');
    // --focus still finds a merged DVIPA by its address.
    const focused = buildGraph(estate, { title: 'large', focus: parseFocus(estate.sysplex.dvipas[5]!.address) });
    expect(focused.flows).toHaveLength(1);
  });
});
