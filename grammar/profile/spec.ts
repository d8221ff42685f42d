/**
 * The shape of the statement table (grammar/profile/statements/<statement>.ts).
 *
 * One entry per PROFILE.TCPIP statement, written the way IBM's syntax diagram
 * reads: its name in IBM's notation, where it may appear, and its body — the
 * positional operands with their value kinds, keyword options (in any order, or in
 * the diagram's order where IBM requires it) with their arguments and ranges,
 * open-ended lists, and the END keyword of a block. The parser (parser.ts) is
 * generated from these entries, and the words that are operands in context (PORT
 * inside VIPADISTRIBUTE, DEVICE after DELETE) follow from them: a word is first
 * matched against the keywords of the part of the statement being read.
 *
 * An entry may have a `build` function that turns what was parsed into its typed
 * AST node, with the statement-level checks IBM documents; without one the
 * statement becomes a GenericStatement with its operands checked by the table.
 */
import type { Finding } from '../../src/core/diagnostic.js';
import type { Loc } from '../../src/core/loc.js';
import type { OptionNode, Statement, Word } from './ast.js';
import type { Confirmation, Introduced, ZosRelease } from '../../src/core/release.js';
import { parseNotation, type Notation } from './notation.js';
import type { ValueReader, ValueSpec } from './values.js';

/** Where a statement may appear. */
export type Level = 'top' | 'vipadynamic' | 'routes';

export interface OptionSpec extends Notation {
  notation: string;
  /** Values that follow the keyword, in order. */
  args: ValueSpec[];
  /** How many of `args` must be present (default: all). */
  required: number;
  /** Keywords (with their own arguments) that may follow this one, e.g. INBPERF DYNAMIC WORKLOADQ. */
  sub?: OptionSpec[];
  /** An END keyword closing a nested list of sub-options (GLOBALCONFIG SMCEID … ENDSMCEID). */
  until?: string;
  /** Options of the same statement this one excludes (SYSPLEXROUTING / NOSYSPLEXROUTING: the last one coded wins). */
  group?: string;
  /** Still accepted but obsolete: reported with this text. */
  obsolete?: string;
  /** Not an operand of this statement, but of a neighbour (VIPADEFINE … DISRUPTIVE): a syntax error naming it. */
  misplaced?: string;
  /** The builder checks the values (with the statement's own rule ids and messages). */
  builderChecks?: boolean;
  /** One line for hover text. */
  meaning?: string;
  /** When IBM added the operand (a release, or an APAR on earlier releases). */
  since?: Introduced;
  /** The first release that no longer accepts the operand. */
  removedIn?: ZosRelease;
  /**
   * IBM lets the keyword appear more than once in one statement (or list entry), each time with its own values:
   * no `repeated-keyword` finding for it (docs/statements.md, "A keyword coded twice").
   */
  repeatable?: true;
}

export type Element =
  /**
   * A positional operand. Optional ones are taken only when the next word is of their kind;
   * `when` limits the operand to some forms of the statement (a ROUTE's mask follows only an
   * address without a prefix length); `unchecked` leaves the value to the entry's builder.
   */
  | { type: 'slot'; name: string; value: ValueSpec; optional?: boolean; unchecked?: boolean; when?: (p: Parsed) => boolean }
  /** Keyword options up to the end of the statement (or of the part). */
  | { type: 'options'; options: OptionSpec[]; ordered: boolean; until: 'end' | 'non-keyword' }
  /** A keyword that must come here (VIPADISTRIBUTE … DESTIP). */
  | { type: 'keyword'; keyword: Notation; optional?: boolean; then?: Element[] }
  /** One of several keyword-led forms (INTERFACE name DEFINE … | ADDADDR … | DELETE). */
  | { type: 'choice'; alternatives: { keyword: Notation; body: Element[]; since?: Introduced }[]; otherwise?: Element[] }
  /** The operands that follow depend on a slot's value (DEVICE name type …). */
  | { type: 'variant'; slot: string; cases: { keyword: Notation; body: Element[]; removed?: string; advice?: string; since?: Introduced }[] }
  /** An open-ended list of entries: ends at the next statement name, or only at `end` inside a block. */
  | { type: 'list'; name: string; entry: Element[]; build?: EntryBuilder }
  /** Words the table does not describe in detail (kept as operands, not checked). */
  | { type: 'rest' };

export interface StatementSpec {
  /** File name in grammar/profile/statements/, e.g. 'vipadistribute'. */
  id: string;
  /** IBM's notation, e.g. VIPADISTribute. */
  notation: string;
  name: string;
  min: string;
  level: Level;
  /** The IBM topic the entry follows (IP Configuration Reference, z/OS 3.1). */
  topic: string;
  /** One line: what the statement does (hover text). */
  meaning: string;
  /** IBM's syntax summary (hover text). */
  syntax: string;
  /** More of what IBM says about the statement, for hover text (what users trip over). */
  details?: string;
  body: Element[];
  /** For a block: its END keyword. */
  end?: Notation;
  /** A block of statements (VIPADYNAMIC, BEGINROUTES) rather than of entries. */
  contains?: 'vipadynamic' | 'routes';
  /** No longer supported by current stacks: a finding with this text. */
  removed?: string;
  /** The table is not confirmed against IBM's diagram: unknown operands are warnings, not errors. */
  unverified?: boolean;
  /** The IBM topic and release the entry was confirmed against, word for word. */
  confirmed?: Confirmation;
  /** When IBM added the statement (a release, or an APAR on earlier releases). */
  since?: Introduced;
  /** The first release that no longer accepts the statement. */
  removedIn?: ZosRelease;
  build?: StatementBuilder;
  /**
   * Positional operands the builder needs: without one of them (the stack rejects the
   * statement for the missing operand) the statement stays a GenericStatement.
   */
  requires?: string[];
}

/** What the parser read of one statement (or list entry), handed to its builder. */
export interface Parsed {
  spec: StatementSpec;
  keyword: Word;
  loc: Loc;
  /** Positional operands by slot name. */
  slots: Record<string, Word>;
  /** Keywords of choices and required keywords, by full name. */
  keywords: Record<string, Word>;
  options: OptionNode[];
  /** Every operand word in order (the statement name and END keyword excluded). */
  operands: Word[];
  /**
   * The entries of the statement's lists, by list name, in order. An entry of a list with a
   * builder carries its node and its findings, which the statement's builder reports (so it
   * can tell the stack's consequences: the rest of a HOME or PORT list is ignored after an
   * error); the findings of other entries are the statement's own.
   */
  lists: Record<string, EntryList>;
  /** Rest-of-statement words read by a `rest` element. */
  rest: Word[];
  /** The statements of a VIPADYNAMIC or BEGINROUTES block, with their findings. */
  children: Statement[];
  childFindings: Finding[][];
  /** The END keyword of a block. */
  end?: Word;
  /** The variant chosen by a `variant` element (DEVICE type). */
  variant?: string;
  /** Where the first structural error is (a builder's findings after it are artifacts of the missing part). */
  error?: Loc;
}

/**
 * The entries of one list: what its builder made of each (or, for a list without a
 * builder, what was parsed of each), and the findings of the entries that have any.
 * Kept in arrays, not an object per entry: a PORT list may have a million entries.
 */
export class EntryList {
  readonly nodes: unknown[] = [];
  readonly parsed: Parsed[] = [];
  private readonly findingsOf = new Map<number, Finding[]>();

  get length(): number {
    return Math.max(this.nodes.length, this.parsed.length);
  }

  add(node: unknown, findings: Finding[]): void {
    if (findings.length) this.findingsOf.set(this.nodes.length, findings);
    this.nodes.push(node);
  }

  addParsed(p: Parsed): void {
    this.parsed.push(p);
  }

  findings(index: number): readonly Finding[] {
    return this.findingsOf.get(index) ?? NO_FINDINGS;
  }
}

const NO_FINDINGS: readonly Finding[] = [];

export interface BuildContext {
  readonly file: string;
  readonly values: ValueReader;
  report(f: Finding): void;
  /** Every finding made so far for this statement or entry. */
  readonly findings: readonly Finding[];
  /** Keep only the first finding (by position) that makes the stack reject the statement. */
  keepFirstRejection(): void;
}

export type StatementBuilder = (p: Parsed, cx: BuildContext) => Statement;
export type EntryBuilder = (p: Parsed, cx: BuildContext, index: number) => unknown;

// ---- constructors used by the entries --------------------------------------------

export function statement(
  entry: Omit<StatementSpec, 'name' | 'min' | 'level' | 'body' | 'end'> & { level?: Level; body?: Element[]; end?: string },
): StatementSpec {
  const { end, ...rest } = entry;
  return { level: 'top', body: [], ...rest, ...parseNotation(entry.notation), ...(end ? { end: parseNotation(end) } : {}) };
}

export function slot(name: string, value: ValueSpec, optional = false, extra: { unchecked?: boolean; when?: (p: Parsed) => boolean } = {}): Element {
  return { type: 'slot', name, value, ...(optional ? { optional } : {}), ...extra };
}

/** A positional operand whose value the builder checks (with the messages of its statement). */
export function builtSlot(name: string, value: ValueSpec, extra: { optional?: boolean; when?: (p: Parsed) => boolean } = {}): Element {
  return { type: 'slot', name, value, unchecked: true, ...extra };
}

/** Keyword options in any order, up to the end of the statement. */
export function options(...list: (OptionSpec | OptionSpec[])[]): Element {
  return { type: 'options', options: list.flat(), ordered: false, until: 'end' };
}

/** Keyword options in the diagram's order (IBM: "must be specified in the order shown"). */
export function orderedOptions(...list: (OptionSpec | OptionSpec[])[]): Element {
  return { type: 'options', options: list.flat(), ordered: true, until: 'end' };
}

/** Keyword options that end at the first word that is not one of them (a positional operand follows). */
export function leadingOptions(...list: (OptionSpec | OptionSpec[])[]): Element {
  return { type: 'options', options: list.flat(), ordered: false, until: 'non-keyword' };
}

export function keyword(notation: string, then?: Element[], optional = false): Element {
  const k: Element = { type: 'keyword', keyword: parseNotation(notation) };
  if (then) k.then = then;
  if (optional) k.optional = true;
  return k;
}

/** One keyword-led form of a choice, with the release that added it when IBM added it later. */
export interface ChoiceForm {
  body: Element[];
  since?: Introduced;
}

export function choice(alternatives: Record<string, Element[] | ChoiceForm>, otherwise?: Element[]): Element {
  const alts = Object.entries(alternatives).map(([n, c]) => (Array.isArray(c) ? { keyword: parseNotation(n), body: c } : { keyword: parseNotation(n), ...c }));
  return otherwise ? { type: 'choice', alternatives: alts, otherwise } : { type: 'choice', alternatives: alts };
}

/** A form of a statement removed from z/OS (the release, and what to do instead), or added in a later release. */
export interface VariantForm {
  body: Element[];
  removed?: string;
  advice?: string;
  since?: Introduced;
}

export function variant(slotName: string, cases: Record<string, Element[] | VariantForm>): Element {
  return {
    type: 'variant',
    slot: slotName,
    cases: Object.entries(cases).map(([n, c]) => (Array.isArray(c) ? { keyword: parseNotation(n), body: c } : { keyword: parseNotation(n), ...c })),
  };
}

export function list(name: string, entry: Element[], build?: EntryBuilder): Element {
  return build ? { type: 'list', name, entry, build } : { type: 'list', name, entry };
}

export const rest: Element = { type: 'rest' };

/** An option: keyword, then values. `required` defaults to all of them. */
export function opt(notation: string, ...args: ValueSpec[]): OptionSpec {
  return { notation, ...parseNotation(notation), args, required: args.length };
}

/** An option whose values are optional from `required` on (OPTLOCAL [value]). */
export function optSome(notation: string, required: number, ...args: ValueSpec[]): OptionSpec {
  return { notation, ...parseNotation(notation), args, required };
}

/** An option followed by sub-keywords (each with its own values). */
export function withSub(o: OptionSpec, ...sub: (OptionSpec | OptionSpec[])[]): OptionSpec {
  return { ...o, sub: sub.flat() };
}

/** Mutually exclusive flags (SYSPLEXRouting | NOSYSPLEXRouting): the last one coded wins. */
export function oneOf(group: string, ...notations: string[]): OptionSpec[] {
  return notations.map((n) => ({ ...opt(n), group }));
}

/** Keywords of a neighbouring statement, listed so that using one here gets a precise finding. */
export function misplaced(why: string, ...notations: string[]): OptionSpec[] {
  return notations.map((n) => ({ ...opt(n), misplaced: why }));
}

/** Options whose values the statement's builder checks. */
export function checkedByBuilder(...list: (OptionSpec | OptionSpec[])[]): OptionSpec[] {
  return list.flat().map((o) => ({ ...o, builderChecks: true, ...(o.sub ? { sub: checkedByBuilder(o.sub) } : {}) }));
}

export function obsolete(o: OptionSpec, why: string): OptionSpec {
  return { ...o, obsolete: why };
}

export function meaning(o: OptionSpec, text: string): OptionSpec {
  return { ...o, meaning: text };
}

/** A keyword IBM lets a statement code more than once, each time with its own values (no repeated-keyword finding). */
export function repeatable(o: OptionSpec): OptionSpec {
  return { ...o, repeatable: true };
}

/** An operand IBM added in a later release (or by an APAR): `since(opt('SMCRIPADDR', …), { release: '3.2', apar: 'PH…', aparReleases: ['2.5', '3.1'] })`. */
export function since(o: OptionSpec, introduced: Introduced): OptionSpec {
  return { ...o, since: introduced };
}

/** A keyword of a statement, with when IBM added or removed it where the table says so (hover text). */
export interface KeywordInfo extends Notation {
  since?: Introduced;
  removedIn?: ZosRelease;
}

/**
 * Every keyword a statement knows: its options and their sub-keywords, its choices and
 * required keywords, and (with `values`) the keywords its operands take as values
 * (LINK types, INBPERF settings).
 */
export function keywordsOf(els: readonly Element[], values = false, out: KeywordInfo[] = []): KeywordInfo[] {
  const fromValue = (spec: ValueSpec): void => {
    if (!values) return;
    if (spec.kind === 'keyword') for (const k of spec.of.entries) out.push(k);
    else if (spec.kind === 'either') spec.of.forEach(fromValue);
  };
  const fromOptions = (list: readonly OptionSpec[]): void => {
    for (const o of list) {
      out.push(o);
      o.args.forEach(fromValue);
      if (o.sub) fromOptions(o.sub);
    }
  };
  for (const el of els) {
    if (el.type === 'options') fromOptions(el.options);
    else if (el.type === 'slot') fromValue(el.value);
    else if (el.type === 'keyword') {
      out.push(el.keyword);
      if (el.then) keywordsOf(el.then, values, out);
    } else if (el.type === 'choice') {
      for (const a of el.alternatives) {
        out.push(a.since ? { ...a.keyword, since: a.since } : a.keyword);
        keywordsOf(a.body, values, out);
      }
      if (el.otherwise) keywordsOf(el.otherwise, values, out);
    } else if (el.type === 'variant') {
      for (const c of el.cases) {
        // The case keywords are the values of the variant's slot (DEVICE name MPCIPA …).
        if (values) out.push(c.since ? { ...c.keyword, since: c.since } : c.keyword);
        keywordsOf(c.body, values, out);
      }
    } else if (el.type === 'list') keywordsOf(el.entry, values, out);
  }
  return out;
}
