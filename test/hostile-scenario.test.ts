/**
 * The simulator on hostile scenario files: an estate or inputs outside the repository, FIFOs, devices and /proc
 * files in place of a scenario, a --state file or a cache, counts that would take gigabytes, nesting thousands of
 * levels deep. Each ends in one clear line (exit 2) or runs in bounded memory; nothing outside is read.
 * Child processes (runCli) where the process is what is tested: every path it opened (spyFs), a capped heap, a hang
 * guard that can only kill a process (a FIFO that never ends), standard input, and the depth of the real process's
 * stack; the rest runs in this process (runMainIn).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheSecret, userCacheFolder } from '../src/cli/cache-location.js';
import { entryMac } from '../src/engine/cache.js';
import { cliPath, hasStackTrace, runCli } from './support/cli.js';
import { runMainIn } from './support/main.js';

const root = mkdtempSync(join(tmpdir(), 'plexlint-hostile-scenario-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A repository (a folder with .git) holding an estate, and a folder beside it that is not part of it. */
const repo = join(root, 'repo');
const outside = join(root, 'outside');
mkdirSync(join(repo, '.git'), { recursive: true });
mkdirSync(join(repo, 'net'), { recursive: true });
mkdirSync(outside);
const PROFILE = 'IPCONFIG DYNAMICXCF 10.9.0.1 255.255.255.0 1\nDEVICE OSA1 MPCIPA\nLINK L1 IPAQENET OSA1\nHOME 10.1.1.1 L1\nVIPADYNAMIC\n VIPADEFINE 255.255.255.0 10.40.1.1\n VIPADISTRIBUTE DEFINE 10.40.1.1 PORT 8080 DESTIP ALL\nENDVIPADYNAMIC\n';
writeFileSync(join(repo, 'net', 'SYSA.tcpip'), PROFILE);
writeFileSync(join(outside, 'SYSZ.tcpip'), PROFILE.replace('10.1.1.1', '10.1.1.9'));
writeFileSync(join(outside, 'plexlint.yaml'), 'systems:\n  SYSZ: { profile: SYSZ.tcpip }\n');
symlinkSync(outside, join(repo, 'link-out'));

function scenario(name: string, text: string): string {
  const p = join(repo, name);
  writeFileSync(p, text);
  return p;
}

function simulate(file: string, options: { maxOldSpaceMb?: number } = {}): { code: number | null; stderr: string; stdout: string; fsAccess: string[] } {
  const r = runCli(['simulate', file], { cwd: repo, spyFs: true, ...options });
  expect(hasStackTrace(r.stderr)).toBe(false);
  return r;
}

describe("a scenario's estate and inputs stay inside the repository that holds it", () => {
  const cases: [string, string, string][] = [
    ['estate: /etc', `estate: ${outside}/plexlint.yaml\nsteps:\n  - close: all\n`, `estate: ${outside}/plexlint.yaml is outside`],
    ['inputs: [/proc/self]', 'inputs: [/proc/self]\nsteps:\n  - close: all\n', 'inputs entry: /proc/self is outside'],
    ['inputs: [../outside]', 'inputs: [../outside]\nsteps:\n  - close: all\n', 'inputs entry: ../outside is outside'],
    ['a symbolic link out of the repository', 'estate: link-out/plexlint.yaml\nsteps:\n  - close: all\n', 'estate: link-out/plexlint.yaml is outside'],
  ];
  for (const [what, text, start] of cases) {
    it(`${what}: one line, exit 2, nothing outside opened`, () => {
      const file = scenario('out.scenario.yaml', text);
      const r = simulate(file);
      expect(r.stderr).toBe(
        `plexlint: out.scenario.yaml:1:${text.indexOf(text.startsWith('estate') ? 'estate: ' : '[') + (text.startsWith('estate') ? 9 : 2)}: ${start} the repository that holds the scenario (${repo}); a scenario's estate and inputs must lie inside it, and plexlint does not read anything else\n`,
      );
      expect(r.code).toBe(2);
      expect(r.fsAccess.filter((a) => a.includes(outside) || a.includes('/proc/self'))).toEqual([]);
    });
  }

  it('without a repository, the working directory is the sandbox', async () => {
    const bare = mkdtempSync(join(root, 'bare-'));
    writeFileSync(join(bare, 's.scenario.yaml'), `inputs: [${outside}]\nsteps:\n  - close: all\n`);
    const r = await runMainIn(['simulate', 's.scenario.yaml'], { cwd: bare });
    expect(r.stderr).toContain(`is outside the working directory (${bare}; the scenario is in no git repository)`);
    expect(r.code).toBe(2);
  });

  it('inside the repository, it runs', () => {
    const r = simulate(scenario('in.scenario.yaml', 'inputs: [net]\nsteps:\n  - connect: { to: "10.40.1.1:8080", count: 10 }\n'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('FIFOs, devices and /proc files are never read', () => {
  const fifo = join(repo, 'pipe.scenario.yaml');
  execFileSync('mkfifo', [fifo]);

  it('a FIFO as the scenario', () => {
    const r = simulate(fifo);
    expect(r.stderr).toBe(`plexlint: ${fifo} is a FIFO (named pipe), not a regular file\n`);
    expect(r.code).toBe(2);
  });

  it('a device as the scenario', () => {
    const r = simulate('/dev/zero');
    expect(r.stderr).toBe('plexlint: /dev/zero is a device, not a regular file\n');
    expect(r.code).toBe(2);
  });

  it('a FIFO, a device or a /proc file as trace --state', () => {
    for (const [state, why] of [
      [fifo, 'is a FIFO (named pipe), not a regular file'],
      ['/dev/urandom', 'is a device, not a regular file'],
      ['/proc/self/status', 'is a special file (its size is 0 but reading it yields data, like the files of /proc)'],
    ]) {
      const r = runCli(['trace', 'net', '--from', 'client', '--to', '10.40.1.1:8080', '--state', state!], { cwd: repo, maxOldSpaceMb: 256 });
      expect(r.stderr).toBe(`plexlint: --state ${state} ${why}\n`);
      expect(r.code).toBe(2);
    }
  });

  it('a FIFO as a --baseline report, and standard input without end', () => {
    const d = mkdtempSync(join(root, 'baseline-'));
    writeFileSync(join(d, 'SYSA.tcpip'), PROFILE);
    execFileSync('mkfifo', [join(d, 'old.json')]);
    const r = runCli(['check', 'SYSA.tcpip', '--baseline', 'old.json'], { cwd: d, timeout: 60_000 });
    expect(r.stderr).toBe('plexlint: --baseline old.json is a FIFO (named pipe), not a regular file\n');
    expect(r.code).toBe(2);
    const big = spawnSync(process.execPath, [cliPath(), 'check', '--stdin', '--stdin-filename', 'SYSA.tcpip'], { cwd: d, input: Buffer.alloc(65 * 1024 * 1024, 0x20), encoding: 'utf8', timeout: 60_000 });
    expect(big.stderr).toBe('plexlint: --stdin: standard input is larger than the 64 MB plexlint reads for a file\n');
    expect(big.status).toBe(2);
  });

  it('a FIFO, a device or a /proc file in the estate', () => {
    const d = mkdtempSync(join(root, 'estate-'));
    writeFileSync(join(d, 'SYSA.tcpip'), PROFILE);
    execFileSync('mkfifo', [join(d, 'SYSB.tcpip')]);
    symlinkSync('/dev/zero', join(d, 'SYSC.tcpip'));
    const r = runCli(['check', join(d, 'SYSB.tcpip'), join(d, 'SYSA.tcpip')], { cwd: d, maxOldSpaceMb: 256 });
    expect(r.stderr).toBe('plexlint: SYSB.tcpip is not a regular file\n');
    expect(r.code).toBe(2);
    // A folder scan passes over the FIFO; the link to /dev/zero leads out of the estate and is refused, unread.
    const scan = runCli(['check', '.', '--format', 'gcc'], { cwd: d, maxOldSpaceMb: 256, spyFs: true });
    expect(scan.stdout).toBe('SYSC.tcpip:1:1: error: SYSC.tcpip is outside the estate being checked; plexlint does not read it. [unreadable-file]\n');
    expect(scan.code).toBe(1);
    expect(scan.fsAccess.filter((a) => a.includes('/dev/zero') || a.endsWith('SYSB.tcpip'))).toEqual([]);
  });

  it('a cache entry that names a /proc file, a FIFO or a device is a miss, and the run ends (even one made with the key)', async () => {
    const d = mkdtempSync(join(root, 'cache-'));
    writeFileSync(join(d, 'SYSA.tcpip'), PROFILE);
    const cache = join(d, '.plexlintcache');
    expect((await runMainIn(['check', '.', '--cache', '--cache-location', cache], { cwd: d })).code).toBe(0);
    const file = JSON.parse(execFileSync('cat', [cache]).toString()) as { entries: { mac: string; entry: string }[] };
    const entry = JSON.parse(file.entries[0]!.entry) as { observations: unknown[] };
    const secret = cacheSecret(userCacheFolder());
    for (const path of ['/proc/self/pagemap', fifo, '/dev/zero']) {
      entry.observations = [{ op: 'read', path, result: 'x' }, ...entry.observations];
      file.entries[0] = { mac: entryMac(secret, JSON.stringify(entry)), entry: JSON.stringify(entry) };
      writeFileSync(cache, JSON.stringify(file));
      const r = runCli(['--debug', 'check', '.', '--cache', '--cache-location', cache], { cwd: d, maxOldSpaceMb: 256, timeout: 60_000 });
      expect(r.stderr).toBe(`plexlint: cache: miss (${cache}): ${path} changed (read)\n`);
      expect(r.code).toBe(0);
    }
  });
});

describe('counts that would take gigabytes end in one line', () => {
  // The simulator keeps counts, not records (src/sim/limits.ts); a scenario beyond its limits is refused when read.
  it('requests with count 10,000,000 and sessions 10,000,000', () => {
    const file = scenario('big.scenario.yaml', 'inputs: [net]\nsteps:\n  - requests: { plugin: p.xml, url: "http://a/", count: 10000000, sessions: 10000000 }\n');
    const r = simulate(file, { maxOldSpaceMb: 512 });
    expect(r.stderr).toBe('plexlint: big.scenario.yaml:3:77: requests.sessions must be a number from 0 to 100,000\n');
    expect(r.code).toBe(2);
  });

  it('100 steps of connect with count 10,000,000', () => {
    const steps = Array.from({ length: 100 }, () => '  - connect: { to: "10.40.1.1:8080", count: 10000000 }\n').join('');
    const r = simulate(scenario('many.scenario.yaml', `inputs: [net]\nsteps:\n${steps}`), { maxOldSpaceMb: 512 });
    expect(r.stderr).toBe('plexlint: many.scenario.yaml:1:1: the steps make 1,000,000,000 connections, requests and calls; a scenario may make at most 100,000,000 (docs/scenarios.md "Limits")\n');
    expect(r.code).toBe(2);
  });

  it('2 steps of connect with count 10,000,000 run in bounded memory (256 MB heap)', () => {
    const steps = Array.from({ length: 2 }, () => '  - connect: { to: "10.40.1.1:8080", count: 10000000 }\n').join('');
    const r = simulate(scenario('bounded.scenario.yaml', `inputs: [net]\nsteps:\n${steps}`), { maxOldSpaceMb: 256 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('10000000 connections from client to 10.40.1.1:8080');
  });
});

describe('nesting thousands of levels deep', () => {
  it('a scenario of 2,000 nested flow sequences: one positioned line', () => {
    const r = simulate(scenario('deep.scenario.yaml', `inputs: [net]\nsteps:\n  - set: ${'['.repeat(2000)}${']'.repeat(2000)}\n`));
    expect(r.stderr).toBe('plexlint: deep.scenario.yaml:3:110: the YAML is nested more than 100 levels deep here, which plexlint does not read (a scenario nests a few levels); nothing in the file is used.\n');
    expect(r.code).toBe(2);
  });

  it('a scenario of 1,400 nested block mappings: one positioned line', () => {
    let text = 'inputs: [net]\nsteps:\n  - set:\n';
    for (let i = 0; i < 1400; i++) text += `${' '.repeat(i + 4)}a:\n`;
    const r = simulate(scenario('deep-block.scenario.yaml', text));
    expect(r.stderr).toBe('plexlint: deep-block.scenario.yaml:102:103: the YAML is nested more than 100 levels deep here, which plexlint does not read (a scenario nests a few levels); nothing in the file is used.\n');
    expect(r.code).toBe(2);
  });

  it('a --state file nested 2,000 levels deep', () => {
    writeFileSync(join(repo, 'deep-state.yaml'), `stacks: ${'{a: '.repeat(2000)}1${'}'.repeat(2000)}\n`);
    const r = runCli(['trace', 'net', '--from', 'client', '--to', '10.40.1.1:8080', '--state', 'deep-state.yaml'], { cwd: repo });
    expect(r.stderr).toBe('plexlint: --state deep-state.yaml: 1:409 the YAML is nested more than 100 levels deep here, which plexlint does not read (a state file nests a few levels); nothing in the file is used.\n');
    expect(r.code).toBe(2);
  });
});

describe("a scenario's estate: must name a manifest that is there", () => {
  writeFileSync(join(repo, 'net', 'plugin-cfg.xml'), '<?xml version="1.0"?>\n<Config>\n</Config>\n');
  // Before: a missing file surfaced later as the compile's "--config" error, printed twice, without a position; a
  // folder as "net is a folder, not a file"; and plugin-cfg.xml was read as the manifest (not a mapping, so empty)
  // and left out of the estate, so every step failed with "the estate has no plug-in file (plugin-cfg.xml)".
  const cases: [string, string, string][] = [
    ['a missing manifest', 'net/nope.yaml', "net/nope.yaml does not exist; estate: names the estate's plexlint.yaml"],
    ['a folder', 'net', "net is a folder; estate: names the estate's plexlint.yaml (net/plexlint.yaml), or list the folder under inputs: [net]"],
    ['a plugin-cfg.xml', 'net/plugin-cfg.xml', "net/plugin-cfg.xml is a plugin-cfg.xml, not a plexlint.yaml; estate: names the estate's plexlint.yaml, or list the files under inputs: [net/plugin-cfg.xml]"],
  ];
  for (const [what, entry, message] of cases) {
    it(`${what}: one error at the entry that says what to name, without --config`, () => {
      const r = simulate(scenario('entry.scenario.yaml', `estate: ${entry}\nsteps:\n  - close: all\n`));
      expect(r.stderr).toBe(`plexlint: entry.scenario.yaml:1:9: estate: ${message}\n`);
      expect(r.code).toBe(2);
    });
  }
});
