/**
 * Tokens of dscontrol scripts and saved configuration files.
 *
 * A line is a statement: the lexer keeps line ends as tokens and the segmenter
 * (segment.ts) cuts the stream at them, so each line is parsed on its own.
 * Words are blank-delimited; `#` at the start of a word starts a comment that
 * runs to the end of the line (inside a word, `#` is an ordinary character, so
 * an advisor request such as GET /a#b stays one word); `"…"` is a quoted string
 * (advisorrequest / advisorresponse values). Object specifications such as
 * `10.1.1.1@80+443@server1` are one word; spec.ts splits them into fields.
 *
 * Keywords are not token types here: which keyword a word abbreviates depends
 * on the words valid at its position (keywords.ts), so the parser resolves it.
 * Word patterns list their first characters positively so that Chevrotain's
 * first-character optimisation stays on (`ensureOptimizations: true`).
 */
import { createToken, Lexer, type IToken, type TokenType } from '../chevrotain.js';

export const Blank = createToken({ name: 'Blank', pattern: /[ \t\f\v]+/, group: Lexer.SKIPPED });

export const Newline = createToken({ name: 'Newline', pattern: /\r\n|\r|\n/, line_breaks: true });

/** Backslash at the end of a line: the shell joins the next line (scripts only). */
export const Continuation = createToken({ name: 'Continuation', pattern: /\\(?:\r\n|\r|\n)/, line_breaks: true, group: Lexer.SKIPPED });

export const Comment = createToken({ name: 'Comment', pattern: /#[^\r\n]*/, group: 'comments' });

/** Control characters that have no business in a text file. */
export const Junk = createToken({ name: 'Junk', pattern: /[\x00-\x08\x0E-\x1F\x7F\uFFFD]+/, group: 'junk' });

/** Category: anything that can be an operand value. */
export const Value = createToken({ name: 'Value', pattern: Lexer.NA });

/** A double-quoted string; an unterminated one runs to the end of the line. */
export const Quoted = createToken({ name: 'Quoted', pattern: /"[^"\r\n]*"?/, categories: [Value] });

/** A blank-delimited word (printable, not starting with `#` or `"`). */
export const Word = createToken({
  name: 'Word',
  pattern: /[!$-~\u00A0-\uFFFC\uFFFE\uFFFF][!#-~\u00A0-\uFFFC\uFFFE\uFFFF]*/,
  categories: [Value],
});

export const lexerTokens: TokenType[] = [Newline, Continuation, Blank, Comment, Junk, Quoted, Word];

export const allTokenTypes: TokenType[] = [...lexerTokens, Value];

let lexer: InstanceType<typeof Lexer> | undefined;

/**
 * The lexer, built on first use: building a Chevrotain lexer analyses its token patterns, which is
 * start-up time that a run with no file of this kind should not pay.
 */
export function dscontrolLexer(): InstanceType<typeof Lexer> {
  return (lexer ??= new Lexer(lexerTokens, {
  ensureOptimizations: true,
  positionTracking: 'full',
}));
}

/** What the front end may attach to a token: its text after shell-variable substitution. */
export interface WordPayload {
  text: string;
  /** The text contains a variable that has no value. */
  symbolic?: boolean;
}

/** The text a token stands for (substituted when the front end resolved variables). */
export function wordText(token: IToken): string {
  const p = token.payload as WordPayload | undefined;
  return p?.text ?? token.image;
}
