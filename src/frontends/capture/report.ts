/**
 * What every report parser shares: the lines of its report, and reading a label's or a cell's value as a number,
 * an address or a socket, reporting at its position what cannot be read (capture-malformed).
 */
import type { Loc } from '../../core/loc.js';
import type { Field, ReportHeader } from './ast.js';
import { address, addressWithPrefix, isDashLine, tableColumns, type CaptureLines, type CaptureProblems, type Cell, type Column, type Labelled, type LabelReader, type Line, shown, socket, wholeNumber } from './text.js';

/** One report of a capture: its header and the lines of its body. */
export interface Segment {
  header: ReportHeader;
  /** First line of the body (after the banner). */
  body: number;
  /** The line after the report's last line. */
  end: number;
  /**
   * Columns a console log puts in front of each line (a system log's prefix: the column where the message id of
   * the report's first line starts). A line whose prefix ends with a blank is read after it.
   */
  prefix?: number;
}

/** The console's closing lines ("3 OF 3 RECORDS DISPLAYED", "END OF THE REPORT"): not part of the report's data. */
export function isTrailer(text: string): boolean {
  return /^\s*\d+\s+OF\s+\d+\s+RECORDS\s+DISPLAYED\b/i.test(text) || /^\s*END\s+OF\s+THE\s+REPORT\b/i.test(text);
}

/** A message line inside a report (EZZ2502I, EZD1204I …): not data. */
export function isMessage(text: string): boolean {
  return /^\s*(?:EZ[A-Z]\d{4}[IEWAD]|IEE\d{3}[IE])\b/.test(text);
}

export class ReportContext {
  constructor(
    readonly lines: CaptureLines,
    readonly problems: CaptureProblems,
    readonly seg: Segment,
  ) {}

  /** The body's lines, in order (after a console log's prefix). */
  *body(): Generator<Line> {
    const p = this.seg.prefix ?? 0;
    for (let i = this.seg.body; i < this.seg.end; i++) {
      const line = this.lines.line(i);
      yield p > 0 && line.text.length > p && line.text[p - 1] === ' ' ? { index: line.index, text: line.text.slice(p), offset: line.offset + p } : line;
    }
  }

  loc(line: Line, start: number, end: number): Loc {
    return this.lines.loc(line, start, end);
  }

  private bad(line: Line, start: number, length: number, message: string): undefined {
    this.problems.malformed(line, start, start + length, message);
    return undefined;
  }

  number(line: Line, l: Labelled, what: string, max = Number.MAX_SAFE_INTEGER): Field<number> | undefined {
    const word = l.value.split(/\s+/)[0] ?? '';
    const n = wholeNumber(word);
    if (n === undefined || n > max) return this.bad(line, l.start, Math.max(1, word.length), `${l.label}: ${shown(word)} is not ${what} (a whole number${max < Number.MAX_SAFE_INTEGER ? ` up to ${max}` : ''}), so plexlint does not use this entry's ${l.label}.`);
    return this.lines.field(line, n, l.start, word.length);
  }

  /** An optional number: an empty value is no value, not a problem. */
  optionalNumber(line: Line, l: Labelled, what: string, max?: number): Field<number> | undefined {
    return l.value === '' ? undefined : this.number(line, l, what, max);
  }

  address(line: Line, l: Labelled, what: string): Field<string> | undefined {
    const word = l.value.split(/\s+/)[0] ?? '';
    const a = address(word);
    if (!a) return this.bad(line, l.start, Math.max(1, word.length), `${l.label}: ${shown(word)} is not an IPv4 or IPv6 address, so plexlint cannot tell ${what}.`);
    return this.lines.field(line, a, l.start, word.length);
  }

  addressWithPrefix(line: Line, l: Labelled, what: string): { address: Field<string>; prefix?: number } | undefined {
    const word = l.value.split(/\s+/)[0] ?? '';
    const a = addressWithPrefix(word);
    if (!a) return this.bad(line, l.start, Math.max(1, word.length), `${l.label}: ${shown(word)} is not an address (with an optional /prefix length), so plexlint cannot tell ${what}.`);
    const out: { address: Field<string>; prefix?: number } = { address: this.lines.field(line, a.address, l.start, a.addressLength) };
    if (a.prefix !== undefined) out.prefix = a.prefix;
    return out;
  }

  /** `address..port` of a label's value. */
  socket(line: Line, l: Labelled, what: string): { address: Field<string>; port?: Field<number> } | undefined {
    const word = l.value.split(/\s+/)[0] ?? '';
    return this.socketAt(line, word, l.start, `${l.label}: `, what);
  }

  socketAt(line: Line, word: string, start: number, prefix: string, what: string): { address: Field<string>; port?: Field<number> } | undefined {
    const s = socket(word);
    if (!s) return this.bad(line, start, Math.max(1, word.length), `${prefix}${shown(word)} is not address..port, so plexlint cannot tell ${what}.`);
    const out: { address: Field<string>; port?: Field<number> } = { address: this.lines.field(line, s.address, start, s.addressLength) };
    if (s.port !== undefined) out.port = this.lines.field(line, s.port, start + s.portStart!, word.length - s.portStart!);
    return out;
  }

  text(line: Line, l: Labelled): Field<string> {
    return this.lines.field(line, l.value, l.start, l.value.length);
  }

  cellText(line: Line, c: Cell): Field<string> {
    return this.lines.field(line, c.text, c.start, c.text.length);
  }

  cellNumber(line: Line, c: Cell | undefined, heading: string, what: string, max = Number.MAX_SAFE_INTEGER): Field<number> | undefined {
    if (!c) return undefined;
    const n = wholeNumber(c.text);
    if (n === undefined || n > max) return this.bad(line, c.start, c.text.length, `${heading} ${shown(c.text)} is not ${what} (a whole number), so plexlint does not use it.`);
    return this.lines.field(line, n, c.start, c.text.length);
  }

  cellAddress(line: Line, c: Cell | undefined, heading: string, what: string): Field<string> | undefined {
    if (!c) return this.bad(line, 0, Math.max(1, line.text.trimEnd().length), `this row has no ${heading}, so plexlint cannot tell ${what}.`);
    const a = address(c.text);
    if (!a) return this.bad(line, c.start, c.text.length, `${heading} ${shown(c.text)} is not an IPv4 or IPv6 address, so plexlint cannot tell ${what}.`);
    return this.lines.field(line, a, c.start, c.text.length);
  }

  /** The report ended inside an entry: one finding where the entry starts. */
  truncated(loc: Loc, what: string): Loc {
    this.problems.at(loc, `the report ends inside this entry (${what}): the capture was cut here or a line is damaged, so plexlint leaves the entry out.`);
    return loc;
  }
}

/**
 * How one report is read: its labels, its sections, and what to do with a line of `Label: value` fields (the long
 * format) or a row of a table (the short format). walkReport() does the rest the same way for every report.
 */
export interface ReportWalk {
  labels: LabelReader;
  /** Section titles: each line that matches starts a section of that name (null: a section whose data is not read). */
  sections?: readonly (readonly [RegExp, string | null])[];
  /** Data is read only inside a section (lines before the first title are passed over). */
  inSectionsOnly?: boolean;
  /** Lines that are not data (the report's title). */
  skip?: RegExp;
  /** The `Label: value` fields of a line. */
  fields(line: Line, fields: Labelled[], section: string | undefined): void;
  /** A row of a table; false when the line ends the table (READY, the next command typed). */
  row(line: Line, cols: Column[], section: string | undefined): boolean;
  /** `Label: value` lines under a row of a table (the short format's DETAIL lines); passed over when absent. */
  rowFields?(line: Line, fields: Labelled[], section: string | undefined): void;
  /** A section ends, or the report (atEnd): what is open is closed. */
  end(atEnd: boolean): void;
}

export function walkReport(ctx: ReportContext, w: ReportWalk): void {
  let section: string | null | undefined;
  let cols: Column[] | undefined;
  let heading: Line | undefined;
  for (const line of ctx.body()) {
    const t = line.text;
    if (!t.trim() || isTrailer(t) || isMessage(t) || w.skip?.test(t)) continue;
    const next = w.sections?.find(([re]) => re.test(t));
    if (next) {
      w.end(false);
      section = next[1];
      cols = heading = undefined;
      continue;
    }
    if (section === null || (w.inSectionsOnly && section === undefined)) continue;
    if (isDashLine(t) && heading) {
      cols = tableColumns(heading.text, t);
      continue;
    }
    const fields = w.labels.read(t);
    if (cols) {
      if (fields.length) w.rowFields?.(line, fields, section);
      else if (!w.row(line, cols, section)) cols = heading = undefined;
      continue;
    }
    // A line without labels may be the headings of a table: the line of dashes under it says so.
    if (!fields.length) heading = line;
    else w.fields(line, fields, section);
  }
  w.end(true);
}

/**
 * The entry a long-format report is filling: opened by its first label, complete when its required fields are
 * there. An entry left incomplete is one finding where it starts — cut at the end of the report, or followed by
 * the next entry too early.
 */
export class OpenEntry<E extends { loc: Loc }> {
  private cur: Partial<E> | undefined;
  private at: Loc | undefined;

  constructor(
    private readonly ctx: ReportContext,
    /** What an entry is, for messages: "Dest entry". */
    private readonly what: string,
    /** The required field it lacks, in words, or undefined when it is complete. */
    private readonly lacks: (e: Partial<E>) => string | undefined,
    private readonly done: (e: E) => void,
  ) {}

  get current(): Partial<E> | undefined {
    return this.cur;
  }

  open(line: Line, init: Partial<E>): Partial<E> {
    this.close(false);
    this.cur = init;
    this.at = this.ctx.lines.lineLoc(line);
    return init;
  }

  /** The `end` of a walk that keeps one kind of entry: close it, and record an entry cut at the end of the report. */
  ender(report: { truncated?: Loc }): (atEnd: boolean) => void {
    return (atEnd) => {
      const cut = this.close(atEnd);
      if (cut) report.truncated = cut;
    };
  }

  /** Close the open entry; at the end of the report, the Loc of an entry it cut (else undefined). */
  close(atEnd: boolean): Loc | undefined {
    const e = this.cur;
    const at = this.at;
    this.cur = undefined;
    if (!e || !at) return undefined;
    const lacks = this.lacks(e);
    if (!lacks) {
      this.done({ ...e, loc: at } as E);
      return undefined;
    }
    if (atEnd) return this.ctx.truncated(at, `no ${lacks}`);
    this.ctx.problems.at(at, `this ${this.what} has no ${lacks} before the next one, so plexlint leaves it out.`);
    return undefined;
  }
}
