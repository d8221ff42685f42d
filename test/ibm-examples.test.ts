/**
 * IBM's own examples (fixtures/ibm/): IBM prints them as valid, so plexlint reports
 * nothing on them. An example marked `; partial` shows part of a profile (a VIPADISTRIBUTE
 * without the VIPADEFINE IBM shows elsewhere); it may get the findings that say a definition
 * is missing from the file, and only those. Each file names the page it comes from.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';

const root = join(import.meta.dirname, '..');
const examplesDir = join(root, 'fixtures', 'ibm');

/** Each example file, or each folder that is an estate (holds a plexlint.yaml). */
function units(dir: string): string[] {
  if (existsSync(join(dir, 'plexlint.yaml'))) return [dir];
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      if (n.startsWith('.') || n.endsWith('.md')) return [];
      return statSync(p).isDirectory() ? units(p) : [p];
    });
}

function filesOf(unit: string): string[] {
  if (statSync(unit).isFile()) return [unit];
  return readdirSync(unit).flatMap((n) => (n.startsWith('.') ? [] : filesOf(join(unit, n))));
}

/** The rules whose finding says that a definition the example relies on is not in it. */
const PARTIAL_CONTEXT_RULES = ['undefined-reference', 'vipadistribute-undefined-dvipa'];

const SOURCE = /^[;#]\s*source:\s*(https:\/\/(?:www\.)?(?:ibm\.com|redbooks\.ibm\.com)\/\S+)/m;

describe("IBM's documented examples get no finding", () => {
  const all = units(examplesDir);
  it('there are examples', () => {
    expect(all.length).toBeGreaterThan(0);
  });
  for (const unit of all) {
    const name = relative(examplesDir, unit);
    it(name, () => {
      const files = filesOf(unit).filter((f) => !f.endsWith('plexlint.yaml'));
      const texts = files.map((f) => readFileSync(f, 'latin1'));
      for (const [i, text] of texts.entries()) expect(SOURCE.test(text), `${relative(root, files[i]!)} names the IBM page it comes from (; source: https://www.ibm.com/…)`).toBe(true);
      const partial = texts.some((t) => /^[;#]\s*partial\b/m.test(t));
      const allowed = new Set(partial ? PARTIAL_CONTEXT_RULES : []);
      // A file is an example on its own: not a stack of one estate with the other examples of its folder.
      const result = lint([unit], { cwd: root, alone: statSync(unit).isFile() });
      const wrong = result.diagnostics.filter((d) => !allowed.has(d.ruleId)).map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId}: ${d.message}`);
      expect(wrong).toEqual([]);
    });
  }
});
