/**
 * Line segmentation: in dscontrol scripts and saved configurations a line is a
 * statement (one command per line; `dscontrol file newload` and the shell both
 * read line by line). The token stream is cut at Newline tokens and each line is
 * parsed on its own, so an error never spills into the next line.
 */
import { tokenMatcher, type IToken } from '../chevrotain.js';
import { Newline } from './tokens.js';

export interface LineSegment {
  /** Token index range [start, end), without the Newline. */
  start: number;
  end: number;
}

export function segmentLines(tokens: IToken[]): LineSegment[] {
  const out: LineSegment[] = [];
  let start = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i === tokens.length || tokenMatcher(tokens[i]!, Newline)) {
      if (i > start) out.push({ start, end: i });
      start = i + 1;
    }
  }
  return out;
}
