/**
 * Cache files that a hostile pull request or anyone without the user's cache key wrote — every finding removed —
 * fail authentication: ignored with a warning, and the run reports and exits exactly as without a cache. Entries
 * that are authentic but damaged — `"message": null`, a non-string `file`, a missing or an extra key, a rule id
 * plexlint does not have, as a bug or another version could leave them — are ignored too (a miss), never an
 * "internal error".
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheSecret, userCacheFolder } from '../src/cli/cache-location.js';
import { cacheStats, entryMac } from '../src/engine/cache.js';
import { runMain } from './support/main.js';

const dir = mkdtempSync(join(tmpdir(), 'plexlint-hostile-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'web'));
writeFileSync(
  join(dir, 'SYSA.tcpip'),
  'IPCONFIG DYNAMICXCF 10.30.1.1 255.255.255.0 1\nHOME 10.20.1.300 LOOPBACK\nPORT 23 TCP TN3270;glued\nVIPADYNAMIC\n VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1\nENDVIPADYNAMIC\n; plexlint-disable-next-line syntax -- kept\nPORT 99999 TCP X\n',
);
writeFileSync(join(dir, 'web', 'plugin-cfg.xml'), '<?xml version="1.0"?>\n<Config>\n<Log Name="/tmp/p.log" LogLevel="Bad"/>\n</Config>\n');
const cache = join(dir, '.cache');

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every place in a JSON value: the path of keys and indexes to it. */
function places(x: Json, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (Array.isArray(x)) x.forEach((v, i) => places(v, [...path, i], out));
  else if (x !== null && typeof x === 'object') for (const [k, v] of Object.entries(x)) places(v, [...path, k], out);
  return out;
}

function withValue(root: Json, path: (string | number)[], value: Json | undefined): Json {
  const copy = JSON.parse(JSON.stringify(root)) as Json;
  let parent = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = value;
  return copy;
}

/** A cache file holding one entry, authenticated with this user's key. */
function authentic(entry: Json): string {
  const text = JSON.stringify(entry);
  return JSON.stringify({ tool: 'plexlint-cache', format: 2, entries: [{ mac: entryMac(cacheSecret(userCacheFolder()), text), entry: text }] });
}

describe('a cache that this user\'s plexlint did not write is ignored', () => {
  it('a forged cache with every finding removed: a warning, and the findings are reported (exit 1)', async () => {
    const fresh = await runMain('check', dir, '--format', 'gcc');
    expect(fresh.code).toBe(1);
    await runMain('check', dir, '--cache', '--cache-location', cache, '--format', 'gcc');
    const file = JSON.parse(readFileSync(cache, 'utf8')) as { entries: { mac: string; entry: string }[] };
    const entry = JSON.parse(file.entries[0]!.entry) as { outcome: { diagnostics: unknown[] } };
    entry.outcome.diagnostics = [];
    // Forged without the key: the MAC of the old text, or any other.
    for (const mac of [file.entries[0]!.mac, '0'.repeat(64)]) {
      writeFileSync(cache, JSON.stringify({ ...file, entries: [{ mac, entry: JSON.stringify(entry) }] }));
      const hits = cacheStats.hits;
      const r = await runMain('check', dir, '--cache', '--cache-location', cache, '--format', 'gcc');
      expect(cacheStats.hits).toBe(hits);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe(fresh.stdout);
      expect(r.stderr).toBe(`plexlint: warning: ${cache} holds 1 cache entry that this user's plexlint did not write (it fails authentication); ignored.\n`);
    }
    // The run replaced it with an authentic entry: the next run is a hit, quietly.
    const hits = cacheStats.hits;
    const again = await runMain('check', dir, '--cache', '--cache-location', cache, '--format', 'gcc');
    expect(cacheStats.hits).toBe(hits + 1);
    expect(again.stderr).toBe('');
  });
});

describe('a damaged but well-shaped cache entry is a miss, never an internal error', () => {
  it('every value replaced by null, a number, a string, an object or a list; every key removed; a key added', async () => {
    const fresh = await runMain('check', dir, '--format', 'json');
    const gcc = await runMain('check', dir, '--format', 'gcc');
    {
      const first = await runMain('check', dir, '--cache', '--cache-location', cache, '--format', 'json');
      expect(first.stdout).toBe(fresh.stdout);
      const file = JSON.parse(readFileSync(cache, 'utf8')) as { entries: { entry: string }[] };
      const good = JSON.parse(file.entries[0]!.entry) as Json;
      // The cache as plexlint writes it (findings with fixes and suggestions included) is used: a hit.
      expect(JSON.stringify(good)).toContain('"fix":');
      const hitsBefore = cacheStats.hits;
      expect((await runMain('check', dir, '--cache', '--cache-location', cache, '--format', 'json')).stdout).toBe(fresh.stdout);
      expect(cacheStats.hits).toBe(hitsBefore + 1);
      const replacements: (Json | undefined)[] = [null, 7, -1, 'x', {}, [], true, undefined];
      const targets = places(good).filter((p) => p.length > 0);
      let mutants = 0;
      let hits = 0;
      for (const [i, path] of targets.entries()) {
        // Each place gets two of the replacements, in turn, so that every kind meets every kind of place.
        for (const value of [replacements[i % replacements.length], replacements[(i + 3) % replacements.length]]) {
          // Authentic: made with the key, as a bug or another version of plexlint could have made it.
          writeFileSync(cache, authentic(withValue(good, path, value)));
          const before = cacheStats.hits;
          const format = mutants % 2 ? 'gcc' : 'json';
          const r = await runMain('check', dir, '--cache', '--cache-location', cache, '--format', format);
          mutants++;
          const where = `${path.join('.')} = ${JSON.stringify(value)}`;
          expect(r.stderr, where).not.toContain('internal error');
          if (cacheStats.hits > before) {
            // Still a valid entry (a string for a string, a number for a number): authentic, so used.
            hits++;
            continue;
          }
          expect(r.code, where).toBe(fresh.code);
          expect(r.stdout, where).toBe(format === 'gcc' ? gcc.stdout : fresh.stdout);
        }
      }
      expect(mutants).toBeGreaterThan(200);
      expect(hits).toBeLessThan(mutants / 4);
      // An unknown rule id, an unknown severity, a key plexlint never writes.
      for (const [path, value] of [
        [['outcome', 'diagnostics', 0, 'ruleId'], 'no-such-rule'],
        [['outcome', 'diagnostics', 0, 'severity'], 'fatal'],
        [['outcome', 'diagnostics', 0, 'extra'], 1],
        [['outcome', 'diagnostics', 0, 'line'], 1.5],
      ] as const) {
        writeFileSync(cache, authentic(withValue(good, [...path], value)));
        const before = cacheStats.misses;
        const r = await runMain('check', dir, '--cache', '--cache-location', cache, '--format', 'json');
        expect(cacheStats.misses, path.join('.')).toBe(before + 1);
        expect(r.stdout).toBe(fresh.stdout);
      }
      // The envelope damaged: every value of the file around the entries replaced.
      const envelope = JSON.parse(authentic(good)) as Json;
      for (const path of places(envelope).filter((p) => p.length > 0 && p[p.length - 1] !== 'entry')) {
        for (const value of replacements) {
          writeFileSync(cache, JSON.stringify(withValue(envelope, path, value)));
          const r = await runMain('check', dir, '--cache', '--cache-location', cache, '--format', 'json');
          expect(r.stderr, path.join('.')).not.toContain('internal error');
          expect(r.stdout, path.join('.')).toBe(fresh.stdout);
        }
      }
    }
  });
});
