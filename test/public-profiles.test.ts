/**
 * Real TCP/IP profiles from public repositories and pages (fixtures/corpus/public/<source>/), each copied as
 * published with a `; source:` header and `; expect:` comments for the real defects of the file: plexlint must report
 * exactly those, nothing missing and nothing extra. A file directly under <source>/ is checked on its own; a folder
 * under it is one estate (a profile with the members it INCLUDEs). Every file is listed in fixtures/corpus/SOURCES.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';
import { expectationsIn, key, missingFrom } from './expectations.js';

const root = join(import.meta.dirname, '..');
const publicDir = join(root, 'fixtures', 'corpus', 'public');

function filesUnder(p: string): string[] {
  if (statSync(p).isFile()) return [p];
  return readdirSync(p)
    .sort()
    .flatMap((n) => (n.startsWith('.') ? [] : filesUnder(join(p, n))));
}

/** Each file directly under a source folder, and each folder under it (an estate). */
function units(): string[] {
  return readdirSync(publicDir)
    .sort()
    .filter((n) => statSync(join(publicDir, n)).isDirectory())
    .flatMap((source) =>
      readdirSync(join(publicDir, source))
        .sort()
        .filter((n) => !n.startsWith('.'))
        .map((n) => join(publicDir, source, n)),
    );
}

const display = (f: string): string => relative(root, f).split('\\').join('/');

describe('real public profiles get exactly their real findings', () => {
  const all = units();

  it('has profiles to check', () => {
    expect(all.length).toBeGreaterThanOrEqual(6);
  });

  for (const unit of all) {
    it(relative(publicDir, unit), () => {
      // A file is an example on its own: not a stack of one estate with the other examples of its folder.
      const result = lint([unit], { cwd: root, alone: statSync(unit).isFile() });
      const actual = result.diagnostics.map((d) => key({ file: d.file, line: d.line, ruleId: d.ruleId }));
      const expected = filesUnder(unit).flatMap((f) => expectationsIn(f, display(f))).map(key);
      const missing = missingFrom(expected, actual);
      const extra = result.diagnostics
        .filter((d) => missingFrom(actual, expected).includes(key({ file: d.file, line: d.line, ruleId: d.ruleId })))
        .map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}: ${d.message}`);
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });
  }
});

describe('every public profile says where it comes from', () => {
  const sources = readFileSync(join(root, 'fixtures', 'corpus', 'SOURCES.md'), 'utf8');
  for (const file of units().flatMap(filesUnder).filter((f) => f.endsWith('.tcpip'))) {
    const name = relative(publicDir, file).split('\\').join('/');
    it(name, () => {
      const first = readFileSync(file, 'latin1').split('\n')[0]!;
      expect(first).toMatch(/^; source: \S/);
      expect(sources, `fixtures/corpus/SOURCES.md lists public/${name}`).toContain(`public/${name}`);
    });
  }
});
