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
 *
 * Bounds: the directives of a file are indexed by line, by rule and by offset
 * (FileDirectives), so each finding looks up only what can apply to it — 10,000
 * disable/enable pairs used to cost every finding a scan of all of them (18 s;
 * 100,000: minutes). The findings about directives are subject to the limit of
 * findings per rule and file (src/core/finding-limit.ts), counted before their
 * messages are built: one directive naming 300,000 unknown rules was 300,000
 * findings.
 */
import type { Diagnostic, Finding, Fix } from '../core/diagnostic.js';
import { FindingLimit } from '../core/finding-limit.js';
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
  /**
   * Whether findings of a rule in a file were left out by the limit of findings per rule and file: a directive
   * naming the rule there may have suppressed one of them, so it is never reported unused. Default: none were.
   */
  capped?(id: string, file: string): boolean;
}

const DIRECTIVE = /^(\s*)plexlint-([A-Za-z-]*)/i;
const RULE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Findings about directives, each admitted by the limit before its message is built (a did-you-mean search per
 * unknown rule id is the costly part).
 */
class Problems {
  readonly list: Finding[] = [];
  constructor(private readonly limit: FindingLimit) {}

  add(ruleId: Finding['ruleId'], loc: Loc, make: () => Omit<Finding, 'ruleId' | 'loc'>): void {
    if (this.limit.admit(ruleId, loc)) this.list.push({ ruleId, loc, ...make() });
  }
}

/** Parse the directives of one file; problems with them become findings. */
export function parseDirectives(file: SourceFile, syntax: CommentSyntax, ctx: SuppressionContext, problems: Problems): Directive[] {
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
      problems.add('invalid-suppression', keywordLoc, () => {
        const meant = uniqueSuggestion(`plexlint-${keyword}`, KINDS.map((k) => `plexlint-${k}`), true);
        return {
          message:
            `'plexlint-${keyword}' is not a plexlint directive, so it suppresses nothing.${didYouMean(`plexlint-${keyword}`, KINDS.map((k) => `plexlint-${k}`), true)} ` +
            'The directives are plexlint-disable-next-line, plexlint-disable-line, plexlint-disable, plexlint-enable and plexlint-disable-file.',
          ...(meant ? { fix: fix(`write ${meant}`, replaceAt(keywordLoc, inCaseOf(m[0].slice(m[1]!.length), meant))) } : {}),
        };
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
      problems.add('invalid-suppression', dirLoc, () => ({
        message:
          "XML does not allow '--' inside a comment (XML 1.0, section 2.5), so a conforming parser may reject this file. " +
          "Write the reason after ' - ' instead: <!-- plexlint-disable-next-line <rule> - reason -->.",
        ...(only ? { fix: fix("write the reason after ' - '", replaceAt(loc(at, at + 2), '-')) } : {}),
      }));
    }
    const rules: RuleRef[] = [];
    const named = new Set<string>();
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
        problems.add('invalid-suppression', idLoc, () => ({
          message: `'${raw}' is not a rule id. List rule ids separated by commas, then the reason after ' -- ': plexlint-${kind} <rule>[, <rule>] -- reason.`,
        }));
        continue;
      }
      const known = ctx.rule(id);
      if (!known) {
        problems.add('invalid-suppression', idLoc, () => {
          const meant = uniqueSuggestion(id, ctx.ruleIds, false);
          const suppressible = meant !== undefined && !(DIRECTIVE_RULES as readonly string[]).includes(meant) && ctx.rule(meant)?.unsuppressible === false;
          return {
            message: `'${raw}' is not a plexlint rule, so this directive suppresses nothing for it.${didYouMean(id, ctx.ruleIds, false)} (\`plexlint rules\` lists them.)`,
            ...(suppressible ? { fix: fix(`write ${meant}`, replaceAt(idLoc, meant)) } : {}),
          };
        });
        continue;
      }
      if ((DIRECTIVE_RULES as readonly string[]).includes(id)) {
        problems.add('invalid-suppression', idLoc, () => ({
          message: `'${id}' findings are about directives themselves and cannot be suppressed inline; set rules: { ${id}: off } in plexlint.yaml instead.`,
        }));
        continue;
      }
      if (known.unsuppressible) {
        problems.add('invalid-suppression', idLoc, () => ({
          message: `'${id}' findings can never be suppressed: the product rejects what it cannot parse, whatever a comment says. Fix the file instead.`,
        }));
        continue;
      }
      if (!named.has(id)) {
        named.add(id);
        rules.push({ id, loc: idLoc, used: false, ...(removal ? { removal } : {}) });
      }
    }
    const withIds = listText.trim() !== '';
    // Every id was rejected: the directive does nothing (it must not turn into a blanket one).
    if (withIds && rules.length === 0) continue;
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
    if (!withIds && kind !== 'enable') {
      problems.add('blanket-suppression', dirLoc, () => ({
        message:
          `'plexlint-${kind}' without rule ids suppresses every rule ${scopeText(kind)}, including findings nobody has seen yet. ` +
          `Name the rules it is meant for: plexlint-${kind} <rule>[, <rule>] -- reason.`,
      }));
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

function markUsed(d: Directive, ruleId: string): void {
  const c = covers(d, ruleId);
  if (c === true) d.used = true;
  else if (c) c.used = true;
}

/** Directives in file order, with their offsets, for "the last one before an offset" by binary search. */
class Ordered {
  readonly offsets: number[] = [];
  readonly list: Directive[] = [];

  push(d: Directive): void {
    this.offsets.push(d.offset);
    this.list.push(d);
  }

  /** The last directive strictly before `offset`. */
  lastBefore(offset: number): Directive | undefined {
    let lo = 0;
    let hi = this.offsets.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.offsets[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? this.list[lo - 1] : undefined;
  }
}

/**
 * How many directives a suppressed finding lists (all of them are marked used): a finding is normally suppressed by
 * one or two, and a file of thousands of identical directives must not copy them into every finding.
 */
export const MAX_DIRECTIVES_PER_FINDING = 16;

/** The directives of one file, indexed so that a finding looks up only those that can apply to it. */
class FileDirectives {
  /** disable-line directives by their line, disable-next-line ones by the line after their comment; in file order. */
  private readonly byLine = new Map<number, Directive[]>();
  private readonly fileWide: Directive[] = [];
  /** disable and enable, by the rule they name and without ids (every rule). */
  private readonly rangesByRule = new Map<string, Ordered>();
  private readonly blanketRanges = new Ordered();
  /** Line and file directives that apply to a rule on a line, marked used once: `${line}\0${rule}`. */
  private readonly applied = new Map<string, Directive[]>();
  private readonly fileWideApplied = new Map<string, Directive[]>();

  constructor(readonly directives: Directive[]) {
    for (const d of directives) {
      if (d.kind === 'disable-line' || d.kind === 'disable-next-line') {
        const line = d.kind === 'disable-line' ? d.line : d.endLine + 1;
        const list = this.byLine.get(line);
        if (list) list.push(d);
        else this.byLine.set(line, [d]);
      } else if (d.kind === 'disable-file') this.fileWide.push(d);
      else if (d.rules.length === 0) this.blanketRanges.push(d);
      else
        for (const r of d.rules) {
          let o = this.rangesByRule.get(r.id);
          if (!o) this.rangesByRule.set(r.id, (o = new Ordered()));
          o.push(d);
        }
    }
  }

  /** The disable or enable in force for a rule at an offset (the last one before it that covers the rule). */
  private lastRangeBefore(ruleId: string, offset: number): Directive | undefined {
    const named = this.rangesByRule.get(ruleId)?.lastBefore(offset);
    const blanket = this.blanketRanges.lastBefore(offset);
    return !named ? blanket : !blanket ? named : named.offset > blanket.offset ? named : blanket;
  }

  /** The disable directive in force for `ruleId` at `offset`, following disable/enable in file order. */
  rangeAt(ruleId: string, offset: number): Directive | undefined {
    const last = this.lastRangeBefore(ruleId, offset);
    return last?.kind === 'disable' ? last : undefined;
  }

  /** The directives that suppress a finding of `ruleId` on `line` at `offset`, each marked used; in file order, at most MAX_DIRECTIVES_PER_FINDING. */
  suppressing(ruleId: string, line: number, offset: number): Directive[] {
    const key = `${line}\0${ruleId}`;
    let by = this.applied.get(key);
    if (!by) {
      let wide = this.fileWideApplied.get(ruleId);
      if (!wide) {
        wide = this.fileWide.filter((d) => covers(d, ruleId));
        for (const d of wide) markUsed(d, ruleId);
        this.fileWideApplied.set(ruleId, wide);
      }
      const here = (this.byLine.get(line) ?? []).filter((d) => covers(d, ruleId));
      for (const d of here) markUsed(d, ruleId);
      by = mergeByOffset(here, wide, MAX_DIRECTIVES_PER_FINDING);
      this.applied.set(key, by);
    }
    const range = this.rangeAt(ruleId, offset);
    if (!range) return by;
    markUsed(range, ruleId);
    return by.length < MAX_DIRECTIVES_PER_FINDING ? [...by, range] : by;
  }

  /** The blanket enables that end nothing: no disable since the last blanket enable before them. */
  idleBlanketEnables(): Set<Directive> {
    const out = new Set<Directive>();
    let open = false;
    for (const d of this.directives) {
      if (d.kind === 'disable') open = true;
      else if (d.kind === 'enable' && d.rules.length === 0) {
        if (!open) out.add(d);
        open = false;
      }
    }
    return out;
  }
}

/** The first `max` of two lists in file order, merged in file order. */
function mergeByOffset(a: Directive[], b: Directive[], max: number): Directive[] {
  const out: Directive[] = [];
  let i = 0;
  let j = 0;
  while (out.length < max && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && a[i]!.offset <= b[j]!.offset)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/**
 * Apply the directives of every file to the findings. Without `inlineConfig`
 * (--no-inline-config) directives are ignored altogether, as in ESLint.
 */
export function applySuppressions(findings: Finding[], ctx: SuppressionContext, inlineConfig = true): SuppressionResult {
  if (!inlineConfig) return { findings, suppressed: [], directives: [] };
  const limit = new FindingLimit();
  const problems = new Problems(limit);
  const byFile = new Map<string, FileDirectives>();
  for (const [path, file] of ctx.sources) {
    const syntax = commentSyntax(ctx.kinds.get(path));
    if (syntax === 'none') continue;
    const ds = parseDirectives(file, syntax, ctx, problems);
    if (ds.length) byFile.set(path, new FileDirectives(ds));
  }

  const kept: Finding[] = [];
  const suppressed: Suppressed[] = [];
  for (const f of findings) {
    const ds = byFile.get(f.loc.file);
    const rule = ctx.rule(f.ruleId);
    if (!ds || !rule || rule.unsuppressible) {
      kept.push(f);
      continue;
    }
    const source = ctx.sources.get(f.loc.file)!;
    const by = ds.suppressing(f.ruleId, f.loc.line, source.lines.offset(f.loc.line, f.loc.column));
    if (by.length === 0) kept.push(f);
    else suppressed.push({ finding: f, directives: by });
  }

  const ran = ctx.ran ?? ((): boolean => true);
  const allRan = ctx.ruleIds.every((id) => ran(id));
  const capped = ctx.capped ?? ((): boolean => false);
  for (const [path, ds] of byFile) {
    // A rule whose findings were partly left out here: its directives' use is not known.
    const known = (id: string): boolean => ran(id) && !capped(id, path);
    unused(ds, known, allRan && ctx.ruleIds.every((id) => !capped(id, path)), problems);
  }
  return { findings: [...kept, ...problems.list, ...limit.summaries()], suppressed, directives: [...byFile.values()].flatMap((ds) => ds.directives) };
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

function unused(file: FileDirectives, ran: (id: string) => boolean, allRan: boolean, problems: Problems): void {
  const withFix = (f: Omit<Finding, 'ruleId' | 'loc'>, x: Fix | undefined): Omit<Finding, 'ruleId' | 'loc'> => (x ? { ...f, fix: x } : f);
  const idleEnables = file.idleBlanketEnables();
  for (const d of file.directives) {
    if (d.kind === 'enable') {
      // An enable that ends nothing: the rule was not disabled at this point.
      if (d.rules.length === 0) {
        if (idleEnables.has(d)) problems.add('unused-suppression', d.loc, () => ({ message: "this plexlint-enable ends nothing: no plexlint-disable is in force here. Remove it.", fix: removeDirective(d) }));
      } else {
        const idle = d.rules.filter((r) => !file.rangeAt(r.id, d.offset));
        for (const r of idle) {
          problems.add('unused-suppression', r.loc, () => withFix({ message: `'plexlint-enable ${r.id}' ends nothing: ${r.id} is not disabled here. Remove it.` }, removeId(d, r, idle)));
        }
      }
      continue;
    }
    const where = scopeText(d.kind);
    if (d.rules.length === 0) {
      if (!d.used && allRan) problems.add('unused-suppression', d.loc, () => ({ message: `this plexlint-${d.kind} suppresses nothing: no rule reports anything ${where}. Remove it.`, fix: removeDirective(d) }));
      continue;
    }
    const idle = d.rules.filter((r) => !r.used && ran(r.id));
    for (const r of idle) {
      problems.add('unused-suppression', r.loc, () =>
        withFix(
          {
            message:
              `'${r.id}' is disabled here, but it reports nothing ${where}. Remove it from the directive: an unused suppression ` +
              'hides nothing today and would silently hide a real finding later.',
          },
          removeId(d, r, idle),
        ),
      );
    }
  }
}

export { commentSyntax };
