/**
 * Lint = compile + rules + configuration. Produces the Diagnostics every
 * reporter prints.
 */
import type { Diagnostic, Finding } from '../core/diagnostic.js';
import { compareLocs } from '../core/loc.js';
import { findRule, rules } from '../rules/registry.js';
import type { RuleContext } from '../rules/rule.js';
import { compile, type CompileOptions, type CompileResult } from './compile.js';
import { registerIds, RuleConfig, type Level } from './config.js';

export interface LintOptions extends CompileOptions {
  /** --rule id=level */
  rules?: Record<string, Level>;
}

export interface LintResult {
  compiled: CompileResult;
  diagnostics: Diagnostic[];
  config: RuleConfig;
}

export class InternalError extends Error {}

registerIds(rules.map((r) => r.meta.id));

/** Run every model rule over a compiled estate. */
export function runRules(compiled: CompileResult): Finding[] {
  const findings: Finding[] = [];
  const sysplex = compiled.estate.systems.length >= 2;
  for (const rule of rules) {
    if (!rule.check) continue;
    if (rule.meta.needs === 'sysplex' && !sysplex) continue;
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
  const findings: Finding[] = [...compiled.findings, ...runRules(compiled)];
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
  return { compiled, diagnostics: toDiagnostics(findings, config), config };
}
