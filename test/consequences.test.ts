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
import { lint } from '../src/engine/lint.js';
import { parseScenario } from '../src/sim/scenario.js';
import { sourceFromText } from '../src/sources/source-file.js';
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

/** What linting every fixture gives, gathered once: findings by unit, and where in src/rules each finding was reported. */
interface Corpus {
  byUnit: Map<string, Finding[]>;
  /** `src/rules/<file>.ts:<line>` of every frame in src/rules of every report. */
  sites: Set<string>;
}

let gathered: Corpus | undefined;
function corpus(): Corpus {
  if (gathered) return gathered;
  const byUnit = new Map<string, Finding[]>();
  const sites = new Set<string>();
  const rulesDir = `${join(root, 'src', 'rules')}/`;
  for (const unit of units()) {
    const findings: Finding[] = [];
    // Drift fixtures are read with their captures, and the drift rules run too (a second run, of the drift scope,
    // whose findings of other categories the first run saw already).
    const name = relative(fixtures, unit);
    const drifting = name.startsWith('drift') || findRule(name.split(/[\\/]/)[1] ?? '')?.meta.category === 'drift';
    for (const scope of drifting ? (['configuration', 'drift'] as const) : (['configuration'] as const)) {
      lint([unit], {
        cwd: root,
        ...(drifting ? { running: {}, scope } : {}),
        observe: {
          findings: (all) => void findings.push(...(scope === 'drift' ? all.filter((f) => findRule(f.ruleId)?.meta.category === 'drift') : all)),
          report: () => {
            for (const m of new Error().stack!.matchAll(/\(?(\/[^\s()]+\.ts):(\d+):\d+\)?/g)) if (m[1]!.startsWith(rulesDir)) sites.add(`${relative(root, m[1]!)}:${m[2]}`);
          },
        },
      });
    }
    byUnit.set(unit, findings);
  }
  // Scenario files are read by the simulator, not linted: their findings (a file it refuses) count too.
  const scenarios: Finding[] = [];
  for (const dir of [join(fixtures, 'scenarios'), join(fixtures, 'scenarios-invalid')]) {
    for (const n of readdirSync(dir).filter((x) => x.endsWith('.scenario.yaml')).sort()) {
      const file = sourceFromText(relative(root, join(dir, n)), readFileSync(join(dir, n), 'utf8'));
      scenarios.push(...parseScenario(file, (p) => join(dir, p)).findings);
    }
  }
  byUnit.set(join(fixtures, 'scenarios'), scenarios);
  return (gathered = { byUnit, sites });
}

/**
 * Every place in src/rules that reports a finding: a `ctx.report(` call, or a call of a rule's own `report(` helper
 * (the stack of a report names the line of each). Comments and the helpers' definitions are not calls.
 */
export function reportSites(dir = join(root, 'src', 'rules')): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) {
      out.push(...reportSites(p));
      continue;
    }
    if (!n.endsWith('.ts')) continue;
    readFileSync(p, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const code = line.trim();
        if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
        // A call: `ctx.report(…)` or a rule's own `report(…)`, not a declaration `report(name: Type…`.
        if (/\bctx\.report\(/.test(code) || /(^|[^.\w])report\((?!\s*\w+\s*:)/.test(code)) out.push(`${relative(root, p)}:${i + 1}`);
      });
  }
  return out;
}

/**
 * Consequences of a plexlint limit that only an input far larger than a fixture reaches (64 M characters of
 * IEBUPDTE member text): the hostile test that builds such an input checks the finding instead.
 */
const BEYOND_A_FIXTURE: Record<string, { file: string; message: RegExp }> = {
  'iebupdte-member-unknown budget': { file: 'test/hostile-zos.test.ts', message: /and the members after it are not checked/ },
};

describe('every message variant of every rule is exercised by a fixture', () => {
  it('every consequence a rule declares is stated by a finding of some fixture', () => {
    const seen = new Set<string>();
    for (const findings of corpus().byUnit.values()) for (const f of findings) seen.add(`${f.ruleId} ${consequenceOf(findRule(f.ruleId)!.meta.consequences, f.consequence)?.id ?? ''}`);
    const missing = rules.flatMap((r) => r.meta.consequences.map((c) => `${r.meta.id} ${c.id ?? ''}`)).filter((k) => !seen.has(k) && !(k in BEYOND_A_FIXTURE));
    expect(missing).toEqual([]);
  });
  it("a consequence only an input beyond a fixture's size reaches is stated by the test that makes that input", () => {
    for (const [key, test] of Object.entries(BEYOND_A_FIXTURE)) {
      const [ruleId, id] = key.split(' ');
      expect(consequenceOf(findRule(ruleId!)!.meta.consequences, id)?.id, `${key} is declared`).toBe(id);
      const text = readFileSync(join(root, test.file), 'utf8');
      expect(text.includes(ruleId!) && test.message.test(text), `${test.file} makes the input and checks the finding of ${key}`).toBe(true);
    }
  });
  it('every variant a rule declares is named by a finding of some fixture, and every finding names a declared one', () => {
    const seen = new Set<string>();
    const undeclared: string[] = [];
    for (const findings of corpus().byUnit.values()) {
      for (const f of findings) {
        if (f.variant === undefined) continue;
        seen.add(`${f.ruleId} ${f.variant}`);
        if (!findRule(f.ruleId)!.meta.variants?.includes(f.variant)) undeclared.push(`${f.ruleId} ${f.variant}`);
      }
    }
    const missing = rules.flatMap((r) => (r.meta.variants ?? []).map((v) => `${r.meta.id} ${v}`)).filter((k) => !seen.has(k));
    expect({ missing, undeclared: [...new Set(undeclared)] }).toEqual({ missing: [], undeclared: [] });
  });
  it('every line of src/rules that reports a finding is reached by some fixture (found from the stack of each report)', () => {
    const sites = corpus().sites;
    expect(reportSites().filter((s) => !sites.has(s))).toEqual([]);
  });
});

describe('every finding states a consequence with a source', () => {
  it('scenario files the simulator refuses (fixtures/scenarios-invalid)', () => {
    const problems = corpus().byUnit.get(join(fixtures, 'scenarios'))!.flatMap((f) => {
      const p = unsourcedConsequence(f);
      return p ? [`${f.loc.file}:${f.loc.line} ${p}: ${f.message}`] : [];
    });
    expect(problems).toEqual([]);
  });
  it('rejects a finding whose reading its message does not admit', () => {
    const f: Finding = { ruleId: 'sequence-numbers', loc: { file: 'x', line: 1, column: 1, endLine: 1, endColumn: 2 }, message: 'the stack reads the digits as operands.' };
    expect(unsourcedConsequence(f)).toMatch(/does not say so/);
    expect(unsourcedConsequence({ ...f, message: "plexlint assumes the stack reads the digits as operands." })).toBeUndefined();
    expect(unsourcedConsequence({ ...f, ruleId: 'syntax' })).toMatch(/names none/);
  });
  for (const unit of units()) {
    it(relative(fixtures, unit), () => {
      const findings = corpus().byUnit.get(unit)!;
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
