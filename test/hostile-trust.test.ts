/**
 * What a branch commits can no longer make plexlint read or write outside the checkout, nor decide its result
 * (docs/robustness.md "The trust model"): the attacks of the third security review, one test each.
 *
 * - links: `-o plexlint.sarif` (the Action's default), the cache, a scenario, a `trace --state` file, a `--baseline`
 *   report, a `.plexlintignore`, an INCLUDEd member, `init`'s plexlint.yaml — each a symbolic link a branch
 *   committed, leading out of the checkout; nothing outside is opened, written or shown;
 * - the cache: a forged cache committed in the checkout decides nothing;
 * - the language server: a document outside every workspace folder is checked on its own;
 * - names: a file name that is not UTF-8 is checked, and shown escaped; a profile named __proto__ pollutes nothing;
 * - `--fix` keeps a read-only file, its owner and its hard links; a scenario's __proto__ is a finding; a malformed
 *   `--baseline` report is a clear exit 2.
 *
 * The command line runs in this process (runMainIn), but where the test needs every path the process opened: a
 * child with support/fs-spy.mjs preloaded (runCli with spyFs).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheLocation } from '../src/cli/cache-location.js';
import { emit, UsageError } from '../src/cli/io.js';
import { readScenarioFile } from '../src/cli/simulate.js';
import { readBaseline } from '../src/diff/baseline.js';
import { readScenarios } from '../src/diff/scenarios.js';
import { outcomeOfRun } from '../src/engine/cache.js';
import { lint, lintAll } from '../src/engine/lint.js';
import { Session } from '../src/lsp/session.js';
import { OutsideCheckoutError } from '../src/sources/checkout.js';
import { hasStackTrace, runCli } from './support/cli.js';
import { runMain, runMainIn } from './support/main.js';

const root = mkdtempSync(join(tmpdir(), 'plexlint-hostile-trust-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A profile with an error on line 1 (exit 1 when it is checked) and a fixable finding on line 2. */
const PROFILE = 'HOME 10.20.1.300 LOOPBACK\nPORT 23 TCP TN3270;glued\n';
const SECRET = 'ghp_SECRET0123456789';

let n = 0;
/**
 * A checkout (a folder with .git; a real repository with `git: true`) holding SYSA.tcpip, and beside it a folder
 * that is no part of it, holding a secret.
 */
function checkout(options: { git?: boolean } = {}): { repo: string; victim: string } {
  const base = join(root, `case${++n}`);
  const repo = join(base, 'repo');
  const victim = join(base, 'victim');
  mkdirSync(repo, { recursive: true });
  mkdirSync(victim);
  writeFileSync(join(repo, 'SYSA.tcpip'), PROFILE);
  writeFileSync(join(victim, 'file'), 'VICTIM\n');
  writeFileSync(join(victim, 'secret.yaml'), `aws_secret_access_key: ${SECRET}\nestate: /SECRET-VALUE\nsteps:\n  - close: all\n`);
  writeFileSync(join(victim, 'base.json'), `"${SECRET}" is what this file holds\n`);
  writeFileSync(join(victim, 'ignore'), 'SYSA.tcpip\n');
  if (options.git) git(repo, 'init', '-q');
  else mkdirSync(join(repo, '.git'));
  return { repo, victim };
}

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, stdio: 'pipe' });
}

/** What a refusal may never show: where a link out leads, or what is there. */
function revealsNothing(text: string): void {
  for (const s of ['victim', SECRET, 'aws_secret', 'SECRET-VALUE', '/usr/bin', 'node']) expect(text).not.toContain(s);
}

describe('-o never writes through a link a branch committed', () => {
  it('plexlint.sarif -> ../victim/file: exit 2, the file outside is untouched, and the line does not say where the link leads', async () => {
    const { repo, victim } = checkout();
    symlinkSync('../victim/file', join(repo, 'plexlint.sarif'));
    const r = await runMainIn(['check', '.', '--format', 'sarif', '-o', 'plexlint.sarif'], { cwd: repo });
    expect(r.code).toBe(2);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.stderr).toBe(
      `plexlint: cannot write the report to plexlint.sarif: it is a symbolic link that leads out of the repository (${repo}); plexlint does not write through a symbolic link out of it (a link in a checkout can come from anyone). Name the file it leads to, if that is the one you mean\n`,
    );
    expect(readFileSync(join(victim, 'file'), 'utf8')).toBe('VICTIM\n');
    revealsNothing(r.stderr.replace(repo, ''));
  });

  it('a dangling link, a link to a folder on the way, and a link whose target is outside through ..: nothing is created', () => {
    const { repo, victim } = checkout();
    symlinkSync('../victim/created', join(repo, 'dangling.sarif'));
    symlinkSync('../victim', join(repo, 'out'));
    symlinkSync('inside/../../victim/x', join(repo, 'twisty.sarif'));
    for (const o of ['dangling.sarif', 'out/report.sarif', 'twisty.sarif']) {
      expect(() => emit('report\n', o, repo), o).toThrow(UsageError);
    }
    expect(existsSync(join(victim, 'created'))).toBe(false);
    expect(existsSync(join(victim, 'report.sarif'))).toBe(false);
    expect(existsSync(join(victim, 'x'))).toBe(false);
  });

  it("a link that stays inside the checkout is written through (the user's own layout), and the link stays a link", () => {
    const { repo } = checkout();
    mkdirSync(join(repo, 'reports'));
    symlinkSync('reports/r.sarif', join(repo, 'plexlint.sarif'));
    emit('report\n', 'plexlint.sarif', repo);
    expect(readFileSync(join(repo, 'reports', 'r.sarif'), 'utf8')).toBe('report\n');
    expect(readlinkSync(join(repo, 'plexlint.sarif'))).toBe('reports/r.sarif');
  });

  it('a path the user names outside the checkout (with .. or absolute) is written as named, through links too', () => {
    const { repo, victim } = checkout();
    emit('one\n', '../victim/one.sarif', repo);
    expect(readFileSync(join(victim, 'one.sarif'), 'utf8')).toBe('one\n');
    emit('two\n', join(victim, 'two.sarif'), repo);
    expect(readFileSync(join(victim, 'two.sarif'), 'utf8')).toBe('two\n');
    symlinkSync('file', join(victim, 'link'));
    emit('three\n', join(victim, 'link'), repo);
    expect(readFileSync(join(victim, 'file'), 'utf8')).toBe('three\n');
  });
});

describe('the cache cannot be placed or forged by a branch', () => {
  it('a committed dangling .plexlintcache -> ../victim/created: check --cache creates nothing outside (the cache is not in the checkout)', async () => {
    const { repo, victim } = checkout();
    symlinkSync('../victim/created', join(repo, '.plexlintcache'));
    const r = await runMainIn(['check', '.', '--cache', '--format', 'gcc'], { cwd: repo });
    expect(r.code).toBe(1);
    expect(existsSync(join(victim, 'created'))).toBe(false);
    expect(lstatSync(join(repo, '.plexlintcache')).isSymbolicLink()).toBe(true);
  });

  it('a committed, forged .plexlintcache (every finding removed) decides nothing: check --cache finds the error (exit 1)', async () => {
    const { repo } = checkout({ git: true });
    // The cache as plexlint 0.1 wrote it, every diagnostics list emptied, and the same in today's layout with a made-up MAC.
    const outcome = { diagnostics: [], suppressed: [], files: ['SYSA.tcpip'], readErrors: [], lines: {} };
    writeFileSync(join(repo, '.plexlintcache'), JSON.stringify({ tool: 'plexlint-cache', format: 2, entries: [{ mac: 'f'.repeat(64), entry: JSON.stringify({ key: 'k', observations: [], outcome }) }] }));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'forged');
    const r = await runMainIn(['check', '.', '--cache', '--format', 'gcc'], { cwd: repo });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('SYSA.tcpip:1:6: error:');
    // Named explicitly, a cache file git tracks is refused: a branch could commit it.
    const named = await runMainIn(['check', '.', '--cache', '--cache-location', '.plexlintcache'], { cwd: repo });
    expect(named.code).toBe(2);
    expect(named.stderr).toBe(
      "plexlint: --cache-location .plexlintcache: git tracks .plexlintcache, so a branch can commit a cache or a link in its place; plexlint does not use it. Keep the cache outside the checkout (the default: the user's cache folder) or in a file git does not track\n",
    );
  });

  it('a cache folder inside the checkout (GitLab): a key the branch committed authenticates nothing', async () => {
    const { repo } = checkout({ git: true });
    const folder = join(repo, '.cache', 'plexlint');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'key'), 'k'.repeat(32));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'a key');
    // Even made private after the checkout, as a hostile runner set-up might leave it.
    chmodSync(join(folder, 'key'), 0o600);
    const r = await runMainIn(['check', '.', '--cache', '--format', 'gcc'], { cwd: repo, env: { XDG_CACHE_HOME: join(repo, '.cache') } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`plexlint: warning: the cache key ${join(folder, 'key')} is a file git tracks, so a branch could have committed it; keep the cache folder out of what git tracks; nothing is cached.\n`);
    // A key anyone else may read, or a link, is not used either.
    const other = join(root, `keys${n}`, 'plexlint');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'key'), 'k'.repeat(32), { mode: 0o644 });
    const loose = await runMainIn(['check', '.', '--cache', '--format', 'gcc'], { cwd: repo, env: { XDG_CACHE_HOME: join(other, '..') } });
    expect(loose.stderr).toContain('is not a file that only this user can read and write (mode 0600)');
    rmSync(join(other, 'key'));
    symlinkSync(join(folder, 'key'), join(other, 'key'));
    const linked = await runMainIn(['check', '.', '--cache', '--format', 'gcc'], { cwd: repo, env: { XDG_CACHE_HOME: join(other, '..') } });
    expect(linked.stderr).toContain('(it is a symbolic link)');
    expect(linked.code).toBe(1);
  });

  it('a --cache-location in the checkout that leads out through a link is refused; one git does not track is used', () => {
    const { repo } = checkout({ git: true });
    symlinkSync('../victim/cache', join(repo, 'link.cache'));
    expect(() => cacheLocation('link.cache', repo, [])).toThrow(/^--cache-location link\.cache is a symbolic link that leads out of the repository/);
    expect(cacheLocation('.cache/', repo, []).file).toBe(join(repo, '.cache', '.plexlintcache'));
    expect(cacheLocation('../elsewhere.cache', repo, [])).toEqual({ file: join(repo, '..', 'elsewhere.cache'), write: {} });
  });
});

describe('files named on the command line are not read through a link out of the checkout', () => {
  it('a scenario that links out: never opened, and none of its keys or values is printed (simulate, graph, diff --scenario, trace --state)', () => {
    const { repo, victim } = checkout();
    symlinkSync('../victim/secret.yaml', join(repo, 'scen.yaml'));
    for (const args of [
      ['simulate', 'scen.yaml'],
      ['graph', '--scenario', 'scen.yaml'],
      ['trace', '.', '--from', 'client', '--to', '10.1.1.1:80', '--state', 'scen.yaml'],
    ]) {
      const r = runCli(args, { cwd: repo, spyFs: true });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(`scen.yaml is a symbolic link that leads out of the repository (${repo}); plexlint does not follow a symbolic link out of it`);
      revealsNothing(r.stderr.replace(repo, ''));
      expect(r.fsAccess.filter((a) => a.includes(victim) && !a.startsWith('lstat') && !a.startsWith('readlink') && !a.startsWith('realpath'))).toEqual([]);
    }
    expect(() => readScenarios(['scen.yaml'], repo)).toThrow(OutsideCheckoutError);
    expect(() => readScenarioFile('scen.yaml', repo)).toThrow(OutsideCheckoutError);
  });

  it('--baseline base.json that links out: refused without reading it, so no JSON-parse excerpt', async () => {
    const { repo } = checkout();
    symlinkSync('../victim/base.json', join(repo, 'base.json'));
    let message = '';
    try {
      readBaseline('base.json', repo, [], { cwd: repo });
    } catch (e) {
      expect(e).toBeInstanceOf(OutsideCheckoutError);
      message = (e as Error).message;
    }
    expect(message).toBe(`base.json is a symbolic link that leads out of the repository (${repo}); plexlint does not follow a symbolic link out of it (a link in a checkout can come from anyone). Name the file it leads to, if that is the one you mean`);
    const r = await runMainIn(['check', '.', '--baseline', 'base.json'], { cwd: repo });
    expect(r.code).toBe(2);
    revealsNothing(r.stderr.replace(repo, ''));
  });

  it('a path to check that is a link out of the checkout (profiles -> /) is refused, not scanned', () => {
    const { repo } = checkout();
    symlinkSync('../victim', join(repo, 'profiles'));
    const r = runCli(['check', 'profiles'], { cwd: repo, spyFs: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`plexlint: profiles is a symbolic link that leads out of the repository (${repo}); plexlint does not follow a symbolic link out of it (a link in a checkout can come from anyone)\n`);
    expect(r.fsAccess.filter((a) => a.startsWith('readdir') && a.includes('victim'))).toEqual([]);
  });
});

describe('files the estate holds are not read through a link out of it', () => {
  it('a .plexlintignore that links out is not read, and its lines never come back as a reason', async () => {
    const { repo } = checkout();
    symlinkSync('../victim/ignore', join(repo, '.plexlintignore'));
    const r = await runMain('check', join(repo, 'SYSA.tcpip'), '--format', 'gcc');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^plexlint: warning: \S*\/\.plexlintignore is a symbolic link that leads out of the repository \([^)]*\); plexlint does not read it\n$/);
    expect(r.stderr).not.toContain('is ignored');
    expect(r.stdout).toContain('SYSA.tcpip:1:6: error:');
  });

  it('a plexlint.yaml that links out: its ignore: patterns are never used, and --print-config does not read it', async () => {
    const { repo, victim } = checkout();
    writeFileSync(join(victim, 'evil.yaml'), 'ignore:\n  - SYSA.tcpip\n');
    symlinkSync('../victim/evil.yaml', join(repo, 'plexlint.yaml'));
    const r = await runMain('check', join(repo, 'SYSA.tcpip'));
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('is ignored');
    expect(r.stderr).toContain('plexlint.yaml is outside the estate being checked; plexlint does not read it');
    const printed = await runMain('check', '--print-config', join(repo, 'SYSA.tcpip'));
    expect(printed.code).toBe(2);
    expect(printed.stderr).toMatch(/plexlint\.yaml is a symbolic link that leads out of its folder; plexlint does not read it\n$/);
    expect(printed.stdout).toBe('');
  });

  it('an INCLUDE member that links out (to /proc/self/exe): the finding does not say where the link leads', () => {
    const { repo } = checkout();
    writeFileSync(join(repo, 'plexlint.yaml'), 'systems:\n  SYSA: { profile: SYSA.tcpip }\ndatasets:\n  USER.TCPPARMS: members\n');
    writeFileSync(join(repo, 'SYSA.tcpip'), 'INCLUDE USER.TCPPARMS(EXE)\n');
    mkdirSync(join(repo, 'members'));
    symlinkSync('/proc/self/exe', join(repo, 'members', 'EXE'));
    const d = lint([repo], { cwd: repo }).diagnostics.find((x) => x.ruleId === 'include-outside-estate');
    expect(d?.message).toBe('INCLUDE USER.TCPPARMS(EXE): members/EXE is a symbolic link that leads out of the estate (repo); plexlint does not look at files outside the estate it was given.');
  });

  it('init never follows a dangling plexlint.yaml link, with or without --force', async () => {
    const { repo, victim } = checkout();
    symlinkSync('../victim/created', join(repo, 'plexlint.yaml'));
    const r = await runMain('init', repo);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`plexlint: ${join(repo, 'plexlint.yaml')} already exists; plexlint init does not replace it (use --force to)\n`);
    const forced = await runMain('init', repo, '--force');
    expect(forced.code).toBe(2);
    expect(forced.stderr).toBe(`plexlint: ${join(repo, 'plexlint.yaml')} is a symbolic link to nothing; plexlint init does not create what it names (remove the link first)\n`);
    expect(existsSync(join(victim, 'created'))).toBe(false);
    // Not even inside the folder.
    rmSync(join(repo, 'plexlint.yaml'));
    symlinkSync('missing.yaml', join(repo, 'plexlint.yaml'));
    expect((await runMain('init', repo, '--force')).code).toBe(2);
    expect(existsSync(join(repo, 'missing.yaml'))).toBe(false);
    // A link to a file outside that is there: --force does not write through it either.
    rmSync(join(repo, 'plexlint.yaml'));
    symlinkSync('../victim/file', join(repo, 'plexlint.yaml'));
    const outside = await runMain('init', repo, '--force');
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain(`plexlint.yaml: it is a symbolic link that leads out of the repository (${repo})`);
    expect(readFileSync(join(victim, 'file'), 'utf8')).toBe('VICTIM\n');
  });
});

describe('the language server reads nothing outside its workspace folders', () => {
  function session(roots: string[]): Session {
    return new Session({ roots, publish: () => undefined, debounceMs: 1e9 });
  }
  const paths = (s: Session, uri: string): string[] =>
    s
      .context(uri)!
      .result!.compiled.workspace.fs.observations()
      .map((o) => `${o.op} ${o.path}`);

  it('a document outside every workspace folder (file:///x.tcpip, file:///etc/passwd) is checked on its own: no folder listed, no file read', () => {
    const { repo } = checkout();
    const s = session([repo]);
    for (const path of ['/x.tcpip', '/etc/passwd', join(root, 'elsewhere', 'SYSZ.tcpip')]) {
      const uri = pathToFileURL(path).href;
      s.open(uri, 'INCLUDE USER.TCPPARMS(COMMON)\nHOME 10.20.1.300 LOOPBACK\n', 1);
      const ctx = s.context(uri)!;
      expect(ctx.result!.diagnostics.map((d) => d.ruleId)).toEqual(expect.arrayContaining(['include-not-found', 'invalid-address']));
      expect(paths(s, uri).filter((p) => /^(list|listAll|read|kind|lkind|size) /.test(p))).toEqual([]);
    }
    s.dispose();
  });

  it('a document inside a workspace folder never looks above it (a plexlint.yaml or .plexlintignore there is not read)', () => {
    const { repo } = checkout();
    const ws = join(repo, 'ws');
    mkdirSync(ws);
    writeFileSync(join(ws, 'SYSB.tcpip'), PROFILE);
    writeFileSync(join(repo, 'plexlint.yaml'), 'systems:\n  SYSA: { profile: SYSA.tcpip }\n');
    writeFileSync(join(repo, '.plexlintignore'), 'SYSB.tcpip\n');
    const s = session([ws]);
    const uri = pathToFileURL(join(ws, 'SYSB.tcpip')).href;
    s.open(uri, PROFILE, 1);
    expect(s.context(uri)!.result!.diagnostics.map((d) => d.ruleId)).toContain('invalid-address');
    expect(paths(s, uri).filter((p) => !p.startsWith('realpath') && !p.split(' ')[1]!.startsWith(ws))).toEqual([]);
    s.dispose();
  });
});

describe('every name the file system gives is checked', () => {
  it('a file and a folder whose names are not UTF-8 are checked, and shown escaped', async () => {
    const { repo } = checkout();
    const dir = Buffer.from(join(repo, 'latin'));
    mkdirSync(dir);
    writeFileSync(Buffer.concat([dir, Buffer.from('/'), Buffer.from([0xff]), Buffer.from('.tcpip')]), PROFILE);
    mkdirSync(Buffer.concat([dir, Buffer.from('/'), Buffer.from([0xfe])]));
    writeFileSync(Buffer.concat([dir, Buffer.from('/'), Buffer.from([0xfe]), Buffer.from('/SYSC.tcpip')]), PROFILE);
    const r = await runMainIn(['check', 'latin', '--format', 'gcc'], { cwd: repo });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('latin/\\xff.tcpip:1:6: error:');
    expect(r.stdout).toContain('latin/\\xfe/SYSC.tcpip:1:6: error:');
  });

  it('--fix writes a file whose name is not UTF-8 under that name', async () => {
    const { repo } = checkout();
    const file = Buffer.concat([Buffer.from(join(repo, 'f')), Buffer.from([0xe9]), Buffer.from('.tcpip')]);
    writeFileSync(file, PROFILE);
    const r = await runMain('check', repo, '--fix', '--format', 'gcc');
    expect(r.stderr).toContain('fixed');
    expect(readFileSync(file, 'utf8')).toBe('HOME 10.20.1.300 LOOPBACK\nPORT 23 TCP TN3270 ;glued\n');
  });

  it('a profile named __proto__ (or constructor) with a finding on line 1 pollutes no prototype', async () => {
    const { repo } = checkout();
    for (const name of ['__proto__', 'constructor', 'toString']) writeFileSync(join(repo, name), PROFILE);
    const outcome = outcomeOfRun(lintAll([repo], { cwd: repo }));
    expect(Object.keys(outcome.lines).sort()).toEqual(['SYSA.tcpip', '__proto__', 'constructor', 'toString']);
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, '1')).toBe(false);
    expect(({} as Record<string, unknown>)['1']).toBeUndefined();
    const r = await runMain('check', repo, '--cache', '--format', 'sarif');
    expect(r.code).toBe(1);
    expect(({} as Record<string, unknown>)['1']).toBeUndefined();
  });
});

describe('--fix keeps what the file is', () => {
  it('a read-only file is refused with one line, exit 2, and no file is written', async () => {
    const { repo } = checkout();
    writeFileSync(join(repo, 'SYSB.tcpip'), PROFILE);
    chmodSync(join(repo, 'SYSB.tcpip'), 0o444);
    const r = await runMain('check', repo, '--fix');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^plexlint: cannot write the fixed \S*\/SYSB\.tcpip: it is read-only \(no write permission\); plexlint does not change a file you made read-only\nplexlint: no file was changed\n$/);
    expect(readFileSync(join(repo, 'SYSA.tcpip'), 'utf8')).toBe(PROFILE);
    expect(readFileSync(join(repo, 'SYSB.tcpip'), 'utf8')).toBe(PROFILE);
  });

  it('keeps owner, group, mode and hard links', async () => {
    const { repo } = checkout();
    const file = join(repo, 'SYSA.tcpip');
    chmodSync(file, 0o640);
    const other = join(repo, 'hard-link-elsewhere.keep');
    linkSync(file, other);
    const before = statSync(file);
    const r = await runMain('check', repo, '--fix');
    expect(r.stderr).toContain('fixed');
    const after = statSync(file);
    expect(after.ino).toBe(before.ino);
    expect(readFileSync(other, 'utf8')).toBe(readFileSync(file, 'utf8'));
    expect(readFileSync(file, 'utf8')).toContain('TN3270 ;glued');
    expect(after.mode & 0o7777).toBe(0o640);
    // Another user's file in a folder this user may write (root here: the owner is given back).
    if (process.getuid?.() === 0) {
      const owned = join(repo, 'SYSB.tcpip');
      writeFileSync(owned, PROFILE);
      chownSync(owned, 1234, 5678);
      await runMain('check', repo, '--fix');
      expect(readFileSync(owned, 'utf8')).toContain('TN3270 ;glued');
      expect([statSync(owned).uid, statSync(owned).gid]).toEqual([1234, 5678]);
    }
  });
});

describe('scenario keys', () => {
  it('__proto__ and constructor are names or unknown keys like any other: findings, never ignored', async () => {
    const { repo } = checkout();
    writeFileSync(join(repo, 'SYSA.tcpip'), 'IPCONFIG DYNAMICXCF 10.9.0.1 255.255.255.0 1\nHOME 10.1.1.1 LOOPBACK\n');
    for (const [set, expected] of [
      ['{ __proto__: {} }', "unknown key '__proto__' in set"],
      ['{ constructor: {} }', "unknown key 'constructor' in set"],
      ['{ stacks: { SYSA: { __proto__: 1 } } }', "unknown key '__proto__' in set.stacks.SYSA"],
      ['{ odrs: { __proto__: { up: false } } }', '__proto__'],
      ['{ members: { constructor: { up: false } } }', 'constructor'],
      ['{ lbs: { __proto__: { up: false } } }', '__proto__'],
    ]) {
      const file = join(repo, 'proto.scenario.yaml');
      writeFileSync(file, `inputs: [SYSA.tcpip]\nsteps:\n  - set: ${set}\n`);
      const r = await runMain('simulate', file);
      expect(r.stderr + r.stdout, set).toContain(expected);
      expect(r.code, set).not.toBe(0);
    }
  });
});

describe('a malformed --baseline report is a clear exit 2', () => {
  const cases: [string, string][] = [
    ['[null]', '[0] is null, where a --format json report has an object ({ filePath, messages, … })'],
    ['[{"filePath": 5, "messages": []}]', '[0].filePath is a number, where a --format json report has a string'],
    ['[{"filePath": "a.tcpip", "messages": [null]}]', '[0].messages[0] is null, where a --format json report has an object ({ ruleId, message, line, … })'],
    ['[{"filePath": "a.tcpip"}]', '[0].messages is missing, where a --format json report has a list'],
    ['[{"filePath": "a.tcpip", "messages": [{"ruleId": 7}]}]', '[0].messages[0].ruleId is a number, where a --format json report has a string (or null)'],
    ['[{"filePath": "a.tcpip", "messages": [{"ruleId": "x", "message": ["m"]}]}]', '[0].messages[0].message is a list, where a --format json report has a string'],
    ['{"filePath": "a.tcpip"}', 'the report is an object, where a --format json report has a list of files'],
    ['[{"filePath": "a"', 'is not valid JSON'],
  ];
  for (const [text, why] of cases) {
    it(text, async () => {
      const { repo } = checkout();
      const file = join(repo, 'base.json');
      writeFileSync(file, text);
      const r = await runMain('check', repo, '--baseline', file);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(why);
      expect(r.stderr).not.toContain('internal error');
      expect(r.stderr.split('\n').length).toBe(2);
    });
  }
});
