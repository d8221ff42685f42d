/**
 * Inline suppressions (ESLint's directives, in each file's own comment syntax;
 * see src/engine/comments.ts):
 *
 *   plexlint-disable-next-line <rule>[, <rule>…] [-- reason]   the line after the comment
 *   plexlint-disable-line <rule>[, …]                            the comment's own line
 *   plexlint-disable <rule>[, …]   …   plexlint-enable [<rule>…]   a range (from the comment on)
 *   plexlint-disable-file <rule>[, …]                            the whole file
 *
 * Keywords and ids are case-insensitive, because ISPF with CAPS ON upper-cases
 * a whole member. A directive without ids covers every rule (as in ESLint) but
 * is reported (`blanket-suppression`). A suppression applies where a finding is
 * reported, so a cross-file finding is suppressed in the file it points at.
 * Findings of `unsuppressible` rules (`syntax`) are never suppressed, and
 * naming one, or a rule that does not exist, is itself a finding
 * (`invalid-suppression`). Ids that suppressed nothing are reported
 * (`unused-suppression`). A directive counts as used when the rule fired there,
 * whatever severity the configuration then gives the finding, so turning a
 * rule off in plexlint.yaml or with --rule does not make suppressions "unused".
 */
import { append } from '../core/append.js';
import type { Diagnostic, Finding, Fix } from '../core/diagnostic.js';
import { fix, inCaseOf, removeAt, replaceAt } from '../core/fix.js';
import type { Loc } from '../core/loc.js';
import { didYouMean, uniqueSuggestion } from '../core/suggest.js';
import type { FileKind } from '../frontends/detect.js';
import type { SourceFile } from '../sources/source-file.js';
import { commentsOf, commentSyntax, type CommentSyntax } from './comments.js';

export type DirectiveKind = 'disable-next-line' | 'disable-line' | 'disable' | 'enable' | 'disable-file';

const KINDS: readonly DirectiveKind[] = ['disable-next-line', 'disable-line', 'disable', 'enable', 'disable-file'];

/** Findings about directives themselves: produced after suppression, so they cannot be suppressed inline. */
export const DIRECTIVE_RULES = ['unused-suppression', 'invalid-suppression', 'blanket-suppression'] as const;

export interface RuleRef {
  id: string;
  loc: Loc;
  used: boolean;
  /** What to remove to take this id alone out of the list (with a separator); none when it is the only one. */
  removal?: Loc;
}

export interface Directive {
  kind: DirectiveKind;
  file: string;
  /** The directive's text (from `plexlint-` to the end of the comment body). */
  loc: Loc;
  /** The whole comment holding it, delimiters included. */
  comment: Loc;
  /** Offset of the directive in the file: range directives act from here on. */
  offset: number;
  /** First and last line of the comment holding it. */
  line: number;
  endLine: number;
  /** Named rules; empty means every rule. */
  rules: RuleRef[];
  /** The text after `--`. */
  reason?: string;
  /** For a directive without ids: whether it suppressed anything. */
  used: boolean;
}

/** A finding that an inline directive suppressed, as reported (ESLint's `suppressedMessages`). */
export interface SuppressedDiagnostic extends Diagnostic {
  suppressions: { kind: 'directive'; justification: string }[];
}

export interface Suppressed {
  finding: Finding;
  directives: Directive[];
}

export interface SuppressionResult {
  /** Findings that stay, plus the findings about directives. */
  findings: Finding[];
  suppressed: Suppressed[];
  directives: Directive[];
}

export interface SuppressionContext {
  sources: ReadonlyMap<string, SourceFile>;
  kinds: ReadonlyMap<string, FileKind>;
  /** Whether a rule id exists, and whether it can be suppressed. */
  rule(id: string): { unsuppressible: boolean } | undefined;
  ruleIds: readonly string[];
  /** Whether a rule ran on this input; ids of rules that did not are never reported unused. Default: all ran. */
  ran?(id: string): boolean;
}

const DIRECTIVE = /^(\s*)plexlint-([A-Za-z-]*)/i;
const RULE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Parse the directives of one file; problems with them become findings. */
export function parseDirectives(file: SourceFile, syntax: CommentSyntax, ctx: SuppressionContext, problems: Finding[]): Directive[] {
  const out: Directive[] = [];
  const loc = (start: number, end: number): Loc => file.lines.loc(file.path, start, end);
  for (const c of commentsOf(file.text, file.lines, syntax)) {
    const m = DIRECTIVE.exec(c.body);
    if (!m) continue;
    const keywordStart = c.bodyStart + m[1]!.length;
    const keyword = m[2]!.toLowerCase().replace(/-+$/, '');
    const rest = c.body.slice(m[0].length);
    const bodyEnd = c.bodyStart + c.body.trimEnd().length;
    const dirLoc = loc(keywordStart, Math.max(bodyEnd, keywordStart + m[0].length - m[1]!.length));
    if (!(KINDS as readonly string[]).includes(keyword)) {
      const keywordLoc = loc(keywordStart, keywordStart + m[0].length - m[1]!.length);
      const meant = uniqueSuggestion(`plexlint-${keyword}`, KINDS.map((k) => `plexlint-${k}`), true);
      problems.push({
        ruleId: 'invalid-suppression',
        loc: keywordLoc,
        message:
          `'plexlint-${keyword}' is not a plexlint directive, so it suppresses nothing.${didYouMean(`plexlint-${keyword}`, KINDS.map((k) => `plexlint-${k}`), true)} ` +
          'The directives are plexlint-disable-next-line, plexlint-disable-line, plexlint-disable, plexlint-enable and plexlint-disable-file.',
        ...(meant ? { fix: fix(`write ${meant}`, replaceAt(keywordLoc, inCaseOf(m[0].slice(m[1]!.length), meant))) } : {}),
      });
      continue;
    }
    const kind = keyword as DirectiveKind;
    // The reason follows ` -- ` (ESLint's separator). XML forbids `--` inside a comment, so there ` - ` does the same.
    const sep = /(?:^|\s)(--?)(?=\s|$)/.exec(rest);
    const listText = sep ? rest.slice(0, sep.index) : rest;
    const reason = sep ? rest.slice(sep.index + sep[0].length).trim() : undefined;
    const listStart = keywordStart + m[0].length - m[1]!.length;
    if (syntax === 'xml' && c.body.includes('--')) {
      // The one '--' is the reason's separator: ' - ' says the same in XML.
      const only = sep?.[1] === '--' && c.body.indexOf('--') === c.body.lastIndexOf('--');
      const at = sep ? listStart + sep.index + sep[0].indexOf('--') : -1;
      problems.push({
        ruleId: 'invalid-suppression',
        loc: dirLoc,
        message:
          "XML does not allow '--' inside a comment (XML 1.0, section 2.5), so a conforming parser may reject this file. " +
          "Write the reason after ' - ' instead: <!-- plexlint-disable-next-line <rule> - reason -->.",
        ...(only ? { fix: fix("write the reason after ' - '", replaceAt(loc(at, at + 2), '-')) } : {}),
      });
    }
    const rules: RuleRef[] = [];
    const tokens = [...listText.matchAll(/[^\s,]+/g)].map((t) => ({ raw: t[0], start: listStart + t.index, end: listStart + t.index + t[0].length }));
    for (const [i, t] of tokens.entries()) {
      const raw = t.raw;
      const id = raw.toLowerCase();
      const start = t.start;
      const idLoc = loc(start, start + raw.length);
      // Removing one id of several: up to the next id, or (the last one) from the end of the one before.
      const next = tokens[i + 1];
      const before = tokens[i - 1];
      const removal = next ? loc(t.start, next.start) : before ? loc(before.end, t.end) : undefined;
      if (!RULE_ID.test(id)) {
        problems.push({
          ruleId: 'invalid-suppression',
          loc: idLoc,
          message: `'${raw}' is not a rule id. List rule ids separated by commas, then the reason after ' -- ': plexlint-${kind} <rule>[, <rule>] -- reason.`,
        });
        continue;
      }
      const known = ctx.rule(id);
      if (!known) {
        const meant = uniqueSuggestion(id, ctx.ruleIds, false);
        const suppressible = meant !== undefined && !(DIRECTIVE_RULES as readonly string[]).includes(meant) && ctx.rule(meant)?.unsuppressible === false;
        problems.push({
          ruleId: 'invalid-suppression',
          loc: idLoc,
          message: `'${raw}' is not a plexlint rule, so this directive suppresses nothing for it.${didYouMean(id, ctx.ruleIds, false)} (\`plexlint rules\` lists them.)`,
          ...(suppressible ? { fix: fix(`write ${meant}`, replaceAt(idLoc, meant)) } : {}),
        });
        continue;
      }
      if ((DIRECTIVE_RULES as readonly string[]).includes(id)) {
        problems.push({
          ruleId: 'invalid-suppression',
          loc: idLoc,
          message: `'${id}' findings are about directives themselves and cannot be suppressed inline; set rules: { ${id}: off } in plexlint.yaml instead.`,
        });
        continue;
      }
      if (known.unsuppressible) {
        problems.push({
          ruleId: 'invalid-suppression',
          loc: idLoc,
          message: `'${id}' findings can never be suppressed: the product rejects what it cannot parse, whatever a comment says. Fix the file instead.`,
        });
        continue;
      }
      if (!rules.some((r) => r.id === id)) rules.push({ id, loc: idLoc, used: false, ...(removal ? { removal } : {}) });
    }
    const named = listText.trim() !== '';
    // Every id was rejected: the directive does nothing (it must not turn into a blanket one).
    if (named && rules.length === 0) continue;
    const d: Directive = {
      kind,
      file: file.path,
      loc: dirLoc,
      comment: loc(c.start, c.end),
      offset: keywordStart,
      line: file.lines.position(c.start).line,
      endLine: file.lines.position(Math.max(c.start, c.end - 1)).line,
      rules,
      used: false,
    };
    if (reason) d.reason = reason;
    if (!named && kind !== 'enable') {
      problems.push({
        ruleId: 'blanket-suppression',
        loc: dirLoc,
        message:
          `'plexlint-${kind}' without rule ids suppresses every rule ${scopeText(kind)}, including findings nobody has seen yet. ` +
          `Name the rules it is meant for: plexlint-${kind} <rule>[, <rule>] -- reason.`,
      });
    }
    out.push(d);
  }
  return out;
}

function scopeText(kind: DirectiveKind): string {
  switch (kind) {
    case 'disable-next-line':
      return 'on the next line';
    case 'disable-line':
      return 'on this line';
    case 'disable':
      return 'until the next plexlint-enable';
    case 'disable-file':
      return 'in this file';
    default:
      return '';
  }
}

function covers(d: Directive, ruleId: string): RuleRef | true | undefined {
  if (d.rules.length === 0) return true;
  return d.rules.find((r) => r.id === ruleId);
}

/** The disable directive in force for `ruleId` at `offset`, following disable/enable in file order. */
function rangeDirectiveAt(ranges: Directive[], ruleId: string, offset: number): Directive | undefined {
  let active: Directive | undefined;
  for (const d of ranges) {
    if (d.offset >= offset) break;
    if (!covers(d, ruleId)) continue;
    active = d.kind === 'disable' ? d : undefined;
  }
  return active;
}

function markUsed(d: Directive, ruleId: string): void {
  const c = covers(d, ruleId);
  if (c === true) d.used = true;
  else if (c) c.used = true;
}

/**
 * Apply the directives of every file to the findings. Without `inlineConfig`
 * (--no-inline-config) directives are ignored altogether, as in ESLint.
 */
export function applySuppressions(findings: Finding[], ctx: SuppressionContext, inlineConfig = true): SuppressionResult {
  if (!inlineConfig) return { findings, suppressed: [], directives: [] };
  const problems: Finding[] = [];
  const byFile = new Map<string, Directive[]>();
  for (const [path, file] of ctx.sources) {
    const syntax = commentSyntax(ctx.kinds.get(path));
    if (syntax === 'none') continue;
    const ds = parseDirectives(file, syntax, ctx, problems);
    if (ds.length) byFile.set(path, ds);
  }

  const kept: Finding[] = [];
  const suppressed: Suppressed[] = [];
  const rangesOf = new Map([...byFile].map(([path, ds]) => [path, ds.filter((d) => d.kind === 'disable' || d.kind === 'enable')]));
  for (const f of findings) {
    const ds = byFile.get(f.loc.file);
    const rule = ctx.rule(f.ruleId);
    if (!ds || !rule || rule.unsuppressible) {
      kept.push(f);
      continue;
    }
    const source = ctx.sources.get(f.loc.file)!;
    const offset = source.lines.offset(f.loc.line, f.loc.column);
    const by: Directive[] = [];
    for (const d of ds) {
      if (!covers(d, f.ruleId)) continue;
      if (d.kind === 'disable-next-line' && f.loc.line === d.endLine + 1) by.push(d);
      else if (d.kind === 'disable-line' && f.loc.line === d.line) by.push(d);
      else if (d.kind === 'disable-file') by.push(d);
    }
    const range = rangeDirectiveAt(rangesOf.get(f.loc.file)!, f.ruleId, offset);
    if (range) by.push(range);
    if (by.length === 0) {
      kept.push(f);
      continue;
    }
    for (const d of by) markUsed(d, f.ruleId);
    suppressed.push({ finding: f, directives: by });
  }

  const ran = ctx.ran ?? ((): boolean => true);
  const allRan = ctx.ruleIds.every((id) => ran(id));
  for (const ds of byFile.values()) append(problems, unused(ds, ran, allRan));
  return { findings: [...kept, ...problems], suppressed, directives: [...byFile.values()].flat() };
}

/** Removing the whole directive comment. */
function removeDirective(d: Directive): Fix {
  return fix(`remove the plexlint-${d.kind} comment`, removeAt(d.comment));
}

/**
 * The fix of one unused id: when every id of the directive is unused, the directive goes (taking the ids out one
 * by one would leave a directive without ids, which suppresses every rule); otherwise the id goes from the list.
 */
function removeId(d: Directive, r: RuleRef, unusedIds: readonly RuleRef[]): Fix | undefined {
  if (unusedIds.length === d.rules.length) return removeDirective(d);
  // The removal already holds its separator: nothing around it goes with it.
  return r.removal ? fix(`remove ${r.id} from the plexlint-${d.kind} comment`, replaceAt(r.removal, '')) : undefined;
}

function unused(ds: Directive[], ran: (id: string) => boolean, allRan: boolean): Finding[] {
  const out: Finding[] = [];
  const ranges = ds.filter((d) => d.kind === 'disable' || d.kind === 'enable');
  const withFix = (f: Finding, x: Fix | undefined): Finding => (x ? { ...f, fix: x } : f);
  for (const d of ds) {
    if (d.kind === 'enable') {
      // An enable that ends nothing: the rule was not disabled at this point.
      if (d.rules.length === 0) {
        const before = ranges.filter((r) => r.offset < d.offset);
        const lastBlanketEnable = before.filter((r) => r.kind === 'enable' && r.rules.length === 0).pop();
        const open = before.some((r) => r.kind === 'disable' && (!lastBlanketEnable || r.offset > lastBlanketEnable.offset));
        if (!open) out.push({ ruleId: 'unused-suppression', loc: d.loc, message: "this plexlint-enable ends nothing: no plexlint-disable is in force here. Remove it.", fix: removeDirective(d) });
      } else {
        const idle = d.rules.filter((r) => !rangeDirectiveAt(ranges, r.id, d.offset));
        for (const r of idle) {
          out.push(withFix({ ruleId: 'unused-suppression', loc: r.loc, message: `'plexlint-enable ${r.id}' ends nothing: ${r.id} is not disabled here. Remove it.` }, removeId(d, r, idle)));
        }
      }
      continue;
    }
    const where = scopeText(d.kind);
    if (d.rules.length === 0) {
      if (!d.used && allRan) out.push({ ruleId: 'unused-suppression', loc: d.loc, message: `this plexlint-${d.kind} suppresses nothing: no rule reports anything ${where}. Remove it.`, fix: removeDirective(d) });
      continue;
    }
    const idle = d.rules.filter((r) => !r.used && ran(r.id));
    for (const r of idle) {
      out.push(
        withFix(
          {
            ruleId: 'unused-suppression',
            loc: r.loc,
            message:
              `'${r.id}' is disabled here, but it reports nothing ${where}. Remove it from the directive: an unused suppression ` +
              'hides nothing today and would silently hide a real finding later.',
          },
          removeId(d, r, idle),
        ),
      );
    }
  }
  return out;
}

export { commentSyntax };
