/**
 * Small inputs that took more than 10 s or 1 GB (issue 30, "time and memory"), each made a test. A test asserts
 * the work done — findings counted, the refusal, the cap — and runs under the suite's timeout, which only guards
 * against a hang: the code before this work ran past it on every input here (minutes each). Times are measured by
 * `npm run bench` (bench/robustness.ts) and recorded in docs/robustness.md, never asserted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_FINDINGS_PER_RULE_AND_FILE } from '../src/core/finding-limit.js';
import { compile } from '../src/engine/compile.js';
import { lint } from '../src/engine/lint.js';
import { findRule } from '../src/rules/registry.js';
import { graphWork, MAX_GRAPH_WORK } from '../src/graph/index.js';
import { MAX_SWEEP_WORK, sweepFailures, SweepTooLarge } from '../src/sim/failures.js';
import { parseScenario } from '../src/sim/scenario.js';
import { discover, MAX_SCAN_FILES, TooManyFiles } from '../src/sources/discover.js';
import { FsJournal } from '../src/sources/fs-journal.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { TreeFs } from '../src/sources/tree-fs.js';
import { scanGoScript } from '../src/frontends/goscript/index.js';
import { MAX_DOCUMENT_CHARS } from '../src/lsp/session.js';
import { hasStackTrace, runCli } from './support/cli.js';
import { LspClient } from './support/lsp-client.js';

const root = mkdtempSync(join(tmpdir(), 'plexlint-hostile-bounds-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
function estate(files: Record<string, string>): string {
  const dir = join(root, `e${++n}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const limitText = (count: number, rule: string): string =>
  `${count.toLocaleString('en-US')} more findings of ${rule} in this file from here on are not listed: plexlint reports the first ${MAX_FINDINGS_PER_RULE_AND_FILE.toLocaleString('en-US')} of a rule in a file. Fix those and check again.`;

describe('ignore patterns', () => {
  // Folder scans go 32 levels deep: 30 folders of `a`, a profile in each.
  it('`a/**/` twenty times then `b`, over a folder 30 deep with a profile at every level: checked, none ignored', () => {
    // The ignore package's regular expression backtracked: fifteen groups over 30 folders took 26–156 s.
    const files: Record<string, string> = { '.plexlintignore': `${'a/**/'.repeat(20)}b\n`, '.git/HEAD': '' };
    for (let d = 1; d <= 30; d++) files[`${'a/'.repeat(d)}S${d}.tcpip`] = 'HOME 10.1.1.1 L1\n';
    const dir = estate(files);
    const r = lint([dir], { cwd: dir });
    expect(r.compiled.estate.systems).toHaveLength(30);
  });

  it('the same pattern ending in a folder b/ at the bottom ignores just the profile in it', () => {
    const files: Record<string, string> = { '.plexlintignore': `${'a/**/'.repeat(20)}b/\n`, '.git/HEAD': '' };
    for (let d = 1; d <= 29; d++) files[`${'a/'.repeat(d)}S${d}.tcpip`] = 'HOME 10.1.1.1 L1\n';
    files[`${'a/'.repeat(29)}b/SB.tcpip`] = 'HOME 10.1.1.1 L1\n';
    const dir = estate(files);
    const r = lint([dir], { cwd: dir });
    expect(r.compiled.estate.systems.map((s) => s.name)).not.toContain('SB');
    expect(r.compiled.estate.systems).toHaveLength(29);
  });
});

describe('YAML: duplicate keys in linear time', () => {
  it('a manifest of 30,000 unknown keys (900 KB): 10,000 findings and a count', () => {
    const lines = ['systems:', '  SYSA: { profile: SYSA.tcpip }'];
    for (let i = 0; i < 30_000; i++) lines.push(`k${String(i).padStart(7, '0')}: value-of-the-key`);
    const dir = estate({ 'plexlint.yaml': `${lines.join('\n')}\n`, 'SYSA.tcpip': 'HOME 10.1.1.1 L1\n' });
    const unknown = lint([dir], { cwd: dir }).diagnostics.filter((d) => d.ruleId === 'manifest-unknown-key');
    expect(unknown).toHaveLength(MAX_FINDINGS_PER_RULE_AND_FILE + 1);
    expect(unknown.at(-1)!.message).toBe(limitText(20_000, 'manifest-unknown-key'));
  });

  it('a manifest whose 30,000 keys each appear twice: every repeat is a syntax error, listed up to the limit', () => {
    const keys: string[] = [];
    for (let i = 0; i < 30_000; i++) keys.push(`k${i}: 1`);
    const dir = estate({ 'plexlint.yaml': `${keys.join('\n')}\n${keys.join('\n')}\n`, 'SYSA.tcpip': 'HOME 10.1.1.1 L1\n' });
    const syntax = lint([dir], { cwd: dir }).diagnostics.filter((d) => d.ruleId === 'syntax');
    expect(syntax).toHaveLength(MAX_FINDINGS_PER_RULE_AND_FILE + 1);
    expect(syntax[0]).toMatchObject({ line: 30_001, column: 1, message: 'plexlint.yaml: Map keys must be unique. plexlint cannot read the manifest, so nothing in it is applied.' });
  });

  it("a parser message that quotes 900,000 dots of the manifest is ended as a sentence in one pass", () => {
    // `/[.\s]*$/` over the message tried every start in the run of dots: 50,000 took 6 s, and it grows with the square.
    const dir = estate({ 'plexlint.yaml': `%YAML 1.${'.'.repeat(900_000)}x\n---\nsystems: {}\n`, 'SYSA.tcpip': 'HOME 10.1.1.1 L1\n' });
    const syntax = lint([dir], { cwd: dir }).diagnostics.filter((d) => d.ruleId === 'syntax');
    expect(syntax).toHaveLength(1);
    // The long word shortened as reported (its first 80 and last 20 characters, and its length).
    expect(syntax[0]!.message).toMatch(/^plexlint\.yaml: Unsupported YAML version 1\.+…\.+x\. \[900004 characters\] plexlint cannot read the manifest, so nothing in it is applied\.$/);
  });

  it('a 1 MB scenario of 50,000 unknown keys: 10,000 problems listed and the rest counted', () => {
    const lines = ['inputs: [.]', 'steps:', '  - connect:', '      to: 10.1.1.1:80'];
    for (let i = 0; i < 50_000; i++) lines.push(`      k${String(i).padStart(8, '0')}: 1`);
    const file = sourceFromText('big.scenario.yaml', `${lines.join('\n')}\n`);
    const r = parseScenario(file, (p) => join(root, p));
    expect(r.scenario).toBeUndefined();
    expect(r.findings).toHaveLength(MAX_FINDINGS_PER_RULE_AND_FILE + 1);
    expect(r.findings.at(-1)!.message).toMatch(/^40,000 more findings of /);
  });
});

describe('inline suppressions', () => {
  it('100,000 disable/enable pairs around START A (8.6 MB): every finding suppressed, none reported unused', () => {
    const lines = ['HOME 10.1.1.1 L1'];
    for (let i = 0; i < 100_000; i++) lines.push('; plexlint-disable undefined-reference', 'START A', '; plexlint-enable undefined-reference');
    const dir = estate({ 'SYSA.tcpip': `${lines.join('\n')}\n` });
    const r = lint([dir], { cwd: dir });
    // The HOME's undefined LINK is the one finding left; the START A ones beyond the limit were counted, not kept,
    // so the directives around them are not called unused (whether they suppressed something is not known).
    expect(r.diagnostics.map((d) => `${d.line} ${d.ruleId}`)).toEqual(['1 undefined-reference']);
    // 9,999 START A findings (the HOME's is the first of the rule's 10,000) and the count of the rest.
    expect(r.suppressed.length).toBe(MAX_FINDINGS_PER_RULE_AND_FILE);
  });

  it('one plexlint-disable naming 300,000 unknown rules: 10,000 invalid-suppression findings and a count', () => {
    const ids: string[] = [];
    for (let i = 0; i < 300_000; i++) ids.push(`r${i}`);
    const dir = estate({ 'SYSA.tcpip': `HOME 10.1.1.1 L1\n; plexlint-disable ${ids.join(',')}\n` });
    const invalid = lint([dir], { cwd: dir }).diagnostics.filter((d) => d.ruleId === 'invalid-suppression');
    expect(invalid).toHaveLength(MAX_FINDINGS_PER_RULE_AND_FILE + 1);
    expect(invalid.at(-1)!.message).toBe(limitText(290_000, 'invalid-suppression'));
  });

  it('30,000 plexlint-enable comments that end nothing: 10,000 unused-suppression findings and a count', () => {
    const dir = estate({ 'SYSA.tcpip': `HOME 10.1.1.1 L1\n${'; plexlint-enable\n'.repeat(30_000)}` });
    const unused = lint([dir], { cwd: dir }).diagnostics.filter((d) => d.ruleId === 'unused-suppression');
    expect(unused).toHaveLength(MAX_FINDINGS_PER_RULE_AND_FILE + 1);
  });

  it('plexlint.yaml rules: of 30,000 unknown rule ids: 10,000 findings and a count', () => {
    const lines = ['systems:', '  SYSA: { profile: SYSA.tcpip }', 'rules:'];
    for (let i = 0; i < 30_000; i++) lines.push(`  no-such-rule-${i}: off`);
    const dir = estate({ 'plexlint.yaml': `${lines.join('\n')}\n`, 'SYSA.tcpip': 'HOME 10.1.1.1 L1\n' });
    const unknown = lint([dir], { cwd: dir }).diagnostics.filter((d) => d.ruleId === 'manifest-unknown-key');
    expect(unknown).toHaveLength(MAX_FINDINGS_PER_RULE_AND_FILE + 1);
  });
});

describe('cross-stack rules in proportion to the model', () => {
  it('distributor-no-backup over 100,000 distributed DVIPAs: one warning each (it compared every DVIPA with every distribution)', () => {
    // 2 stacks × 25,000 DVIPAs took 63 s. The model is widened in memory (copies of one DVIPA and its
    // distribution under other addresses), so that the rule alone is measured, not the front end.
    const dir = estate({
      'SYS1.tcpip': 'IPCONFIG DYNAMICXCF 10.30.0.1 255.255.0.0 1\nVIPADYNAMIC\n VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 10.40.0.1\n VIPADISTRIBUTE DEFINE 10.40.0.1 PORT 8080 DESTIP 10.30.0.1 10.30.0.2\nENDVIPADYNAMIC\n',
      'SYS2.tcpip': 'IPCONFIG DYNAMICXCF 10.30.0.2 255.255.0.0 1\n',
    });
    const { estate: model } = compile([dir], { cwd: dir });
    const [dv] = model.sysplex.dvipas;
    const [dist] = model.sysplex.distributions;
    expect(dv?.distributions).toEqual([dist?.id]);
    for (let i = 1; i < 100_000; i++) {
      const address = `10.${41 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
      const id = dist!.id.replace(dv!.address, address);
      model.sysplex.distributions.push({ ...dist!, id, dvipa: address });
      model.sysplex.dvipas.push({ ...dv!, address, distributions: [id] });
    }
    const related: number[] = [];
    findRule('distributor-no-backup')!.check!({ estate: model, ruleId: 'distributor-no-backup', report: (f) => void related.push(f.related?.length ?? 0) });
    expect(related).toHaveLength(100_000);
    expect(related.every((r) => r === 1)).toBe(true);
  });
});

/** n one-DVIPA stacks that all distribute with DESTIP ALL: n failures, each touching n flows of n targets. */
function destipAll(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const xcf = `10.200.${i >> 8}.${(i & 255) + 1}`;
    const dvipa = `10.100.${i >> 8}.${i & 255}`;
    out[`S${i}.tcpip`] = `IPCONFIG DYNAMICXCF ${xcf} 255.255.0.0 1\nVIPADYNAMIC\n VIPADEFINE 255.255.255.0 ${dvipa}\n VIPADISTRIBUTE DEFINE ${dvipa} PORT 80 DESTIP ALL\nENDVIPADYNAMIC\n`;
  }
  return out;
}

describe('failure sweeps within a limit', () => {
  it('simulate --failures single over 200 stacks that all DESTIP ALL: refused at once with one line (it ran 33 s; 400: minutes)', () => {
    const dir = estate(destipAll(200));
    const r = runCli(['simulate', '.', '--failures', 'single'], { cwd: dir });
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `plexlint: the failure sweep of this estate is too large: 200 failures would rerun 40,200 flows (up to 200 per failure, with up to 200 targets each): 15,517,200 units of work, where plexlint does at most ${MAX_SWEEP_WORK.toLocaleString('en-US')} in one sweep (docs/robustness.md, "Limits"). Sweep fewer stacks at once.\n`,
    );
  });

  it('the work is known before a flow is simulated, and grows as failures × flows × targets', () => {
    const work = (n: number): number => {
      const dir = estate(destipAll(n));
      try {
        sweepFailures(compile([dir], { cwd: dir }).estate, { mode: 'single', maxWork: 0 });
      } catch (e) {
        if (e instanceof SweepTooLarge) return e.work.total;
        throw e;
      }
      throw new Error('not refused');
    };
    const [w10, w20, w40] = [work(10), work(20), work(40)];
    // n² flow runs of 128 connections, each weighing 1 + n/100: a little more than four times per doubling.
    expect(w20 / w10).toBeGreaterThan(4);
    expect(w40 / w20).toBeGreaterThan(4);
    expect(w40).toBeLessThan(MAX_SWEEP_WORK);
  });

  it('a sweep within the limit runs as before: 20 such stacks, every stack failure loses connections', () => {
    const dir = estate(destipAll(20));
    const report = sweepFailures(compile([dir], { cwd: dir }).estate, { mode: 'single', maxWork: MAX_SWEEP_WORK });
    expect(report.runs).toHaveLength(20);
    expect(report.runs.every((run) => run.impacts.length === 20)).toBe(true);
  });

  it('simulate --failures pairs over 30 such stacks: refused for its pairs (435 pairs of 30 flows each)', () => {
    const dir = estate(destipAll(30));
    const r = runCli(['simulate', '.', '--failures', 'pairs'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^plexlint: the failure sweep of this estate is too large: 30 failures would rerun 930 flows \(up to 30 per failure, with up to 30 targets each\), then up to 435 pairs of failures: [\d,]+ units of work, .* Sweep fewer stacks at once, or lower --max-pairs\.\n$/);
  });
});

describe('graph within a limit', () => {
  it('a dscontrol file with one cluster of 40,000 servers (2 MB): refused with one line', () => {
    const lines = ['dscontrol executor start', 'dscontrol executor set nfa 10.20.0.51', 'dscontrol cluster add 10.60.1.1', 'dscontrol port add 10.60.1.1@80'];
    for (let i = 0; i < 40_000; i++) lines.push(`dscontrol server add 10.60.1.1@80@10.${20 + (i >> 16)}.${(i >> 8) & 255}.${i & 255} weight 5`);
    const dir = estate({ 'edge1.cfg': `${lines.join('\n')}\n` });
    expect(graphWork(compile([dir], { cwd: dir }).estate).total).toBeGreaterThan(MAX_GRAPH_WORK);
    const r = runCli(['graph', '.', '--no-findings'], { cwd: dir });
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^plexlint: the estate is too large to draw: its picture would simulate 1 flow of 1,200 connections, requests or calls each, 4,801,200 units of work .* \(name fewer of its files\)\.\n$/);
  });

  it('the example estate is far within it', () => {
    const dir = join(import.meta.dirname, '..', 'fixtures', 'example');
    expect(graphWork(compile([dir], { cwd: dir }).estate).total).toBeLessThan(MAX_GRAPH_WORK / 50);
  });
});

describe('folder scans take a bounded number of files', () => {
  /** A tree in memory of `n` two-byte profiles in folders of 1,000, and how many of them were read. */
  function tree(n: number): { fs: FsJournal; reads: () => number } {
    const entries = [];
    for (let i = 0; i < n; i++) entries.push({ path: `d${Math.floor(i / 1000)}/f${i}.tcpip`, kind: 'file' as const, size: 2 });
    let reads = 0;
    return { fs: new FsJournal(new TreeFs('/estate', entries, () => (reads++, Buffer.from(';\n')))), reads: () => reads };
  }

  it(`a folder of 120,000 files to check (a million took 92 s and 1.95 GB): refused when the scan passes ${MAX_SCAN_FILES.toLocaleString('en-US')}, nothing read`, () => {
    const { fs, reads } = tree(120_000);
    let error: unknown;
    try {
      discover(['.'], { fs, cwd: '/estate' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TooManyFiles);
    expect((error as Error).message).toBe(
      `the paths given (.) hold more than ${MAX_SCAN_FILES.toLocaleString('en-US')} files to check, the most plexlint takes in one run (docs/robustness.md, "Limits"): check fewer folders at a time, or leave out what is not configuration with a .plexlintignore.`,
    );
    expect(reads()).toBe(0);
  });

  it('up to the limit, every file is an input', () => {
    const { fs } = tree(MAX_SCAN_FILES);
    expect(discover(['.'], { fs, cwd: '/estate' }).estates[0]!.files).toHaveLength(MAX_SCAN_FILES);
  });
});

describe('the language server within bounds', () => {
  const dir = estate({ 'SYSA.tcpip': 'VIPADYNAMIC\n VIPADEFINE 255.255.255.0 10.1.1.1\nENDVIPADYNAMIC\n' });
  const sysa = pathToFileURL(join(dir, 'SYSA.tcpip')).href;
  const big = pathToFileURL(join(dir, 'BIG.tcpip')).href;
  const client = new LspClient(['lsp', '--stdio', '--debounce', '10']);
  afterAll(() => client.kill());

  it('starts', async () => {
    await client.request('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'e' }], capabilities: {} });
    client.notify('initialized', {});
    const seen = client.notifications.length;
    client.notify('textDocument/didOpen', { textDocument: { uri: sysa, languageId: 'tcpip-profile', version: 1, text: 'VIPADYNAMIC\n VIPADEFINE 255.255.255.0 10.1.1.1\nENDVIPADYNAMIC\n' } });
    await client.diagnostics(sysa, () => true, seen);
  });

  it('completion, hover, definition, references and code actions at line 100,000,000: answered as at the end of the document (completion took 53 s)', async () => {
    const far = { line: 100_000_000, character: 5 };
    const doc = { textDocument: { uri: sysa } };
    const items = await client.request<{ label: string }[]>('textDocument/completion', { ...doc, position: far });
    // The position is the end of the last line, an empty one after ENDVIPADYNAMIC: statements are offered there.
    expect(items.map((i) => i.label)).toContain('VIPADYNAMIC');
    expect(await client.request('textDocument/hover', { ...doc, position: far })).toBeNull();
    expect(await client.request('textDocument/definition', { ...doc, position: far })).toEqual([]);
    expect(await client.request('textDocument/references', { ...doc, position: far, context: { includeDeclaration: true } })).toEqual([]);
    expect(await client.request('textDocument/codeAction', { ...doc, range: { start: far, end: { line: 2 ** 31 - 1, character: 2 ** 31 - 1 } }, context: { diagnostics: [] } })).toEqual([]);
    // A character past the end of a line is the line's end: on line 2, after 10.1.1.1.
    expect(await client.request<{ label: string }[]>('textDocument/completion', { ...doc, position: { line: 1, character: 1_000_000 } })).toEqual(expect.any(Array));
  });

  it('completion after a word of 1,000,000 characters and a `!`: the word being typed is found by a scan back from the cursor', async () => {
    // `/[A-Za-z0-9@#$]*$/` over the line tried every start in the word: 50,000 characters took 15 s.
    const long = pathToFileURL(join(dir, 'LONG.tcpip')).href;
    const seen = client.notifications.length;
    client.notify('textDocument/didOpen', { textDocument: { uri: long, languageId: 'tcpip-profile', version: 1, text: `HOME ${'A'.repeat(1_000_000)}!\n` } });
    await client.diagnostics(long, () => true, seen);
    const items = await client.request<{ label: string }[]>('textDocument/completion', { textDocument: { uri: long }, position: { line: 0, character: 1_000_006 } });
    expect(items).toEqual(expect.any(Array));
  });

  it(`a document over ${MAX_DOCUMENT_CHARS.toLocaleString('en-US')} characters: one diagnostic saying it is not checked, requests answered empty`, async () => {
    const seen = client.notifications.length;
    const text = 'START A\n'.repeat(Math.ceil((MAX_DOCUMENT_CHARS + 1) / 8));
    client.notify('textDocument/didOpen', { textDocument: { uri: big, languageId: 'tcpip-profile', version: 1, text } });
    const published = await client.diagnostics(big, () => true, seen);
    expect(published.diagnostics).toHaveLength(1);
    expect(published.diagnostics[0]!.message).toBe(
      `this document is ${text.length.toLocaleString('en-US')} characters, more than the ${MAX_DOCUMENT_CHARS.toLocaleString('en-US')} the language server checks (docs/robustness.md, "Limits"), so it is not checked in the editor; plexlint check checks it from the command line.`,
    );
    expect(await client.request('textDocument/completion', { textDocument: { uri: big }, position: { line: 5, character: 3 } })).toEqual([]);
    expect(await client.request('textDocument/documentSymbol', { textDocument: { uri: big } })).toEqual([]);
    // Cut back under the limit, it is checked again.
    const again = client.notifications.length;
    client.notify('textDocument/didChange', { textDocument: { uri: big, version: 2 }, contentChanges: [{ text: 'START A\n'.repeat(3) }] });
    const checked = await client.diagnostics(big, () => true, again);
    expect(checked.diagnostics.map((d) => d.code)).toEqual(['undefined-reference', 'undefined-reference', 'undefined-reference']);
  });
});

describe('text scanned back from a position, not by an expression anchored at the end', () => {
  it('an XML attribute without a value after a comment of 2,000,000 characters: its name found by a scan back', () => {
    // `search(/[^\s]+$/)` over the text before it tried every start in the comment: 40,000 characters took 11 s.
    const dir = estate({ 'plugin-cfg.xml': `<?xml version="1.0"?>\n<!-- ${'x'.repeat(2_000_000)} -->\n<Config aaaa/>\n` });
    const syntax = lint([dir], { cwd: dir }).diagnostics.filter((d) => d.ruleId === 'syntax');
    expect(syntax.map((d) => [d.line, d.message.split(',')[0]])).toEqual([[3, "the attribute aaaa has no value: '=' and a quoted value must follow its name"]]);
  });

  it('a go script sourcing a path with a variable and a word of 300,000 characters that ends in `!`: not followed', () => {
    // `/[/\\]?[A-Za-z0-9_.-]+$/` tried every start in the word: 60,000 characters took 26 s.
    const asked: string[] = [];
    const r = scanGoScript(sourceFromText('lb/goActive', `. $DIR/${'a'.repeat(300_000)}!\n`), (p) => void asked.push(p));
    expect(r.ast.sourced).toHaveLength(1);
    expect(r.ast.sourced[0]!.file).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
