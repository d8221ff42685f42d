/**
 * Lint = compile + rules + configuration. Produces the Diagnostics every
 * reporter prints.
 */
import type { Diagnostic, Finding } from '../core/diagnostic.js';
import { compareLocs } from '../core/loc.js';
import { timed } from '../core/timing.js';
import { findRule, rules } from '../rules/registry.js';
import type { Rule, RuleContext } from '../rules/rule.js';
import { compile, type CompileOptions, type CompileResult } from './compile.js';
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

export function toDiagnostics(findings: Finding[], config: RuleConfig): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of findings) {
    if (!findRule(f.ruleId)) throw new InternalError(`finding with unregistered rule id '${f.ruleId}' (${f.loc.file}:${f.loc.line})`);
    const severity = config.severity(f.ruleId, f.loc.file, f.severity);
    if (severity === 'off') continue;
    const d: Diagnostic = {
      ruleId: f.ruleId,
      severity,
      message: f.message,
      file: f.loc.file,
      line: f.loc.line,
      column: f.loc.column,
      endLine: f.loc.endLine,
      endColumn: f.loc.endColumn,
    };
    if (f.related?.length) d.related = f.related;
    if (f.fix) d.fix = f.fix;
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
  const compiled = compile(paths, options);
  const config = new RuleConfig(compiled.manifest, options.rules, compiled.workspace.cwd);
  const findings: Finding[] = [...compiled.findings, ...timed('rules', () => runRules(compiled))];
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
    const [d] = toDiagnostics([finding], config);
    if (d) suppressed.push({ ...d, suppressions: directives.map((x) => ({ kind: 'directive' as const, justification: x.reason ?? '' })) });
  }
  return { compiled, diagnostics: toDiagnostics(s.findings, config), suppressed, directives: s.directives, config };
}
