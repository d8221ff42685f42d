/**
 * Tokens of an OMPROUTE configuration file (z/OS Communications Server IP
 * Configuration Reference, "OMPROUTE configuration file").
 *
 * A statement is a statement keyword followed by `keyword=value` parameters,
 * separated by blanks or line ends, and ended by `;`. IBM's samples put one
 * parameter per line and blanks around `=` (`Area_Number = 0.0.0.0`); lines that
 * hold only a comment start with `;`. The text after a `;` to the end of its
 * line is comment: the terminator token takes it, so a comment never reaches the
 * parser (inferred from IBM's and Cisco's sample files, which never put text
 * after a `;` that is meant to be read). Values are single words (addresses,
 * masks, numbers, names; IPv6 addresses keep their `:`) or a parenthesised,
 * comma-separated list (`IPv6_RIP_Filter=(noreceive,2001:0DB8:0:A1C::/64);`).
 *
 * Word patterns list their first characters positively so that Chevrotain's
 * first-character optimisation stays on (`ensureOptimizations: true`).
 */
import { createToken, Lexer, type TokenType } from '../chevrotain.js';

export const Blank = createToken({ name: 'Blank', pattern: /[ \t\f\v\r\n]+/, line_breaks: true, group: Lexer.SKIPPED });

/** `;` and the comment that runs from it to the end of the line. */
export const Terminator = createToken({ name: 'Terminator', pattern: /;[^\r\n]*/ });

export const Equals = createToken({ name: 'Equals', pattern: /=/ });
export const LParen = createToken({ name: 'LParen', pattern: /\(/ });
export const RParen = createToken({ name: 'RParen', pattern: /\)/ });
export const Comma = createToken({ name: 'Comma', pattern: /,/ });

/** Control characters that have no business in a text file. */
export const Junk = createToken({ name: 'Junk', pattern: /[\x00-\x08\x0E-\x1F\x7F\uFFFD]+/, group: 'junk' });

/** A keyword or a value: a run of printable characters other than `; = ( ) ,`. */
export const Word = createToken({
  name: 'Word',
  pattern: /[!-'*+\--:<>-~\u00A0-\uFFFC\uFFFE\uFFFF][!-'*+\--:<>-~\u00A0-\uFFFC\uFFFE\uFFFF]*/,
});

export const lexerTokens: TokenType[] = [Blank, Terminator, Equals, LParen, RParen, Comma, Junk, Word];

let lexer: InstanceType<typeof Lexer> | undefined;

/**
 * The lexer, built on first use: building a Chevrotain lexer analyses its token patterns, which is
 * start-up time that a run with no file of this kind should not pay.
 */
export function ompLexer(): InstanceType<typeof Lexer> {
  return (lexer ??= new Lexer(lexerTokens, {
  ensureOptimizations: true,
  positionTracking: 'full',
}));
}
