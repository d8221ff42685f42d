/**
 * The range property every finding must have: its range, every related
 * location and every fix edit (in the finding's file) lie inside that file (1-based,
 * end not before start), and the message is not empty.
 */
import type { Diagnostic, Finding } from '../../src/core/diagnostic.js';
import type { SourceFile } from '../../src/sources/source-file.js';

interface Range {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

function outside(file: SourceFile, r: Range): string | undefined {
  const lines = file.lines;
  const len = (line: number): number => lines.lineText(line - 1).length;
  const { line, column } = r;
  const endLine = r.endLine ?? line;
  const endColumn = r.endColumn ?? column;
  if (![line, column, endLine, endColumn].every((n) => Number.isInteger(n))) return 'not whole numbers';
  if (!(line >= 1 && line <= lines.lineCount)) return `line ${line} of ${lines.lineCount}`;
  if (!(endLine >= 1 && endLine <= lines.lineCount)) return `endLine ${endLine} of ${lines.lineCount}`;
  if (!(column >= 1 && column <= len(line) + 1)) return `column ${column} on a line of ${len(line)}`;
  if (!(endColumn >= 1 && endColumn <= len(endLine) + 1)) return `endColumn ${endColumn} on a line of ${len(endLine)}`;
  if (endLine < line || (endLine === line && endColumn < column)) return `end ${endLine}:${endColumn} before start ${line}:${column}`;
  return undefined;
}

/** Problems with the ranges of findings (or diagnostics) in the given files; [] when all is well. */
export function badRanges(files: ReadonlyMap<string, SourceFile> | SourceFile, items: readonly (Finding | Diagnostic)[]): string[] {
  const byPath = 'text' in files ? new Map([[files.path, files as SourceFile]]) : (files as ReadonlyMap<string, SourceFile>);
  const out: string[] = [];
  for (const f of items) {
    const own: Range = 'loc' in f ? f.loc : f;
    const ranges: Range[] = [own, ...(f.related ?? []), ...(f.fix?.edits ?? []).map((e) => ({ ...e, file: own.file }))];
    for (const r of ranges) {
      const file = byPath.get(r.file);
      if (!file) continue;
      const why = outside(file, r);
      if (why) out.push(`${f.ruleId} ${r.file}:${r.line}:${r.column}-${r.endLine}:${r.endColumn}: ${why}`);
    }
    if (!f.message) out.push(`${f.ruleId}: empty message`);
  }
  return out;
}
