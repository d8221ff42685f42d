/**
 * Words of the AST from scanner tokens: the text as written (`raw`), the folded,
 * symbol-resolved text the stack sees (`text`), and the location.
 */
import type { Word } from '../../src/frontends/profile/ast.js';
import type { ProfileToken } from './scanner.js';

export class WordFactory {
  constructor(
    private readonly file: string,
    private readonly text: string,
  ) {}

  word(t: ProfileToken): Word {
    const raw = this.text.slice(t.startOffset, t.end);
    const text = t.resolved ?? (t.lower ? raw.toUpperCase() : raw);
    const line = t.line;
    const column = t.column;
    const w: Word = { text, raw, loc: { file: this.file, line, column, endLine: line, endColumn: column + raw.length } };
    if (t.symbolic) w.symbolic = true;
    return w;
  }
}
