/**
 * Lint = compile + rules + configuration. Produces the Diagnostics every
 * reporter prints.
 */
import type { Diagnostic, DiagnosticFix, Finding } from '../core/diagnostic.js';
import { compareLocs } from '../core/loc.js';
import { MAX_QUOTED_WORD } from '../core/quote.js';
import { renameKey } from '../frontends/manifest/index.js';
import { timed } from '../core/timing.js';
import { findRule, meantRuleId, ruleDidYouMean, rules } from '../rules/registry.js';
import type { Rule, RuleContext } from '../rules/rule.js';
import type { SourceFile } from '../sources/source-file.js';
import { resolve } from 'node:path';
import { inScope, type EstateInputs } from '../sources/discover.js';
import { addPlanReadErrors, compileEstate, planEstates, planOneEstate, type CompileOptions, type CompileResult, type EstatePlan } from './compile.js';
import { resolveFix } from './fixes.js';
import { registerIds, RuleConfig, type Level } from './config.js';
import { FindingLimit, isLimitSummary } from '../core/finding-limit.js';
import { findingIdentity } from '../core/identity.js';
import { applySuppressions, type Directive, type SuppressedDiagnostic } from './suppress.js';
import { attachDependents } from './dependents.js';
import { dependentsOf } from '../model/dependents.js';

export interface LintOptions extends CompileOptions {
  /** --rule id=level */
  rules?: Record<string, Level>;
  /** false: ignore inline directives (--no-inline-config). Default true. */
  inlineConfig?: boolean;
  /** Sees the findings before severities and scope apply (test/consequences.test.ts checks what they state). */
  observe?: LintObserver;
  /**
   * Which findings to report: the configuration's (`check`, the default: every rule but the drift rules), or what
   * runs against it (`plexlint drift`: the drift rules, with the manifest's findings and unreadable files).
   */
  scope?: LintScope;
}

export interface LintObserver {
  /** Every finding of a lint, suppressed ones included, with the consequence and variant it states. */
  findings?(findings: readonly Finding[]): void;
  /** Each finding a rule reports, from inside the rule's call. */
  report?(finding: Finding): void;
}

export type LintScope = 'configuration' | 'drift';

/** Whether a rule's findings belong to a run of this scope. */
export function inLintScope(ruleId: string, scope: LintScope = 'configuration'): boolean {
  const category = findRule(ruleId)?.meta.category;
  if (scope === 'configuration') return category !== 'drift';
  return category === 'drift' || category === 'manifest' || ruleId === 'unreadable-file';
}

export interface LintResult {
  compiled: CompileResult;
  diagnostics: Diagnostic[];
  /** Findings hidden by inline directives (with their configured severity). */
  suppressed: SuppressedDiagnostic[];
  /** Every inline directive read (none with --no-inline-config). */
  directives: Directive[];
  config: RuleConfig;
  /** Which files (display paths) are reported when only part of the estate was asked for; undefined: all. */
  reported?: (file: string) => boolean;
  /** Findings of the configuration a drift run leaves out, by configured severity (`plexlint check` reports them). */
  leftOut?: { errors: number; warnings: number };
}

export class InternalError extends Error {}

registerIds(rules.map((r) => r.meta.id));

/**
 * Whether a rule runs on this estate: rules that compare stacks need at least two; drift rules need the running
 * state read from captures (plexlint drift).
 */
export function ruleRuns(rule: Rule, compiled: CompileResult): boolean {
  if (rule.meta.category === 'drift') return compiled.estate.running !== undefined;
  return rule.meta.needs !== 'sysplex' || compiled.estate.systems.length >= 2;
}

/** Run every model rule over a compiled estate. */
/**
 * Run every model rule over a compiled estate. With a limit (./finding-limit.ts), findings over it are counted
 * as they are reported, never kept.
 */
export function runRules(compiled: CompileResult, limit?: FindingLimit, scope: LintScope = 'configuration', observe?: (finding: Finding) => void): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    if (!rule.check) continue;
    if (!ruleRuns(rule, compiled) || !inLintScope(rule.meta.id, scope)) continue;
    const ctx: RuleContext = {
      estate: compiled.estate,
      ruleId: rule.meta.id,
      report: (f) => {
        observe?.({ ...f, ruleId: rule.meta.id });
        if (!limit || limit.admit(rule.meta.id, f.loc, f.severity, f.consequence)) findings.push({ ...f, ruleId: rule.meta.id });
      },
    };
    rule.check(ctx);
  }
  return findings;
}


/**
 * Messages quote the offending text; a "word" of a megabyte (one line of a
 * hostile file) would make every report line a megabyte long. Long runs are
 * cut in the middle, saying how long they were.
 */
export function shortenMessage(message: string): string {
  if (message.length <= MAX_QUOTED_WORD) return message;
  // A scan, not /\S{201,}/g: V8's regular expressions overflow the stack on a run of millions of characters.
  const parts: string[] = [];
  let copied = 0;
  for (let i = 0; i < message.length; ) {
    if (isBlank(message.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i;
    while (end < message.length && !isBlank(message.charCodeAt(end))) end++;
    if (end - i > MAX_QUOTED_WORD) {
      parts.push(message.slice(copied, i), `${message.slice(i, i + 80)}…${message.slice(end - 20, end)} [${end - i} characters]`);
      copied = end;
    }
    i = end;
  }
  if (copied === 0) return message;
  parts.push(message.slice(copied));
  return parts.join('');
}

/** What \s matches in a message: blanks, line ends and the other white space a quoted word cannot hold. */
function isBlank(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Names the stack of each per-stack finding in front of its message. A statement in a
 * member that several stacks INCLUDE has one location for all of them, so a per-stack
 * rule reports it once per stack with the same text: those become one finding naming
 * the stacks.
 */
export function nameSystems(findings: Finding[]): Finding[] {
  const groups = new Map<string, { first: Finding; names: string[] }>();
  const out: Finding[] = [];
  for (const f of findings) {
    if (f.system === undefined) {
      out.push(f);
      continue;
    }
    const { loc } = f;
    const key = `${f.ruleId}|${loc.file}|${loc.line}|${loc.column}|${loc.endLine}|${loc.endColumn}|${f.message}`;
    const g = groups.get(key);
    if (g) {
      if (!g.names.includes(f.system)) g.names.push(f.system);
      continue;
    }
    const copy = { ...f };
    groups.set(key, { first: copy, names: [f.system] });
    out.push(copy);
  }
  for (const g of groups.values()) g.first.message = `${g.names.join(', ')}: ${g.first.message}`;
  return out;
}

/** `rules:` and `overrides[].rules` in plexlint.yaml naming a rule that does not exist. */
function manifestRuleIds(compiled: CompileResult, limit: FindingLimit): Finding[] {
  const m = compiled.manifest;
  if (!m) return [];
  const out: Finding[] = [];
  for (const settings of [m.rules, ...m.overrides.map((o) => o.rules)]) {
    for (const [id, setting] of Object.entries(settings)) {
      // Counted before the did-you-mean search: 30,000 unknown rule ids are 10,000 findings and a count.
      if (findRule(id) || !limit.admit('manifest-unknown-key', setting.keyLoc)) continue;
      const meant = meantRuleId(id);
      out.push({
        ruleId: 'manifest-unknown-key',
        loc: setting.keyLoc,
        message: `plexlint has no rule '${id}', so this setting does nothing.${ruleDidYouMean(id)} (plexlint rules lists them)`,
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
    const source = (f.fix || f.suggestions) && sources.get(f.loc.file);
    const fix = source && f.fix ? resolveFix(f.fix, source) : undefined;
    if (fix) d.fix = fix;
    const suggestions = source ? (f.suggestions ?? []).map((x) => resolveFix(x, source)).filter((x): x is DiagnosticFix => x !== undefined) : [];
    if (suggestions.length) d.suggestions = suggestions;
    if (f.subject) d.subject = f.subject;
    out.push(d);
  }
  return sortDiagnostics(out);
}

export function sortDiagnostics<T extends Diagnostic>(list: T[]): T[] {
  return list.sort(
    (a, b) =>
      compareLocs(
        { file: a.file, line: a.line, column: a.column, endLine: a.endLine, endColumn: a.endColumn },
        { file: b.file, line: b.line, column: b.column, endLine: b.endLine, endColumn: b.endColumn },
      ) || a.ruleId.localeCompare(b.ruleId),
  );
}

/** Lint the one estate the paths name (an EstateCountError when they name several): what most callers want. */
export function lint(paths: string[], options: LintOptions = {}): LintResult {
  // For tests only (test/hostile-cli.test.ts): a way to make the real CLI meet an internal error.
  if (process.env['PLEXLINT_TEST_FAULT'] === 'lint') throw new Error('fault injected by PLEXLINT_TEST_FAULT=lint');
  const plan = planOneEstate(paths, options);
  const inputs = plan.discovery.estates[0] ?? { root: plan.cwd, files: [], explicit: new Set<string>() };
  const result = lintEstate(inputs, plan, options);
  addPlanReadErrors(result.compiled, plan);
  result.compiled.unmatched = plan.discovery.unmatched;
  return result;
}

export interface LintRun {
  plan: EstatePlan;
  /** One result per estate, in discovery order. */
  results: LintResult[];
}

/** Lint every estate the paths name, each compiled and checked on its own (`plexlint check`). */
export function lintAll(paths: string[], options: LintOptions = {}): LintRun {
  if (process.env['PLEXLINT_TEST_FAULT'] === 'lint') throw new Error('fault injected by PLEXLINT_TEST_FAULT=lint');
  const plan = planEstates(paths, options);
  const results = plan.discovery.estates.map((inputs) => lintEstate(inputs, plan, options));
  return { plan, results };
}

/**
 * Lint one estate, and each profile its authoritative manifest does not list on its own (their findings join the
 * estate's). Only findings in the part of the estate that was asked for are reported (src/sources/discover.ts).
 */
export function lintEstate(inputs: EstateInputs, plan: EstatePlan, options: LintOptions = {}): LintResult {
  const result = lintCompiled(compileEstate(inputs, plan, options), options);
  const { compiled } = result;
  // Members the listed stacks INCLUDE too were checked with them: an unlisted profile adds findings in its own files only.
  const stackFiles = new Set(compiled.estate.systems.flatMap((s) => s.files));
  for (const abs of compiled.unlisted) {
    const alone = lintCompiled(compileEstate({ root: inputs.root, files: [abs], explicit: new Set([abs]), ...(inputs.manifest ? { manifest: inputs.manifest } : {}) }, plan, { ...options, standalone: true }), options);
    const own = new Set(alone.compiled.estate.systems.flatMap((s) => s.files).filter((f) => !stackFiles.has(f)));
    for (const path of own) {
      const source = alone.compiled.sources.get(path);
      if (source) compiled.sources.set(path, source);
      compiled.kinds.set(path, 'profile');
    }
    result.diagnostics.push(...alone.diagnostics.filter((d) => own.has(d.file)));
    result.suppressed.push(...alone.suppressed.filter((d) => own.has(d.file)));
    result.directives.push(...alone.directives.filter((d) => own.has(d.loc.file)));
  }
  if (compiled.unlisted.length) result.diagnostics = sortDiagnostics(result.diagnostics);
  const scope = reportScope(compiled);
  if (scope) {
    result.reported = scope;
    // A cross-file finding belongs to each file it names: one in SYSA.tcpip about SYSB.tcpip is reported when SYSB.tcpip is named.
    const concerns = (d: Diagnostic): boolean => scope(d.file) || (d.related?.some((r) => scope(r.file)) ?? false);
    result.diagnostics = result.diagnostics.filter(concerns);
    result.suppressed = result.suppressed.filter(concerns);
  }
  return result;
}

/**
 * Which display paths are reported when only part of an estate was asked for: the files named and the files under
 * the folders named, and the members a named profile INCLUDEs (they are part of its stack). Undefined: all.
 */
export function reportScope(compiled: CompileResult): ((file: string) => boolean) | undefined {
  const scope = compiled.inputs.scope;
  if (!scope) return undefined;
  const ws = compiled.workspace;
  const parts = new Set<string>();
  for (const system of compiled.estate.systems) {
    if (scope.files.has(resolve(ws.cwd, system.profile))) for (const f of system.files) parts.add(f);
  }
  return (file) => parts.has(file) || inScope(scope, resolve(ws.cwd, file));
}

/** Rules, inline directives and the configured severities over one compiled estate. */
export function lintCompiled(compiled: CompileResult, options: LintOptions = {}): LintResult {
  const config = new RuleConfig(compiled.manifest, options.rules, compiled.workspace.cwd);
  // Every finding passes the limit of findings per rule and file, the engine's own too (the directives' findings
  // have theirs in applySuppressions).
  const limit = new FindingLimit();
  const scope = options.scope ?? 'configuration';
  const leftOut = { errors: 0, warnings: 0 };
  const frontEnd = limit.filter(compiled.findings.filter((f) => {
    if (inLintScope(f.ruleId, scope)) return true;
    // What a drift run leaves out of the configuration's findings, counted for its note (the severity as configured).
    const severity = scope === 'drift' ? config.severity(f.ruleId, f.loc.file, f.severity) : 'off';
    if (severity === 'error') leftOut.errors++;
    else if (severity === 'warning') leftOut.warnings++;
    return false;
  }));
  const fromRules = timed('rules', () => runRules(compiled, limit, scope, options.observe?.report));
  // One cause, one finding: what names a rejected definition is listed by the finding that rejects it.
  const linked = attachDependents([...frontEnd, ...fromRules], dependentsOf(compiled.estate), (f) => f.severity ?? findRule(f.ruleId)?.meta.severity ?? 'error');
  const fromManifest = manifestRuleIds(compiled, limit);
  // Unreadable files found by a folder scan are findings (binary ones are simply not
  // configuration files); files named explicitly make the run fail (exit 2, see the CLI).
  const unreadable: Finding[] = [];
  for (const e of compiled.readErrors) {
    if (e.explicit || e.binary) continue;
    const loc = { file: e.path, line: 1, column: 1, endLine: 1, endColumn: 1 };
    if (limit.admit('unreadable-file', loc)) unreadable.push({ ruleId: 'unreadable-file', loc, message: `${e.path} ${e.message}.` });
  }
  const summaries = limit.summaries();
  const findings: Finding[] = [...nameSystems([...linked, ...fromManifest, ...summaries]), ...unreadable];
  // Rules and files where a limit left findings out (a front end's or the engine's): their directives' use is not known.
  const capped = new Set(findings.filter(isLimitSummary).map((f) => `${f.ruleId}\u0000${f.loc.file}`));
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
        return r !== undefined && ruleRuns(r, compiled) && inLintScope(id, scope);
      },
      capped: (id, file) => capped.has(`${id}\u0000${file}`),
    },
    options.inlineConfig !== false,
  );
  options.observe?.findings?.([...s.findings, ...s.suppressed.map((x) => x.finding)]);
  // A drift run reports what runs: the directives' own findings (unused-suppression, …) are check's.
  if (scope === 'drift') s.findings = s.findings.filter((f) => inLintScope(f.ruleId, scope));
  const suppressed: SuppressedDiagnostic[] = [];
  for (const { finding, directives } of s.suppressed) {
    const [d] = toDiagnostics([finding], config, compiled.sources);
    if (d) suppressed.push({ ...d, suppressions: directives.map((x) => ({ kind: 'directive' as const, justification: x.reason ?? '' })) });
  }
  const diagnostics = toDiagnostics(s.findings, config, compiled.sources);
  identify(diagnostics, compiled);
  identify(suppressed, compiled);
  const result: LintResult = { compiled, diagnostics, suppressed, directives: s.directives, config };
  if (scope === 'drift') result.leftOut = leftOut;
  return result;
}

/** Give each diagnostic its identity (src/core/identity.ts): relative to its estate's root, with its statement's text. */
function identify(diagnostics: Diagnostic[], compiled: CompileResult): void {
  const { root } = compiled.inputs;
  const { cwd } = compiled.workspace;
  for (const d of diagnostics) {
    const source = compiled.sources.get(d.file);
    d.fingerprint = findingIdentity(d, { root, cwd, lineText: (n) => (source && n >= 1 && n <= source.lines.lineCount ? source.lines.lineText(n - 1) : undefined) });
  }
}
