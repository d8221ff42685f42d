/**
 * Statement segmentation: IBM's profile statements have no terminator — a
 * statement runs until the next word that starts a statement (IP Configuration
 * Reference, "Statement syntax for configuration statements"). The segmenter
 * cuts the token stream at those words, with the block rules IBM documents:
 *
 * - VIPADYNAMIC … ENDVIPADYNAMIC: inside, only the seven VIPA substatements
 *   start statements. PORT is a VIPADISTRIBUTE keyword there, not the PORT
 *   statement. Any other statement name ends the block (no ENDVIPADYNAMIC).
 * - BEGINROUTES … ENDROUTES: ROUTE entries; any other statement name ends it.
 * - The other END-type blocks (AUTOLOG … ENDAUTOLOG, …) take every token up to
 *   their END keyword ("if the END statement is omitted, all subsequent
 *   tokens in the data set are interpreted as parameters").
 *
 * Each segment is then parsed on its own by the CST parser, so an error can
 * never spill into the next statement: the stack, too, rejects the statement
 * in error and carries on with the next one.
 */
import { tokenMatcher, type IToken, type TokenType } from '../chevrotain.js';
import { blockEnds } from './keywords.js';
import { EndName, K, StatementName, Terminator, VipaStatementName } from './tokens.js';

export interface StatementSegment {
  kind: 'statement';
  /** Token index range [start, end). */
  start: number;
  end: number;
}

export interface BlockSegment {
  kind: 'vipadynamic' | 'routes';
  /** The VIPADYNAMIC / BEGINROUTES token. */
  header: number;
  children: StatementSegment[];
  /** The END token, if present. */
  endToken?: number;
}

export type Segment = StatementSegment | BlockSegment;

const GENERIC_BLOCKS = Object.keys(blockEnds)
  .filter((b) => b !== 'VIPADYNAMIC' && b !== 'BEGINROUTES')
  .map((b) => ({ begin: K(b), end: K(blockEnds[b]!) }));
const VIPADYNAMIC = K('VIPADYNAMIC');
const ENDVIPADYNAMIC = K('ENDVIPADYNAMIC');
const BEGINROUTES = K('BEGINROUTES');
const ENDROUTES = K('ENDROUTES');
const ROUTE = K('ROUTE');
const PORT = K('PORT');

function genericBlockEnd(t: IToken): TokenType | undefined {
  // Only statement names can open a block: skip the look-ups for every other word.
  if (!tokenMatcher(t, StatementName)) return undefined;
  for (const b of GENERIC_BLOCKS) if (tokenMatcher(t, b.begin)) return b.end;
  return undefined;
}

export function segment(tokens: IToken[]): Segment[] {
  const out: Segment[] = [];
  const n = tokens.length;
  let i = 0;
  /** End of a statement that starts at `from`: the next token for which `stops` holds. */
  const until = (from: number, stops: (t: IToken) => boolean): number => {
    let j = from + 1;
    while (j < n && !stops(tokens[j]!)) j++;
    return j;
  };
  const isStatementStart = (t: IToken): boolean => tokenMatcher(t, Terminator);
  while (i < n) {
    const t = tokens[i]!;
    if (tokenMatcher(t, VIPADYNAMIC)) {
      const block: BlockSegment = { kind: 'vipadynamic', header: i, children: [] };
      let j = i + 1;
      // Words before the first substatement belong to the header (and are errors).
      while (j < n && !isStatementStart(tokens[j]!)) j++;
      if (j > i + 1) block.children.push({ kind: 'statement', start: i + 1, end: j });
      while (j < n) {
        const u = tokens[j]!;
        if (tokenMatcher(u, ENDVIPADYNAMIC)) {
          block.endToken = j++;
          break;
        }
        if (!tokenMatcher(u, VipaStatementName)) break;
        const end = until(j, (x) => tokenMatcher(x, VipaStatementName) || tokenMatcher(x, EndName) || (tokenMatcher(x, StatementName) && !tokenMatcher(x, PORT)));
        block.children.push({ kind: 'statement', start: j, end });
        j = end;
      }
      out.push(block);
      i = j;
      continue;
    }
    if (tokenMatcher(t, BEGINROUTES)) {
      const block: BlockSegment = { kind: 'routes', header: i, children: [] };
      let j = i + 1;
      while (j < n && !isStatementStart(tokens[j]!)) j++;
      if (j > i + 1) block.children.push({ kind: 'statement', start: i + 1, end: j });
      while (j < n) {
        const u = tokens[j]!;
        if (tokenMatcher(u, ENDROUTES)) {
          block.endToken = j++;
          break;
        }
        if (!tokenMatcher(u, ROUTE)) break;
        const end = until(j, isStatementStart);
        block.children.push({ kind: 'statement', start: j, end });
        j = end;
      }
      out.push(block);
      i = j;
      continue;
    }
    const endKw = genericBlockEnd(t);
    if (endKw) {
      let j = i + 1;
      while (j < n && !tokenMatcher(tokens[j]!, endKw)) j++;
      const end = Math.min(n, j + 1);
      out.push({ kind: 'statement', start: i, end });
      i = end;
      continue;
    }
    const end = until(i, isStatementStart);
    out.push({ kind: 'statement', start: i, end });
    i = end;
  }
  return out;
}
