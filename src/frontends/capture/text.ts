/**
 * Reading report text with positions: the lines of one report, the `Label: value` fields of a line, and the
 * columns of a table (a header over a line of dashes, as the short, not IPv6-enabled, Netstat format prints them).
 *
 * Reports are read by what they print, not by indentation or exact spacing: the stored copies of IBM's examples
 * lose their indentation, console logs put a prefix in front of each line, and IBM adds fields in new releases
 * ("Any program that post processes output lines from the Netstat command … should be reviewed … when maintenance
 * or a new release of z/OS is being installed", IP System Administrator's Commands, Netstat). So a line is a set of
 * known labels with their values, a label plexlint does not know is skipped, and a table's columns are where its
 * dashes are.
 */
import type { Finding } from '../../core/diagnostic.js';
import type { Loc } from '../../core/loc.js';
import { parseIp } from '../../core/ip.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { Field } from './ast.js';

/** Characters of a line plexlint looks at: a report line is at most a few hundred; a longer one is cut here. */
export const MAX_EXAMINED = 4096;

export interface Line {
  /** 0-based line index in the file. */
  index: number;
  /** The line's text (its first MAX_EXAMINED characters). */
  text: string;
  /** Offset of text[0] in the file. */
  offset: number;
}

/** The lines of a file, read on demand (a 64 MB capture is not split into a million strings up front). */
export class CaptureLines {
  constructor(readonly file: SourceFile) {}

  get count(): number {
    return this.file.lines.lineCount;
  }

  line(index: number): Line {
    const starts = this.file.lines.lineStarts;
    const offset = starts[index]!;
    let end = index + 1 < starts.length ? starts[index + 1]! : this.file.text.length;
    end = Math.min(end, offset + MAX_EXAMINED);
    let text = this.file.text.slice(offset, end);
    // Line ends are not part of the line.
    while (text.endsWith('\n') || text.endsWith('\r')) text = text.slice(0, -1);
    return { index, text, offset };
  }

  loc(line: Line, start: number, end: number): Loc {
    return this.file.lines.loc(this.file.path, line.offset + start, line.offset + end);
  }

  /** The whole (examined) line, without its leading and trailing blanks. */
  lineLoc(line: Line): Loc {
    const start = line.text.length - line.text.trimStart().length;
    return this.loc(line, start, Math.max(start, line.text.trimEnd().length));
  }

  field<T>(line: Line, value: T, start: number, length: number): Field<T> {
    return { value, loc: this.loc(line, start, start + length) };
  }
}

/** A label's value in a line: the text after `Label:` up to the next known label. */
export interface Labelled {
  /** The label as the report's parser names it (its canonical spelling). */
  label: string;
  /** The value, trimmed; '' when the label has none. */
  value: string;
  /** Offset of the value in the line (of the label's colon when the value is empty). */
  start: number;
}

const SPACE = /\s/;

/** The text in lower case, offset for offset (a character whose lower case is longer stays as it is). */
function lowerInPlace(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!.toLowerCase();
    out += c.length === 1 ? c : text[i];
  }
  return out;
}

/**
 * A reader of `Label: value` lines for one report's labels (matched without regard to case: the console prints
 * them in capitals). A value runs to the next known label; a label plexlint does not know ends it too, so that a
 * field IBM adds in a new release does not become part of the value before it. Labels are found by comparing
 * the text before each colon with the known labels, longest first (no expression is built from them).
 */
export class LabelReader {
  private readonly lower: string[];
  private readonly canonical = new Map<string, string>();

  constructor(labels: readonly string[]) {
    for (const l of labels) this.canonical.set(l.toLowerCase(), l);
    this.lower = [...this.canonical.keys()].sort((a, b) => b.length - a.length);
  }

  /** The known label that ends at the colon at `colon` and starts the line or follows a blank. */
  private labelBefore(lower: string, colon: number): string | undefined {
    for (const l of this.lower) {
      const at = colon - l.length;
      if (at < 0 || (at > 0 && !SPACE.test(lower[at - 1]!))) continue;
      if (lower.startsWith(l, at)) return l;
    }
    return undefined;
  }

  read(text: string): Labelled[] {
    const hits: { label: string; at: number; after: number }[] = [];
    const lower = lowerInPlace(text);
    for (let colon = lower.indexOf(':'); colon >= 0; colon = lower.indexOf(':', colon + 1)) {
      if (colon + 1 < lower.length && !SPACE.test(lower[colon + 1]!)) continue;
      const l = this.labelBefore(lower, colon);
      if (l !== undefined) hits.push({ label: this.canonical.get(l)!, at: colon - l.length, after: colon + 1 });
    }
    return hits.map((h, i) => {
      const stop = i + 1 < hits.length ? hits[i + 1]!.at : text.length;
      let raw = text.slice(h.after, stop);
      // An unknown `Word:` inside the value starts a field plexlint does not read: the value ends before it.
      const unknown = /\s[A-Za-z][\w/.-]*:(?=\s|$)/.exec(raw);
      if (unknown) raw = raw.slice(0, unknown.index);
      const lead = raw.length - raw.trimStart().length;
      const value = raw.trim();
      return { label: h.label, value, start: value ? h.after + lead : h.after - 1 };
    });
  }
}

/** A column of a table: the extent of its run of dashes, and its heading. */
export interface Column {
  name: string;
  start: number;
  end: number;
}

const DASHES = /^\s*-{2,}(?:\s+-{2,})*\s*$/;

/** Whether a line is the line of dashes under a table's headings. */
export function isDashLine(text: string): boolean {
  return DASHES.test(text);
}

/** The columns a line of dashes marks, named by the heading line above it. */
export function tableColumns(heading: string, dashes: string): Column[] {
  const cols: Column[] = [];
  const re = /-+/g;
  for (let m = re.exec(dashes); m; m = re.exec(dashes)) cols.push({ name: '', start: m.index, end: m.index + m[0].length });
  cols.forEach((c, i) => {
    const next = i + 1 < cols.length ? cols[i + 1]!.start : heading.length;
    c.name = heading.slice(c.start, Math.max(c.end, next)).trim().toLowerCase();
  });
  return cols;
}

/** One cell of a table row. */
export interface Cell {
  text: string;
  start: number;
}

/**
 * The cells of a row: each blank-separated word goes to the column whose dashes start at or before it (a word
 * may start one column early: numbers are sometimes printed a place to the left); words of one column are one
 * cell ("VIPARange Bind"). Words left of the first column (a console log's prefix) are not part of the table.
 */
export function rowCells(text: string, cols: Column[]): (Cell | undefined)[] {
  const cells: (Cell | undefined)[] = cols.map(() => undefined);
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (cols.length === 0 || m.index < cols[0]!.start - 1) continue;
    let c = 0;
    while (c + 1 < cols.length && cols[c + 1]!.start <= m.index + 1) c++;
    const cell = cells[c];
    if (!cell) cells[c] = { text: m[0], start: m.index };
    else cell.text = text.slice(cell.start, m.index + m[0].length);
  }
  return cells;
}

/**
 * Whether a table's first cell could be an address: a row of the table. Anything else (READY, the next command
 * typed, a message) ends the table — it is not a row that is wrong.
 */
export function rowStart(cell: Cell | undefined): boolean {
  return cell !== undefined && /^[0-9A-Fa-f:.]{2,}$/.test(cell.text) && /\d/.test(cell.text);
}

/** The column whose heading is one of the names (lower case), or -1. */
export function columnIndex(cols: Column[], ...names: string[]): number {
  return cols.findIndex((c) => names.includes(c.name));
}

/** Findings of one capture file, built by the report parsers. */
export class CaptureProblems {
  readonly findings: Finding[] = [];

  constructor(private readonly lines: CaptureLines) {}

  /** A line plexlint cannot read as the report's layout says it should be. */
  malformed(line: Line, start: number, end: number, message: string): void {
    this.findings.push({ ruleId: 'capture-malformed', loc: this.lines.loc(line, start, Math.max(end, start + 1)), message });
  }

  at(loc: Loc, message: string): void {
    this.findings.push({ ruleId: 'capture-malformed', loc, message });
  }
}

/** A whole number as a report prints it (leading zeros: "Rdy: 001"). */
export function wholeNumber(text: string): number | undefined {
  return /^\d{1,12}$/.test(text) ? Number(text) : undefined;
}

/** An address as a report prints it (IBM's examples write IPv6 with leading zeros: 2001:0DB8:1::1), canonical. */
export function address(text: string): string | undefined {
  return parseIp(text)?.text;
}

/**
 * `address..port` (Netstat's way of writing a socket: "201.2.10.11..21", "2001:db8::1..443"). The port may be
 * missing or `*` for a DVIPA distributed on every port.
 */
export function socket(text: string): { address: string; addressLength: number; port?: number; portStart?: number } | undefined {
  const dots = text.lastIndexOf('..');
  const addrText = dots >= 0 ? text.slice(0, dots) : text;
  const addr = address(addrText);
  if (!addr) return undefined;
  if (dots < 0) return { address: addr, addressLength: addrText.length };
  const portText = text.slice(dots + 2);
  if (portText === '*' || portText === '') return { address: addr, addressLength: addrText.length };
  const port = wholeNumber(portText);
  if (port === undefined || port < 0 || port > 65535) return undefined;
  return { address: addr, addressLength: addrText.length, port, portStart: dots + 2 };
}

/** `address/prefix` (IpAddr/PrefixLen: 201.2.10.11/28). */
export function addressWithPrefix(text: string): { address: string; prefix?: number; addressLength: number } | undefined {
  const slash = text.indexOf('/');
  const addrText = slash >= 0 ? text.slice(0, slash) : text;
  const addr = address(addrText);
  if (!addr) return undefined;
  if (slash < 0) return { address: addr, addressLength: addrText.length };
  const prefix = wholeNumber(text.slice(slash + 1));
  if (prefix === undefined || prefix > 128) return undefined;
  return { address: addr, prefix, addressLength: addrText.length };
}

/** What a value is, for messages: quoted and cut to a readable length. */
export function shown(text: string): string {
  return `'${text.length > 60 ? `${text.slice(0, 57)}…` : text}'`;
}
