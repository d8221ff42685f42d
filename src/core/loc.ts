/**
 * Source locations shared by every stage.
 *
 * Lines and columns are 1-based. `endColumn` is exclusive: it is the column just
 * after the last character of the range, as in ESLint and SARIF regions.
 * Columns count UTF-16 code units of the decoded text (what an editor shows for
 * the BMP, which is all a z/OS profile or a plug-in file contains in practice).
 */
export interface Loc {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Offsets of the first character of each line, for offset → line/column. */
export class LineIndex {
  readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** 0-based line index holding `offset`. */
  lineOf(offset: number): number {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let clamped = Math.max(0, Math.min(offset, this.text.length));
    // Between the CR and the LF of a line end is still the end of that line (a column past it would lie outside the line).
    if (clamped > 0 && this.text.charCodeAt(clamped - 1) === 13 && this.text.charCodeAt(clamped) === 10) clamped--;
    const line = this.lineOf(clamped);
    return { line: line + 1, column: clamped - this.lineStarts[line]! + 1 };
  }

  /** Offset of a 1-based line/column. */
  offset(line: number, column: number): number {
    const start = this.lineStarts[Math.max(0, Math.min(line - 1, this.lineStarts.length - 1))]!;
    return start + column - 1;
  }

  /** Text of a 0-based line, without its line terminator. */
  lineText(line: number): string {
    const start = this.lineStarts[line]!;
    let end = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1]! : this.text.length;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return this.text.slice(start, end);
  }

  /** A Loc covering [start, end) offsets. */
  loc(file: string, start: number, end: number): Loc {
    const s = this.position(start);
    const e = this.position(Math.max(start, end));
    return { file, line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }
}

/** The smallest Loc covering both (same file assumed). */
export function spanLocs(a: Loc, b: Loc): Loc {
  const startFirst = a.line < b.line || (a.line === b.line && a.column <= b.column);
  const endLast = a.endLine > b.endLine || (a.endLine === b.endLine && a.endColumn >= b.endColumn);
  const s = startFirst ? a : b;
  const e = endLast ? a : b;
  return { file: a.file, line: s.line, column: s.column, endLine: e.endLine, endColumn: e.endColumn };
}

export function compareLocs(a: Loc, b: Loc): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column || a.endLine - b.endLine || a.endColumn - b.endColumn;
}

export function formatLoc(loc: Loc): string {
  return `${loc.file}:${loc.line}:${loc.column}`;
}
