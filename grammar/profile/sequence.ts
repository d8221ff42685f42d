/**
 * Sequence numbers in columns 73–80 (ISPF NUMBER ON). IBM: sequence numbers are
 * not allowed in a profile — the stack does not ignore these columns and reads the
 * digits as operands, which corrupts the statement. They are reported once per file
 * and blanked for parsing, so that one finding does not become a cascade.
 */
import type { Finding } from '../../src/core/diagnostic.js';
import { fix, removeAt, replaceAt } from '../../src/core/fix.js';
import type { SourceFile } from '../../src/sources/source-file.js';

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The text to scan: the file's text, with sequence numbers blanked (a copy only when there are any). */
export function blankSequenceNumbers(file: SourceFile, findings: Finding[]): string {
  const { text, lines } = file;
  const starts = lines.lineStarts;
  let count = 0;
  let first = -1;
  const fields: number[] = [];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    let end = i + 1 < starts.length ? starts[i + 1]! : text.length;
    while (end > start && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
    if (end - start < 80) continue;
    const field = start + 72;
    let digits = true;
    for (let j = field; j < field + 8; j++) if (!isDigit(text.charCodeAt(j))) digits = false;
    if (!digits) continue;
    // Inside a comment the stack ignores everything to the end of the record.
    let comment = false;
    for (let j = start; j < field && !comment; j++) if (text.charCodeAt(j) === 59) comment = true;
    if (comment) continue;
    let trailing = false;
    for (let j = field + 8; j < end; j++) if (text.charCodeAt(j) !== 32 && text.charCodeAt(j) !== 9) trailing = true;
    if (trailing) continue;
    fields.push(field);
    count++;
    if (first < 0) first = field;
  }
  if (first < 0) return text;
  const pieces: string[] = [];
  let copied = 0;
  for (const f of fields) {
    pieces.push(text.slice(copied, f), '        ');
    copied = f + 8;
  }
  pieces.push(text.slice(copied));
  const generated = file.generatedSequence;
  if (generated) {
    // IEBUPDTE writes these numbers (./ NUMBER with ADD or REPL): the job stream's own columns 73–80 are not the cause.
    const oneLine = generated.loc.line === generated.loc.endLine;
    findings.push({
      ruleId: 'sequence-numbers',
      loc: lines.loc(file.path, first, first + 8),
      message:
        `IEBUPDTE writes a sequence number in columns 73–80 of ${count === 1 ? 'this record' : `the ${count} records of this member`} (${generated.statement} at line ${generated.loc.line}). ` +
        'IBM says only "Sequence numbers are not allowed" and names no column limit, so plexlint assumes the stack reads the digits as operands of the statement, which corrupts it. ' +
        'Remove the ./ NUMBER statement, so that IEBUPDTE writes the records as they are.',
      related: [{ file: generated.loc.file, line: generated.loc.line, column: generated.loc.column, endLine: generated.loc.endLine, endColumn: generated.loc.endColumn, message: 'the ./ NUMBER statement that assigns the sequence numbers' }],
      ...(oneLine ? { fix: fix('remove the ./ NUMBER statement', removeAt(generated.loc)) } : {}),
    });
    return pieces.join('');
  }
  findings.push({
    ruleId: 'sequence-numbers',
    loc: lines.loc(file.path, first, first + 8),
    message:
      `${count === 1 ? 'this record carries' : `${count} records carry`} a sequence number in columns 73–80. ` +
      'IBM says only "Sequence numbers are not allowed" and names no column limit, so plexlint assumes the stack reads the digits as operands of the statement, which corrupts it. ' +
      'Remove the sequence numbers (ISPF: UNNUM, then NUMBER OFF).',
    // ISPF's UNNUM: the field is blanked, so the record keeps its length.
    fix: fix(
      `blank the sequence numbers in columns 73–80 of ${count === 1 ? 'the record' : `all ${count} records`}`,
      ...fields.map((f) => replaceAt(lines.loc(file.path, f, f + 8), '        ')),
    ),
  });
  return pieces.join('');
}
