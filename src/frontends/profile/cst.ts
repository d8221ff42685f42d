/** Small helpers over Chevrotain CST nodes. */
import type { CstElement, CstNode, IToken } from '../../../grammar/chevrotain.js';
import { LineIndex, type Loc } from '../../core/loc.js';
import type { Word } from './ast.js';

export function isToken(e: CstElement): e is IToken {
  return (e as IToken).image !== undefined;
}

export function tokens(node: CstNode, label: string): IToken[] {
  return (node.children[label] ?? []).filter(isToken);
}

export function token(node: CstNode, label: string): IToken | undefined {
  return tokens(node, label)[0];
}

export function nodes(node: CstNode, label: string): CstNode[] {
  return (node.children[label] ?? []).filter((e): e is CstNode => !isToken(e));
}

export function node(parent: CstNode, label: string): CstNode | undefined {
  return nodes(parent, label)[0];
}

/** Every token under a node, in source order. */
export function allTokens(n: CstNode, out: IToken[] = []): IToken[] {
  for (const list of Object.values(n.children)) {
    for (const e of list) {
      if (isToken(e)) {
        if (!Number.isNaN(e.startOffset) && e.startOffset >= 0) out.push(e);
      } else allTokens(e, out);
    }
  }
  return out;
}

export class LocMaker {
  constructor(
    private readonly file: string,
    private readonly lines: LineIndex,
  ) {}

  /**
   * Chevrotain tracks lines and columns with the same rules as LineIndex (1-based;
   * \n, \r\n and \r end a line), and a word never spans lines, so its Loc needs no look-up.
   */
  ofToken(t: IToken): Loc {
    if (t.startLine === undefined || Number.isNaN(t.startLine) || t.startColumn === undefined) {
      return this.lines.loc(this.file, t.startOffset, t.endOffset! + 1);
    }
    // `| 0`: Chevrotain's token positions are stored as heap numbers (its EOF token carries NaN);
    // copied as they are, every Loc of the model would hold four boxed numbers instead of small integers.
    const line = t.startLine | 0;
    const column = t.startColumn | 0;
    return { file: this.file, line, column, endLine: line, endColumn: (column + t.image.length) | 0 };
  }

  /** From the first to the last token (both in the file). */
  ofTokens(first: IToken, last: IToken): Loc {
    const a = this.ofToken(first);
    const b = this.ofToken(last);
    return { file: this.file, line: a.line, column: a.column, endLine: b.endLine, endColumn: b.endColumn };
  }

  ofOffsets(start: number, end: number): Loc {
    return this.lines.loc(this.file, start, end);
  }

  /** Loc covering all tokens of a node (undefined if it has none, e.g. a fully recovered node). */
  ofNode(n: CstNode): Loc | undefined {
    const ts = allTokens(n);
    if (ts.length === 0) return undefined;
    let start = Infinity;
    let end = -Infinity;
    for (const t of ts) {
      if (t.startOffset < start) start = t.startOffset;
      if (t.endOffset! > end) end = t.endOffset!;
    }
    return this.lines.loc(this.file, start, end + 1);
  }

  word(t: IToken): Word {
    const p = t.payload as string | { text: string; symbolic: boolean };
    if (typeof p === 'string') return { text: p, raw: t.image, loc: this.ofToken(t) };
    const w: Word = { text: p.text, raw: t.image, loc: this.ofToken(t) };
    if (p.symbolic) w.symbolic = true;
    return w;
  }
}
