/**
 * `plexlint check --cache`: an unchanged estate is not checked again (shown
 * by counters, never by a clock); any changed byte of any file the run read —
 * profile, INCLUDEd member, manifest, plug-in file, cluster.xml found by a
 * folder scan — or a new file in a scanned folder, or another --rule, means a
 * fresh check; a damaged or foreign cache file is ignored and never fatal.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { cacheSecret, userCacheFolder } from '../src/cli/cache-location.js';
import { CACHE_SIGNATURE, cacheStats, entryMac } from '../src/engine/cache.js';

import { fuzz } from './support/fuzz.js';
import { runMain, runMainIn } from './support/main.js';

const tmp = mkdtempSync(join(tmpdir(), 'plexlint-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = 0;
});

const run = runMain;

const FILES: Record<string, string> = {
  'plexlint.yaml': [
    'systems:',
    '  SYSA: { profile: profiles/SYSA.tcpip, cpc: CPC1, symbols: { HOSTIP: 10.20.1.11 } }',
    '  SYSB: { profile: profiles/SYSB.tcpip, cpc: CPC2, symbols: { HOSTIP: 10.20.1.12 } }',
    'datasets:',
    '  USER.TCPPARMS: profiles/tcpparms',
    'web:',
    '  plugins: [web/plugin-cfg.xml]',
    '  cells:',
    '    CELLA: { clusters: [was/clusters] }',
    '',
  ].join('\n'),
  'profiles/SYSA.tcpip': 'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1\nINCLUDE USER.TCPPARMS(COMMON)\nHOME 10.20.1.300 LOOPBACK\n',
  'profiles/SYSB.tcpip': 'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.2 255.255.255.0 1\nINCLUDE USER.TCPPARMS(COMMON)\n',
  'profiles/tcpparms/COMMON': 'PORT 23 TCP TN3270\nVIPADYNAMIC\n  VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1\nENDVIPADYNAMIC\n',
  'web/plugin-cfg.xml': '<?xml version="1.0"?>\n<Config>\n<Log Name="/tmp/p.log" LogLevel="Bad"/>\n</Config>\n',
  'was/clusters/AppCluster/cluster.xml':
    '<?xml version="1.0"?>\n<topology.cluster:ServerCluster xmlns:topology.cluster="http://www.ibm.com/websphere/appserver/schemas/5.0/topology.cluster.xmi" name="AppCluster" preferLocal="true">\n<members memberName="m1" nodeName="N1" weight="2"/>\n</topology.cluster:ServerCluster>\n',
};

let n = 0;
function estate(files: Record<string, string> = FILES): { dir: string; cache: string } {
  const dir = join(tmp, `estate${n++}`);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return { dir, cache: join(tmp, `cache${n}`) };
}

/** check the estate with --cache; whether it was a hit, and the result. */
async function check(e: { dir: string; cache: string }, ...extra: string[]): Promise<{ hit: boolean; code: number; stdout: string; stderr: string }> {
  const before = { ...cacheStats };
  const r = await run('check', e.dir, '--cache', '--cache-location', e.cache, '--format', 'json', ...extra);
  const hit = cacheStats.hits === before.hits + 1;
  expect(hit || cacheStats.misses === before.misses + 1).toBe(true);
  return { hit, ...r };
}

describe('an unchanged estate is not checked again', () => {
  it('the second run is a hit and reports exactly what the first did (exit code included)', async () => {
    const e = estate();
    const first = await check(e);
    expect(first.hit).toBe(false);
    expect(first.code).toBe(1);
    const second = await check(e);
    expect(second.hit).toBe(true);
    expect(second.stdout).toBe(first.stdout);
    expect(second.code).toBe(1);
    for (const format of ['sarif', 'gcc', 'junit', 'checkstyle', 'github']) {
      const fresh = await run('check', e.dir, '--format', format);
      const cached = await check(e, '--format', format);
      expect(cached.hit, format).toBe(true);
      expect(cached.stdout, format).toBe(fresh.stdout);
    }
  });

  it('options that only shape the report (--format, --quiet, --max-warnings) use the same entry', async () => {
    const e = estate();
    await check(e);
    const quiet = await check(e, '--quiet');
    expect(quiet.hit).toBe(true);
    const warnings = await check(e, '--rule', 'home-loopback-127=off');
    expect(warnings.hit).toBe(false);
    const limited = await check(e, '--max-warnings', '0');
    expect(limited.hit).toBe(true);
    expect(limited.code).toBe(1);
  });

  it('--cache-location without --cache does nothing, as in ESLint', async () => {
    const e = estate();
    const before = { ...cacheStats };
    await run('check', e.dir, '--cache-location', e.cache);
    expect(cacheStats).toEqual(before);
    expect(() => statSync(e.cache)).toThrow();
  });
});

describe('any change means a fresh check', () => {
  it('one changed byte anywhere in any file the run read', async () => {
    const e = estate();
    await check(e);
    const paths = Object.keys(FILES);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 255 }), async (rel, at, delta) => {
        const file = join(e.dir, rel);
        const original = readFileSync(file);
        const changed = Buffer.from(original);
        const i = Math.floor(at * (changed.length - 1));
        changed[i] = (changed[i]! + delta) & 0xff;
        writeFileSync(file, changed);
        try {
          expect((await check(e)).hit, `${rel} byte ${i}`).toBe(false);
        } finally {
          writeFileSync(file, original);
        }
        expect((await check(e)).hit).toBe(false); // the original again: the cache holds the changed run now
        expect((await check(e)).hit).toBe(true);
      }),
      fuzz(8),
    );
  });

  it('a new file in a scanned folder, a deleted file, a new INCLUDE candidate, a changed symbolic link', async () => {
    const e = estate();
    await check(e);
    const fresh = async (): Promise<void> => {
      expect((await check(e)).hit).toBe(false);
      expect((await check(e)).hit).toBe(true);
    };
    writeFileSync(join(e.dir, 'was', 'clusters', 'AppCluster', 'notes.txt'), 'a new file\n');
    await fresh();
    unlinkSync(join(e.dir, 'was', 'clusters', 'AppCluster', 'notes.txt'));
    await fresh();
    writeFileSync(join(e.dir, 'profiles', 'tcpparms', 'COMMON.tcpip'), 'PORT 21 TCP FTPD1\n'); // another candidate for member COMMON
    await fresh();
    symlinkSync(join(e.dir, 'profiles', 'SYSB.tcpip'), join(e.dir, 'profiles', 'LINK.tcpip'));
    await fresh();
    unlinkSync(join(e.dir, 'profiles', 'LINK.tcpip'));
    symlinkSync(join(e.dir, 'profiles', 'SYSA.tcpip'), join(e.dir, 'profiles', 'LINK.tcpip'));
    await fresh();
  });

  it('a hidden file appearing (like the cache itself) changes nothing the run saw', async () => {
    const e = estate();
    await check(e);
    writeFileSync(join(e.dir, '.editor-state'), 'x');
    writeFileSync(join(e.dir, 'profiles', '.plexlintcache'), 'x');
    expect((await check(e)).hit).toBe(true);
  });

  it('another --rule, --encoding, --no-inline-config, --config or path is another entry; the earlier ones are kept', async () => {
    const e = estate();
    expect((await check(e)).hit).toBe(false);
    expect((await check(e, '--rule', 'invalid-address=warn')).hit).toBe(false);
    expect((await check(e, '--rule', 'invalid-address=warn')).hit).toBe(true);
    expect((await check(e)).hit).toBe(true);
    expect((await check(e, '--no-inline-config')).hit).toBe(false);
    expect((await check(e, '--encoding', 'iso-8859-1')).hit).toBe(false);
    expect((await check(e, '--config', join(e.dir, 'plexlint.yaml'))).hit).toBe(false);
    const only = await run('check', join(e.dir, 'profiles'), '--cache', '--cache-location', e.cache, '--format', 'json');
    expect(only.stdout).not.toBe((await check(e)).stdout);
  });
});

describe('a cache file that is damaged, foreign or unusable is ignored, never fatal', () => {
  it('damaged: garbage after the signature, truncated JSON, an empty file — a miss, then replaced', async () => {
    for (const damage of [`${CACHE_SIGNATURE},"format":1,"entries":[{"key":`, `${CACHE_SIGNATURE},"format":1,"entries":[{"key":"x"}]}`, '', `${CACHE_SIGNATURE}\u0000\u0001`]) {
      const e = estate();
      const fresh = await run('check', e.dir, '--format', 'json');
      writeFileSync(e.cache, damage);
      const r = await check(e);
      expect(r.hit).toBe(false);
      expect(r.stdout).toBe(fresh.stdout);
      expect(r.stderr).toBe('');
      expect(readFileSync(e.cache, 'utf8').startsWith(CACHE_SIGNATURE)).toBe(true);
      expect((await check(e)).hit).toBe(true);
    }
  });

  it('foreign: a file that is not plexlint\'s is neither used nor overwritten', async () => {
    const e = estate();
    writeFileSync(e.cache, '{"name":"my-package","version":"1.0.0"}\n');
    const r = await check(e);
    expect(r.hit).toBe(false);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not a plexlint cache file; it is left as it is');
    expect(readFileSync(e.cache, 'utf8')).toBe('{"name":"my-package","version":"1.0.0"}\n');
  });

  it('a folder as --cache-location holds .plexlintcache; a location that cannot be written is a warning', async () => {
    const e = estate();
    mkdirSync(e.cache);
    await check(e);
    expect(statSync(join(e.cache, '.plexlintcache')).isFile()).toBe(true);
    expect((await check(e)).hit).toBe(true);
    // A folder that does not exist yet is made (before: a warning "(ENOENT)" and no cache).
    const missing = { dir: e.dir, cache: join(tmp, 'no', 'such', 'folder', 'cache') };
    expect((await check(missing)).stderr).toBe('');
    expect(statSync(missing.cache).isFile()).toBe(true);
    // A location that cannot be written is a warning that says why in words.
    writeFileSync(join(tmp, 'a-file'), '');
    const r = await check({ dir: e.dir, cache: join(tmp, 'a-file', 'cache') });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^plexlint: warning: cannot write the cache .*: a part of the path is not a folder; the next run checks everything again\.\n$/);
  });

  it('a hand-made entry that would read a device is a miss, not a hang (even one made with the key)', async () => {
    const e = estate();
    await check(e);
    const secret = cacheSecret(userCacheFolder());
    const file = JSON.parse(readFileSync(e.cache, 'utf8')) as { entries: { mac: string; entry: string }[] };
    const entry = JSON.parse(file.entries[0]!.entry) as { observations: { op: string; path: string; result: string }[] };
    entry.observations.unshift({ op: 'read', path: '/dev/zero', result: 'x' });
    file.entries[0] = { mac: entryMac(secret, JSON.stringify(entry)), entry: JSON.stringify(entry) };
    writeFileSync(e.cache, JSON.stringify(file));
    const r = await check(e);
    expect(r.hit).toBe(false);
    expect(r.stderr).toBe('');
  });
});

describe('the journal is complete', () => {
  it('nothing that compiles or lints an estate asks the disk except through src/sources/fs-journal.ts', () => {
    const root = join(import.meta.dirname, '..');
    const allowed = new Map([
      ['src/sources/fs-journal.ts', 'the journal'],
      ['src/sources/read-file.ts', 'the one bounded reader of regular files, which the journal uses'],
      ['src/engine/cache.ts', 'the cache file itself'],
      ['src/frontends/manifest/index.ts', 'existsSync as the default for --print-config, which does not lint'],
    ]);
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(join(root, dir))) {
        const rel = `${dir}/${name}`;
        if (statSync(join(root, rel)).isDirectory()) walk(rel);
        else if (/\.ts$/.test(name) && /from 'node:fs'|require\('(node:)?fs'\)|from 'fs'/.test(readFileSync(join(root, rel), 'utf8')) && !allowed.has(rel)) offenders.push(rel);
      }
    };
    for (const dir of ['src/sources', 'src/frontends', 'src/engine', 'src/model', 'src/rules', 'src/core', 'grammar']) walk(dir);
    expect(offenders).toEqual([]);
  });
});

describe('through the real CLI', () => {
  it('the default location is a file of the user\'s cache folder, never the checkout; --debug says hit or miss', async () => {
    const e = estate();
    const first = await runMainIn(['--debug', 'check', '.', '--cache', '--format', 'gcc'], { cwd: e.dir });
    const file = /^plexlint: cache: miss \((.*)\): no cache file yet\n$/.exec(first.stderr)?.[1];
    expect(file).toMatch(new RegExp(`^${userCacheFolder().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[0-9a-f]{32}\\.cache$`));
    const second = await runMainIn(['check', '.', '--cache', '--format', 'gcc', '--debug'], { cwd: e.dir });
    expect(second.stderr).toBe(`plexlint: cache: hit (${file}): no file changed, the earlier result is reported\n`);
    expect(second.stdout).toBe(first.stdout);
    expect(second.code).toBe(first.code);
    expect(readdirSync(e.dir).filter((n) => n.startsWith('.'))).toEqual([]);
    // The key that authenticates the entries: this user's alone.
    expect(statSync(join(userCacheFolder(), 'key')).mode & 0o777).toBe(0o600);
    expect(statSync(userCacheFolder()).mode & 0o777).toBe(0o700);
  });
});
