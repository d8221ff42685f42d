/**
 * `plexlint diff` on the pairs in fixtures/diff: each case states the changes,
 * routing changes and findings delta it expects in expected.yaml.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { diffExit } from '../src/cli/diff.js';
import { runDiff } from '../src/diff/index.js';
import { diffMarkdown } from '../src/report/diff/markdown.js';
import { diffText } from '../src/report/diff/text.js';
import { findingsDelta } from '../src/diff/findings.js';
import type { Diagnostic } from '../src/core/diagnostic.js';
import { generate, SMALL } from '../bench/generate.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');
const cases = join(root, 'fixtures', 'diff');

interface Expected {
  changes: { kind: string; object: string; attribute?: string; before?: unknown; after?: unknown }[];
  behaviour: { flow: string; measures?: Record<string, [number, number]> }[];
  findings: { new: string[]; fixed: string[] };
}

describe('fixtures/diff', () => {
  for (const name of readdirSync(cases).sort()) {
    it(name, () => {
      const expected = parse(readFileSync(join(cases, name, 'expected.yaml'), 'utf8')) as Expected;
      const r = runDiff(`fixtures/diff/${name}/old`, `fixtures/diff/${name}/new`, root);
      expect(r.changes.map((c) => ({ kind: c.kind, object: c.object, ...(c.attribute ? { attribute: c.attribute, before: c.before, after: c.after } : {}) }))).toEqual(expected.changes);
      expect(r.behaviour.map((b) => b.flow)).toEqual(expected.behaviour.map((b) => b.flow));
      for (const b of expected.behaviour) {
        const got = r.behaviour.find((x) => x.flow === b.flow)!;
        for (const [measure, [before, after]] of Object.entries(b.measures ?? {})) {
          const m = got.measures.find((x) => x.measure === measure);
          expect(m, measure).toBeDefined();
          expect(m!.before).toBeCloseTo(before, 3);
          expect(m!.after).toBeCloseTo(after, 3);
        }
      }
      expect(r.findings.new.map((d) => d.ruleId)).toEqual(expected.findings.new);
      expect(r.findings.fixed.map((d) => d.ruleId)).toEqual(expected.findings.fixed);
      const nothing = !expected.changes.length && !expected.behaviour.length && !expected.findings.new.length && !expected.findings.fixed.length;
      expect(diffExit(r, [])).toBe(nothing ? 0 : 1);
    });
  }
});

describe('diff exit codes and gating', () => {
  it('--fail-on new-findings ignores pure configuration changes', () => {
    const r = runDiff('fixtures/diff/hotstandby/old', 'fixtures/diff/hotstandby/new', root);
    expect(diffExit(r, ['new-findings'])).toBe(0);
    expect(diffExit(r, ['behaviour'])).toBe(1);
    expect(diffExit(r, ['changes'])).toBe(1);
  });
});

describe('markdown for a PR comment', () => {
  it('leads with a summary and stays under the GitHub comment limit, saying when it cut', () => {
    const r = runDiff('fixtures/diff/nooptlocal/old', 'fixtures/diff/nooptlocal/new', root);
    const md = diffMarkdown(r);
    expect(md.split('\n')[0]).toMatch(/^## plexlint: 1 configuration change, 4 routing changes, 0 new findings, 0 fixed$/);
    const many = { ...r, changes: Array.from({ length: 3000 }, () => r.changes[0]!) };
    const cut = diffMarkdown(many, 20000);
    expect(cut.length).toBeLessThanOrEqual(20000);
    expect(cut).toContain('The report was cut');
    expect(cut).toContain('<details>');
  });
});

describe('git:<ref> sides are read with git, without a checkout', () => {
  it('diffs the working tree against a commit of a scratch repository', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-diff-'));
    try {
      cpSync(join(cases, 'nooptlocal', 'old'), join(dir, 'estate'), { recursive: true });
      const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
      git('init', '-q');
      git('-c', 'user.email=t@t', '-c', 'user.name=t', 'add', '.');
      git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'base');
      const p = join(dir, 'estate', 'profiles', 'SYSB.tcpip');
      writeFileSync(p, readFileSync(p, 'utf8').replace('DISTMETHOD BASEWLM OPTLOCAL 1', 'DISTMETHOD BASEWLM'));
      const r = runDiff('git:HEAD', 'estate', dir);
      expect(r.changes.map((c) => `${c.object} ${c.attribute}`)).toEqual(['VIPADISTRIBUTE 10.40.1.2 port 3000 on SYSB optLocal']);
      expect(r.changes[0]!.oldLoc!.file).toBe('estate/profiles/SYSB.tcpip');
      expect(execFileSync('git', ['status', '--porcelain'], { cwd: dir }).toString()).toBe(' M estate/profiles/SYSB.tcpip\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('check --baseline', () => {
  const bin = join(root, 'bin', 'plexlint.js');
  const run = (...args: string[]): { code: number; out: string } => {
    try {
      return { code: 0, out: execFileSync(process.execPath, [bin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }).toString() };
    } catch (e) {
      const err = e as { status: number; stdout: Buffer };
      return { code: err.status, out: err.stdout.toString() };
    }
  };
  it('reports only the findings the baseline folder does not have', () => {
    const all = run('check', 'fixtures/rules/hotstandby-backups-same-cpc/bad', '-f', 'gcc');
    expect(all.out).toContain('[hotstandby-backups-same-cpc]');
    const none = run('check', 'fixtures/rules/hotstandby-backups-same-cpc/bad', '--baseline', 'fixtures/rules/hotstandby-backups-same-cpc/bad', '-f', 'gcc');
    expect(none).toEqual({ code: 0, out: '' });
    const added = run('check', 'fixtures/diff/optlocal/new', '--baseline', 'fixtures/diff/optlocal/old', '-f', 'gcc');
    expect(added.out.trim().split('\n').map((l) => l.replace(/^.*\[(.*)\]$/, '$1'))).toEqual(['optlocal-zero-wlm']);
  });
  it('accepts a report saved with --format json', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-baseline-'));
    try {
      const report = join(dir, 'base.json');
      run('check', 'fixtures/rules/hotstandby-backups-same-cpc/bad', '-f', 'json', '-o', report);
      expect(JSON.parse(readFileSync(report, 'utf8'))[0].messages[0].fingerprint).toMatch(/^hotstandby-backups-same-cpc:[0-9a-f]{32}$/);
      expect(run('check', 'fixtures/rules/hotstandby-backups-same-cpc/bad', '--baseline', report, '-f', 'gcc')).toEqual({ code: 0, out: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('a baseline that does not exist is a usage error (exit 2)', () => {
    expect(run('check', 'fixtures/example', '--baseline', 'no/such/dir').code).toBe(2);
  });
});

describe('diff --scenario and --format github', () => {
  it("runs the user's scenarios on both sides and reports the steps that moved", () => {
    const r = runDiff('fixtures/diff/nooptlocal/old', 'fixtures/diff/nooptlocal/new', root, { scenarios: ['fixtures/scenarios/sysplex-distributor.scenario.yaml'] });
    const mine = r.behaviour.filter((b) => b.flow.startsWith('fixtures/scenarios/sysplex-distributor.scenario.yaml'));
    expect(mine.map((b) => b.flow)).toEqual(['fixtures/scenarios/sysplex-distributor.scenario.yaml step 1 (line 8, connect)']);
    expect(mine[0]!.measures.find((m) => m.measure === 'kept local')).toMatchObject({ before: 1, after: 0 });
    // The same estate twice: the scenario's inputs (the whole estate) are equal, so nothing is simulated.
    const same = runDiff('fixtures/diff/nooptlocal/old', 'fixtures/diff/nooptlocal/old', root, { scenarios: ['fixtures/scenarios/sysplex-distributor.scenario.yaml'] });
    expect(same.flows.compared).toBe(0);
    expect(same.flows.skipped).toBeGreaterThan(r.flows.skipped);
  });
  it('annotates only the new findings, with paths relative to the working directory (where GitHub looks)', () => {
    const bin = join(root, 'bin', 'plexlint.js');
    let out = '';
    try {
      execFileSync(process.execPath, [bin, 'diff', 'fixtures/diff/optlocal/old', 'fixtures/diff/optlocal/new', '-f', 'github'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      out = (e as { stdout: Buffer }).stdout.toString();
    }
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(out).toMatch(/^::notice file=fixtures\/diff\/optlocal\/new\/profiles\/SYSB\.tcpip,line=24,.*title=optlocal-zero-wlm::/);
  });
  it('names files relative to the working directory in every format: new side under its folder, old side under its own', () => {
    const r = runDiff('fixtures/diff/optlocal/old', 'fixtures/diff/optlocal/new', root);
    expect(r.findings.new.map((d) => d.file)).toEqual(['fixtures/diff/optlocal/new/profiles/SYSB.tcpip']);
    const changed = r.changes.find((c) => c.oldLoc && c.newLoc)!;
    expect(changed.oldLoc!.file).toMatch(/^fixtures\/diff\/optlocal\/old\//);
    expect(changed.newLoc!.file).toMatch(/^fixtures\/diff\/optlocal\/new\//);
  });
});

describe('a file side inside an estate', () => {
  it("is rooted at its estate, so the estate's other files keep their names and nothing moves that did not", () => {
    // Rooted at the file's own folder, the web tier read through the manifest was named ../web/… on this side and
    // web/… on the other: every plug-in object was removed and added again, with 8 routing changes that are not real.
    const r = runDiff('fixtures/example/profiles/SYSA.tcpip', 'fixtures/example', root);
    const files = new Set(r.changes.flatMap((c) => [c.oldLoc?.file, c.newLoc?.file]).filter((f): f is string => !!f));
    expect([...files].filter((f) => !f.startsWith('fixtures/example/'))).toEqual([]);
    expect([...files].filter((f) => f.includes('/web/'))).toEqual([]);
    expect(r.behaviour).toEqual([]);
  });
});

describe('a large change set stays readable', () => {
  // Three generated stacks; every ROUNDROBIN distribution becomes SERVERWLM and SYS01's OPTLOCAL 1 become 2.
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-diff-large-'));
  const [a, b] = [join(dir, 'old'), join(dir, 'new')];
  generate(a, { ...SMALL, systems: 3 });
  generate(b, { ...SMALL, systems: 3 });
  for (const sys of ['SYS01', 'SYS02', 'SYS03']) {
    const p = join(b, 'profiles', `${sys}.tcpip`);
    let text = readFileSync(p, 'utf8').replaceAll('DISTMETHOD ROUNDROBIN', 'DISTMETHOD SERVERWLM');
    if (sys === 'SYS01') text = text.replaceAll('OPTLOCAL 1', 'OPTLOCAL 2');
    writeFileSync(p, text);
  }
  const r = runDiff(a, b, dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the text report summarises per system and per file, then lists the changes by file', () => {
    expect(r.changes).toHaveLength(12);
    const text = diffText(r, false).split('\n');
    expect(text[1]).toMatch(/^12 configuration changes, \d+ routing changes?, 0 new findings, 0 fixed$/);
    expect(text[2]).toMatch(/^Routing delta: \d+ flows? compared, [\d,]+ skipped as unaffected$/);
    const bySystem = text.indexOf(text.find((l) => l.startsWith('By system (3)'))!);
    expect(text.slice(bySystem + 1, bySystem + 4).map((l) => l.trim().split(/\s+/))).toEqual([
      ['SYS01', '6', '0', '0'],
      ['SYS02', '3', '0', '0'],
      ['SYS03', '3', '0', '0'],
    ]);
    expect(text.some((l) => /^By file \(3\)/.test(l))).toBe(true);
    const at = text.indexOf('  new/profiles/SYS02.tcpip');
    expect(text.slice(at + 1, at + 4).every((l) => l.startsWith('    ~ VIPADISTRIBUTE') && l.includes('method ROUNDROBIN → SERVERWLM'))).toBe(true);
  });

  it('the markdown report folds long sections and leads with the counts per system and file', () => {
    const md = diffMarkdown(r);
    expect(md).toContain('### By system and file\n\n| | changes | new findings | fixed |');
    expect(md).toContain('| system SYS01 | 6 | 0 | 0 |');
    expect(md).toContain('### Configuration changes\n\n<details><summary>12 entries</summary>');
    expect(md).toMatch(/routing delta: \d+ flows? compared, [\d,]+ skipped as unaffected/);
  });

  it('a cut report says how many entries it left out, and writes no more than the limit', () => {
    const md = diffMarkdown(r, 2500);
    expect(md.length).toBeLessThanOrEqual(2500);
    expect(md).toMatch(/The report was cut to fit a GitHub comment; \d+ more entries of Configuration changes/);
  });

  it('--progress shows the phases and a summary line on stderr; JSON says how many flows were compared and skipped', async () => {
    const run = await runMain('diff', a, b, '-f', 'json', '--progress');
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    // Each side's check reports its own phases, labelled with the side.
    expect(lines[0]!.startsWith(`plexlint: ${a}: `)).toBe(true);
    expect(lines.some((l) => l.startsWith(`plexlint: ${b}: `))).toBe(true);
    expect(lines.at(-1)).toMatch(/^plexlint diff: 12 configuration changes, \d+ routing changes?, 0 new findings, 0 fixed; routing delta: \d+ flows? compared, [\d,]+ skipped as unaffected \(\d+\.\d s\)$/);
    const json = JSON.parse(run.stdout) as { flows: { compared: number; skipped: number } };
    expect(json.flows.compared).toBeGreaterThan(0);
    expect(json.flows.skipped).toBeGreaterThan(0);
    expect(json.flows).toEqual(r.flows);
  });

  it('stderr stays quiet when it is not a terminal, and with --no-progress', async () => {
    expect((await runMain('diff', a, b, '-f', 'json')).stderr).toBe('');
    expect((await runMain('diff', a, b, '-f', 'json', '--no-progress')).stderr).toBe('');
  });
});

describe('findings delta', () => {
  const finding = (line: number, message = 'm'): Diagnostic => ({ ruleId: 'syntax', severity: 'warning', message, file: 'f', line, column: 1, endLine: line, endColumn: 2 });
  it('matches findings of the same identity in the order of their locations, and lists the fixed ones in theirs', () => {
    const before = [finding(1), finding(2), finding(3, 'other'), finding(4)];
    const after = [finding(10), finding(11, 'new one')];
    const d = findingsDelta(before, after);
    expect(d.unchanged.map((x) => x.line)).toEqual([10]);
    expect(d.new.map((x) => x.line)).toEqual([11]);
    expect(d.fixed.map((x) => x.line)).toEqual([2, 3, 4]);
  });
});
