/**
 * Issue 26, replayed as a new user adopting plexlint would: a baseline of an old estate that matches wherever it
 * lies, a pre-commit hook that checks one changed file as CI checks the folder, backup copies beside the profiles,
 * a scratch copy git ignores, and the smaller defects found on the way. Each case states what happened before.
 * Where the working directory is what is tested, the real command line runs in a child process; the rest runs
 * in this process.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiff } from '../src/diff/index.js';
import { buildGraph } from '../src/graph/index.js';
import { lint } from '../src/engine/lint.js';
import { runCli } from './support/cli.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');
const example = join(root, 'fixtures', 'example');
const work = mkdtempSync(join(tmpdir(), 'plexlint-adoption-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd, stdio: 'ignore' });
}

/** `file:line rule` of a gcc report. */
function findings(gcc: string): string[] {
  return gcc
    .split('\n')
    .filter(Boolean)
    .map((l) => l.replace(/^(.*?):(\d+):\d+: \w+: .* \[([a-z0-9-]+)\]$/, '$1:$2 $3'));
}

/** Two profiles of the example estate in a folder of their own, without a manifest (the d4). */
function twoProfiles(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const f of ['SYSA.tcpip', 'SYSB.tcpip']) cpSync(join(example, 'profiles', f), join(dir, f));
  return dir;
}

describe('a baseline matches exactly, wherever the estate lies and wherever plexlint runs', () => {
  const here = join(work, 'baseline');
  beforeAll(() => {
    // An old estate with findings: a plug-in file the manifest names but nobody kept, and a profile it does not list.
    mkdirSync(here);
    cpSync(example, join(here, 'cur'), { recursive: true });
    const manifest = join(here, 'cur', 'plexlint.yaml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('plugins: [web/plugin-cfg.xml]', 'plugins: [web/plugin-cfg.xml, web/retired.xml]'));
    cpSync(join(example, 'profiles', 'SYSA.tcpip'), join(here, 'cur', 'profiles', 'SYSE.tcpip'));
    cpSync(join(here, 'cur'), join(here, 'base'), { recursive: true });
    mkdirSync(join(here, 'elsewhere', 'deeper'), { recursive: true });
  });

  it('check cur --baseline base (a copy): nothing is new; before, manifest-missing-file was new ("relative to cur/" against "relative to base/")', async () => {
    const [cur, base] = [join(here, 'cur'), join(here, 'base')];
    // In this process the working directory is plexlint's own folder: another one than the estate's.
    const all = await runMain('check', cur, '-f', 'gcc');
    expect(findings(all.stdout).map((f) => f.slice(f.indexOf('/cur/') + 1))).toEqual(expect.arrayContaining(['cur/plexlint.yaml:25 manifest-missing-file', 'cur/profiles/SYSE.tcpip:1 unlisted-profile']));
    expect(all.code).toBe(1);
    expect(await runMain('check', cur, '--baseline', base, '-f', 'gcc')).toMatchObject({ code: 0, stdout: '' });
    // Against the baseline renamed and moved, and — in a process of its own — from inside the estate.
    cpSync(base, join(here, 'elsewhere', 'base-2023'), { recursive: true });
    expect(await runMain('check', cur, '--baseline', join(here, 'elsewhere', 'base-2023'), '-f', 'gcc')).toMatchObject({ code: 0, stdout: '' });
    expect(runCli(['check', '.', '--baseline', '../elsewhere/base-2023', '-f', 'gcc'], { cwd: cur })).toMatchObject({ code: 0, stdout: '' });
  });

  it('a report saved with --format json is a baseline in any other working directory', async () => {
    const report = join(here, 'elsewhere', 'baseline.json');
    expect((await runMain('check', join(here, 'base'), '-f', 'json', '-o', report)).code).toBe(1);
    expect(runCli(['check', '.', '--baseline', report, '-f', 'gcc'], { cwd: join(here, 'cur') })).toMatchObject({ code: 0, stdout: '' });
    // A finding the baseline does not have is still new, and only it.
    const sysb = join(here, 'cur', 'profiles', 'SYSB.tcpip');
    const text = readFileSync(sysb, 'utf8');
    writeFileSync(sysb, text.replace('BASEWLM OPTLOCAL 1', 'BASEWLM OPTLOCAL 0'));
    try {
      const r = await runMain('check', join(here, 'cur'), '--baseline', report, '-f', 'gcc');
      expect(findings(r.stdout).map((f) => f.replace(/^.*\/cur\//, ''))).toEqual(['profiles/SYSB.tcpip:24 optlocal-zero-wlm']);
    } finally {
      writeFileSync(sysb, text);
    }
  });

  it('diff base cur and check --baseline agree: 0 new findings', () => {
    const r = runDiff('base', 'cur', here);
    expect(r.findings.new).toEqual([]);
    expect(r.findings.unchanged.map((d) => d.ruleId).sort()).toEqual(expect.arrayContaining(['manifest-missing-file', 'unlisted-profile']));
  });
});

describe('one file is checked as the estate its folder is (a pre-commit hook passes the changed files only)', () => {
  it('no manifest: check d4/SYSA.tcpip reports the destip-not-xcf that check d4 reports; before, nothing (exit 0)', async () => {
    const d4 = twoProfiles(join(work, 'd4'));
    const folder = await runMain('check', d4, '-f', 'gcc');
    const file = await runMain('check', join(d4, 'SYSA.tcpip'), '-f', 'gcc');
    const destip = (r: { stdout: string }): string[] => r.stdout.split('\n').filter((l) => l.includes('[destip-not-xcf]'));
    expect(destip(folder)).toHaveLength(1);
    expect(destip(file)).toEqual(destip(folder));
    expect(file.code).toBe(1);
    // Only what was named: SYSB's own findings are not in the file's report.
    expect(file.stdout).not.toContain('SYSB.tcpip:');
  });

  it('a manifest without systems: the same', async () => {
    const dir = twoProfiles(join(work, 'no-systems'));
    writeFileSync(join(dir, 'plexlint.yaml'), 'rules:\n  unresolved-symbol: off\n');
    const file = await runMain('check', join(dir, 'SYSA.tcpip'), '-f', 'gcc');
    expect(file.stdout).toContain('[destip-not-xcf]');
  });

  it('a cross-file finding is reported for the file its related location is in', () => {
    const dir = twoProfiles(join(work, 'related'));
    const sysb = join(dir, 'SYSB.tcpip');
    // SYSB distributes a DVIPA it does not define, which SYSA defines: the finding is SYSB's, related to SYSA.
    const whole = lint([dir], { cwd: dir }).diagnostics.filter((d) => d.related?.some((r) => r.file === 'SYSA.tcpip') && d.file !== 'SYSA.tcpip');
    const named = lint([join(dir, 'SYSA.tcpip')], { cwd: dir }).diagnostics.filter((d) => d.file !== 'SYSA.tcpip');
    expect(named).toEqual(whole);
    expect(readFileSync(sysb, 'utf8').length).toBeGreaterThan(0);
  });
});

describe('stray copies are never stacks', () => {
  it('SYSA.tcpip.bak beside the profiles: one stray-copy note; before, duplicate-address, four dvipa-multiple-owners and a destip-not-xcf', async () => {
    const d4 = twoProfiles(join(work, 'stray'));
    cpSync(join(d4, 'SYSA.tcpip'), join(d4, 'SYSA.tcpip.bak'));
    const without = (await runMain('check', d4, '-f', 'gcc', '--rule', 'unresolved-symbol=off')).stdout;
    rmSync(join(d4, 'SYSA.tcpip.bak'));
    const clean = (await runMain('check', d4, '-f', 'gcc', '--rule', 'unresolved-symbol=off')).stdout;
    cpSync(join(d4, 'SYSA.tcpip'), join(d4, 'SYSA.tcpip.bak'));
    const below = (gcc: string): string[] => findings(gcc).map((f) => f.slice(f.indexOf('/stray/') + '/stray/'.length));
    expect(below(without).sort()).toEqual(['SYSA.tcpip.bak:1 stray-copy', ...below(clean)].sort());
    // Not a system of init's draft, not a stack of the diff or the graph.
    const draft = await runMain('init', d4);
    expect(draft.stderr).toMatch(/: 2 systems,/);
    expect(readFileSync(join(d4, 'plexlint.yaml'), 'utf8')).not.toMatch(/SYSA\.TCPIP|\.bak/);
    rmSync(join(d4, 'plexlint.yaml'));
    const compiled = lint([d4], { cwd: d4 }).compiled;
    expect(compiled.estate.systems.map((s) => s.name)).toEqual(['SYSA', 'SYSB']);
    expect(JSON.stringify(buildGraph(compiled.estate, { title: 't' }))).not.toMatch(/SYSA\.TCPIP|\.bak/);
  });
});

describe('.gitignore is honoured by every folder scan', () => {
  const repo = join(work, 'gitignore');
  beforeAll(() => {
    cpSync(example, repo, { recursive: true });
    writeFileSync(join(repo, '.gitignore'), 'scratch/\n');
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'base');
    // A developer's scratch copy, which git ignores and CI's checkout does not have.
    mkdirSync(join(repo, 'scratch'));
    writeFileSync(join(repo, 'scratch', 'SYSX.tcpip'), 'VIPADYNAMIC\n  VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.99.1.1\n  VIPADISTRIBUTE DEFINE OPTLOCAL 17 10.99.1.1 PORT 80 DESTIP ALL\nENDVIPADYNAMIC\n');
  });

  it('check . leaves the ignored scratch copy out (before: unlisted-profile and optlocal-out-of-range in it); --no-ignore checks it', async () => {
    expect(await runMain('check', repo, '-f', 'gcc')).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect((await runMain('check', repo, '-f', 'gcc', '--no-ignore')).stdout).toContain('scratch/SYSX.tcpip:3:');
    expect((JSON.parse((await runMain('check', '--print-config', join(repo, 'scratch', 'SYSX.tcpip'))).stdout) as { ignored: string }).ignored).toMatch(/(^|\/)\.gitignore: scratch\/$/);
  });

  it('diff git:HEAD . compares the same set of files on both sides: no difference', () => {
    const r = runDiff('git:HEAD', '.', repo);
    expect({ changes: r.changes.length, new: r.findings.new.length, fixed: r.findings.fixed.length }).toEqual({ changes: 0, new: 0, fixed: 0 });
  });

  it('outside a git repository .gitignore files mean nothing, as for git', () => {
    const plain = join(work, 'no-repository');
    cpSync(join(repo, 'scratch'), join(plain, 'scratch'), { recursive: true });
    writeFileSync(join(plain, '.gitignore'), 'scratch/\n');
    expect(lint([plain], { cwd: plain }).diagnostics.some((d) => d.file === 'scratch/SYSX.tcpip')).toBe(true);
  });
});

describe('smaller defects', () => {
  it('-o /proc/report.sarif says the folder takes no new file (before: "its folder does not exist")', async () => {
    const r = await runMain('check', example, '-o', '/proc/report.sarif');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('plexlint: cannot write the report to /proc/report.sarif: its folder takes no new file (a file system such as /proc or /sys), so plexlint cannot replace the file atomically\n');
    // A file of /proc that is there is read-only (mode 0444): that is said first.
    const version = await runMain('check', example, '-o', '/proc/version');
    expect(version.stderr).toBe('plexlint: cannot write the report to /proc/version: it is read-only (no write permission); plexlint does not change a file you made read-only\n');
  });

  it("-o '' is a usage error before any work (before: the report went to standard output, silently)", async () => {
    for (const command of [['check', example], ['compile', example], ['rules']]) {
      const r = await runMain(...command, '-o', '');
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 2, stdout: '', stderr: 'plexlint: -o, --output: the file name is empty; name a file, or leave -o out to write to standard output\n' });
    }
  });

  it('trace --down with an unknown name lists what it can name and suggests the closest (before: neither)', async () => {
    const r = await runMain('trace', example, '--from', 'client', '--to', '10.40.1.1:8080', '--down', 'SYSQ');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'plexlint: --down SYSQ: no such system, ODR, cluster member or plug-in server (systems: SYSA, SYSB, SYSC and SYSD; plug-in servers: SYSANODE_shop1, SYSBNODE_shop1, SYSCNODE_shop1, SYSANODE_admin1 and SYSDNODE_admin1; a cluster member as CELL/Cluster/member). Did you mean SYSA?\n',
    );
    const from = await runMain('trace', example, '--from', 'SYSQ', '--to', '10.40.1.1:8080');
    expect(from.stderr).toBe('plexlint: --from SYSQ: no such system (systems: SYSA, SYSB, SYSC, SYSD, or client). Did you mean SYSA?\n');
  });

  it('the graph of a one-system sysplex says "1 system" (before: "1 systems")', () => {
    const dir = join(work, 'one-system');
    mkdirSync(dir);
    cpSync(join(example, 'profiles', 'SYSA.tcpip'), join(dir, 'SYSA.tcpip'));
    const graph = buildGraph(lint([dir], { cwd: dir }).compiled.estate, { title: 't' });
    expect(graph.groups.map((g) => g.label)).toContain('sysplex: 1 system');
  });

  it('scenario files are not files of an estate (before: compile fixtures/scenarios printed an empty model, exit 0)', async () => {
    expect(await runMain('compile', join(root, 'fixtures', 'scenarios'))).toMatchObject({ code: 2, stdout: '' });
    const named = await runMain('check', join(root, 'fixtures', 'scenarios', 'sysplex-distributor.scenario.yaml'), '-f', 'gcc');
    expect(named).toMatchObject({ code: 0, stdout: '' });
    expect(named.stderr).toMatch(/sysplex-distributor\.scenario\.yaml is a scenario file, which plexlint simulate runs, not a file of an estate; it is not checked\n$/);
  });

  it('a .md named on the command line is not a profile, whatever its lines start with (before: HOME … was parsed)', async () => {
    const dir = join(work, 'notes');
    mkdirSync(dir);
    writeFileSync(join(dir, 'CHANGES.md'), '# Changes\n\nHOME 10.1.1.1 OSAQDIO1\nVIPADYNAMIC\nPORT 80 TCP\n');
    const r = await runMain('check', join(dir, 'CHANGES.md'), '-f', 'gcc');
    expect(findings(r.stdout).map((f) => f.replace(/^.*\//, ''))).toEqual(['CHANGES.md:1 unknown-file-kind']);
  });
});
