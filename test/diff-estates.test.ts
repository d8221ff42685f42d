/**
 * `plexlint diff` and `check --baseline` on a repository that holds several estates (docs/estates.md): the layout
 * of a multi-sysplex repository, with the CI recipe `plexlint diff git:origin/main . --format markdown` run at its
 * root. Between the base commit and the working tree one estate changes (prod/PLEX1: OPTLOCAL 1 → 0, which makes a
 * finding, and a WEIGHTEDACTIVE weight, which moves connections), one does not (test/PLEX2), one is added
 * (dev/PLEX3) and one removed (old/PLEX4). The estates
 * are copies of the example: compared across estates, every DVIPA would collide.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiff, type DiffResult } from '../src/diff/index.js';
import { runMainIn } from './support/main.js';

const example = join(import.meta.dirname, '..', 'fixtures', 'example');
const work = mkdtempSync(join(process.env['TMPDIR'] ?? tmpdir(), 'plexlint-diff-estates-'));
const repo = join(work, 'repo');
/** The base commit's files, as a plain folder. */
const base = join(work, 'base');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file}: no '${from}'`);
  writeFileSync(file, text.replace(from, to));
}

const SYSB = 'prod/PLEX1/profiles/SYSB.tcpip';
const SYSC = 'prod/PLEX1/profiles/SYSC.tcpip';

beforeAll(() => {
  mkdirSync(repo);
  git(repo, 'init', '-q');
  for (const e of ['prod/PLEX1', 'test/PLEX2', 'old/PLEX4']) cpSync(example, join(repo, e), { recursive: true });
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'base');
  cpSync(repo, base, { recursive: true, filter: (src) => !src.includes('.git') });
  edit(join(repo, SYSB), 'DISTMETHOD BASEWLM OPTLOCAL 1', 'DISTMETHOD BASEWLM OPTLOCAL 0');
  edit(join(repo, SYSC), 'DESTIP 10.30.1.3 WEIGHT 30', 'DESTIP 10.30.1.3 WEIGHT 10');
  cpSync(example, join(repo, 'dev', 'PLEX3'), { recursive: true });
  git(repo, 'rm', '-rq', 'old/PLEX4');
});

function statuses(r: DiffResult): string[] {
  return r.estates.map((e) => `${e.estate} ${e.status}`);
}

describe('diff of a repository with several estates', () => {
  let r: DiffResult;
  beforeAll(() => {
    r = runDiff('git:HEAD', '.', repo);
  });

  it('pairs the estates by folder: changed first, then added, removed and unchanged', () => {
    expect(statuses(r)).toEqual(['prod/PLEX1 changed', 'dev/PLEX3 added', 'old/PLEX4 removed', 'test/PLEX2 unchanged']);
    expect(r.estates.map((e) => e.manifest)).toEqual([
      { before: 'prod/PLEX1/plexlint.yaml', after: 'prod/PLEX1/plexlint.yaml' },
      { after: 'dev/PLEX3/plexlint.yaml' },
      { before: 'old/PLEX4/plexlint.yaml' },
      { before: 'test/PLEX2/plexlint.yaml', after: 'test/PLEX2/plexlint.yaml' },
    ]);
  });

  it('diffs each pair on its own: never a file of one estate against a file of another', async () => {
    const [plex1, plex3, plex4, plex2] = r.estates as [DiffResult['estates'][number], DiffResult['estates'][number], DiffResult['estates'][number], DiffResult['estates'][number]];
    expect(plex1.changes.map((c) => `${c.object} ${c.attribute} ${c.before} → ${c.after} ${c.oldLoc?.file} ${c.newLoc?.file}`).sort()).toEqual([
      `VIPADISTRIBUTE 10.40.1.2 port 3000 on SYSB optLocal 1 → 0 ${SYSB} ${SYSB}`,
      `VIPADISTRIBUTE 10.40.1.4 port 9080 on SYSC weights SYSA=10,SYSC=30,SYSD=20 → SYSA=10,SYSC=10,SYSD=20 ${SYSC} ${SYSC}`,
    ]);
    expect(plex1.findings.new.map((d) => `${d.ruleId} ${d.file}`)).toEqual([`optlocal-zero-wlm ${SYSB}`]);
    expect(plex1.behaviour.length).toBeGreaterThan(0);
    // An added estate is all added, a removed one all removed: the same objects, and none compared with another estate's.
    expect(plex3.changes.length).toBeGreaterThan(100);
    expect(new Set(plex3.changes.map((c) => c.kind))).toEqual(new Set(['added']));
    expect(plex3.changes.every((c) => !c.newLoc || c.newLoc.file.startsWith('dev/PLEX3/'))).toBe(true);
    expect(plex4.changes.map((c) => c.object.replace('old/PLEX4/', '')).sort()).toEqual(plex3.changes.map((c) => c.object.replace('dev/PLEX3/', '')).sort());
    expect(new Set(plex4.changes.map((c) => c.kind))).toEqual(new Set(['removed']));
    expect(plex4.changes.every((c) => !c.oldLoc || c.oldLoc.file.startsWith('old/PLEX4/'))).toBe(true);
    // Copies of one estate in one sysplex would be duplicate-address and dvipa-multiple-owners everywhere.
    expect([...plex3.findings.new, ...plex4.findings.fixed]).toEqual([]);
    expect(plex2).toMatchObject({ changes: [], behaviour: [], findings: { new: [], fixed: [] }, flows: { compared: 0 } });
    expect(plex2.flows.skipped).toBeGreaterThan(0);
  });

  it('the result itself holds every estate together', () => {
    expect(r.changes).toHaveLength(r.estates.reduce((n, e) => n + e.changes.length, 0));
    expect(r.behaviour).toHaveLength(r.estates.reduce((n, e) => n + e.behaviour.length, 0));
    expect(r.findings.new.map((d) => d.ruleId)).toEqual(['optlocal-zero-wlm']);
    expect(r.flows.compared).toBe(r.estates.reduce((n, e) => n + e.flows.compared, 0));
  });

  it('two folders with the same estates give the same pairs and the same differences', () => {
    const folders = runDiff('../base', '.', repo);
    expect(statuses(folders)).toEqual(statuses(r));
    const plex1 = folders.estates[0]!;
    expect(plex1.changes.map((c) => [c.oldLoc?.file, c.newLoc?.file]).sort()).toEqual([
      [`../base/${SYSB}`, SYSB],
      [`../base/${SYSC}`, SYSC],
    ]);
    expect(plex1.behaviour).toEqual(r.estates[0]!.behaviour);
    expect(plex1.findings.new.map((d) => d.ruleId)).toEqual(['optlocal-zero-wlm']);
  });

  it('one estate named on each side is compared as before (the JSON of one estate has no estates list)', async () => {
    const one = await runMainIn(['diff', 'git:HEAD', 'prod/PLEX1', '-f', 'json'], { cwd: repo });
    expect(one.code).toBe(1);
    const json = JSON.parse(one.stdout) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['before', 'after', 'changes', 'behaviour', 'flows', 'findings']);
    // Two different estates named by the user are compared with each other.
    const two = runDiff('test/PLEX2', 'prod/PLEX1', repo);
    expect(statuses(two)).toEqual(['prod/PLEX1 changed']);
    expect(two.changes.map((c) => c.attribute).sort()).toEqual(['optLocal', 'weights']);
  });
});

describe('the reports of several estates', () => {
  it('json: the fields of a one-estate diff for all estates together, and an estates list', async () => {
    const run = await runMainIn(['diff', 'git:HEAD', '.', '-f', 'json'], { cwd: repo });
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout) as { changes: unknown[]; findings: { new: { file: string }[] }; estates: { estate: string; status: string; manifest: object; changes: unknown[]; flows: object }[] };
    expect(json.estates.map((e) => `${e.estate} ${e.status}`)).toEqual(['prod/PLEX1 changed', 'dev/PLEX3 added', 'old/PLEX4 removed', 'test/PLEX2 unchanged']);
    expect(json.changes).toHaveLength(json.estates.reduce((n, e) => n + e.changes.length, 0));
    expect(json.findings.new.map((d) => d.file)).toEqual([SYSB]);
    expect(Object.keys(json.estates[0]!)).toEqual(['estate', 'status', 'manifest', 'changes', 'behaviour', 'flows', 'findings']);
  });

  it('json: the estates list is escaped like every JSON output (an estate folder named with a bidi control)', async () => {
    const sides = join(work, 'bidi');
    for (const side of ['a', 'b']) for (const e of ['x', 'y\u202Ez']) cpSync(example, join(sides, side, e), { recursive: true });
    edit(join(sides, 'b', 'y\u202Ez', 'profiles', 'SYSB.tcpip'), 'DISTMETHOD BASEWLM OPTLOCAL 1', 'DISTMETHOD BASEWLM OPTLOCAL 0');
    const run = await runMainIn(['diff', 'a', 'b', '-f', 'json'], { cwd: sides });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('\u202E');
    const json = JSON.parse(run.stdout) as { estates: { estate: string; status: string }[] };
    expect(json.estates.map((e) => `${e.estate} ${e.status}`)).toEqual(['b/y\u202Ez changed', 'b/x unchanged']);
    expect(run.stdout).toContain('"estate": "b/y\\u202Ez"');
  });

  it('markdown: a backtick in an estate folder cannot end its code span (the rest would be read as a link)', async () => {
    const sides = join(work, 'backtick');
    const name = 'y`[x](e.example)`z';
    for (const side of ['a', 'b']) for (const e of ['x', name]) cpSync(example, join(sides, side, e), { recursive: true });
    edit(join(sides, 'b', name, 'profiles', 'SYSB.tcpip'), 'DISTMETHOD BASEWLM OPTLOCAL 1', 'DISTMETHOD BASEWLM OPTLOCAL 0');
    const run = await runMainIn(['diff', 'a', 'b', '-f', 'markdown'], { cwd: sides });
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines).toContain('### Estate ``b/y`[x](e.example)`z`` (changed)');
    expect(lines.filter((l) => l.startsWith('``b/y`[x](e.example)`z/plexlint.yaml`` · routing delta: '))).toHaveLength(1);
  });

  it('markdown: a table of the estates on top, then a part per estate with differences, its routing picture in it', async () => {
    const run = await runMainIn(['diff', 'git:HEAD', '.', '-f', 'markdown'], { cwd: repo });
    const md = run.stdout;
    expect(md).toMatch(/^## plexlint: \d+ configuration changes, \d+ routing changes, 1 new finding, 0 fixed\n\n`git:HEAD` → `\.` · 4 estates: 1 changed, 1 added, 1 removed, 1 unchanged · routing delta: /);
    expect(md).toContain('| estate | | configuration changes | routing changes | new findings | fixed |');
    expect(md).toContain('| prod/PLEX1 | changed | 2 | ');
    expect(md).toContain('| test/PLEX2 | unchanged | 0 | 0 | 0 | 0 |');
    const parts = [...md.matchAll(/^### Estate `([^`]+)` \((\w+)\)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(parts).toEqual(['prod/PLEX1 changed', 'dev/PLEX3 added', 'old/PLEX4 removed']);
    const plex1 = md.slice(md.indexOf('### Estate `prod/PLEX1`'), md.indexOf('### Estate `dev/PLEX3`'));
    expect(plex1).toContain('#### New findings');
    expect(plex1).toContain(`| info | \`optlocal-zero-wlm\` | ${SYSB}:24 |`);
    expect(plex1).toContain('#### Routing picture');
    expect(plex1).toContain('```mermaid');
    expect(md.length).toBeLessThanOrEqual(65536);
  });

  it('text: a line per estate, then each estate with differences; github: the new findings where GitHub finds them', async () => {
    const text = (await runMainIn(['diff', 'git:HEAD', '.'], { cwd: repo })).stdout.split('\n');
    const at = text.indexOf('Estates (4 estates: 1 changed, 1 added, 1 removed, 1 unchanged)');
    expect(at).toBe(4);
    expect(text.slice(at + 1, at + 5).map((l) => l.trim().split(/\s+/).slice(0, 3).join(' '))).toEqual(['~ prod/PLEX1 changed', '+ dev/PLEX3 added', '- old/PLEX4 removed', '= test/PLEX2 unchanged']);
    expect(text.filter((l) => l.startsWith('Estate ')).map((l) => l.split('  ')[0])).toEqual(['Estate prod/PLEX1 (changed)', 'Estate dev/PLEX3 (added)', 'Estate old/PLEX4 (removed)']);
    const github = await runMainIn(['diff', 'git:HEAD', '.', '-f', 'github'], { cwd: repo });
    expect(github.stdout).toMatch(new RegExp(`^::notice file=${SYSB.replace(/[/.]/g, '\\$&')},line=24,.*title=optlocal-zero-wlm::`));
    expect(github.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('progress names each estate, and the closing line counts them all', async () => {
    const run = await runMainIn(['diff', 'git:HEAD', '.', '-f', 'json', '--progress'], { cwd: repo });
    const lines = run.stderr.trim().split('\n');
    for (const e of ['prod/PLEX1', 'test/PLEX2', 'dev/PLEX3', 'old/PLEX4']) expect(lines.some((l) => l.startsWith(`plexlint: ${e}: routing delta`))).toBe(true);
    expect(lines.some((l) => l.startsWith('plexlint: git:HEAD: prod/PLEX1: '))).toBe(true);
    expect(lines.some((l) => l.startsWith('plexlint: .: dev/PLEX3: '))).toBe(true);
    expect(lines.at(-1)).toMatch(/^plexlint diff: 4 estates: 1 changed, 1 added, 1 removed, 1 unchanged; \d+ configuration changes, \d+ routing changes, 1 new finding, 0 fixed; routing delta: \d+ flows compared, \d+ skipped as unaffected \(\d+\.\d s\)$/);
  });
});

describe('--scenario with several estates', () => {
  it('a scenario runs on the estate it names only; one that names none of them is a usage error', async () => {
    const scenario = join(work, 'plex1.scenario.yaml');
    writeFileSync(scenario, `estate: repo/prod/PLEX1/plexlint.yaml\nsteps:\n  - connect: { from: client, to: "10.40.1.4:9080", count: 600 }\n`);
    const r = runDiff('git:HEAD', '.', repo, { scenarios: [scenario] });
    const steps = r.estates.map((e) => `${e.estate} ${e.behaviour.filter((b) => b.flow.startsWith(scenario)).length}`);
    expect(steps).toEqual(['prod/PLEX1 1', 'dev/PLEX3 0', 'old/PLEX4 0', 'test/PLEX2 0']);
    writeFileSync(scenario, `estate: base/prod/PLEX1/plexlint.yaml\nsteps:\n  - connect: { from: client, to: "10.40.1.4:9080", count: 600 }\n`);
    const run = await runMainIn(['diff', 'git:HEAD', '.', '--scenario', scenario], { cwd: repo });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`plexlint: --scenario ${scenario}: the estate it names (../base/prod/PLEX1) is none of the estates diffed (dev/PLEX3, old/PLEX4, prod/PLEX1, test/PLEX2)\n`);
  });
});

describe('moved and renamed manifests', () => {
  it('a manifest moved to another folder is an estate removed and one added; renamed in its folder, the same estate', () => {
    const dir = join(work, 'moves');
    cpSync(base, dir, { recursive: true });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'base');
    renameSync(join(dir, 'test', 'PLEX2'), join(dir, 'test', 'PLEX2b'));
    renameSync(join(dir, 'prod', 'PLEX1', 'plexlint.yaml'), join(dir, 'prod', 'PLEX1', 'plexlint.yml'));
    const r = runDiff('git:HEAD', '.', dir);
    expect(statuses(r)).toEqual(['test/PLEX2b added', 'test/PLEX2 removed', 'old/PLEX4 unchanged', 'prod/PLEX1 unchanged']);
    expect(r.estates.find((e) => e.estate === 'prod/PLEX1')!.manifest).toEqual({ before: 'prod/PLEX1/plexlint.yaml', after: 'prod/PLEX1/plexlint.yml' });
  });

  it('an estate folder that did not exist at the revision is added whole', () => {
    const r = runDiff('git:HEAD', 'dev/PLEX3', repo);
    expect(statuses(r)).toEqual(['dev/PLEX3 added']);
    expect(r.changes.every((c) => c.kind === 'added')).toBe(true);
  });

  it('a side that does not exist is a usage error naming it', async () => {
    const run = await runMainIn(['diff', 'no/such', '.'], { cwd: repo });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('plexlint: no/such does not exist\n');
  });
});

describe('check --baseline on a repository with several estates', () => {
  const findings = (stdout: string): string[] => stdout.trim().split('\n').filter(Boolean).map((l) => l.replace(/^(\S+?):\d+:\d+: .*\[(.*)\]$/, '$1 $2'));

  it('git:<ref> and a folder: only the finding that is new, in its estate', async () => {
    for (const baseline of ['git:HEAD', '../base']) {
      const run = await runMainIn(['check', '.', '--baseline', baseline, '-f', 'gcc'], { cwd: repo });
      expect(run.stderr).toBe('');
      expect(findings(run.stdout), baseline).toEqual([`${SYSB} optlocal-zero-wlm`]);
    }
  });

  it('the same finding in another estate is new there, though the baseline has it in one estate', async () => {
    const dir = join(work, 'moved-finding');
    cpSync(base, join(dir, 'old'), { recursive: true });
    edit(join(dir, 'old', SYSB), 'BASEWLM OPTLOCAL 1', 'BASEWLM OPTLOCAL 0');
    cpSync(base, join(dir, 'new'), { recursive: true });
    edit(join(dir, 'new', 'test/PLEX2/profiles/SYSB.tcpip'), 'BASEWLM OPTLOCAL 1', 'BASEWLM OPTLOCAL 0');
    const run = await runMainIn(['check', 'new', '--baseline', 'old', '-f', 'gcc'], { cwd: dir });
    expect(findings(run.stdout)).toEqual(['new/test/PLEX2/profiles/SYSB.tcpip optlocal-zero-wlm']);
  });

  it('one file of an estate against git:<ref>: a finding the revision has too is not new', async () => {
    const dir = join(work, 'one-file');
    cpSync(example, dir, { recursive: true });
    edit(join(dir, 'profiles', 'SYSB.tcpip'), 'BASEWLM OPTLOCAL 1', 'BASEWLM OPTLOCAL 0');
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'base');
    expect(findings((await runMainIn(['check', 'profiles/SYSB.tcpip', '-f', 'gcc'], { cwd: dir })).stdout)).toEqual(['profiles/SYSB.tcpip optlocal-zero-wlm']);
    // The baseline side and the current run are rooted alike (at the estate): the finding matches itself.
    expect(await runMainIn(['check', 'profiles/SYSB.tcpip', '--baseline', 'git:HEAD', '-f', 'gcc'], { cwd: dir })).toMatchObject({ code: 0, stdout: '' });
  });

  it('an estate moved to another folder keeps its findings: they match those of the estate no longer there', async () => {
    const dir = join(work, 'moved-estate');
    cpSync(base, join(dir, 'old'), { recursive: true });
    edit(join(dir, 'old', 'test/PLEX2/profiles/SYSB.tcpip'), 'BASEWLM OPTLOCAL 1', 'BASEWLM OPTLOCAL 0');
    cpSync(join(dir, 'old'), join(dir, 'new'), { recursive: true });
    renameSync(join(dir, 'new', 'test', 'PLEX2'), join(dir, 'new', 'test', 'PLEX2b'));
    expect(findings((await runMainIn(['check', 'new', '-f', 'gcc'], { cwd: dir })).stdout)).toEqual(['new/test/PLEX2b/profiles/SYSB.tcpip optlocal-zero-wlm']);
    expect(await runMainIn(['check', 'new', '--baseline', 'old', '-f', 'gcc'], { cwd: dir })).toMatchObject({ code: 0, stdout: '' });
  });
});
