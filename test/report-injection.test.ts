/**
 * Report injection: values from input files reach the reports. A ServerCluster Name holding
 * `&#10;::error file=PWNED.txt,line=1::…` must never print a line that GitHub Actions reads as a workflow
 * command; an ESC sequence, a bell or a bidi override must never reach a terminal or a log; XML reports must stay
 * well-formed. In every format of every command, on stdout and stderr.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { visible } from '../src/report/escape/line.js';
import { formatters } from '../src/report/index.js';
import { runMainIn } from './support/main.js';

const root = mkdtempSync(join(tmpdir(), 'plexlint-injection-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A name that tries everything: a line feed and a workflow command, an ESC colour, an OSC title with a bell, a bidi override. */
const EVIL = 'Shop&#10;::error file=PWNED.txt,line=1::pwned&#13;&#27;[31mRED&#27;]0;owned&#7;&#8238;';
const EVIL_TEXT = 'Shop\n::error file=PWNED.txt,line=1::pwned\r\x1b[31mRED\x1b]0;owned\x07\u202e';

const example = join(import.meta.dirname, '..', 'fixtures', 'example');
const estate = join(root, 'estate');
cpSync(example, estate, { recursive: true });
const pluginPath = join(estate, 'web', 'plugin-cfg.xml');
const original = readFileSync(pluginPath, 'utf8');
// A second ServerCluster of the same (hostile) name: plugin-duplicate-name quotes it.
const cluster = /<ServerCluster [\s\S]*?<\/ServerCluster>/.exec(original)![0];
const renamed = cluster.replace(/ Name="ShopCluster"/, ` Name="${EVIL}"`).replace(/CloneID="(\w+)"/g, 'CloneID="$1x"');
writeFileSync(pluginPath, original.replace(cluster, `${cluster}\n${renamed}\n${renamed}`));

/** An estate whose route goes through the hostile cluster, so that trace, simulate and graph name it. */
const routed = join(root, 'routed');
cpSync(example, routed, { recursive: true });
writeFileSync(join(routed, 'web', 'plugin-cfg.xml'), original.replace(/ Name="ShopCluster"/, ` Name="${EVIL}"`).replace(/ServerCluster="ShopCluster"/g, `ServerCluster="${EVIL}"`));

/** What must never appear in anything plexlint prints (colour is off in these runs). */
function expectHarmless(what: string, text: string, ownCommands = 0): void {
  expect(text, what).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
  const commands = text.split(/\r?\n/).filter((line) => /^\s*::/.test(line));
  expect(commands.filter((line) => line.includes('PWNED')).filter((line) => !/^::(error|warning|notice) file=web\/plugin-cfg\.xml,/.test(line)), what).toEqual([]);
  expect(commands.length, what).toBe(ownCommands);
}

describe('check, every format', () => {
  for (const format of Object.keys(formatters)) {
    it(format, async () => {
      const r = await runMainIn(['check', '.', '--format', format], { cwd: estate });
      expect(r.code).toBe(1);
      const annotations = format === 'github' ? r.stdout.split('\n').filter((l) => l.startsWith('::')).length : 0;
      if (format === 'github') expect(annotations).toBeGreaterThan(0);
      expectHarmless(`${format} stdout`, r.stdout, annotations);
      expectHarmless(`${format} stderr`, r.stderr);
      if (format === 'checkstyle' || format === 'junit') expect(XMLValidator.validate(r.stdout), format).toBe(true);
      // JSON carries the value exactly, as escapes (also those JSON.stringify leaves raw).
      if (format === 'json') expect(r.stdout).toContain('Shop\\n::error file=PWNED.txt,line=1::pwned\\r\\u001b[31mRED\\u001b]0;owned\\u0007\\u202E');
      else if (format !== 'codequality' && format !== 'sarif') expect(r.stdout + r.stderr, format).toContain('Shop\\n::error file=PWNED.txt');
    });
  }
});

describe('diff, trace and simulate', () => {
  for (const format of ['text', 'markdown', 'github', 'json']) {
    it(`diff --format ${format}`, async () => {
      const r = await runMainIn(['diff', example, '.', '--format', format], { cwd: estate });
      expect(r.code).toBe(1);
      const annotations = format === 'github' ? r.stdout.split('\n').filter((l) => l.startsWith('::')).length : 0;
      expectHarmless(`diff ${format}`, r.stdout + r.stderr, annotations);
    });
  }

  it('diff of a system renamed to an OSC title sequence: its row in the counts by system is escaped (the mutation fuzzer)', async () => {
    const renamed = join(root, 'renamed-system');
    cpSync(example, renamed, { recursive: true });
    const manifest = join(renamed, 'plexlint.yaml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/^  SYSB:$/m, '  "\\e]0;TITLE\\aSYSB":'));
    for (const format of ['text', 'markdown']) {
      const r = await runMainIn(['diff', example, '.', '--format', format], { cwd: renamed });
      expect(r.stdout, format).toMatch(/By system/);
      if (format === 'text') expect(r.stdout).toContain('  \\x1B]0;TITLE\\x07SYSB ');
      expectHarmless(`diff ${format}, renamed system`, r.stdout + r.stderr);
    }
  });

  it('diff --format markdown shows a name as written, never as a link or HTML', async () => {
    const md = join(root, 'md');
    cpSync(example, md, { recursive: true });
    const p = join(md, 'web', 'plugin-cfg.xml');
    writeFileSync(p, readFileSync(p, 'utf8').replace(/ Name="ShopCluster"/, ' Name="[click](https://example.invalid) &lt;img src=x&gt; a|b"').replace(/ServerCluster="ShopCluster"/g, 'ServerCluster="[click](https://example.invalid) &lt;img src=x&gt; a|b"'));
    const r = await runMainIn(['diff', example, '.', '--format', 'markdown'], { cwd: md });
    // Outside the Mermaid picture (which Mermaid renders as text, never as Markdown).
    const markdown = r.stdout.replace(/```mermaid[\s\S]*?```/g, '');
    // The URL is not a link either: GitHub autolinks a bare https://, so a zero-width joiner breaks it.
    expect(markdown).toContain('\\[click\\](https:\u200D//example.invalid) \\<img src=x\\> a\\|b');
    expect(markdown).not.toContain('[click](');
    expect(markdown).not.toContain('https://example');
    expect(markdown).not.toMatch(/(?<!\\)<img/);
  });

  it('trace --url through the hostile cluster', async () => {
    const r = await runMainIn(['trace', '.', '--url', 'http://shop.example.com/shop/cart'], { cwd: routed });
    expect(r.stdout).toContain('Shop\\n::error');
    expectHarmless('trace', r.stdout + r.stderr);
  });

  it('simulate, text, json and markdown', async () => {
    writeFileSync(join(routed, 'x.scenario.yaml'), 'estate: plexlint.yaml\nsteps:\n  - requests: { plugin: web/plugin-cfg.xml, url: "http://shop.example.com/shop/cart", count: 30 }\n    expect: { failed: { max: 0 } }\n');
    for (const format of ['text', 'json', 'markdown']) {
      const r = await runMainIn(['simulate', 'x.scenario.yaml', '--format', format], { cwd: routed });
      if (format === 'markdown') expect(r.stdout).toContain('::error');
      expectHarmless(`simulate ${format}`, r.stdout + r.stderr);
    }
  });

  it('graph, every format', async () => {
    for (const format of ['mermaid', 'dot', 'svg', 'json']) {
      const r = await runMainIn(['graph', '.', '--format', format], { cwd: routed });
      expect(r.code, format).toBe(0);
      expectHarmless(`graph ${format}`, r.stdout + r.stderr);
    }
  });

  it('a file name with control characters on stderr (one clear line)', async () => {
    const r = await runMainIn(['check', `SYSA\n::error file=PWNED.txt::x\x1b[31m.tcpip`], { cwd: estate });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('plexlint: SYSA\\n::error file=PWNED.txt::x\\x1B[31m.tcpip does not exist\n');
  });
});

describe('visible()', () => {
  it('names each control character, and leaves everything else as it is', () => {
    expect(visible(EVIL_TEXT)).toBe('Shop\\n::error file=PWNED.txt,line=1::pwned\\r\\x1B[31mRED\\x1B]0;owned\\x07\\u202E');
    expect(visible('SYSA: 10.1.1.1 → ärger ✓ \\x1B')).toBe('SYSA: 10.1.1.1 → ärger ✓ \\x1B');
    expect(visible('a\tb\u0085c\u2028d')).toBe('a\\tb\\x85c\\u2028d');
    expect(visible('a\nb', { lineBreaks: true })).toBe('a\nb');
  });
});
