/**
 * Fixes, as ESLint has them: a rule with one certain, mechanical fix puts it in its finding (core/diagnostic.ts
 * `Fix`); here a fix is resolved against the text of its file and fixes are applied to a text.
 *
 * Resolving (resolveFix) turns the edits' lines and columns into offsets and makes them safe to apply:
 * - a tidy removal takes the blanks that separated the removed text from the rest of its line with it, or the
 *   whole line when nothing else is on it;
 * - a record keeps its length: on a line with a sequence field in columns 73–80, and on every line of a file of
 *   fixed-length records (an FB 80 data set downloaded in binary), an edit that makes the line longer takes as
 *   many blanks from the end of its content (column 72, or the end of the record), and one that makes it shorter
 *   pads there — so sequence numbers stay in columns 73–80 and no record grows past its length. Where the blanks
 *   are not there, the finding has no fix;
 * - a fix's edits may not overlap; a fix that cannot be resolved is dropped, never applied halfway.
 *
 * Applying (applyFixes) follows ESLint's source-code fixer: fixes in the order of their range, a fix whose range
 * starts at or before the end of one already applied is left for the next pass (the caller lints the fixed text
 * again and applies what is left, to a fixed point), each fix applied whole.
 */
import type { DiagnosticFix, Fix, ResolvedEdit } from '../core/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';

/** Columns 73–80 of a record holding eight digits: ISPF's sequence numbers (the profile front end reports them). */
const SEQUENCE_FIELD = /^\d{8}$/;
const SEQUENCE_COLUMN = 72;

interface Span {
  start: number;
  end: number;
  text: string;
  /** Added to keep a record's length (applied after the fix's own edits at the same place). */
  padding?: boolean;
}

interface LineLayout {
  start: number;
  /** End of the line's text (before its line end). */
  end: number;
  /** Where its content ends: before a sequence field, else its end. */
  contentEnd: number;
  /** A record whose length a fix must keep. */
  keepsLength: boolean;
}

function layout(file: SourceFile, line: number): LineLayout {
  const text = file.lines.lineText(line);
  const start = file.lines.lineStarts[line]!;
  const sequenced = text.length >= 80 && SEQUENCE_FIELD.test(text.slice(SEQUENCE_COLUMN, 80)) && text.slice(80).trim() === '';
  return {
    start,
    end: start + text.length,
    contentEnd: start + (sequenced ? SEQUENCE_COLUMN : text.length),
    keepsLength: sequenced || file.recordLength !== undefined,
  };
}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';
const blank = (s: string): boolean => /^[ \t]*$/.test(s);

/** Offset of a 1-based line and column, or undefined when they are not a position of the text. */
function offsetOf(file: SourceFile, line: number, column: number): number | undefined {
  if (!Number.isInteger(line) || !Number.isInteger(column) || line < 1 || line > file.lines.lineCount || column < 1) return undefined;
  if (column - 1 > file.lines.lineText(line - 1).length) return undefined;
  return file.lines.offset(line, column);
}

/** A tidy removal widened to the blanks around it, or to its whole lines. */
function tidied(file: SourceFile, span: Span): Span {
  const { text, lines } = file;
  const first = layout(file, lines.lineOf(span.start));
  const last = layout(file, lines.lineOf(Math.max(span.start, span.end - 1)));
  const before = text.slice(first.start, span.start);
  const after = text.slice(span.end, Math.max(span.end, last.contentEnd));
  if (blank(before) && blank(after)) {
    const lastLine = lines.lineOf(Math.max(span.start, span.end - 1));
    const next = lastLine + 1 < lines.lineCount ? lines.lineStarts[lastLine + 1]! : text.length;
    // The last line of a text without a final line end: the line end before it goes instead.
    if (next === text.length && last.end === text.length && first.start > 0) {
      const previousEnd = lines.lineStarts[lines.lineOf(first.start - 1)]! + lines.lineText(lines.lineOf(first.start - 1)).length;
      return { start: previousEnd, end: text.length, text: '' };
    }
    return { start: first.start, end: next, text: '' };
  }
  let { start, end } = span;
  if (!blank(before)) while (start > first.start && isBlank(text[start - 1])) start--;
  else while (end < last.contentEnd && isBlank(text[end])) end++;
  return { start, end, text: '' };
}

/** The padding that keeps each record of the fix's lines its length; undefined when a record cannot keep it. */
function recordPadding(file: SourceFile, spans: Span[]): Span[] | undefined {
  const delta = new Map<number, number>();
  for (const s of spans) {
    const line = file.lines.lineOf(s.start);
    const endLine = file.lines.lineOf(s.end);
    const multiLine = endLine !== line || /[\r\n]/.test(s.text);
    if (!multiLine) {
      delta.set(line, (delta.get(line) ?? 0) + s.text.length - (s.end - s.start));
      continue;
    }
    // Whole records may go (a removed line); a record may not be split or joined with another.
    const whole = s.start === layout(file, line).start && (s.end === file.text.length || s.end === layout(file, endLine).start) && !/[\r\n]/.test(s.text);
    if (!whole && (layout(file, line).keepsLength || layout(file, endLine).keepsLength)) return undefined;
  }
  const padding: Span[] = [];
  for (const [line, d] of delta) {
    const l = layout(file, line);
    if (d === 0 || !l.keepsLength) continue;
    const onLine = spans.filter((s) => file.lines.lineOf(s.start) === line);
    if (onLine.some((s) => s.end > l.contentEnd)) return undefined;
    if (d > 0) {
      const from = l.contentEnd - d;
      if (from < l.start || !blank(file.text.slice(from, l.contentEnd)) || onLine.some((s) => s.end > from || s.start > from)) return undefined;
      padding.push({ start: from, end: l.contentEnd, text: '', padding: true });
    } else padding.push({ start: l.contentEnd, end: l.contentEnd, text: ' '.repeat(-d), padding: true });
  }
  return padding;
}

/** A rule's fix made ready to report and apply, or undefined when it cannot be applied safely to this text. */
export function resolveFix(fix: Fix, file: SourceFile): DiagnosticFix | undefined {
  const spans: Span[] = [];
  for (const edit of fix.edits) {
    const start = offsetOf(file, edit.line, edit.column);
    const end = offsetOf(file, edit.endLine, edit.endColumn);
    if (start === undefined || end === undefined || end < start) return undefined;
    const span: Span = { start, end, text: edit.text };
    spans.push(edit.tidy && edit.text === '' && end > start ? tidied(file, span) : span);
  }
  if (spans.length === 0) return undefined;
  const padding = recordPadding(file, spans);
  if (!padding) return undefined;
  const all = [...spans, ...padding].sort((a, b) => a.start - b.start || a.end - b.end || Number(a.padding ?? false) - Number(b.padding ?? false));
  for (let i = 1; i < all.length; i++) {
    const prev = all[i - 1]!;
    const cur = all[i]!;
    // Two edits may meet, but not overlap, and two insertions at one place would have no order.
    if (cur.start < prev.end || (cur.start === prev.start && cur.end === prev.end && cur.start === cur.end && !cur.padding)) return undefined;
  }
  const edits: ResolvedEdit[] = all.map((s) => {
    const a = file.lines.position(s.start);
    const b = file.lines.position(s.end);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column, text: s.text, range: [s.start, s.end] };
  });
  // Nothing changes: not a fix.
  if (edits.every((e) => file.text.slice(e.range[0], e.range[1]) === e.text)) return undefined;
  const start = edits[0]!.range[0];
  const end = edits[edits.length - 1]!.range[1];
  let text = '';
  let at = start;
  for (const e of edits) {
    text += file.text.slice(at, e.range[0]) + e.text;
    at = e.range[1];
  }
  return { description: fix.description, range: [start, end], text, edits };
}

export interface Applied {
  text: string;
  /** The fixes applied, in text order. */
  applied: DiagnosticFix[];
  /** Fixes left for the next pass because they overlap one applied. */
  deferred: number;
}

/** Apply fixes to the text they were resolved against (ESLint's order and overlap rule). */
export function applyFixes(text: string, fixes: readonly DiagnosticFix[]): Applied {
  const sorted = [...fixes].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let out = '';
  let at = 0;
  let lastEnd = -1;
  const applied: DiagnosticFix[] = [];
  let deferred = 0;
  for (const f of sorted) {
    if (f.range[0] <= lastEnd) {
      deferred++;
      continue;
    }
    for (const e of f.edits) {
      out += text.slice(at, e.range[0]) + e.text;
      at = e.range[1];
    }
    lastEnd = f.range[1];
    applied.push(f);
  }
  return { text: out + text.slice(at), applied, deferred };
}
