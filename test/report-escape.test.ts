/**
 * Injection through the output formats (issue 30): a name from the files that holds a line break and `::error …`
 * (YAML wrote it on a line of its own), the GitHub runner's older command form `##[error]…` (read anywhere in a
 * line), a Mermaid directive `%%{init …}%%` and a `style …:#…;` that Mermaid cuts, an HTML entity that Graphviz
 * decodes into a raw bidi override, `@org/team` and `#123` (a mention and an issue link in a bot's comment), and file
 * names that a `file:line:column:` matcher reads as another location. Each attack is reproduced through the command
 * or the formatter that printed it; the invariants over random names are in test/report-escape-properties.test.ts.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { reportInput } from '../src/cli/check.js';
import { terminalProgress } from '../src/cli/progress.js';
import { lint } from '../src/engine/lint.js';
import { dotString } from '../src/report/escape/diagram.js';
import { stringifyYaml } from '../src/report/escape/yaml.js';
import { viz as loadViz } from '../src/core/libs.js';
import { formatters } from '../src/report/index.js';

import { inspectMermaid } from './support/mermaid.js';
import { runMain, runMainIn } from './support/main.js';

const root = mkdtempSync(join(tmpdir(), 'plexlint-escape-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const example = join(import.meta.dirname, '..', 'fixtures', 'example');

/** Every attack in one ServerCluster Name. */
const HOSTILE = [
  'Shop',
  '\n  ::error file=PWNED.txt,line=1::injected',
  '\u2028\u202E',
  " %%{init: {'theme':'forest'}}%%",
  ' @org/team #123 GH-7',
  ' ##[error]legacy',
  ' style fill:#f00; "q"',
  ' &#8238;&#10;::warning file=X::y',
].join('');

function xmlAttribute(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/[\u2028\u202E]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The example estate with ShopCluster renamed everywhere (routes follow it), one of its servers weighted down (so
 * that `diff` draws a routing picture), and a second cluster of that name (a finding that quotes it).
 */
const estate = join(root, 'estate');
cpSync(example, estate, { recursive: true });
const pluginPath = join(estate, 'web', 'plugin-cfg.xml');
const original = readFileSync(pluginPath, 'utf8');
const renamed = original
  .replace(/ Name="ShopCluster"/, ` Name="${xmlAttribute(HOSTILE)}"`)
  .replace(/ServerCluster="ShopCluster"/g, `ServerCluster="${xmlAttribute(HOSTILE)}"`)
  .replace('LoadBalanceWeight="19"', 'LoadBalanceWeight="1"');
const cluster = /<ServerCluster [^>]*Name="Shop[\s\S]*?<\/ServerCluster>/.exec(renamed)![0];
writeFileSync(pluginPath, renamed.replace(cluster, `${cluster}\n${cluster.replace(/CloneID="(\w+)"/g, 'CloneID="$1x"')}`));
writeFileSync(
  join(estate, 'shop.scenario.yaml'),
  'estate: plexlint.yaml\nsteps:\n  - requests: { plugin: web/plugin-cfg.xml, url: "http://shop.example.com/shop/cart", count: 30 }\n    expect: { failed: { max: 0 } }\n',
);

/** Control characters, DEL, C1, line and paragraph separators, bidi controls: never raw in any output. */
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** GitHub's mention pattern (html-pipeline's MentionFilter), and an issue reference. */
const MENTION = /(?:^|\W)@[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)?(?!\/)(?=\.+[ \t\W]|\.+$|[^0-9a-zA-Z_.]|$)/im;
const ISSUE = /(?:^|[^\w&])#\d|\w+\/[\w.-]+#\d|\bGH-\d/i;

/** The lines the GitHub runner reads as commands: `::` first after blanks (TryParseV2), or `##[` anywhere (TryParse). */
function commandLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => /^[\s\u0085]*::/.test(line) || line.includes('##['));
}

/** Markdown as GitHub renders it, without the parts where it finds no references: code blocks and code spans. */
function renderedText(markdown: string): string {
  return markdown.replace(/```[\s\S]*?```/g, '').replace(/(`+)[\s\S]*?\1/g, '');
}

function expectNoInjection(what: string, text: string, ownCommands = 0): void {
  expect(text, what).not.toMatch(RAW_CONTROL);
  expect(commandLines(text).length, `${what}: ${JSON.stringify(commandLines(text).map((l) => l.slice(0, 300)))}`).toBe(ownCommands);
}

describe('compile -f yaml', () => {
  it('writes a name with a line break, ::, ##[, U+2028 and U+202E as one escaped double-quoted line, read back as the same value', async () => {
    const yaml = await runMain('compile', estate, '-f', 'yaml');
    const json = await runMain('compile', estate, '-f', 'json');
    expect(yaml.stdout).toContain('Shop');
    expectNoInjection('compile -f yaml', yaml.stdout);
    expect(yaml.stdout).toContain(`name: "Shop\\n  ::error file=PWNED.txt,line=1::injected\\L\\u202E %%{init: {'theme':'forest'}}%% @org/team #123 GH-7 ##\\x5Berror]legacy`);
    expect(parseYaml(yaml.stdout)).toEqual(JSON.parse(json.stdout));
  });
});

describe('YAML strings without a control character', () => {
  it('are quoted when they hold :: or ##[, so that folding a long one never starts a line with ::', () => {
    const value = {
      '::error file=PWNED.txt::key': 1,
      folded: `${'x'.repeat(90)} ::error file=PWNED.txt::folded`,
      list: ['::warning::item', 'a ##[error]legacy'],
      address: '2001:db8::1',
      plain: `${'y '.repeat(50)}end`,
    };
    const text = stringifyYaml(value);
    expect(commandLines(text)).toEqual([]);
    expect(text).toContain('address: "2001:db8::1"\n');
    expect(text).toContain('"a ##\\x5Berror]legacy"');
    // Strings without them are written as the yaml package writes them: plain, folded when long.
    expect(text).toMatch(/^plain: y y .* y\n {2}y /m);
    expect(parseYaml(text)).toEqual(value);
  });
});

describe('Mermaid pictures', () => {
  const shopLabel = (lines: string[]): boolean => lines[0]!.startsWith('ServerCluster Shop');
  /** As the picture shows the name: its control characters escaped, everything else as written. */
  const shownName = 'Shop\\n  ::error file=PWNED.txt,line=1::injected\\u2028\\u202E' + HOSTILE.slice(HOSTILE.indexOf(" %%{init"));

  it('graph -f mermaid: a directive in a name is not applied, and `style …:#…;` does not cut the label', async () => {
    const r = await runMain('graph', estate, '-f', 'mermaid');
    expect(r.code).toBe(0);
    expectNoInjection('graph -f mermaid', r.stdout);
    const picture = await inspectMermaid(r.stdout);
    expect(picture.config).toEqual({});
    const shop = picture.nodes.filter((n) => shopLabel(n.lines));
    expect(shop.length).toBeGreaterThan(0);
    for (const n of shop) expect(n.lines[0]).toBe(`ServerCluster ${shownName}`);
    expect(picture.nodes.filter((n) => n.link !== undefined || n.classes.includes('clickable'))).toEqual([]);
    expect(r.stdout).not.toMatch(/%%|@/);
  });

  it('diff -f markdown: the routing picture applies no directive either', async () => {
    const r = await runMain('diff', example, estate, '-f', 'markdown');
    const blocks = [...r.stdout.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      expect(block).toContain('ServerCluster Shop');
      expect((await inspectMermaid(block)).config).toEqual({});
    }
  });
});

describe('DOT and SVG', () => {
  it('graph -f svg: an HTML entity in a name (&#8238;, &#10;) is shown as written, never decoded into the picture', async () => {
    const r = await runMain('graph', estate, '-f', 'svg');
    expect(r.code).toBe(0);
    expect(XMLValidator.validate(r.stdout)).toBe(true);
    expectNoInjection('graph -f svg', r.stdout);
    expect(r.stdout).toContain('&amp;#8238;&amp;#10;::warning file=X::y');
    expect(r.stdout).not.toMatch(/<a[\s>]|<[^>]*\s(?:xlink:)?href=/);
  });

  it('a lone surrogate in a name (before a no-break space, which Graphviz paired it with) is written as its escape, and Graphviz draws the picture', async () => {
    expect(dotString('a\uD800\u00A0b \uDC00 \uD83D\uDE00')).toBe('"a\\\\uD800\u00A0b \\\\uDC00 \uD83D\uDE00"');
    const viz = await loadViz().instance();
    const result = viz.render(`digraph { n0 [label=${dotString('SYS\uD800\u00A0::')}] }`, { format: 'svg', engine: 'dot' });
    expect(result.status).toBe('success');
  });
});

describe('mentions and issue references', () => {
  it('diff -f markdown and -f github: @org/team, #123 and GH-7 neither notify nor link', async () => {
    const md = await runMain('diff', example, estate, '-f', 'markdown');
    expect(md.stdout).toContain('org/team');
    expect(renderedText(md.stdout)).not.toMatch(MENTION);
    expect(renderedText(md.stdout)).not.toMatch(ISSUE);
    const gh = await runMain('diff', example, estate, '-f', 'github');
    expect(gh.stdout).toContain('org/team');
    expect(gh.stdout).not.toMatch(MENTION);
    expect(gh.stdout).not.toMatch(ISSUE);
  });
  it('check -f sarif: the messages code scanning shows neither notify nor link', async () => {
    const r = await runMain('check', estate, '-f', 'sarif');
    const log = JSON.parse(r.stdout) as { runs: { results: { message: { text: string }; relatedLocations?: { message?: { text: string } }[] }[] }[] };
    const texts = log.runs[0]!.results.flatMap((x) => [x.message.text, ...(x.relatedLocations ?? []).map((l) => l.message?.text ?? '')]);
    expect(texts.join('\n')).toContain('org/team');
    for (const t of texts) {
      expect(t).not.toMatch(MENTION);
      expect(t).not.toMatch(ISSUE);
    }
  });
  it('simulate -f markdown: neither notify nor link', async () => {
    const r = await runMainIn(['simulate', 'shop.scenario.yaml', '-f', 'markdown'], { cwd: estate });
    expect(r.stdout).toContain('org/team');
    expect(renderedText(r.stdout)).not.toMatch(MENTION);
    expect(renderedText(r.stdout)).not.toMatch(ISSUE);
  });
});

describe('no command of either form in any output', () => {
  const checkFormats = Object.keys(formatters);
  for (const format of checkFormats) {
    it(`check -f ${format}`, async () => {
      const r = await runMain('check', estate, '-f', format);
      expect(r.stdout).toMatch(/org.?\/team|org%2Fteam/);
      const own = format === 'github' ? r.stdout.split('\n').filter((l) => /^::(error|warning|notice) file=/.test(l)).length : 0;
      expectNoInjection(`check -f ${format}`, r.stdout, own);
      expectNoInjection(`check -f ${format} (stderr)`, r.stderr);
    });
  }
  it('compile -f json, graph -f dot and json, diff -f text and json, trace', async () => {
    const runs = [
      ['compile', estate],
      ['graph', estate, '-f', 'dot'],
      ['graph', estate, '-f', 'json'],
      ['diff', example, estate],
      ['diff', example, estate, '-f', 'json'],
      ['trace', estate, '--url', 'http://shop.example.com/shop/cart'],
    ];
    for (const args of runs) {
      const r = await runMain(...args);
      expect(r.stdout, args.join(' ')).toContain('org');
      expectNoInjection(args.join(' '), r.stdout + r.stderr);
    }
  });
  it('simulate -f text, json and markdown', async () => {
    for (const format of ['text', 'json', 'markdown']) {
      const r = await runMainIn(['simulate', 'shop.scenario.yaml', '-f', format], { cwd: estate });
      expect(r.stdout, format).toContain('org');
      expectNoInjection(`simulate -f ${format}`, r.stdout + r.stderr);
    }
  });
});

describe('file names a line format starts a line with', () => {
  const dir = join(root, 'names');
  mkdirSync(dir);
  /** A location and a severity for README.md; a workflow command; a line ESLint's stylish matcher reads as a finding. */
  const names = ['README.md:7:1: error: Approved, merge now [x] .tcpip', '::error file=PWNED.txt::x.tcpip', '  12:3  error  Approved  forged-rule.tcpip', 'ok.tcpip'];
  for (const name of names) writeFileSync(join(dir, name), 'BOGUS STATEMENT\n');
  const input = { ...reportInput(lint([dir], { cwd: dir }), { env: {} }), color: false };

  /** The GitHub problem matcher plexlint ships, and VS Code's $gcc (microsoft/vscode-cpptools). */
  const matchers = [
    ...(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'plexlint-matcher.json'), 'utf8')) as { problemMatcher: { pattern: { regexp: string; file: number; line: number; column: number }[] }[] }).problemMatcher.map((m) => m.pattern[0]!),
    { regexp: '^(.*?):(\\d+):(\\d*):?\\s+(?:fatal\\s+)?(warning|error):\\s+(.*)$', file: 1, line: 2, column: 3 },
  ];

  it('the estate has a finding in each file', () => {
    expect(new Set(input.diagnostics.map((d) => d.file))).toEqual(new Set(names));
  });
  it('gcc (and junit, made of gcc lines): no matcher reads another file, line or severity, and no line is a command', () => {
    const gcc = formatters['gcc']!(input);
    expectNoInjection('gcc', gcc);
    const lines = gcc.trimEnd().split('\n');
    expect(lines).toHaveLength(names.length);
    for (const line of lines) {
      for (const m of matchers) {
        const hit = new RegExp(m.regexp).exec(line);
        if (!hit) continue;
        expect(hit[m.file], line).not.toBe('README.md');
        expect([hit[m.line], hit[m.column]], line).toEqual(['1', '1']);
      }
    }
    // Ordinary names are written as they are, and every matcher still reads them.
    // BOGUS is no statement plexlint knows: a warning (unknown-statement), which the matchers read as they read errors.
    const ok = lines.find((l) => l.startsWith('ok.tcpip:1:1: warning: '))!;
    const read = matchers.map((m) => new RegExp(m.regexp).exec(ok)?.[m.file]).filter((f) => f !== undefined);
    expect(read).toEqual(['ok.tcpip', 'ok.tcpip']);
    expectNoInjection('junit', formatters['junit']!(input));
  });
  it("stylish: a file name is never read as a finding by ESLint's stylish matcher, and no line is a command", () => {
    const stylish = formatters['stylish']!(input);
    expectNoInjection('stylish', stylish);
    // VS Code ESLint extension's $eslint-stylish: a file line, then finding lines (loop).
    const fileLine = /^([^\s].*)$/;
    const findingLine = /^\s+(\d+):(\d+)\s+(error|warning|info)\s+(.*)\s\s+(.*)$/;
    const read: string[] = [];
    let file = '';
    for (const line of stylish.split('\n')) {
      const f = findingLine.exec(line);
      if (f) read.push(`${file} ${f[1]}:${f[2]} ${f[5]}`);
      else if (fileLine.test(line) && !/^[✖⚠ℹ]/.test(line)) file = line;
    }
    expect(read.sort()).toEqual(
      input.diagnostics.map((d) => `${d.file.startsWith(' ') || d.file.startsWith('::') ? `./${d.file}` : d.file} ${d.line}:${d.column} ${d.ruleId}`).sort(),
    );
  });
});

describe('stderr', () => {
  it('a progress line that names a scenario file from the checkout (simulate --progress in CI)', () => {
    let written = '';
    const progress = terminalProgress({ option: true, stream: { isTTY: false, write: (s: string) => ((written += s), true) } });
    progress.phase('simulating x\n::error file=PWNED.txt::y ##[error]z\u202E.scenario.yaml');
    progress.end();
    expect(written).toMatch(/^plexlint: simulating x\\n::error file=PWNED\.txt::y ##\\x5Berror\]z\\u202E\.scenario\.yaml \(\d+\.\d s\)\n$/);
    expectNoInjection('progress', written);
  });
});
