/**
 * Words of the AST from scanner tokens: the text as written (`raw`), the folded,
 * symbol-resolved text the stack sees (`text`), and the location — made when it is
 * asked for: most words of a large profile are never reported on, and a location per
 * word would be a good part of the memory of its AST. A node of a long list may keep
 * only where its words are (WordFactory.at makes them again).
 */
import type { Loc, LineIndex } from '../../src/core/loc.js';
import type { Word } from './ast.js';
import type { ProfileToken } from './scanner.js';

export class WordFactory {
  constructor(
    readonly file: string,
    readonly lines: LineIndex,
    /** The scanned text (sequence numbers blanked): words are rebuilt from it. */
    readonly text: string,
  ) {}

  /** The word that starts at `start` again (for a node that keeps only where its words are). */
  at(start: number): Word {
    const text = this.text;
    let end = start;
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (c <= 32 || c === 59 || c === 127 || c === 0xfffd) break;
      end++;
    }
    const raw = text.slice(start, end);
    const upper = raw.toUpperCase();
    return new ProfileWord(upper, upper === raw ? undefined : raw, this, start);
  }

  word(t: ProfileToken): Word {
    const raw = t.image;
    const text = t.upper;
    const w = new ProfileWord(text, raw === text ? undefined : raw, this, t.startOffset);
    if (t.symbolic) w.symbolic = true;
    return w;
  }
}

export class ProfileWord implements Word {
  #text: string;
  /** Undefined while the word is written as the stack reads it (one string for both). */
  #raw: string | undefined;
  readonly #at: WordFactory;
  readonly #start: number;
  declare symbolic?: boolean;

  constructor(text: string, raw: string | undefined, at: WordFactory, start: number) {
    this.#text = text;
    this.#raw = raw;
    this.#at = at;
    this.#start = start;
  }

  get text(): string {
    return this.#text;
  }

  /** A builder may give the full keyword or the unquoted name; the word as written stays. */
  set text(value: string) {
    this.#raw ??= this.#text;
    this.#text = value;
  }

  get raw(): string {
    return this.#raw ?? this.#text;
  }

  /**
   * Where to find the word again (WordFactory.at), when it can be rebuilt from the text:
   * not for a word that held a system symbol (its text is the symbol's value).
   */
  get start(): number | undefined {
    if (this.symbolic || this.raw.includes('&')) return undefined;
    // A word whose text a builder changed (a full keyword for an abbreviation) is not its text's fold.
    return this.#raw === undefined || this.#raw.toUpperCase() === this.#text ? this.#start : undefined;
  }

  get factory(): WordFactory {
    return this.#at;
  }

  get loc(): Loc {
    // A word never spans lines.
    const { line, column } = this.#at.lines.position(this.#start);
    return { file: this.#at.file, line, column, endLine: line, endColumn: column + this.raw.length };
  }

  toJSON(): Word {
    const w: Word = { text: this.text, raw: this.raw, loc: this.loc };
    if (this.symbolic) w.symbolic = true;
    return w;
  }
}

/** A word a node keeps: where it is (rebuilt when asked for), or the word itself when it cannot be rebuilt. */
export type KeptWord = number | Word | undefined;

export function keep(w: Word | undefined): KeptWord {
  if (w instanceof ProfileWord) return w.start ?? w;
  return w;
}

export function rebuild(at: WordFactory, k: KeptWord): Word | undefined {
  return typeof k === 'number' ? at.at(k) : k;
}
