/**
 * Cache files that are damaged but well-shaped JSON — `"message": null`, a non-string `file`, a missing or an
 * extra key, a rule id plexlint does not have — as a disk, an editor or a hostile pull request leaves them. Each
 * is ignored (a miss) and the run reports and exits exactly as without a cache, never with "internal error".
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheStats } from '../src/engine/cache.js';
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

describe('a damaged but well-shaped cache file is a miss, never an internal error', () => {
  it('every value replaced by null, a number, a string, an object or a list; every key removed; a key added', async () => {
    const fresh = await runMain('check', dir, '--format', 'json');
    const gcc = await runMain('check', dir, '--format', 'gcc');
    {
      const first = await runMain('check', dir, '--cache', '--cache-location', cache, '--format', 'json');
      expect(first.stdout).toBe(fresh.stdout);
      const good = JSON.parse(readFileSync(cache, 'utf8')) as Json;
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
          const damaged = withValue(good, path, value);
          writeFileSync(cache, JSON.stringify(damaged));
          const before = cacheStats.hits;
          const format = mutants % 2 ? 'gcc' : 'json';
          const r = await runMain('check', dir, '--cache', '--cache-location', cache, '--format', format);
          mutants++;
          const where = `${path.join('.')} = ${JSON.stringify(value)}`;
          expect(r.stderr, where).not.toContain('internal error');
          if (cacheStats.hits > before) {
            // Still a valid cache (a string for a string, a number for a number): trusted like the installation.
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
        [['entries', 0, 'outcome', 'diagnostics', 0, 'ruleId'], 'no-such-rule'],
        [['entries', 0, 'outcome', 'diagnostics', 0, 'severity'], 'fatal'],
        [['entries', 0, 'outcome', 'diagnostics', 0, 'extra'], 1],
        [['entries', 0, 'outcome', 'diagnostics', 0, 'line'], 1.5],
      ] as const) {
        writeFileSync(cache, JSON.stringify(withValue(good, [...path], value)));
        const before = cacheStats.misses;
        const r = await runMain('check', dir, '--cache', '--cache-location', cache, '--format', 'json');
        expect(cacheStats.misses, path.join('.')).toBe(before + 1);
        expect(r.stdout).toBe(fresh.stdout);
      }
    }
  });
});
