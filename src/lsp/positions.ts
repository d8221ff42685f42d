/**
 * Positions between plexlint and the Language Server Protocol. Both count columns in UTF-16 code units of the
 * text and treat CR, LF and CR LF as line ends (src/core/loc.ts); plexlint is 1-based with an exclusive end
 * column, LSP 0-based with an exclusive end.
 */
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { Loc } from '../core/loc.js';
import type { SourceFile } from '../sources/source-file.js';

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export function rangeOf(r: { line: number; column: number; endLine?: number; endColumn?: number }): Range {
  const endLine = r.endLine ?? r.line;
  const endColumn = r.endColumn ?? r.column;
  return { start: { line: r.line - 1, character: r.column - 1 }, end: { line: endLine - 1, character: endColumn - 1 } };
}

/** The 1-based line and column of an LSP position. */
export function lineColumn(p: Position): { line: number; column: number } {
  return { line: p.line + 1, column: p.character + 1 };
}

/** Whether a location holds a position (its end included: the cursor just after a word is still on it). */
export function contains(loc: Loc, p: Position): boolean {
  const { line, column } = lineColumn(p);
  if (line < loc.line || line > loc.endLine) return false;
  if (line === loc.line && column < loc.column) return false;
  if (line === loc.endLine && column > loc.endColumn) return false;
  return true;
}

/**
 * A position of a request moved into the document, as the protocol says a client's position is read: a line past
 * the last is the last line, a character past the end of its line is the line's end. Every request goes through it,
 * so a position at line 100,000,000 is answered at once (completion looked at every line up to the one asked for).
 */
export function clampPosition(file: SourceFile, p: Position): Position {
  const line = Math.min(Math.max(0, Math.floor(p.line) || 0), file.lines.lineCount - 1);
  const character = Math.min(Math.max(0, Math.floor(p.character) || 0), file.lines.lineText(line).length);
  return { line, character };
}

/** The offset of an LSP position in a source's text. */
export function offsetAt(file: SourceFile, p: Position): number {
  return file.lines.offset(p.line + 1, p.character + 1);
}

/** The word around a position (characters of `pattern`), with its location. */
export function wordAt(file: SourceFile, p: Position, pattern = /[A-Za-z0-9@#$&._:/-]/): { text: string; loc: Loc } | undefined {
  if (p.line + 1 > file.lines.lineCount) return undefined;
  const line = file.lines.lineText(p.line);
  let start = Math.min(p.character, line.length);
  let end = start;
  while (start > 0 && pattern.test(line[start - 1]!)) start--;
  while (end < line.length && pattern.test(line[end]!)) end++;
  if (start === end) return undefined;
  return { text: line.slice(start, end), loc: { file: file.path, line: p.line + 1, column: start + 1, endLine: p.line + 1, endColumn: end + 1 } };
}

export function uriOf(path: string): string {
  return pathToFileURL(path).href;
}

/** The file a URI names, or undefined for any other scheme (an untitled buffer). */
export function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
