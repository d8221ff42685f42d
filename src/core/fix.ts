/** Building the edits of a fix (./diagnostic.ts `Fix`) from the locations the stages already have. */
import type { Fix, TextEdit } from './diagnostic.js';
import type { Loc } from './loc.js';

/** Replace the text at `loc`. */
export function replaceAt(loc: Loc, text: string): TextEdit {
  return { line: loc.line, column: loc.column, endLine: loc.endLine, endColumn: loc.endColumn, text };
}

/** Insert text just before `loc`. */
export function insertBefore(loc: Loc, text: string): TextEdit {
  return { line: loc.line, column: loc.column, endLine: loc.line, endColumn: loc.column, text };
}

/** Remove the text at `loc`, with the blanks around it, or its whole line when nothing else is on it. */
export function removeAt(loc: Loc): TextEdit {
  return { ...replaceAt(loc, ''), tidy: true };
}

export function fix(description: string, ...edits: TextEdit[]): Fix {
  return { description, edits };
}

/** A keyword written the way the user wrote the word it replaces: all upper case, all lower case, or as given. */
export function inCaseOf(written: string, keyword: string): string {
  if (written === written.toUpperCase()) return keyword.toUpperCase();
  if (written === written.toLowerCase()) return keyword.toLowerCase();
  return keyword;
}
