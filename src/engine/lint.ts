/**
 * Lint = compile + rules + configuration. Produces the Diagnostics every
 * reporter prints.
 */
import type { Diagnostic, Finding } from '../core/diagnostic.js';
import { compareLocs } from '../core/loc.js';
import { didYouMean, uniqueSuggestion } from '../core/suggest.js';
import { renameKey } from '../frontends/manifest/index.js';
import { timed } from '../core/timing.js';
import { findRule, rules } from '../rules/registry.js';
import type { Rule, RuleContext } from '../rules/rule.js';
import type { SourceFile } from '../sources/source-file.js';
import { compile, type CompileOptions, type CompileResult } from './compile.js';
import { resolveFix } from './fixes.js';
import { registerIds, RuleConfig, type Level } from './config.js';
import { applySuppressions, type Directive, type SuppressedDiagnostic } from './suppress.js';

export interface LintOptions extends CompileOptions {
  /** --rule id=level */
  rules?: Record<string, Level>;
  /** false: ignore inline directives (--no-inline-config). Default true. */
  inlineConfig?: boolean;
}

export interface LintResult {
  compiled: CompileResult;
  diagnostics: Diagnostic[];
  /** Findings hidden by inline directives (with their configured severity). */
  suppressed: SuppressedDiagnostic[];
  /** Every inline directive read (none with --no-inline-config). */
  directives: Directive[];
  config: RuleConfig;
}

export class InternalError extends Error {}

registerIds(rules.map((r) => r.meta.id));

/** Whether a rule runs on this estate: rules that compare stacks need at least two. */
export function ruleRuns(rule: Rule, compiled: CompileResult): boolean {
  return rule.meta.needs !== 'sysplex' || compiled.estate.systems.length >= 2;
}

/** Run every model rule over a compiled estate. */
export function runRules(compiled: CompileResult): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    if (!rule.check) continue;
    if (!ruleRuns(rule, compiled)) continue;
    const ctx: RuleContext = {
      estate: compiled.estate,
      report: (f) => findings.push({ ...f, ruleId: rule.meta.id }),
    };
    rule.check(ctx);
  }
  return findings;
}

/** Longest run of non-blank characters a message quotes in full. */
const MAX_QUOTED_WORD = 200;

/**
 * Messages quote the offending text; a "word" of a megabyte (one line of a
 * hostile file) would make every report line a megabyte long. Long runs are
 * cut in the middle, saying how long they were.
 */
export function shortenMessage(message: string): string {
  if (message.length <= MAX_QUOTED_WORD) return message;
  return message.replace(/\S{201,}/g, (w) => `${w.slice(0, 80)}…${w.slice(-20)} [${w.length} characters]`);
}

const SYSTEM_PREFIX = /^([A-Z0-9@#$_]{1,16}): ([\s\S]*)$/;

/**
 * A statement in a member that several stacks INCLUDE has one location for all
 * of them, so a per-stack rule reports it once per stack with the same text after
 * the stack's name. Those become one finding naming the stacks.
 */
export function mergeAcrossSystems(findings: Finding[]): Finding[] {
  const groups = new Map<string, { first: Finding; names: string[]; rest: string }>();
  const out: Finding[] = [];
  for (const f of findings) {
    const m = SYSTEM_PREFIX.exec(f.message);
    if (!m) {
      out.push(f);
      continue;
    }
    const { loc } = f;
    const key = `${f.ruleId}|${loc.file}|${loc.line}|${loc.column}|${loc.endLine}|${loc.endColumn}|${m[2]}`;
    const g = groups.get(key);
    if (g) {
      if (!g.names.includes(m[1]!)) g.names.push(m[1]!);
      continue;
    }
    const copy = { ...f };
    groups.set(key, { first: copy, names: [m[1]!], rest: m[2]! });
    out.push(copy);
  }
  for (const g of groups.values()) {
    if (g.names.length > 1) g.first.message = `${g.names.join(', ')}: ${g.rest}`;
  }
  return out;
}

/** `rules:` and `overrides[].rules` in plexlint.yaml naming a rule that does not exist. */
function manifestRuleIds(compiled: CompileResult): Finding[] {
  const m = compiled.manifest;
  if (!m) return [];
  const ids = rules.map((r) => r.meta.id);
  const out: Finding[] = [];
  for (const settings of [m.rules, ...m.overrides.map((o) => o.rules)]) {
    for (const [id, setting] of Object.entries(settings)) {
      if (findRule(id)) continue;
      const meant = uniqueSuggestion(id, ids, false);
      out.push({
        ruleId: 'manifest-unknown-key',
        loc: setting.keyLoc,
        message: `plexlint has no rule '${id}', so this setting does nothing.${didYouMean(id, ids, false)} (plexlint rules lists them)`,
        ...(meant && !(meant in settings) ? { fix: renameKey(setting.keyLoc, meant) } : {}),
      });
    }
  }
  return out;
}

/**
 * Findings as reported: the configured severity (off: left out), messages shortened, and each fix resolved against
 * its file's text (./fixes.ts; a fix that cannot be applied safely is left out).
 */
export function toDiagnostics(findings: Finding[], config: RuleConfig, sources: ReadonlyMap<string, SourceFile> = new Map()): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of findings) {
    if (!findRule(f.ruleId)) throw new InternalError(`finding with unregistered rule id '${f.ruleId}' (${f.loc.file}:${f.loc.line})`);
    const severity = config.severity(f.ruleId, f.loc.file, f.severity);
    if (severity === 'off') continue;
    const d: Diagnostic = {
      ruleId: f.ruleId,
      severity,
      message: shortenMessage(f.message),
      file: f.loc.file,
      line: f.loc.line,
      column: f.loc.column,
      endLine: f.loc.endLine,
      endColumn: f.loc.endColumn,
    };
    if (f.related?.length) d.related = f.related.map((r) => (r.message.length > MAX_QUOTED_WORD ? { ...r, message: shortenMessage(r.message) } : r));
    const source = f.fix && sources.get(f.loc.file);
    const fix = source ? resolveFix(f.fix!, source) : undefined;
    if (fix) d.fix = fix;
    if (f.subject) d.subject = f.subject;
    out.push(d);
  }
  return out.sort(
    (a, b) =>
      compareLocs(
        { file: a.file, line: a.line, column: a.column, endLine: a.endLine, endColumn: a.endColumn },
        { file: b.file, line: b.line, column: b.column, endLine: b.endLine, endColumn: b.endColumn },
      ) || a.ruleId.localeCompare(b.ruleId),
  );
}

export function lint(paths: string[], options: LintOptions = {}): LintResult {
  // For tests only (test/hostile-cli.test.ts): a way to make the real CLI meet an internal error.
  if (process.env['PLEXLINT_TEST_FAULT'] === 'lint') throw new Error('fault injected by PLEXLINT_TEST_FAULT=lint');
  const compiled = compile(paths, options);
  const config = new RuleConfig(compiled.manifest, options.rules, compiled.workspace.cwd);
  const findings: Finding[] = mergeAcrossSystems([...compiled.findings, ...timed('rules', () => runRules(compiled)), ...manifestRuleIds(compiled)]);
  // Unreadable files found by a folder scan are findings (binary ones are simply not
  // configuration files); files named explicitly make the run fail (exit 2, see the CLI).
  for (const e of compiled.readErrors) {
    if (e.explicit || e.binary) continue;
    findings.push({
      ruleId: 'unreadable-file',
      loc: { file: e.path, line: 1, column: 1, endLine: 1, endColumn: 1 },
      message: `${e.path} ${e.message}.`,
    });
  }
  // Directives apply to the raw findings, before the configuration decides severities
  // (see src/engine/suppress.ts for why).
  const s = applySuppressions(
    findings,
    {
      sources: compiled.sources,
      kinds: compiled.kinds,
      rule: (id) => {
        const r = findRule(id);
        return r ? { unsuppressible: r.meta.unsuppressible === true } : undefined;
      },
      ruleIds: rules.map((r) => r.meta.id),
      // A directive for a rule that did not run here (a cross-stack rule while one profile is
      // checked on its own, as an editor does) cannot be called unused.
      ran: (id) => {
        const r = findRule(id);
        return r !== undefined && ruleRuns(r, compiled);
      },
    },
    options.inlineConfig !== false,
  );
  const suppressed: SuppressedDiagnostic[] = [];
  for (const { finding, directives } of s.suppressed) {
    const [d] = toDiagnostics([finding], config, compiled.sources);
    if (d) suppressed.push({ ...d, suppressions: directives.map((x) => ({ kind: 'directive' as const, justification: x.reason ?? '' })) });
  }
  return { compiled, diagnostics: toDiagnostics(s.findings, config, compiled.sources), suppressed, directives: s.directives, config };
}
