/**
 * Paths out of the estate give one answer whether or not anything is there (no existence oracle), and the small
 * ones of the security review: a size message that read "1.0 MB, larger than the 1.0 MB", trace --to with a port
 * or an address that cannot be, and a DOCTYPE internal subset that no XML parser accepts.
 * The command line runs in this process (runMainIn), but where the test needs every path the process opened: a
 * child with support/fs-spy.mjs preloaded (runCli with spyFs).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from './support/cli.js';
import { runMainIn } from './support/main.js';

const root = mkdtempSync(join(tmpdir(), 'plexlint-hostile-estate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder outside every estate below, with one file in it: SHADOW. */
const outside = join(root, 'etc');
mkdirSync(outside);
writeFileSync(join(outside, 'SHADOW'), 'root:$6$secret\n');

let n = 0;
/** An estate in a folder of its own, or in `reuse` (rewritten), so that two runs can be compared. */
function estate(files: Record<string, string>, reuse?: string): string {
  const dir = reuse ?? join(root, `estate${++n}`);
  rmSync(dir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const PROFILE = (include: string): string => `${include}\nDEVICE OSA1 MPCIPA\nLINK L1 IPAQENET OSA1\nHOME 10.1.1.1 L1\n`;

/** The output of a run with the member or file name replaced, so that two runs can be compared. */
function normalised(r: { stdout: string; stderr: string; code: number | null }, name: string): string {
  return `${r.code}\n${r.stdout}${r.stderr}`.split(name).join('<NAME>');
}

describe('no existence oracle', () => {
  it('INCLUDE U.E(SHADOW) with U.E mapped outside: the same answer for a member that exists and one that does not', () => {
    const same = join(root, 'include-mapping');
    const runs = ['SHADOW', 'NOSUCH'].map((member) => {
      const dir = estate({ 'plexlint.yaml': `systems:\n  SYSA: { profile: SYSA.tcpip }\ndatasets:\n  U.E: ${outside}\n`, 'SYSA.tcpip': PROFILE(`INCLUDE U.E(${member})`) }, same);
      const r = runCli(['check', '.', '--format', 'gcc'], { cwd: dir, spyFs: true });
      expect(r.fsAccess.filter((a) => a.includes(outside))).toEqual([]);
      return normalised(r, member);
    });
    expect(runs[0]).toBe(runs[1]);
    expect(runs[0]).toContain('error: INCLUDE U.E(<NAME>): plexlint.yaml maps U.E to ../etc, which is outside the estate (the folder ./); plexlint does not look at files outside the estate it was given. [include-outside-estate]');
  });

  it('a member that is a symbolic link out of the estate: the same answer whether its target exists or not', async () => {
    const same = join(root, 'include-link');
    const runs: string[] = [];
    for (const target of ['SHADOW', 'NOSUCH']) {
      const dir = estate({ 'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip }\ndatasets:\n  U.E: members\n', 'SYSA.tcpip': PROFILE('INCLUDE U.E(COMMON)'), 'members/README': 'x\n' }, same);
      symlinkSync(join(outside, target), join(dir, 'members', 'COMMON'));
      runs.push(normalised(await runMainIn(['check', '.', '--format', 'gcc'], { cwd: dir }), target));
    }
    expect(runs[0]).toBe(runs[1]);
    expect(runs[0]).toContain('INCLUDE U.E(COMMON): members/COMMON is a symbolic link that leads out of the estate (include-link); plexlint does not look at files outside the estate it was given.');
    expect(runs[0]).not.toContain('etc/');
  });

  it('profile: outside the estate exits 2 with the same line whether the file exists or not', () => {
    const runs = ['SHADOW', 'NOSUCH'].map((name) => {
      const dir = estate({ 'plexlint.yaml': `systems:\n  SYSA: { profile: ${join(outside, name)} }\n` });
      const r = runCli(['check', '.'], { cwd: dir, spyFs: true });
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.fsAccess.filter((a) => a.includes(outside))).toEqual([]);
      return normalised(r, name);
    });
    expect(runs[0]).toBe(runs[1]);
    expect(runs[0]).toBe('2\nplexlint: ../etc/<NAME> is outside the estate being checked; plexlint does not read it\n');
  });

  it('the same for the web tier and the Load Balancer files the manifest names', async () => {
    for (const key of ['web:\n  plugins: [PATH]', 'loadBalancers:\n  edge1: { config: PATH }', 'loadBalancers:\n  edge1: { config: lb.cfg, scripts: PATH }']) {
      const runs: string[] = [];
      for (const name of ['SHADOW', 'NOSUCH']) {
        const dir = estate({ 'plexlint.yaml': `${key.replace('PATH', join(outside, name))}\n`, 'lb.cfg': 'dscontrol executor start\n' });
        runs.push(normalised(await runMainIn(['check', '.'], { cwd: dir }), name));
      }
      expect(runs[0], key).toBe(runs[1]);
      expect(runs[0], key).toBe('2\nplexlint: ../etc/<NAME> is outside the estate being checked; plexlint does not read it\n');
    }
  });
});

describe('small ones', () => {
  it('a manifest one byte over the limit says by how much, not "1.0 MB, larger than the 1.0 MB"', async () => {
    const dir = estate({ 'plexlint.yaml': `# ${'x'.repeat(1024 * 1024 - 2)}\n` });
    const r = await runMainIn(['check', '.'], { cwd: dir });
    expect(r.stderr).toBe('plexlint: plexlint.yaml is 1,048,577 bytes, larger than the 1,048,576 bytes (1.0 MB) plexlint reads for a manifest\n');
    expect(r.code).toBe(2);
  });

  it('trace --to rejects a port over 65535 and an address that is none', async () => {
    const dir = estate({ 'SYSA.tcpip': PROFILE('') });
    for (const [to, why] of [
      ['10.40.1.2:99999', 'port 99999 is not from 1 to 65535'],
      ['10.40.1.2:0', 'port 0 is not from 1 to 65535'],
      ['999.1.1.1:80', '999.1.1.1 is not an IPv4 or IPv6 address'],
      ['shop.example.com:80', 'shop.example.com is not an IPv4 or IPv6 address'],
    ]) {
      const r = await runMainIn(['trace', '.', '--from', 'client', '--to', to!], { cwd: dir });
      expect(r.stderr).toBe(`plexlint: --to ${to}: ${why}\n`);
      expect(r.code).toBe(2);
    }
    expect((await runMainIn(['trace', '.', '--from', 'client', '--to', '[2001:db8::1]:443'], { cwd: dir })).code).toBe(0);
  });

  it('a scenario connect.to with a port over 65535 or a bad address is a positioned error', async () => {
    const dir = estate({ 'SYSA.tcpip': PROFILE(''), 's.scenario.yaml': 'inputs: [SYSA.tcpip]\nsteps:\n  - connect: { to: "10.1.1.1:99999" }\n  - connect: { to: "999.1.1.1:80" }\n' });
    const r = await runMainIn(['simulate', 's.scenario.yaml'], { cwd: dir });
    expect(r.stderr).toBe(
      'plexlint: s.scenario.yaml:3:20: connect.to: port 99999 is not from 1 to 65535\nplexlint: s.scenario.yaml:4:20: connect.to: 999.1.1.1 is not an IPv4 or IPv6 address\n',
    );
    expect(r.code).toBe(2);
  });

  it('<!DOCTYPE Config [[[[…]> is an error where the subset goes wrong', async () => {
    const dir = estate({ 'plugin-cfg.xml': '<?xml version="1.0"?>\n<!DOCTYPE Config [[[[[[]>\n<Config/>\n' });
    const r = await runMainIn(['check', 'plugin-cfg.xml', '--format', 'gcc'], { cwd: dir });
    expect(r.stdout).toBe(
      "plugin-cfg.xml:2:19: error: '[' cannot stand in the DOCTYPE's internal subset, which holds only markup declarations (<!ELEMENT, <!ATTLIST, <!ENTITY, <!NOTATION), comments and processing instructions: an XML parser rejects the file, so the plug-in cannot load it. The files WAS generates have no DOCTYPE: remove it. [syntax]\n",
    );
    expect(r.code).toBe(1);
    const fine = estate({ 'plugin-cfg.xml': '<?xml version="1.0"?>\n<!DOCTYPE Config [\n <!-- c -->\n <!ELEMENT Config ANY>\n <?pi x?>\n]>\n<Config/>\n' });
    expect((await runMainIn(['check', 'plugin-cfg.xml', '--format', 'gcc'], { cwd: fine })).stdout).not.toContain("cannot stand in the DOCTYPE");
  });
});
