/**
 * Quoting input text in a message. A finding that quotes a word of a megabyte
 * would hold a megabyte, and a million such findings would not fit in memory:
 * a long word is quoted as its first 80 and last 20 characters and its length,
 * the way the reports shorten any long word (src/engine/lint.ts shortenMessage).
 */

/** Longest word quoted in full. */
export const MAX_QUOTED_WORD = 200;

export function quoteWord(word: string): string {
  if (word.length <= MAX_QUOTED_WORD) return word;
  return `${word.slice(0, 80)}…${word.slice(-20)} [${word.length} characters]`;
}
