/**
 * Words of the AST from scanner tokens: the text as written (`raw`), the folded,
 * symbol-resolved text the stack sees (`text`), and the location — made when it is
 * asked for: most words of a large profile are never reported on, and a location per
 * word would be a good part of the memory of its AST.
 */
import type { Loc } from '../../src/core/loc.js';
import type { Word } from '../../src/frontends/profile/ast.js';
import type { ProfileToken } from './scanner.js';

export class ProfileWord implements Word {
  readonly #file: string;
  readonly #line: number;
  readonly #column: number;
  declare symbolic?: boolean;

  constructor(
    public text: string,
    public raw: string,
    file: string,
    line: number,
    column: number,
  ) {
    this.#file = file;
    this.#line = line;
    this.#column = column;
  }

  get loc(): Loc {
    return { file: this.#file, line: this.#line, column: this.#column, endLine: this.#line, endColumn: this.#column + this.raw.length };
  }

  toJSON(): Word {
    const w: Word = { text: this.text, raw: this.raw, loc: this.loc };
    if (this.symbolic) w.symbolic = true;
    return w;
  }
}

export class WordFactory {
  constructor(private readonly file: string) {}

  word(t: ProfileToken): Word {
    const w = new ProfileWord(t.upper, t.image, this.file, t.line, t.column);
    if (t.symbolic) w.symbolic = true;
    return w;
  }
}
