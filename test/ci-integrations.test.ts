/**
 * The GitHub Action (action.yml) and the pre-commit hooks (.pre-commit-hooks.yaml) at the package root, and the
 * examples of docs/ci.md that use them: their metadata is what the runner and pre-commit read, their scripts run
 * here the way the runner runs them (with plexlint built from this tree, npm replaced by a recorder), and the
 * examples name only inputs and hooks that exist.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cliPath } from './support/cli.js';
import { runMainIn } from './support/main.js';
import { filesBelow } from './support/files-below.js';

const root = join(import.meta.dirname, '..');
const ciDoc = readFileSync(join(root, 'docs', 'ci.md'), 'utf8');

interface ActionStep {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'working-directory'?: string;
}
interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as Action;

/** The yaml blocks of docs/ci.md, parsed (fragments that are not YAML on their own are left out). */
function yamlBlocks(): unknown[] {
  const out: unknown[] = [];
  for (const m of ciDoc.matchAll(/```yaml\n([\s\S]*?)```/g)) {
    try {
      out.push(parse(m[1]!));
    } catch {
      // a fragment
    }
  }
  return out;
}

/** Run one of the action's scripts as the runner does: bash, the step's env with the inputs filled in. */
function runStep(step: ActionStep, env: Record<string, string>, cwd: string): { status: number | null; stdout: string; stderr: string; outputs: Record<string, string> } {
  const work = mkdtempSync(join(tmpdir(), 'plexlint-action-'));
  const outputFile = join(work, 'output');
  writeFileSync(outputFile, '');
  const r = spawnSync('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', '-c', step.run!], {
    cwd,
    env: { PATH: process.env['PATH']!, HOME: work, RUNNER_TEMP: work, GITHUB_OUTPUT: outputFile, GITHUB_ACTION_PATH: root, NO_COLOR: '1', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const outputs = Object.fromEntries(
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, outputs };
}

/** The env a step gets for the given inputs (its `${{ inputs.x }}` and `${{ steps.s.outputs.o }}` filled in). */
function stepEnv(step: ActionStep, inputs: Record<string, string>, steps: Record<string, Record<string, string>> = {}): Record<string, string> {
  const value = (expr: string): string =>
    expr.replace(/\$\{\{\s*(inputs\.([\w-]+)|steps\.([\w-]+)\.outputs\.([\w-]+))\s*\}\}/g, (_m, _all, input?: string, s?: string, o?: string) =>
      input !== undefined ? (inputs[input] ?? action.inputs[input]?.default ?? '') : (steps[s!]?.[o!] ?? ''),
    );
  return Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, value(v)]));
}

const step = (id: string): ActionStep => action.runs.steps.find((s) => s.id === id)!;

describe('action.yml', () => {
  it('is a composite action whose every input and output is described', () => {
    expect(action.name).toBe('plexlint');
    expect(action.description.length).toBeGreaterThan(20);
    expect(action.runs.using).toBe('composite');
    for (const [name, input] of Object.entries(action.inputs)) expect(input.description, name).toMatch(/\w/);
    for (const [name, output] of Object.entries(action.outputs)) expect(output.value, name).toMatch(/^\$\{\{ steps\.\w+\.outputs\.[\w-]+ \}\}$/);
  });

  it('passes inputs to its scripts as environment variables only, and names only inputs it has', () => {
    for (const s of action.runs.steps) {
      if (s.run) {
        expect(s.shell, s.id).toBe('bash');
        expect(s.run, s.id).not.toContain('${{');
      }
      for (const ref of JSON.stringify(s).matchAll(/inputs\.([\w-]+)/g)) expect(Object.keys(action.inputs), ref[0]).toContain(ref[1]);
    }
  });

  it('runs plexlint from its own checkout (npm ci there builds it), by default and with version: checkout; another version comes from npm', () => {
    const bin = mkdtempSync(join(tmpdir(), 'plexlint-npm-'));
    const log = join(bin, 'npm.log');
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "$@" >> '${log}'\n`);
    chmodSync(join(bin, 'npm'), 0o755);
    const path = `${bin}:${process.env['PATH']}`;
    // Before: the default installed plexlint@<version> from npm, where it is not published (E404).
    for (const inputs of [{}, { version: '' }, { version: 'checkout' }] as Record<string, string>[]) {
      writeFileSync(log, '');
      const checkout = runStep(step('install'), { ...stepEnv(step('install'), inputs), PATH: path }, root);
      expect(checkout.status, checkout.stderr).toBe(0);
      expect(readFileSync(log, 'utf8')).toBe(`ci --prefix ${root} --no-audit --no-fund\n`);
      expect(checkout.outputs).toEqual({ cli: `node ${root}/bin/plexlint.js` });
    }
    writeFileSync(log, '');
    const pinned = runStep(step('install'), { ...stepEnv(step('install'), { version: '0.0.9' }), PATH: path }, root);
    expect(pinned.status).toBe(0);
    expect(readFileSync(log, 'utf8')).toBe('install --global --no-audit --no-fund plexlint@0.0.9\n');
    expect(pinned.outputs).toEqual({ cli: 'plexlint' });
  });

  it('checks with annotations, writes SARIF, and fails the step as plexlint check does', () => {
    const cli = { install: { cli: `node ${cliPath()}` } };
    const bad = runStep(step('check'), stepEnv(step('check'), { paths: 'fixtures/rules/optlocal-out-of-range/bad.tcpip', sarif: 'true', 'sarif-file': join(tmpdir(), 'action.sarif') }, cli), root);
    expect(bad.status, bad.stderr).toBe(1);
    expect(bad.stdout).toMatch(/^::error file=fixtures\/rules\/optlocal-out-of-range\/bad\.tcpip,line=\d+,/m);
    expect(bad.outputs).toEqual({ 'sarif-file': join(tmpdir(), 'action.sarif'), 'exit-code': '1' });
    const sarif = JSON.parse(readFileSync(join(tmpdir(), 'action.sarif'), 'utf8')) as { runs: { results: { ruleId: string }[] }[] };
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toContain('optlocal-out-of-range');
    // Extra options and several paths, without SARIF; a clean estate passes.
    const clean = runStep(step('check'), stepEnv(step('check'), { paths: 'fixtures/example fixtures/rules/dvipa-multiple-owners/good', args: '--max-warnings 0 --rule weight-ignored=off' }, cli), root);
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.outputs).toEqual({ 'exit-code': '0' });
    // A usage error is exit 2, before any SARIF is promised.
    const usage = runStep(step('check'), stepEnv(step('check'), { paths: 'no-such-folder', sarif: 'true' }, cli), root);
    expect(usage.status).toBe(2);
    expect(usage.outputs).toEqual({ 'exit-code': '2' });
  });

  it('uploads SARIF only when asked, from the file the check wrote', () => {
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
    expect(upload.if).toContain("inputs.sarif == 'true'");
    expect(upload.if).toContain('always()');
    expect(upload.with!['sarif_file']).toBe('${{ steps.check.outputs.sarif-file }}');
  });

  it('the example workflow in docs/ci.md uses only inputs the action has, with the permission SARIF needs', () => {
    const uses = yamlBlocks().flatMap((b) => Object.values((b as { jobs?: Record<string, { steps: ActionStep[]; permissions?: Record<string, string> }> }).jobs ?? {}));
    const jobs = uses.filter((j) => j.steps.some((s) => /\/plexlint@/.test(s.uses ?? '')));
    expect(jobs.length).toBe(1);
    for (const job of jobs) {
      const s = job.steps.find((x) => /\/plexlint@/.test(x.uses ?? ''))!;
      for (const k of Object.keys(s.with ?? {})) expect(Object.keys(action.inputs)).toContain(k);
      if (s.with?.['sarif'] === 'true') expect(job.permissions?.['security-events']).toBe('write');
    }
  });
});

interface Hook {
  id: string;
  name: string;
  entry: string;
  language: string;
  files?: string;
  types?: string[];
  require_serial?: boolean;
  args?: string[];
}

const hooks = parse(readFileSync(join(root, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

/** pre-commit's `files` (a Python regular expression, `(?i)` at the start for case) as a JavaScript one. */
function filesPattern(files: string): RegExp {
  return files.startsWith('(?i)') ? new RegExp(files.slice(4), 'i') : new RegExp(files);
}

describe('.pre-commit-hooks.yaml', () => {
  const LANGUAGES = ['conda', 'coursier', 'dart', 'docker', 'docker_image', 'dotnet', 'fail', 'golang', 'haskell', 'lua', 'node', 'perl', 'python', 'r', 'ruby', 'rust', 'script', 'swift', 'system'];

  it('defines plexlint and plexlint-fix as pre-commit reads hooks', () => {
    expect(hooks.map((h) => h.id)).toEqual(['plexlint', 'plexlint-fix']);
    for (const h of hooks) {
      expect(h.name).toMatch(/^plexlint/);
      expect(LANGUAGES).toContain(h.language);
      expect(h.entry.split(' ')[0]).toBe('plexlint');
      // One process for all the files: the estates are read once, not once per batch of files.
      expect(h.require_serial).toBe(true);
      expect(() => filesPattern(h.files!)).not.toThrow();
    }
    expect(hooks.find((h) => h.id === 'plexlint-fix')!.entry).toBe('plexlint check --fix');
    // The hook runs the package's own command.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string>; files: string[] };
    expect(Object.keys(pkg.bin)).toContain('plexlint');
  });

  it('passes the files of an estate and leaves the rest of a repository alone', async () => {
    const files = filesPattern(hooks[0]!.files!);
    // A go script's variables file is read through the scripts that source it.
    const example = filesBelow(join(root, 'fixtures', 'example')).filter((f) => !f.endsWith('/variables'));
    expect(example.length).toBeGreaterThan(10);
    expect(example.filter((f) => !files.test(f))).toEqual([]);
    for (const f of ['PROFILE.TCPIP', 'zos/TCPPARMS/VIPADIST', 'tcpparms/common', 'OMPROUTE.CONF', 'omproute/SYSA.conf', 'lb/edge1/goStandby', 'web/ihs1/plugin-cfg-ihs1.xml', 'plexlint.yml']) expect(files.test(f), f).toBe(true);
    for (const f of ['README.md', 'package.json', 'docs/ci.md', 'src/cli/main.ts', 'profiles/', 'web/index.html', 'omproute/sub/x.conf']) expect(files.test(f), f).toBe(false);
  });

  it('as pre-commit runs it: the changed files, each in its estate, only their findings reported', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'plexlint-precommit-'));
    cpSync(join(root, 'fixtures', 'example'), repo, { recursive: true });
    const hook = hooks.find((h) => h.id === 'plexlint')!;
    const changed = ['profiles/SYSB.tcpip', 'lb/edge1.cfg', 'README.md'].filter((f) => filesPattern(hook.files!).test(f));
    expect(changed).toEqual(['profiles/SYSB.tcpip', 'lb/edge1.cfg']);
    const args = [...hook.entry.split(' ').slice(1), ...(hook.args ?? []), ...changed];
    expect((await runMainIn(args, { cwd: repo })).code).toBe(0);
    // A change that breaks the sysplex: reported in the changed file, found with the other stacks as context.
    const sysb = join(repo, 'profiles', 'SYSB.tcpip');
    const text = readFileSync(sysb, 'utf8');
    expect(text).toMatch(/DISTMETHOD BASEWLM OPTLOCAL 1$/m);
    writeFileSync(sysb, text.replace(/(DISTMETHOD BASEWLM OPTLOCAL) 1$/m, '$1 20'));
    const broken = await runMainIn([...args, '--format', 'gcc'], { cwd: repo });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/^profiles\/SYSB\.tcpip:\d+:\d+: error: .*\[optlocal-out-of-range\]$/m);
    expect(broken.stdout.split('\n').filter(Boolean).every((l) => l.startsWith('profiles/SYSB.tcpip:'))).toBe(true);
  });

  it('plexlint-fix applies the fixes to the changed file', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'plexlint-precommit-'));
    mkdirSync(join(repo, 'profiles'));
    writeFileSync(join(repo, 'profiles', 'SYSA.tcpip'), 'BEGINROUTES\n  ROUTE DEFAULT 10.20.1.1 OSA1 MTU 1492 REPL;CHG\nENDROUTES\n');
    const hook = hooks.find((h) => h.id === 'plexlint-fix')!;
    const run = await runMainIn([...hook.entry.split(' ').slice(1), 'profiles/SYSA.tcpip'], { cwd: repo });
    expect(run.stderr).toContain('fixed 1 problem in 1 file');
    expect(readFileSync(join(repo, 'profiles', 'SYSA.tcpip'), 'utf8')).toContain('REPL ;CHG');
  });

  it('the pre-commit examples in docs/ci.md name hooks that exist; the local hook is the same as the shipped one', () => {
    const configs = yamlBlocks().filter((b): b is { repos: { repo: string; hooks: Hook[] }[] } => typeof b === 'object' && b !== null && 'repos' in b);
    expect(configs.length).toBe(2);
    const remote = configs.flatMap((c) => c.repos).filter((r) => r.repo !== 'local');
    for (const h of remote.flatMap((r) => r.hooks)) expect(hooks.map((x) => x.id)).toContain(h.id);
    const local = configs.flatMap((c) => c.repos).find((r) => r.repo === 'local')!.hooks[0]!;
    const shipped = hooks[0]!;
    expect({ entry: local.entry, files: local.files, types: local.types, require_serial: local.require_serial }).toEqual({
      entry: shipped.entry,
      files: shipped.files,
      types: shipped.types,
      require_serial: shipped.require_serial,
    });
    expect(existsSync(join(root, '.pre-commit-hooks.yaml'))).toBe(true);
  });
});
