/**
 * Every output format, fed random names from a hostile alphabet: control characters, line and paragraph
 * separators, bidi controls, the GitHub runner's `::` and `##[` commands, Mermaid directives, entity codes and the
 * words it cuts at, HTML and entities, links, `@` mentions and `#123`, quotes and backslashes, what a
 * `file:line:column:` reader takes for a location, and YAML's indicators.
 *
 * The data are real — the findings of fixtures/estates/bad-formats, the compiled example estate and its graph, the
 * diff of fixtures/diff/omproute with its routing picture, a scenario run with its step pictures, a failure sweep —
 * with a name of the files ("SYS", and the estate's folder for the findings' files) replaced by the random name
 * everywhere it occurs. Each format's invariant is then checked:
 *
 * - every format: no raw control character, no line that GitHub's runner reads as a command (`::` after blanks,
 *   `##[` anywhere), except the `github` format's own annotations, one per finding;
 * - gcc: the problem matchers read each finding's own file, line, column and severity; stylish: ESLint's stylish
 *   matcher reads each finding under its own file;
 * - JSON and YAML: they parse, and carry the data exactly; XML (checkstyle, junit, SVG): well-formed;
 * - Markdown: no mention, issue reference, autolink or HTML outside code, every table row as many cells as its
 *   header; GitHub annotations and SARIF messages: no mention or issue reference;
 * - Mermaid: it parses, no directive sets any configuration, no node is a link, and every label shows the name as
 *   written (control characters escaped); DOT/SVG: Graphviz draws it with one node per node and no link.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportInput } from '../src/cli/check.js';
import { formatText, runScenarioFile } from '../src/cli/simulate.js';
import { runDiff, type DiffResult } from '../src/diff/index.js';
import { compile } from '../src/engine/compile.js';
import { lint } from '../src/engine/lint.js';
import { buildGraph } from '../src/graph/index.js';
import { stepGraph } from '../src/graph/steps.js';
import type { Graph } from '../src/graph/types.js';
import type { Estate } from '../src/model/estate.js';
import { diffJson } from '../src/report/diff/json.js';
import { diffMarkdown } from '../src/report/diff/markdown.js';
import { diffText } from '../src/report/diff/text.js';
import { escapeControls } from '../src/report/escape/controls.js';
import { stringifyJson } from '../src/report/escape/json.js';
import { fileAtLineStart, gccFile, visible } from '../src/report/escape/line.js';
import { stringifyYaml } from '../src/report/escape/yaml.js';
import { github } from '../src/report/github.js';
import { graphDot, graphMermaid, graphSvg } from '../src/report/graph/index.js';
import { groupLabel, groupTree, Picture, type GroupTree } from '../src/report/graph/labels.js';
import { consoleCompanions, formatters, type ReportInput } from '../src/report/index.js';
import { simulateMarkdown } from '../src/report/simulate/markdown.js';
import { sweepMarkdown } from '../src/report/sweep/markdown.js';
import { sweepText } from '../src/report/sweep/text.js';
import { sweepFailures } from '../src/sim/failures.js';
import type { ScenarioResult } from '../src/sim/index.js';
import type { SweepReport } from '../src/sim/failures.js';
import { fuzz } from './support/fuzz.js';
import { inspectMermaid } from './support/mermaid.js';

const root = join(import.meta.dirname, '..');

/** A property's runs (./support/fuzz.ts), and a test timeout that grows with them (Mermaid and Graphviz take seconds on a busy machine). */
function runs(base: number): { params: ReturnType<typeof fuzz>; timeout: number } {
  const params = fuzz(base);
  return { params, timeout: 60_000 + (params.numRuns ?? base) * 10_000 };
}
const CHECK = runs(40);
const COMPILE = runs(5);
const GRAPH = runs(5);
const DIFF = runs(5);
const SIMULATE = runs(4);

/** Pieces of hostile names: each is one attack on some format. */
const FRAGMENTS = [
  '\n', '\r', '\r\n', '\t', '\x1b[31m', '\x1b]0;t\x07', '\x00', '\x7f', '\x85', '\x9b', '\u2028', '\u2029', '\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u061c', '\ufeff', '\ufffe', '\ud800',
  '::', '::error file=PWNED.txt,line=1::x', '  ::warning::y', '\u3000::notice::z', '\u00a0::', '##[', '##[error]legacy', '##[add-matcher]m.json',
  '%%', '%%{init: {\'theme\':\'forest\'}}%%', '%', 'style fill:#f00;', 'classDef x fill:#f00;', '#35;', '#quot;', ';', ':::', 'click n0 href "https://evil.example"', 'end', 'subgraph', '-->', '|',
  '<img src=x onerror=alert(1)>', '<br/>', '&lt;', '&#10;', '&#8238;', '&amp;', '&', 'https://evil.example/x', 'www.evil.example', 'javascript:alert(1)',
  '@org/team', '@user', 'a@b.example', '#123', 'org/repo#9', 'GH-7',
  '"', "'", '`', '``', '\\', '\\n', '\\"', '[x](https://evil.example)', '*', '_', '~', '!',
  ':7:1: error: ', ' warning: ', ' note: ', ':12:', 'README.md:7:1', '%3A', '%25',
  '- ', '? ', ': ', '---', '...', '{', '}', '[', ']', ',', '!tag', '&anchor', '*alias', '|-', '>-',
  ' ', '  ', 'a', 'SYS', '10.1.1.1', '::1',
];

/** How a name may start: where a line format starts a line with it, the start is what counts. */
const STARTS = ['', '::', ' \u3000::error::x', '##[', '%%{init: {}}%%', '@org', '#1', ':1:1: error: ', '  12:3  error  forged  rule'];

/**
 * A start, then either a few attacks (one alone reaches what a name full of control characters never does: a YAML
 * string written plain) or many of them in a random order (each run meets most of them), and a few random characters.
 */
const hostileName = fc
  .tuple(
    fc.constantFrom(...STARTS),
    fc.oneof(fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 4 }), { weight: 2, arbitrary: fc.shuffledSubarray(FRAGMENTS, { minLength: 20 }) }),
    fc.string({ maxLength: 4 }),
  )
  .map(([start, parts, tail]) => `${start}${parts.join('')}${tail}`);

/** A copy of real report data with `marker` replaced by `name` in every string (keys too). */
function substitute<T>(value: T, marker: string, name: string): T {
  const go = <U>(v: U): U => substitute(v, marker, name);
  if (typeof value === 'string') return value.split(marker).join(name) as T;
  if (Array.isArray(value)) return value.map(go) as T;
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [go(k), go(v)])) as T;
  if (value instanceof Set) return new Set([...value].map(go)) as T;
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as object | null;
    if (proto !== Object.prototype && proto !== null) return value;
    const out = Object.create(proto) as Record<string, unknown>;
    // defineProperty: a name may be `__proto__`.
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, go(k), { value: go(v), enumerable: true, writable: true, configurable: true });
    return out as T;
  }
  return value;
}

const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const MENTION = /(?:^|\W)@[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)?(?!\/)(?=\.+[ \t\W]|\.+$|[^0-9a-zA-Z_.]|$)/im;
const ISSUE = /(?:^|[^\w&])#\d|\w\/[\w.-]+#\d|\bGH-\d/i;
const AUTOLINK = /https?:\/\/|\bwww\./i;

function commandLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => /^[\s\u0085]*::/.test(line) || line.includes('##['));
}

/** No raw control character and no command line; `own`: the format's own `::` lines (github). */
function expectHarmless(what: string, text: string, own = 0): void {
  expect(RAW_CONTROL.exec(text)?.[0], `${what}: a raw control character`).toBeUndefined();
  const commands = commandLines(text);
  expect(commands.length, `${what}: ${JSON.stringify(commands.slice(0, 3))}`).toBe(own);
}

function expectNoReferences(what: string, text: string): void {
  expect(MENTION.exec(text)?.[0], `${what}: a mention`).toBeUndefined();
  expect(ISSUE.exec(text)?.[0], `${what}: an issue reference`).toBeUndefined();
}

/** JSON output: harmless, and the same data as the value it was written from. */
function expectJsonOf(what: string, json: string, value: unknown): void {
  expectHarmless(what, json);
  expect(JSON.parse(json), what).toEqual(JSON.parse(JSON.stringify(value)));
}

/** GitHub annotations: one `::` line per finding, no mention or issue reference in a message. */
function expectAnnotations(what: string, text: string, findings: number): void {
  expectHarmless(what, text, findings);
  for (const line of text.trimEnd().split('\n')) expectNoReferences(what, line.slice(line.indexOf('::', 2) + 2));
}

/** The number of cells of a Markdown table row (GFM: a `|` after a backslash is text, a backslash escapes the next character). */
function cells(row: string): number {
  let n = 0;
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '\\') i++;
    else if (row[i] === '|') n++;
  }
  return n - 1;
}

/**
 * Markdown as GitHub renders it: the Mermaid pictures checked on their own (Mermaid's parser takes a while: the first
 * in full, the others by their text — the graph property parses graphMermaid's output every time), no references in
 * the rest, tables whole.
 */
async function expectMarkdown(what: string, markdown: string): Promise<void> {
  expectHarmless(what, markdown);
  const blocks = [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]!);
  for (const [i, block] of blocks.entries()) {
    if (i === 0) await expectMermaid(`${what} (picture)`, block);
    // What Mermaid reads before its grammar: a directive or comment (`%%`); and no mention or link from a label.
    else expect(block, `${what} (picture ${i})`).not.toMatch(/%%|@|^\s*click\b/m);
  }
  const rendered = markdown.replace(/```[\s\S]*?```/g, '').replace(/(?<!\\)(`+)[\s\S]*?\1/g, '');
  expectNoReferences(what, rendered);
  expect(AUTOLINK.exec(rendered)?.[0], `${what}: an autolink`).toBeUndefined();
  expect(rendered.replace(/<\/?(details|summary)>|<br>/g, '').match(/(?<!\\)<[A-Za-z/!?]/)?.[0], `${what}: HTML`).toBeUndefined();
  let header: number | undefined;
  for (const line of rendered.split('\n')) {
    if (!line.startsWith('|')) header = undefined;
    else if (header === undefined) header = cells(line);
    else expect(cells(line), `${what}: ${line}`).toBe(header);
  }
}

/** A Mermaid picture: parsed by Mermaid, no configuration from a directive, no link. */
async function expectMermaid(what: string, text: string): Promise<Awaited<ReturnType<typeof inspectMermaid>>> {
  expectHarmless(what, text);
  expect(text, what).not.toMatch(/%%|@/);
  const picture = await inspectMermaid(text);
  expect(picture.config, what).toEqual({});
  expect(picture.nodes.filter((n) => n.link !== undefined || n.classes.includes('clickable')), what).toEqual([]);
  return picture;
}

/** The plexlint-matcher.json patterns and VS Code's $gcc: what each reads from a line. */
const MATCHERS = [
  { re: /^(.+?):(\d+):(\d+): (error|warning): (.*) \[([a-z0-9]+(?:-[a-z0-9]+)*)\]$/, severity: 4 },
  { re: /^(.+?):(\d+):(\d+): note: (.*) \[([a-z0-9]+(?:-[a-z0-9]+)*)\]$/, severity: undefined },
  { re: /^(.*?):(\d+):(\d*):?\s+(?:fatal\s+)?(warning|error):\s+(.*)$/, severity: 4 },
];

describe('every format, random hostile names', () => {
  let check: ReportInput;
  let model: Estate;
  let graph: Graph;
  let diff: DiffResult;
  let scenarios: ScenarioResult[];
  let pictures: Map<string, Graph>;
  let sweep: SweepReport;

  beforeAll(async () => {
    const estate = 'fixtures/estates/bad-formats/';
    check = { ...reportInput(lint([estate], { cwd: root }), { env: {} }), color: false };
    // The findings' files are named as if the estate's folder had the random name (a file name starts each gcc line).
    check = { ...check, diagnostics: substitute(check.diagnostics, estate, 'SYS/'), files: substitute(check.files, estate, 'SYS/') };
    expect(check.diagnostics.every((d) => d.file.startsWith('SYS/'))).toBe(true);
    model = compile(['fixtures/example'], { cwd: root }).estate;
    graph = buildGraph(model, { title: 'fixtures/example' });
    diff = runDiff('fixtures/diff/omproute/old', 'fixtures/diff/omproute/new', root, { diagram: true });
    expect(diff.findings.new.length).toBeGreaterThan(0);
    expect(diff.diagram).toBeDefined();
    pictures = new Map();
    const run = runScenarioFile('fixtures/scenarios/sysplex-distributor.scenario.yaml', root, undefined, (sim, step, result) => {
      const g = stepGraph(sim.estate, step, result, sim.state, `step ${result.index}: ${result.summary}`);
      if (g) pictures.set(`${step.loc.file}#${result.index}`, g);
    });
    scenarios = [run.result];
    expect(pictures.size).toBeGreaterThan(0);
    sweep = sweepFailures(model, { mode: 'single' });
  });

  it('check: every format', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const input: ReportInput = { ...check, diagnostics: substitute(check.diagnostics, 'SYS', name), files: substitute(check.files, 'SYS', name) };
        for (const [format, formatter] of Object.entries(formatters)) {
          const out = formatter(input);
          if (format === 'github') expectAnnotations(format, out, input.diagnostics.length);
          else expectHarmless(format, out);
          if (format === 'json' || format === 'sarif' || format === 'codequality') JSON.parse(out);
          if (format === 'checkstyle' || format === 'junit') expect(XMLValidator.validate(out), format).toBe(true);
          if (format === 'sarif') {
            const log = JSON.parse(out) as { runs: { results: { message: { text: string } }[] }[] };
            for (const r of log.runs[0]!.results) expectNoReferences('sarif', r.message.text);
          }
        }
        expectHarmless('github (stderr)', consoleCompanions['github']!(input));

        // gcc: each reader finds the finding's own location and severity, in the file as written.
        const lines = formatters['gcc']!(input).trimEnd().split('\n');
        input.diagnostics.forEach((d, i) => {
          const hits = MATCHERS.map((m) => ({ m, hit: m.re.exec(lines[i]!) })).filter((x) => x.hit);
          expect(hits.length, lines[i]).toBeGreaterThan(0);
          for (const { m, hit } of hits) {
            expect([hit![1], Number(hit![2]), Number(hit![3])], lines[i]).toEqual([gccFile(d.file), d.line, d.column]);
            if (m.severity) expect(hit![m.severity]).toBe(d.severity);
          }
        });

        // stylish, as ESLint's stylish matcher reads it: a file line, then its finding lines.
        const read: string[] = [];
        let file = '';
        for (const line of formatters['stylish']!(input).split('\n')) {
          const f = /^\s+(\d+):(\d+)\s+(error|warning|info)\s+(.*)\s\s+(.*)$/.exec(line);
          if (f) read.push(`${file} ${f[1]}:${f[2]} ${f[3]} ${f[5]}`);
          else if (/^[^\s]/.test(line) && !/^[✖⚠ℹ]/.test(line)) file = line;
        }
        expect(read.sort()).toEqual(input.diagnostics.map((d) => `${fileAtLineStart(visible(d.file))} ${d.line}:${d.column} ${d.severity} ${d.ruleId}`).sort());
      }),
      CHECK.params,
    );
  }, CHECK.timeout);

  it('compile: JSON and YAML carry the model exactly', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const m = substitute(model, 'SYS', name);
        expectJsonOf('compile -f json', stringifyJson(m), m);
        const yaml = stringifyYaml(m);
        expectHarmless('compile -f yaml', yaml);
        expect(parseYaml(yaml)).toEqual(JSON.parse(JSON.stringify(m)));
      }),
      COMPILE.params,
    );
  }, COMPILE.timeout);

  it('graph: Mermaid shows every label as written, DOT and SVG draw every node, JSON carries the graph', async () => {
    await fc.assert(
      fc.asyncProperty(hostileName, async (name) => {
        const g = substitute(graph, 'SYS', name);
        const mermaid = graphMermaid(g);
        const picture = await expectMermaid('graph -f mermaid', mermaid);
        const drawn = new Picture(g);
        // As written, with control characters escaped; Mermaid trims the blanks around a label.
        const shown = (s: string): string => escapeControls(s).trim();
        // Nodes are n0, n1, … in graph order (an edge into a group also names the group's id, g0, …).
        const nodes = new Map(picture.nodes.map((n) => [n.id, n.lines.map((l) => l.trim())]));
        expect(g.nodes.map((_, i) => nodes.get(`n${i}`))).toEqual(g.nodes.map((n) => drawn.nodeLines(n).map(shown)));
        expect(picture.edges.map((e) => e.lines.map((l) => l.trim()))).toEqual(drawn.drawnEdges().map((e) => [shown(e.text)]));
        const groups: string[] = [];
        const walk = (t: GroupTree): void => t.children.forEach((c) => (groups.push(shown(groupLabel(c.group!))), walk(c)));
        walk(groupTree(g));
        expect(picture.subgraphs.map((t) => t.trim()).sort()).toEqual(groups.sort());

        const dot = graphDot(g);
        expectHarmless('graph -f dot', dot);
        // As `graph -f svg` draws it: a new Graphviz instance each time (one instance that drew many pictures fails).
        const svg = await graphSvg(g);
        expectHarmless('graph -f svg', svg);
        expect(XMLValidator.validate(svg)).toBe(true);
        expect(svg.match(/<g id="node\d+" class="node">/g)?.length).toBe(g.nodes.length);
        // No link: no <a> element, no href attribute (a `<` of a name is text, &lt;).
        expect(svg).not.toMatch(/<a[\s>]|<[^>]*\s(?:xlink:)?href=/);

        expectJsonOf('graph -f json', stringifyJson(g), g);
      }),
      GRAPH.params,
    );
  }, GRAPH.timeout);

  it('diff: text, JSON, Markdown (with its routing picture) and GitHub annotations', async () => {
    await fc.assert(
      fc.asyncProperty(hostileName, async (name) => {
        const r = substitute(diff, 'SYS', name);
        expectHarmless('diff -f text', diffText(r, false));
        expectHarmless('diff -f json', diffJson(r));
        JSON.parse(diffJson(r));
        await expectMarkdown('diff -f markdown', diffMarkdown(r));
        expectAnnotations('diff -f github', github({ diagnostics: r.findings.new, files: [], cwd: root, sourceRoot: root, color: false, toolVersion: '0' }), r.findings.new.length);
      }),
      DIFF.params,
    );
  }, DIFF.timeout);

  it('simulate: a scenario (text, JSON, Markdown with its step pictures) and a failure sweep', async () => {
    await fc.assert(
      fc.asyncProperty(hostileName, async (name) => {
        const results = substitute(scenarios, 'SYS', name);
        expectHarmless('simulate -f text', formatText(results, false));
        expectJsonOf('simulate -f json', stringifyJson({ scenarios: results }), { scenarios: results });
        await expectMarkdown('simulate -f markdown', simulateMarkdown(results, substitute(pictures, 'SYS', name)));

        const report = substitute(sweep, 'SYS', name);
        expectHarmless('simulate --failures -f text', sweepText(report, false));
        expectJsonOf('simulate --failures -f json', stringifyJson(report), report);
        await expectMarkdown('simulate --failures -f markdown', sweepMarkdown(report));
      }),
      SIMULATE.params,
    );
  }, SIMULATE.timeout);
});
