/**
 * Matching `*` wildcards (VirtualHost names, Uri patterns) without regular
 * expressions. A pattern such as `*a*a*a*a*a*a*a*a*b` turned into `^.*a.*a…b$`
 * makes a backtracking regular-expression engine try exponentially many ways
 * to split a 50-character name. Here the pieces between the stars are found
 * left to right, each at its first occurrence: the first piece must start the
 * text, the last must end it, and a piece found earliest never rules out a
 * match a later occurrence would allow. That is linear in the text for each
 * piece (indexOf), whatever the pattern.
 */

/** A `*` pattern compiled once for many texts. */
export interface Wildcard {
  test(text: string): boolean;
}

export function compileWildcard(pattern: string, options: { ignoreCase?: boolean } = {}): Wildcard {
  const fold = options.ignoreCase ? (s: string): string => s.toLowerCase() : (s: string): string => s;
  const pieces = fold(pattern).split('*');
  const first = pieces[0]!;
  if (pieces.length === 1) return { test: (text) => fold(text) === first };
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((p) => p !== '');
  const fixed = first.length + last.length;
  return {
    test(raw) {
      const text = fold(raw);
      if (text.length < fixed || !text.startsWith(first) || !text.endsWith(last)) return false;
      let at = first.length;
      const end = text.length - last.length;
      for (const piece of middle) {
        const found = text.indexOf(piece, at);
        if (found < 0 || found + piece.length > end) return false;
        at = found + piece.length;
      }
      return true;
    },
  };
}

export function wildcardMatch(pattern: string, text: string, options: { ignoreCase?: boolean } = {}): boolean {
  return compileWildcard(pattern, options).test(text);
}
