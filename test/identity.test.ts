/**
 * A finding's identity (src/core/identity.ts) does not depend on where the estate lies or where plexlint runs:
 * every fixture estate, copied under two other names at two other depths and checked from two other working
 * directories, gives the same identities — while the messages themselves differ (they name the folders). And
 * `check FILE` agrees with `check FOLDER` on FILE for every fixture estate (docs/estates.md).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findingIdentity, messageIdentity } from '../src/core/identity.js';
import type { Diagnostic } from '../src/core/diagnostic.js';
import { lint, lintAll } from '../src/engine/lint.js';

const root = join(import.meta.dirname, '..');
const fixtures = join(root, 'fixtures');
const work = mkdtempSync(join(tmpdir(), 'plexlint-identity-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fixture units that are estates (folders): the example, each folder of fixtures/rules/<id>/, fixtures/estates/*. */
function estateFixtures(): string[] {
  const out = [join(fixtures, 'example')];
  for (const id of readdirSync(join(fixtures, 'rules')).sort()) {
    for (const n of readdirSync(join(fixtures, 'rules', id)).sort()) {
      const p = join(fixtures, 'rules', id, n);
      if (!n.startsWith('.') && statSync(p).isDirectory()) out.push(p);
    }
  }
  for (const n of readdirSync(join(fixtures, 'estates')).sort()) out.push(join(fixtures, 'estates', n));
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return n.startsWith('.') ? [] : statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

const sorted = (xs: string[]): string[] => [...xs].sort();

describe('a finding keeps its identity when the estate moves, is renamed, or is checked from elsewhere', () => {
  let moved = 0;
  for (const unit of estateFixtures()) {
    const name = relative(fixtures, unit);
    it(name, () => {
      const slug = name.replace(/[/\\]/g, '_');
      // The same estate under two other names, at two other depths, each checked from another working directory.
      const first = join(work, 'a', slug, 'cur');
      const second = join(work, 'b', 'deeper', 'still', `${slug}-renamed.copy`);
      cpSync(unit, first, { recursive: true });
      cpSync(unit, second, { recursive: true });
      mkdirSync(join(work, 'elsewhere'), { recursive: true });
      const a = lintAll([first], { cwd: join(work, 'a') }).results.flatMap((r) => r.diagnostics);
      const b = lintAll(['.'], { cwd: second }).results.flatMap((r) => r.diagnostics);
      const c = lintAll([second], { cwd: join(work, 'elsewhere') }).results.flatMap((r) => r.diagnostics);
      const ids = (ds: Diagnostic[]): string[] => sorted(ds.map((d) => `${d.ruleId} ${d.fingerprint}`));
      expect(ids(b)).toEqual(ids(a));
      expect(ids(c)).toEqual(ids(a));
      expect(a.every((d) => d.fingerprint?.startsWith(`${d.ruleId}:`))).toBe(true);
      if (a.some((d) => d.message.includes(slug))) moved++;
    });
  }
  it('among them, findings whose messages name the estate’s folder', () => {
    // The property above is not empty: some messages differ between the copies (manifest-missing-file, unlisted-profile…).
    expect(moved).toBeGreaterThan(0);
  });
});

describe('the message part of the identity', () => {
  it('takes paths out: a file at the root keeps its name, the rest is <path>, whatever the working directory', () => {
    const from = (cwd: string) => (message: string) => messageIdentity(message, { root: '/w/prod/PLEX1', cwd });
    const [above, inside, far] = [from('/w'), from('/w/prod/PLEX1'), from('/elsewhere')];
    expect(above("web.plugins entry 'web/x.xml' does not exist (relative to prod/PLEX1/), so …")).toBe("WEB.PLUGINS ENTRY '<PATH>' DOES NOT EXIST (RELATIVE TO <PATH>), SO …");
    expect(inside("web.plugins entry 'web/x.xml' does not exist (relative to ./), so …")).toBe(above("web.plugins entry 'web/x.xml' does not exist (relative to prod/PLEX1/), so …"));
    expect(above('prod/PLEX1/plexlint.yaml lists its systems')).toBe('PLEXLINT.YAML LISTS ITS SYSTEMS');
    expect(inside('plexlint.yaml lists its systems')).toBe('PLEXLINT.YAML LISTS ITS SYSTEMS');
    expect(far('/w/prod/PLEX1/plexlint.yaml lists its systems')).toBe('PLEXLINT.YAML LISTS ITS SYSTEMS');
    // A path outside the estate is named differently from each working directory: it is left out.
    expect(above('maps U.E to conf/etc, outside the estate (the folder prod/PLEX1/)')).toBe(inside('maps U.E to ../../conf/etc, outside the estate (the folder ./)'));
    // Not a path: an address with its prefix length.
    expect(above('VIPARANGE 10.1.0.0/16 and 2001:db8::/32.')).toBe('VIPARANGE 10.1.0.0/16 AND 2001:DB8::/32.');
    expect(above('on lines 3–5 and at a.tcpip:4:7')).toBe('ON LINE N AND AT A.TCPIP');
  });

  it('changes with the rule, the file below the root, the statement and the message', () => {
    const ctx = { root: '/w', cwd: '/w', lineText: (n: number) => ['VIPADEFINE 255.255.255.0 10.1.1.1', 'HOME 10.1.1.1 L'][n - 1] };
    const d = { ruleId: 'r', file: 'a.tcpip', line: 1, column: 1, endLine: 1, endColumn: 5, message: 'm' };
    const base = findingIdentity(d, ctx);
    // Blanks and case are not part of it: a profile's statements are case-insensitive.
    expect(findingIdentity({ ...d, line: 1, endLine: 1 }, { ...ctx, lineText: (n) => `   ${ctx.lineText(n)?.toLowerCase()}  ` })).toBe(base);
    for (const other of [{ ...d, ruleId: 's' }, { ...d, file: 'b.tcpip' }, { ...d, line: 2, endLine: 2 }, { ...d, message: 'n' }]) expect(findingIdentity(other, ctx)).not.toBe(base);
    // A subject stands for the message: the wording may change, the identity does not (its paths are taken out too).
    expect(findingIdentity({ ...d, subject: 'SYSA DVIPA 10.1.1.1', message: 'x' }, ctx)).toBe(findingIdentity({ ...d, subject: 'SYSA DVIPA 10.1.1.1', message: 'y' }, ctx));
  });
});

describe('check FILE agrees with check FOLDER on FILE', () => {
  /** A finding as the report shows it, without its identity (which both runs must share too). */
  const shown = (d: Diagnostic): string => JSON.stringify(d);
  for (const unit of estateFixtures()) {
    it(relative(fixtures, unit), () => {
      const hasManifest = ['plexlint.yaml', 'plexlint.yml'].some((m) => readdirSync(unit).includes(m));
      const folders = new Map<string, Diagnostic[]>();
      // Without a manifest a file's estate is its folder; with one, the manifest's folder.
      const folderRun = (dir: string): Diagnostic[] => {
        if (!folders.has(dir)) folders.set(dir, lint([dir], { cwd: root }).diagnostics);
        return folders.get(dir)!;
      };
      const whole = lint([unit], { cwd: root });
      let compared = 0;
      for (const file of filesUnder(unit)) {
        const display = relative(root, file).split('\\').join('/');
        // Only the files the folder's check reads as configuration: a file of another kind named on the command line
        // is an unknown-file-kind finding, and one that cannot be read ends the run (exit 2), as documented.
        if ((whole.compiled.kinds.get(display) ?? 'unknown') === 'unknown') continue;
        const folder = hasManifest ? unit : dirname(file);
        // The file, and the members it INCLUDEs when it is a stack's profile (they are part of its stack).
        const stack = whole.compiled.estate.systems.find((s) => s.profile === display);
        const named = new Set([display, ...(stack?.files ?? [])]);
        const concerns = (d: Diagnostic): boolean => named.has(d.file) || (d.related?.some((r) => named.has(r.file)) ?? false);
        const expected = folderRun(folder).filter(concerns).map(shown);
        const actual = lint([file], { cwd: root }).diagnostics.map(shown);
        expect(actual, display).toEqual(expected);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
    });
  }
});
