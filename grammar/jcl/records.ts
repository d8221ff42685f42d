/**
 * JCL as records: the statements of a job stream or a cataloged procedure, with their operands and positions, and
 * the in-stream data that follows a `DD *` or `DD DATA`. Only the syntax is read here; what a statement means (the
 * step's program, which data set a DD names) is the front ends' (src/frontends/jcl).
 *
 * The rules, from z/OS MVS JCL Reference ("JCL statement fields", "Continuing JCL statements", "DD: * and DATA
 * parameters", "DLM parameter"):
 * - a statement has `//` in columns 1–2, its name from column 3 (none when column 3 is blank), then the operation
 *   and the operand field, each after at least one blank; the operand field ends at the first blank outside
 *   apostrophes, and what follows is a comment;
 * - columns 1–71 hold the statement; column 72 and columns 73–80 (sequence numbers) are not part of it;
 * - a statement continues when its operand field ends with a comma (or an apostrophed value is still open at the end
 *   of the record): the next record has `//` in columns 1–2, a blank in column 3, and the operands go on at its first
 *   non-blank column;
 * - `//*` is a comment statement, `//` alone a null statement, `/*` a delimiter (and `/*` followed by a JES2
 *   control word a JES2 statement);
 * - after a DD statement with `*` the records up to the next `/*` or `//` are in-stream data, after one with `DATA`
 *   the records up to the next `/*`: a `DLM=xx` operand makes `xx` the only delimiter. Records that are not JCL where
 *   JCL is expected are in-stream data too: JES reads them as the data of a `SYSIN DD *` it supplies.
 *
 * Hand-written rather than generated (Chevrotain is used for the configuration grammars): JCL is a record format in
 * which a column decides as much as a token does, and no maintained JCL parser exists on npm.
 */
import type { Loc, LineIndex } from '../../src/core/loc.js';

/** Columns of a JCL record that hold the statement (72 is the comment continuation column, 73–80 sequence numbers). */
export const JCL_TEXT_COLUMNS = 71;

export interface JclOperand {
  /** Upper case, for KEY=value operands; absent for positional ones. */
  keyword?: string;
  keywordLoc?: Loc;
  /** As written (apostrophes kept). */
  raw: string;
  /** The value: apostrophes around it removed and doubled apostrophes made single. */
  value: string;
  /** Whether the value was written in apostrophes (symbols are not replaced there). */
  quoted: boolean;
  valueLoc: Loc;
}

export interface InStreamData {
  /** 0-based line indexes of the data records (may be empty). */
  lines: number[];
  /** The delimiter that ended it, or undefined when the stream ended first. */
  delimiter?: { line: number; text: string };
  /** The DLM= value, when one was given. */
  dlm?: string;
  /** Records JES read as data without a DD statement for them (it supplies `//SYSIN DD *`). */
  implied?: boolean;
}

export interface JclStatement {
  /** Upper case. */
  name?: string;
  nameLoc?: Loc;
  /** Upper case: JOB, EXEC, DD, PROC, PEND, SET, JCLLIB, INCLUDE, OUTPUT, IF, … */
  operation: string;
  operationLoc: Loc;
  operands: JclOperand[];
  /** 0-based index of its first and last record. */
  firstLine: number;
  lastLine: number;
  /** From the name (or the `//`) to the end of the last operand. */
  loc: Loc;
  /** The in-stream data that follows it (a DD * or DD DATA statement, or data JES gives an implied SYSIN). */
  inStream?: InStreamData;
}

export interface JclProblem {
  loc: Loc;
  message: string;
}

export interface JclStream {
  statements: JclStatement[];
  /** In-stream data before any statement (a file of data records only: a SYSIN data set on its own). */
  leading?: InStreamData;
  problems: JclProblem[];
}

interface Source {
  path: string;
  text: string;
  lines: LineIndex;
}

/** The statement part of a record: columns 1–71 of a record that reaches column 72, else the whole record. */
function statementText(record: string): string {
  return record.length > JCL_TEXT_COLUMNS ? record.slice(0, JCL_TEXT_COLUMNS) : record;
}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** Whether a record is a JCL statement record (not data): `//` or `/*` in columns 1–2. */
export function isJclRecord(record: string): boolean {
  return record.startsWith('//') || record.startsWith('/*');
}

/**
 * The operand field of a statement, as characters with the file offset of each, over its continuation records.
 * `end` tells whether the field is complete or wants another record.
 */
interface Field {
  chars: string[];
  offsets: number[];
  open: boolean;
  quote: boolean;
}

/** Read one record's part of an operand field into `field`, from `from` (a column index into `text`). */
function readField(field: Field, text: string, from: number, lineStart: number): void {
  let quote = field.quote;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (!quote && isBlank(c)) break;
    if (c === "'") quote = !quote;
    field.chars.push(c);
    field.offsets.push(lineStart + i);
  }
  field.quote = quote;
  // A comma at the end of the field, or an apostrophed value still open at column 71, continues the statement.
  field.open = quote || field.chars[field.chars.length - 1] === ',';
}

/** Split an operand field at its top-level commas (not inside apostrophes or parentheses). */
function splitOperands(field: Field, src: Source): JclOperand[] {
  const out: JclOperand[] = [];
  const { chars, offsets } = field;
  let start = 0;
  let depth = 0;
  let quote = false;
  const flush = (end: number): void => {
    // A trailing comma before a continuation leaves an empty piece: not an operand.
    if (end <= start) return;
    const raw = chars.slice(start, end).join('');
    const loc = (a: number, b: number): Loc => src.lines.loc(src.path, offsets[a]!, offsets[b - 1]! + 1);
    const eq = keywordEnd(chars, start, end);
    if (eq > start) {
      const valueStart = eq + 1;
      const valueRaw = chars.slice(valueStart, end).join('');
      const operand: JclOperand = {
        keyword: chars.slice(start, eq).join('').toUpperCase(),
        keywordLoc: loc(start, eq),
        raw: valueRaw,
        ...unquote(valueRaw),
        valueLoc: valueStart < end ? loc(valueStart, end) : loc(eq, eq + 1),
      };
      out.push(operand);
    } else out.push({ raw, ...unquote(raw), valueLoc: loc(start, end) });
  };
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === "'") quote = !quote;
    else if (quote) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      flush(i);
      start = i + 1;
    }
  }
  flush(chars.length);
  return out;
}

/** Index of the `=` that ends a keyword at `start` (a name, then `=`, before any apostrophe or parenthesis), or -1. */
function keywordEnd(chars: string[], start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const c = chars[i]!;
    if (c === '=') return i > start ? i : -1;
    if (!/[A-Za-z0-9@#$.]/.test(c)) return -1;
  }
  return -1;
}

function unquote(raw: string): { value: string; quoted: boolean } {
  if (raw.length >= 2 && raw.startsWith("'") && raw.endsWith("'")) return { value: raw.slice(1, -1).replace(/''/g, "'"), quoted: true };
  return { value: raw, quoted: false };
}

/** The records of a file: the text of each line without its line end. */
function recordsOf(src: Source): string[] {
  const out: string[] = [];
  for (let i = 0; i < src.lines.lineCount; i++) out.push(src.lines.lineText(i));
  // A file that ends with a line end has an empty last "line" that is no record.
  if (out.length > 1 && out[out.length - 1] === '' && /[\r\n]$/.test(src.text)) out.pop();
  return out;
}

/** What ends in-stream data: a DLM= delimiter, else `/*` (and `//` after DD *). */
function endsData(record: string, kind: 'star' | 'data', dlm: string | undefined): boolean {
  if (dlm !== undefined) return record.startsWith(dlm);
  return record.startsWith('/*') || (kind === 'star' && record.startsWith('//'));
}

/** The statements of a JCL file, with in-stream data and problems. */
export function readJcl(src: Source): JclStream {
  const records = recordsOf(src);
  const statements: JclStatement[] = [];
  const problems: JclProblem[] = [];
  let leading: InStreamData | undefined;
  const lineLoc = (line: number, from: number, to: number): Loc => {
    const start = src.lines.lineStarts[line]!;
    return src.lines.loc(src.path, start + from, start + Math.max(from, to));
  };
  /** Data records JES gives an implied SYSIN: attached to the statement before them. */
  const looseData = (line: number): void => {
    const last = statements[statements.length - 1];
    // After the data of a DD * or DD DATA has ended, more data would be a SYSIN of its own, which no step reads here.
    if (last?.inStream && !last.inStream.implied) return;
    const target = last ? (last.inStream ??= { lines: [], implied: true }) : (leading ??= { lines: [], implied: true });
    target.lines.push(line);
  };

  let i = 0;
  while (i < records.length) {
    const record = records[i]!;
    if (!isJclRecord(record)) {
      if (record.trim() !== '') looseData(i);
      i++;
      continue;
    }
    // Comment, delimiter, JES2 control and null statements carry nothing a front end reads.
    if (record.startsWith('//*') || record.startsWith('/*') || statementText(record).slice(2).trim() === '') {
      i++;
      continue;
    }
    const text = statementText(record);
    const lineStart = src.lines.lineStarts[i]!;
    let col = 2;
    let name: string | undefined;
    let nameLoc: Loc | undefined;
    if (!isBlank(text[2])) {
      while (col < text.length && !isBlank(text[col])) col++;
      name = text.slice(2, col).toUpperCase();
      nameLoc = lineLoc(i, 2, col);
    }
    while (col < text.length && isBlank(text[col])) col++;
    const opStart = col;
    while (col < text.length && !isBlank(text[col])) col++;
    if (col === opStart) {
      problems.push({ loc: lineLoc(i, 0, text.length), message: `a JCL statement ${name ? `named ${name} ` : ''}without an operation (EXEC, DD, JOB, …)` });
      i++;
      continue;
    }
    const operation = text.slice(opStart, col).toUpperCase();
    const operationLoc = lineLoc(i, opStart, col);
    while (col < text.length && isBlank(text[col])) col++;
    const field: Field = { chars: [], offsets: [], open: false, quote: false };
    const first = i;
    if (col < text.length) readField(field, text, col, lineStart);
    i++;
    while (field.open) {
      const next = records[i];
      // A continuation is `//`, a blank in column 3, and the operands at the first non-blank column (4–16).
      if (next === undefined || !next.startsWith('//') || next.startsWith('//*') || !isBlank(next[2])) {
        problems.push({
          loc: src.lines.loc(src.path, field.offsets[field.offsets.length - 1]!, field.offsets[field.offsets.length - 1]! + 1),
          message: field.quote
            ? `the ${operation} statement's operands end inside apostrophes and no continuation record (// and a blank in column 3) follows`
            : `the ${operation} statement's operands end with a comma, so JCL expects a continuation record (// and a blank in column 3), and ${next === undefined ? 'the file ends' : 'the next record is not one'}`,
        });
        break;
      }
      const nextText = statementText(next);
      let c = 2;
      while (c < nextText.length && isBlank(nextText[c])) c++;
      if (field.quote) {
        // An apostrophed value goes on from column 16 (JCL Reference: "continue the parameter in column 16").
        c = Math.min(15, nextText.length);
      }
      readField(field, nextText, c, src.lines.lineStarts[i]!);
      i++;
    }
    const operands = splitOperands(field, src);
    const endOffset = field.offsets.length ? field.offsets[field.offsets.length - 1]! + 1 : src.lines.lineStarts[first]! + col;
    const statement: JclStatement = {
      operation,
      operationLoc,
      operands,
      firstLine: first,
      lastLine: i - 1,
      loc: src.lines.loc(src.path, src.lines.lineStarts[first]!, endOffset),
    };
    if (name !== undefined) {
      statement.name = name;
      statement.nameLoc = nameLoc!;
    }
    statements.push(statement);
    if (operation !== 'DD') continue;
    const positional = operands.find((o) => o.keyword === undefined)?.value.toUpperCase();
    if (positional !== '*' && positional !== 'DATA') continue;
    const dlmOperand = operands.find((o) => o.keyword === 'DLM');
    const dlm = dlmOperand ? dlmOperand.value : undefined;
    const data: InStreamData = { lines: [] };
    if (dlm !== undefined) data.dlm = dlm;
    while (i < records.length) {
      const r = records[i]!;
      if (endsData(r, positional === '*' ? 'star' : 'data', dlm)) {
        // `//` after DD * is the next statement, not part of the data; a delimiter is consumed.
        if (dlm !== undefined || r.startsWith('/*')) {
          data.delimiter = { line: i, text: dlm ?? '/*' };
          i++;
        }
        break;
      }
      data.lines.push(i);
      i++;
    }
    if (!data.delimiter && dlm === undefined && positional === '*' && i < records.length) data.delimiter = { line: i, text: '//' };
    statement.inStream = data;
  }
  return leading ? { statements, leading, problems } : { statements, problems };
}
