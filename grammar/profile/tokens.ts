/**
 * Tokens of the TCP/IP profile.
 *
 * The lexer knows four things only: blanks (including record ends), `;`
 * comments, words, and control characters that have no business in a profile.
 * Whether a word is a keyword depends on IBM's abbreviation rules, so after
 * lexing each word is re-typed by a table look-up (`classifyWord`) into a token
 * type whose *categories* are every keyword the word abbreviates. The parser then
 * consumes categories: `CONSUME(kw.DISTMETHOD)` accepts DISTM … DISTMETHOD, and
 * `CONSUME(Value)` accepts any word that cannot start a statement.
 *
 * The word pattern lists its characters positively (no leading complement set)
 * so that Chevrotain's first-character optimisation stays on; the lexer is built
 * with `ensureOptimizations: true` and fails loudly if that ever changes.
 */
import { createToken, Lexer, type IToken, type TokenType } from '../chevrotain.js';
import { keywords, type Keyword } from './keywords.js';

export const Blank = createToken({
  name: 'Blank',
  pattern: /[ \t\r\n\f\v]+/,
  line_breaks: true,
  group: Lexer.SKIPPED,
});

export const Comment = createToken({
  name: 'Comment',
  pattern: /;[^\r\n]*/,
  group: 'comments',
});

/** Control characters and other bytes that cannot be part of a profile record. */
export const Junk = createToken({
  name: 'Junk',
  pattern: /[\x00-\x08\x0E-\x1F\x7F\uFFFD]+/,
  group: 'junk',
});

/** A blank-delimited word: printable characters except blank and `;`. */
export const Word = createToken({
  name: 'Word',
  pattern: /[!-:<-~\u0080-\uFFFC\uFFFE\uFFFF]+/,
});

/** Category: any word (keyword or not). */
export const AnyWord = createToken({ name: 'AnyWord', pattern: Lexer.NA });
/** Category: a word that ends the current statement (statement names, ROUTE, END keywords). */
export const Terminator = createToken({ name: 'Terminator', pattern: Lexer.NA });
/** Category: a word that can be an operand value (does not end the statement). */
export const Value = createToken({ name: 'Value', pattern: Lexer.NA });
/** Category: a top-level statement name. */
export const StatementName = createToken({ name: 'StatementName', pattern: Lexer.NA });
/** Category: a VIPADYNAMIC substatement name. */
export const VipaStatementName = createToken({ name: 'VipaStatementName', pattern: Lexer.NA });
/** Category: an END keyword. */
export const EndName = createToken({ name: 'EndName', pattern: Lexer.NA });

/** A plain word that is no keyword at all. */
export const PlainWord = createToken({ name: 'PlainWord', pattern: Lexer.NA, categories: [AnyWord, Value] });

function keywordTokenName(name: string): string {
  return 'KW_' + name.replace(/[^A-Z0-9]/g, '_');
}

/** One category token per keyword, e.g. kw.DISTMETHOD. */
export const kw: Readonly<Record<string, TokenType>> = (() => {
  const out: Record<string, TokenType> = {};
  for (const k of keywords.values()) out[k.name] = createToken({ name: keywordTokenName(k.name), pattern: Lexer.NA });
  return out;
})();

/** Look up a keyword category by name; throws on a typo in the grammar. */
export function K(name: string): TokenType {
  const t = kw[name];
  if (!t) throw new Error(`no keyword ${name} in grammar/profile/keywords.ts`);
  return t;
}

function rolesEnd(matches: Keyword[]): boolean {
  return matches.some((m) => m.role !== 'operand');
}

/**
 * Concrete token types: one per distinct set of keywords that some word
 * abbreviates. Built once from the keyword table.
 */
const concreteByWord = new Map<string, TokenType>();
export const concreteTokenTypes: TokenType[] = (() => {
  const bySet = new Map<string, { matches: Keyword[]; words: string[] }>();
  for (const k of keywords.values()) {
    for (let len = k.min.length; len <= k.name.length; len++) {
      const word = k.name.slice(0, len);
      const entry = bySet.get(word);
      if (!entry) bySet.set(word, { matches: [k], words: [word] });
      else if (!entry.matches.includes(k)) entry.matches.push(k);
    }
  }
  // Group words by their keyword set.
  const groups = new Map<string, { matches: Keyword[]; words: string[] }>();
  for (const [word, { matches }] of bySet) {
    const key = matches.map((m) => m.name).sort().join('|');
    const g = groups.get(key);
    if (g) g.words.push(word);
    else groups.set(key, { matches, words: [word] });
  }
  const types: TokenType[] = [];
  for (const [key, { matches, words }] of groups) {
    const categories: TokenType[] = [AnyWord, ...matches.map((m) => kw[m.name]!)];
    if (rolesEnd(matches)) categories.push(Terminator);
    else categories.push(Value);
    if (matches.some((m) => m.role === 'statement')) categories.push(StatementName);
    if (matches.some((m) => m.role === 'vipa')) categories.push(VipaStatementName);
    if (matches.some((m) => m.role === 'end')) categories.push(EndName);
    const type = createToken({ name: 'W_' + key.replace(/[^A-Z0-9|]/g, '_').replace(/\|/g, '__'), pattern: Lexer.NA, categories });
    for (const w of words) concreteByWord.set(w, type);
    types.push(type);
  }
  return types;
})();

/** The token type a word gets from the keyword table (PlainWord if none). */
export function classifyWord(image: string): TokenType {
  return concreteByWord.get(image.toUpperCase()) ?? PlainWord;
}

/** Keywords a token abbreviates (empty for plain words). */
export function keywordsOf(token: IToken): string[] {
  const type = token.tokenType;
  if (!type.CATEGORIES) return [];
  const out: string[] = [];
  for (const c of type.CATEGORIES) if (c.name.startsWith('KW_')) out.push(c.name.slice(3));
  return out;
}

export const lexerTokens: TokenType[] = [Blank, Comment, Junk, Word];

/** Everything the parser's vocabulary must know about (categories included). */
export const allTokenTypes: TokenType[] = [
  ...lexerTokens,
  AnyWord,
  Terminator,
  Value,
  StatementName,
  VipaStatementName,
  EndName,
  PlainWord,
  ...Object.values(kw),
  ...concreteTokenTypes,
];

export const profileLexer = new Lexer(lexerTokens, {
  ensureOptimizations: true,
  positionTracking: 'full',
});
