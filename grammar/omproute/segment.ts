/**
 * Statement segmentation: a `;` ends an OMPROUTE statement, so the token stream
 * is cut at Terminator tokens and each statement is parsed on its own (an error
 * never spills into the next statement).
 *
 * Two more cuts make a forgotten `;` one finding instead of a cascade:
 * - a statement keyword in parameter position (not after `=`, not followed by
 *   `=`) starts a new statement; the segment before it is marked `unterminated`;
 * - INCLUDE ends at the end of its line when no `;` comes first (how OMPROUTE
 *   delimits an INCLUDE is not documented in the pages plexlint relies on).
 */
import { tokenMatcher, type IToken } from '../chevrotain.js';
import { statementSpec } from './keywords.js';
import { Equals, Terminator, Word } from './tokens.js';

export interface Segment {
  /** Token index range [start, end), without the terminator. */
  start: number;
  end: number;
  /** What ends it: its `;`, the keyword of the next statement (a `;` is missing), the end of the file, or the end of an INCLUDE's line. */
  ending: 'terminator' | 'statement' | 'eof' | 'line';
  terminator?: IToken;
}

function startsStatement(tokens: IToken[], i: number): boolean {
  const t = tokens[i]!;
  if (!tokenMatcher(t, Word) || !statementSpec(t.image)) return false;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  return !(prev && tokenMatcher(prev, Equals)) && !(next && tokenMatcher(next, Equals));
}

export function segmentStatements(tokens: IToken[]): Segment[] {
  const out: Segment[] = [];
  let start = 0;
  for (let i = 0; i <= tokens.length; i++) {
    const t = tokens[i];
    if (t && tokenMatcher(t, Terminator)) {
      if (i > start) out.push({ start, end: i, ending: 'terminator', terminator: t });
      start = i + 1;
      continue;
    }
    if (!t) {
      if (i > start) out.push({ start, end: i, ending: 'eof' });
      break;
    }
    if (i > start && startsStatement(tokens, i)) {
      out.push({ start, end: i, ending: 'statement' });
      start = i;
    }
    const first = tokens[start]!;
    const next = tokens[i + 1];
    if (i >= start && /^INCLUDE$/i.test(first.image) && next && !tokenMatcher(next, Terminator) && next.startLine! > t.endLine!) {
      out.push({ start, end: i + 1, ending: 'line' });
      start = i + 1;
    }
  }
  return out;
}
