/**
 * One test checks every fixture exactly: each fixture (a file, or a folder that
 * is an estate) is linted on its own, and its findings must equal the
 * expectations written in its files — nothing missing, nothing extra.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drift } from '../src/engine/drift.js';
import { lint } from '../src/engine/lint.js';
import { findRule, rules } from '../src/rules/registry.js';
import { expectationsIn, key, missingFrom } from './expectations.js';

const root = join(import.meta.dirname, '..');
const fixturesDir = join(root, 'fixtures');

function filesUnder(p: string): string[] {
  if (statSync(p).isFile()) return [p];
  return readdirSync(p).flatMap((n) => (n.startsWith('.') ? [] : filesUnder(join(p, n))));
}

/** Fixture units: the example estates, and each entry of fixtures/rules/<rule-id>/. */
function units(): string[] {
  const out = [join(fixturesDir, 'example')];
  const byRule = join(fixturesDir, 'rules');
  for (const id of readdirSync(byRule).sort()) {
    for (const n of readdirSync(join(byRule, id)).sort()) if (!n.startsWith('.')) out.push(join(byRule, id, n));
  }
  for (const extra of ['estates', 'drift']) {
    const dir = join(fixturesDir, extra);
    try {
      for (const n of readdirSync(dir).sort()) out.push(join(dir, n));
    } catch {
      // optional folder
    }
  }
  return out;
}

describe('fixtures state their findings exactly', () => {
  for (const unit of units()) {
    const name = relative(fixturesDir, unit);
    it(name, () => {
      // A file of fixtures/rules/<id>/ is a unit on its own: not a stack of a sysplex of its folder's other units.
      const alone = statSync(unit).isFile();
      const result = lint([unit], { cwd: root, alone });
      // The fixtures of drift rules, and the drift estates, state what plexlint drift finds in their captures too.
      const ruleId = relative(fixturesDir, unit).split(/[\\/]/)[1] ?? '';
      const drifting = name.startsWith('drift') || findRule(ruleId)?.meta.category === 'drift';
      const diagnostics = drifting ? [...result.diagnostics, ...drift([unit], { cwd: root, alone }).diagnostics] : result.diagnostics;
      const actual = diagnostics.map((d) => key({ file: d.file, line: d.line, ruleId: d.ruleId }));
      const expected = filesUnder(unit).flatMap((f) => expectationsIn(f, relative(root, f).split('\\').join('/'))).map(key);
      const missing = missingFrom(expected, actual);
      const extra = missingFrom(actual, expected);
      const detail = diagnostics.filter((d) => extra.includes(key({ file: d.file, line: d.line, ruleId: d.ruleId }))).map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}: ${d.message}`);
      expect({ missing, extra: detail }).toEqual({ missing: [], extra: [] });
    });
  }
});

describe('every rule has a fixture that triggers it and one that must not', () => {
  const byRule = join(fixturesDir, 'rules');
  const ids = new Set(readdirSync(byRule));
  for (const rule of rules) {
    it(rule.meta.id, () => {
      expect(ids.has(rule.meta.id), `fixtures/rules/${rule.meta.id}/ is missing`).toBe(true);
      const entries = readdirSync(join(byRule, rule.meta.id));
      const bad = entries.filter((e) => e.startsWith('bad'));
      const good = entries.filter((e) => e.startsWith('good'));
      expect(bad.length, 'a fixture named bad* that triggers the rule').toBeGreaterThan(0);
      expect(good.length, 'a fixture named good* where the rule must not fire').toBeGreaterThan(0);
      const triggers = bad.some((b) =>
        filesUnder(join(byRule, rule.meta.id, b)).some((f) => expectationsIn(f, f).some((e) => e.ruleId === rule.meta.id)),
      );
      expect(triggers, `a bad* fixture of ${rule.meta.id} expects a ${rule.meta.id} finding`).toBe(true);
      for (const g of good) {
        const expectsIt = filesUnder(join(byRule, rule.meta.id, g)).some((f) => expectationsIn(f, f).some((e) => e.ruleId === rule.meta.id));
        expect(expectsIt, `${g} must not expect ${rule.meta.id}`).toBe(false);
      }
    });
  }
  it('has no fixture folder without a rule', () => {
    const known = new Set<string>(rules.map((r) => r.meta.id));
    expect([...ids].filter((id) => !known.has(id))).toEqual([]);
  });
});
