/**
 * Drift = compile with the running state + the drift rules (docs/drift.md): what runs, from captures of the
 * stacks' and Load Balancers' reports, against what the files configure. One estate per run, as for trace and
 * simulate: the captures a command names belong to one.
 */
import { addPlanReadErrors, compile, compileEstate, planEstates } from './compile.js';
import { lintCompiled, reportScope, type LintOptions, type LintResult } from './lint.js';

export interface DriftOptions extends LintOptions {
  /** Captures the command names besides the estate's own (relative to cwd). */
  captures?: string[];
}

/** Compare what runs with the configuration of the one estate the paths name (an EstateCountError for several). */
export function drift(paths: string[], options: DriftOptions = {}): LintResult {
  const plan = planEstates(paths, options);
  if (plan.discovery.estates.length > 1) compile(paths, options); // throws the EstateCountError with its message
  const inputs = plan.discovery.estates[0] ?? { root: plan.cwd, files: [], explicit: new Set<string>() };
  const { captures, ...lintOptions } = options;
  const compiled = compileEstate(inputs, plan, { ...lintOptions, running: { captures: captures ?? [] } });
  addPlanReadErrors(compiled, plan);
  compiled.unmatched = plan.discovery.unmatched;
  const result = lintCompiled(compiled, { ...lintOptions, scope: 'drift' });
  // Part of an estate named: its findings, and those in the captures (whichever file named them).
  const scope = reportScope(compiled);
  if (scope) {
    const capturesRead = new Set(compiled.estate.running?.files ?? []);
    const reported = (file: string): boolean => scope(file) || capturesRead.has(file);
    result.reported = reported;
    result.diagnostics = result.diagnostics.filter((d) => reported(d.file));
    result.suppressed = result.suppressed.filter((d) => reported(d.file));
  }
  return result;
}
