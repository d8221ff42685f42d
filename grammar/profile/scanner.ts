/**
 * The TCP/IP profile scanner: blank-delimited words, `;` comments to the end of
 * the record, and control characters that have no business in a profile (IP
 * Configuration Reference, "Statement syntax for configuration statements").
 *
 * It scans on demand: the parser asks for the next word and gets one of a small
 * ring of reused token objects, so a profile of ten million words never has more
 * than a few dozen token objects at a time. A word becomes a string only when the
 * AST keeps it. While scanning it reports what IBM's rules make wrong at the
 * character level:
 * - `FOO;bar`: a `;` that follows an operand must be preceded by a blank;
 * - control characters (a binary or wrongly transferred file);
 * - unresolved static system symbols (&NAME. / &NAME), kept as symbolic words.
 * Sequence numbers in columns 73–80 are blanked before scanning (sequence.ts).
 */
import type { IToken, TokenType } from '../chevrotain.js';
import type { Finding } from '../../src/core/diagnostic.js';
import { fix, insertBefore } from '../../src/core/fix.js';
import type { LineIndex, Loc } from '../../src/core/loc.js';
import { listText } from '../../src/core/list-text.js';
import { quoteWord } from '../../src/core/quote.js';

export type SymbolTable = ReadonlyMap<string, string>;

/** A token of the ring. Chevrotain reads tokenType/tokenTypeIdx; the parser the rest. */
export class ProfileToken implements IToken {
  tokenType!: TokenType;
  tokenTypeIdx = 0;
  /** Ordinal of the word in the file (-1: not filled). */
  index = -1;
  startOffset = 0;
  /** Exclusive end offset. */
  end = 0;
  /** 1-based line and column of the first character. */
  line = 0;
  column = 0;
  /** The word has lower-case letters (folding needs a new string). */
  lower = false;
  /** Symbol-resolved, upper-cased text, when the word held a symbol. */
  resolved: string | undefined = undefined;
  /** The word as written and as the stack reads it (folded, symbols resolved), made on first use. */
  raw: string | undefined = undefined;
  text: string | undefined = undefined;
  symbolic = false;
  /** What the parser classified the word as, and in which phase. */
  phase: unknown = undefined;
  match: unknown = undefined;

  constructor(private readonly source: { text: string }) {}

  get endOffset(): number {
    return this.end - 1;
  }

  get image(): string {
    return (this.raw ??= this.source.text.slice(this.startOffset, this.end));
  }

  /** The text the stack sees: upper case, symbols resolved (one string when the word is written in upper case). */
  get upper(): string {
    if (this.text === undefined) {
      const raw = this.image;
      this.text = this.resolved ?? (this.lower ? raw.toUpperCase() : raw);
    }
    return this.text;
  }

  get startLine(): number {
    return this.line;
  }

  get startColumn(): number {
    return this.column;
  }
}

/**
 * `&NAME.` or `&NAME`. A z/OS system symbol has a name of 1 to 8 characters (IEASYMxx: "Define new system symbols
 * that are 1- through 8 characters long"); a longer name (`&HOMEIPADDRESS1`) is read whole, because profiles kept
 * as templates use such placeholders for a tool to fill in before the stack reads them (see `resolve`).
 */
const SYMBOL = /&([A-Za-z@#$][A-Za-z0-9@#$]*)(\.?)/g;
const SYMBOL_NAME_MAX = 8;

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
}

/** Control characters and U+FFFD (a replacement character from a failed decode). */
function isJunk(c: number): boolean {
  return c <= 8 || (c >= 14 && c <= 31) || c === 127 || c === 0xfffd;
}

export interface ScanInput {
  file: string;
  /** The text to scan (sequence numbers already blanked). */
  text: string;
  lines: LineIndex;
  symbols: SymbolTable;
  findings: Finding[];
}

/**
 * Scans words on demand into a ring of `size` reused tokens (a power of two).
 * A token stays valid until `size` more words have been scanned.
 */
export class Scanner {
  readonly text: string;
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  private produced = 0;
  private done = false;
  private readonly ring: ProfileToken[];
  private readonly mask: number;
  readonly eof: ProfileToken;

  constructor(
    private readonly input: ScanInput,
    eofType: TokenType,
    size = 64,
  ) {
    this.text = input.text;
    this.ring = Array.from({ length: size }, () => new ProfileToken(this));
    this.mask = size - 1;
    this.eof = new ProfileToken(this);
    this.eof.tokenType = eofType;
    this.eof.tokenTypeIdx = eofType.tokenTypeIdx!;
    this.eof.startOffset = this.text.length;
    this.eof.end = this.text.length;
  }

  /** The word with ordinal `i`, or the EOF token. */
  at(i: number): ProfileToken {
    if (i < 0) return this.eof;
    while (i >= this.produced) {
      if (this.done || !this.scan(this.ring[this.produced & this.mask]!)) {
        this.done = true;
        this.eof.line = this.line;
        this.eof.column = this.pos - this.lineStart + 1;
        return this.eof;
      }
      this.produced++;
    }
    const t = this.ring[i & this.mask]!;
    if (t.index !== i) throw new Error(`profile scanner: word ${i} is no longer in the ring (${this.produced} scanned)`);
    return t;
  }

  private newline(at: number): void {
    this.line++;
    this.lineStart = at;
  }

  /** Fill `t` with the next word; false at the end of the text. */
  private scan(t: ProfileToken): boolean {
    const text = this.text;
    const n = text.length;
    let i = this.pos;
    for (;;) {
      if (i >= n) {
        this.pos = i;
        return false;
      }
      const c = text.charCodeAt(i);
      if (c === 10) {
        this.newline(++i);
      } else if (c === 13) {
        i++;
        if (text.charCodeAt(i) === 10) i++;
        this.newline(i);
      } else if (isBlank(c)) {
        i++;
      } else if (c === 59) {
        const before = i > 0 ? text.charCodeAt(i - 1) : 32;
        if (before !== 32 && before !== 9 && before !== 10 && before !== 13) this.gluedComment(i);
        while (i < n) {
          const d = text.charCodeAt(i);
          if (d === 10 || d === 13) break;
          i++;
        }
      } else if (isJunk(c)) {
        const start = i;
        while (i < n && isJunk(text.charCodeAt(i))) i++;
        this.junk(start, i);
      } else break;
    }
    const start = i;
    let lower = false;
    let amp = false;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (isBlank(c) || c === 59 || isJunk(c)) break;
      if (c >= 97 && c <= 122) lower = true;
      else if (c === 38) amp = true;
    }
    this.pos = i;
    t.index = this.produced;
    t.startOffset = start;
    t.end = i;
    t.line = this.line;
    t.column = start - this.lineStart + 1;
    t.lower = lower;
    t.resolved = undefined;
    t.raw = undefined;
    t.text = undefined;
    t.symbolic = false;
    t.phase = undefined;
    t.match = undefined;
    if (amp) this.resolve(t);
    return true;
  }

  private loc(start: number, end: number) {
    return this.input.lines.loc(this.input.file, start, end);
  }

  private resolve(t: ProfileToken): void {
    const image = this.text.slice(t.startOffset, t.end);
    // One finding per operand, however many symbols it holds, quoting a bounded part of it: a finding per symbol
    // that quoted the whole operand took memory quadratic in its length (100,000 '&A.' in one word: 4.2 GB).
    const unresolved: { name: string; start: number; length: number }[] = [];
    const resolved = image.replace(SYMBOL, (whole: string, name: string, dot: string, offset: number) => {
      const upper = name.toUpperCase();
      const value = this.input.symbols.get(upper);
      if (value !== undefined) return value;
      if (upper.length > SYMBOL_NAME_MAX) {
        // A system symbol of 8 characters followed by text (&SYSCLONEA is &SYSCLONE then A) when the manifest
        // knows it; else the whole name is a placeholder the manifest may give a value for.
        const short = this.input.symbols.get(upper.slice(0, SYMBOL_NAME_MAX));
        if (short !== undefined) return short + name.slice(SYMBOL_NAME_MAX) + dot;
      }
      unresolved.push({ name: upper, start: t.startOffset + offset, length: whole.length });
      return whole;
    });
    const first = unresolved[0];
    if (first) this.input.findings.push(unresolvedSymbolFinding(this.loc(first.start, first.start + first.length), image, unresolved));
    t.resolved = resolved.toUpperCase();
    t.symbolic = first !== undefined;
  }

  private junk(start: number, end: number): void {
    const code = this.text.charCodeAt(start).toString(16).toUpperCase().padStart(2, '0');
    this.input.findings.push({
      ruleId: 'syntax',
      loc: this.loc(start, end),
      message: `control character X'${code}' in the profile: a profile is text, so this is probably a binary or wrongly transferred file (download it in text mode, or give --encoding)`,
    });
  }

  /** `FOO;bar`: IBM requires a blank before a `;` that follows an operand. */
  private gluedComment(semi: number): void {
    const text = this.text;
    let wordStart = semi;
    while (wordStart > 0 && !/[\s;]/.test(text[wordStart - 1]!)) wordStart--;
    let end = semi;
    while (end < text.length && !/\s/.test(text[end]!)) end++;
    const glued = text.slice(wordStart, end);
    this.input.findings.push({
      ruleId: 'comment-needs-blank',
      loc: this.loc(wordStart, semi + 1),
      message:
        `'${glued}': IBM requires a blank before a ';' that follows an operand, so this ';' is not a valid end of the ` +
        `operand and the stack may read '${glued}' as one operand the statement does not know (IBM does not document ` +
        `exactly what it does; plexlint checks the rest as if the blank were there). Insert a blank before ';'.`,
      fix: fix("insert a blank before ';'", insertBefore(this.loc(semi, semi), ' ')),
    });
  }
}

/** The symbols an operand names without a value, listed (the first few) and counted, in one finding. */
function unresolvedSymbolFinding(loc: Loc, operand: string, all: { name: string }[]): Finding {
  const names = [...new Set(all.map((u) => u.name))];
  // A name longer than a system symbol's 8 characters is no z/OS system symbol: a template's placeholder.
  const isLong = (n: string): boolean => n.length > SYMBOL_NAME_MAX;
  const shown = (list: string[], dot: string): string =>
    list.length <= 3 ? listText(list.map((n) => `&${n}${dot}`)) : `${list.slice(0, 3).map((n) => `&${n}${dot}`).join(', ')} and ${list.length - 3} more`;
  const symbols = names.filter((n) => !isLong(n));
  const placeholders = names.filter(isLong);
  const times = all.length > names.length ? ` (${all.length.toLocaleString('en-US')} uses)` : '';
  const parts: string[] = [];
  if (symbols.length) parts.push(`system ${symbols.length === 1 ? 'symbol' : 'symbols'} ${shown(symbols, '.')}`);
  if (placeholders.length) parts.push(`${placeholders.length === 1 ? 'placeholder' : 'placeholders'} ${shown(placeholders, '')}`);
  const many = names.length > 1;
  const why = placeholders.length
    ? ` (${placeholders.length === 1 ? 'its name is' : 'their names are'} longer than the 8 characters of a z/OS system symbol name, ` +
      `so the stack itself does not substitute ${placeholders.length === 1 ? 'it' : 'them'}: presumably a tool fills ${placeholders.length === 1 ? 'it' : 'them'} in before the profile is used)`
    : '';
  return {
    ruleId: 'unresolved-symbol',
    loc,
    message:
      `${parts.join(' and ')}${times} ${many ? 'have' : 'has'} no value here${why}, so plexlint keeps '${quoteWord(operand)}' as a symbolic ` +
      `operand and skips the checks that need ${many ? 'their values' : 'its value'}. Give ${many ? 'their values' : 'its value'} in plexlint.yaml (systems.<name>.symbols) ` +
      'to check it.',
  };
}
