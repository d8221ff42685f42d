/**
 * Every consequence a finding states has a source: IBM's words (a topic, an EZZ
 * message or an APAR, quoted), or plexlint's reading — which the message then says
 * in words — or plexlint's own behaviour. The rule pages show the sources in words,
 * rendered from the metadata, and carry no raw research markers.
 *
 * To refresh the pages after changing a rule's `consequences`:
 *   PLEXLINT_WRITE_RULE_DOCS=1 npx vitest run test/consequences.test.ts
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../src/core/diagnostic.js';
import { compile } from '../src/engine/compile.js';
import { nameSystems, runRules } from '../src/engine/lint.js';
import {
  CONSEQUENCE_HEADING,
  consequenceOf,
  isDocumented,
  isReading,
  READING_IN_MESSAGE,
  renderConsequences,
  type Consequence,
} from '../src/rules/consequence.js';
import { findRule, rules } from '../src/rules/registry.js';

const root = join(import.meta.dirname, '..');
const fixtures = join(root, 'fixtures');
const docs = join(root, 'docs', 'rules');

/** What is wrong with the source of the consequence one finding states, or undefined when it has one. */
export function unsourcedConsequence(f: Finding): string | undefined {
  const rule = findRule(f.ruleId);
  if (!rule) return `rule ${f.ruleId} is not registered`;
  const c = consequenceOf(rule.meta.consequences, f.consequence);
  if (!c) {
    return f.consequence === undefined
      ? `${f.ruleId} states ${rule.meta.consequences.length} consequences and the finding names none of them`
      : `${f.ruleId} has no consequence '${f.consequence}'`;
  }
  if (isReading(c) && !READING_IN_MESSAGE.test(f.message)) return `${f.ruleId}: the consequence is plexlint's reading, but the message does not say so`;
  return undefined;
}

function units(): string[] {
  const out = [join(fixtures, 'example'), join(fixtures, 'corpus')];
  for (const dir of ['rules', 'estates', 'diff', 'drift']) {
    for (const n of readdirSync(join(fixtures, dir)).sort()) {
      const p = join(fixtures, dir, n);
      if (dir === 'rules' && statSync(p).isDirectory()) for (const m of readdirSync(p).sort()) out.push(join(p, m));
      // Each side of a diff case is an estate of its own (a folder holding both is two estates).
      else if (dir === 'diff') out.push(join(p, 'old'), join(p, 'new'));
      else out.push(p);
    }
  }
  return out;
}

describe('rule metadata names the source of each consequence', () => {
  for (const rule of rules) {
    it(rule.meta.id, () => {
      const cs: readonly Consequence[] = rule.meta.consequences;
      expect(cs.length, 'at least one consequence').toBeGreaterThan(0);
      if (cs.length > 1) {
        const ids = cs.map((c) => c.id);
        expect(ids.every((id) => typeof id === 'string' && id.length > 0), 'several consequences each need an id').toBe(true);
        expect(new Set(ids).size).toBe(ids.length);
      }
      for (const c of cs) {
        if (isDocumented(c)) {
          expect(c.documented).toMatch(/EZZ\d{4}I|APAR [A-Z]{2}\d{5}|IBM/);
          expect(c.quote.length, 'a documented consequence quotes IBM').toBeGreaterThan(20);
        } else if (isReading(c)) {
          expect(c.reading, 'a reading says what IBM documents').toMatch(/IBM/);
          expect(c.reading, 'a reading says what plexlint concludes').toMatch(/plexlint/);
        } else expect(c.plexlint.length).toBeGreaterThan(20);
      }
    });
  }
});

describe('every finding states a consequence with a source', () => {
  it('rejects a finding whose reading its message does not admit', () => {
    const f: Finding = { ruleId: 'sequence-numbers', loc: { file: 'x', line: 1, column: 1, endLine: 1, endColumn: 2 }, message: 'the stack reads the digits as operands.' };
    expect(unsourcedConsequence(f)).toMatch(/does not say so/);
    expect(unsourcedConsequence({ ...f, message: "plexlint assumes the stack reads the digits as operands." })).toBeUndefined();
    expect(unsourcedConsequence({ ...f, ruleId: 'syntax' })).toMatch(/names none/);
  });
  for (const unit of units()) {
    it(relative(fixtures, unit), () => {
      // Drift fixtures are read with their captures, and the drift rules run too.
      const name = relative(fixtures, unit);
      const drifting = name.startsWith('drift') || findRule(name.split(/[\\/]/)[1] ?? '')?.meta.category === 'drift';
      const compiled = compile([unit], { cwd: root, ...(drifting ? { running: {} } : {}) });
      const findings = nameSystems([...compiled.findings, ...runRules(compiled), ...(drifting ? runRules(compiled, undefined, 'drift') : [])]);
      const problems = findings.flatMap((f) => {
        const p = unsourcedConsequence(f);
        return p ? [`${f.loc.file}:${f.loc.line} ${p}: ${f.message}`] : [];
      });
      expect(problems).toEqual([]);
    });
  }
});

describe('rule pages show the sources in words', () => {
  const write = process.env['PLEXLINT_WRITE_RULE_DOCS'] === '1';
  for (const rule of rules) {
    it(`docs/rules/${rule.meta.id}.md`, () => {
      const path = join(docs, `${rule.meta.id}.md`);
      let text = readFileSync(path, 'utf8');
      const section = renderConsequences(rule.meta.consequences);
      const start = text.indexOf(`${CONSEQUENCE_HEADING}\n`);
      if (write) {
        if (start >= 0) {
          const end = text.indexOf('\n## ', start + CONSEQUENCE_HEADING.length);
          text = text.slice(0, start) + section + (end >= 0 ? text.slice(end) : '');
        } else {
          const at = text.indexOf('\n## Example');
          text = at >= 0 ? `${text.slice(0, at)}\n${section}${text.slice(at)}` : `${text}\n${section}`;
        }
        writeFileSync(path, text);
      }
      const now = start >= 0 || write ? readFileSync(path, 'utf8') : text;
      const s = now.indexOf(`${CONSEQUENCE_HEADING}\n`);
      expect(s, `the page has a "${CONSEQUENCE_HEADING}" section`).toBeGreaterThanOrEqual(0);
      const e = now.indexOf('\n## ', s + CONSEQUENCE_HEADING.length);
      expect(now.slice(s, e >= 0 ? e : undefined)).toBe(section);
      expect(now, 'raw research markers').not.toMatch(/\[(unverified|doc|V|I|sample|blog|code)\]/i);
    });
  }
});
