/**
 * Statement segmentation: IBM's profile statements have no terminator — a
 * statement runs until the next word that starts a statement (IP Configuration
 * Reference, "Statement syntax for configuration statements"). The segmenter
 * cuts the token stream at those words, with the block rules IBM documents:
 *
 * - VIPADYNAMIC … ENDVIPADYNAMIC: inside, only the seven VIPA substatements
 *   start statements. PORT is a VIPADISTRIBUTE keyword there, not the PORT
 *   statement (after any other substatement it is the misplaced PORT statement),
 *   and DELETE is an option of VIPADISTRIBUTE, VIPARANGE and VIPAROUTE. Any
 *   other statement name ends the block (no ENDVIPADYNAMIC).
 * - Words that are statement names but also operands in context do not start a
 *   statement: the object of DELETE (DELETE DEVICE d, DELETE LINK l, DELETE PORT …)
 *   and DELETE in INTERFACE name DELETE.
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
import { K, StatementName, Terminator, VipaStatementName } from './tokens.js';

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
const VIPADISTRIBUTE = K('VIPADISTRIBUTE');
const DESTIP = K('DESTIP');
const DELETE = K('DELETE');
const INTERFACE = K('INTERFACE');

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
        const end = vipaSubstatementEnd(tokens, j);
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
    const end = topLevelEnd(tokens, i, isStatementStart);
    out.push({ kind: 'statement', start: i, end });
    i = end;
  }
  return out;
}

/**
 * End of the VIPADYNAMIC substatement that starts at `start`: the next
 * statement-starting word, except PORT in a VIPADISTRIBUTE before its DESTIP
 * (its PORT list) and DELETE (VIPADISTRIBUTE DELETE, VIPARANGE DELETE, VIPAROUTE
 * DELETE; the DELETE statement is not allowed in the block).
 */
function vipaSubstatementEnd(tokens: IToken[], start: number): number {
  const isDistribute = tokenMatcher(tokens[start]!, VIPADISTRIBUTE);
  let destipSeen = false;
  let j = start + 1;
  for (; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (tokenMatcher(t, DESTIP)) destipSeen = true;
    if (!tokenMatcher(t, Terminator) || tokenMatcher(t, DELETE)) continue;
    if (isDistribute && !destipSeen && tokenMatcher(t, PORT)) continue;
    break;
  }
  return j;
}

/** What the DELETE statement deletes (statement names in their own right). */
const DELETE_OBJECTS = ['DEVICE', 'LINK', 'PORT', 'PORTRANGE', 'ATMARPSV', 'ATMLIS', 'ATMPVC'].map((o) => K(o));

/**
 * End of a top-level statement starting at `start`. Statement names that are
 * operands in context are skipped: the object of `DELETE` (DELETE DEVICE d,
 * DELETE LINK l, DELETE PORT …: DELETE statement, IP Configuration Reference)
 * and `DELETE` as the action of `INTERFACE name DELETE`.
 */
function topLevelEnd(tokens: IToken[], start: number, isStatementStart: (t: IToken) => boolean): number {
  const first = tokens[start]!;
  // A VIPA substatement outside its block (misplaced, or after a block cut short)
  // still has its own operands, PORT list included.
  if (tokenMatcher(first, VipaStatementName)) return vipaSubstatementEnd(tokens, start);
  const isDeleteStatement = tokenMatcher(first, DELETE);
  const isInterface = tokenMatcher(first, INTERFACE);
  let j = start + 1;
  while (j < tokens.length) {
    const t = tokens[j]!;
    const operandInContext =
      (isDeleteStatement && j === start + 1 && DELETE_OBJECTS.some((o) => tokenMatcher(t, o))) ||
      (isInterface && j === start + 2 && tokenMatcher(t, DELETE));
    if (!operandInContext && isStatementStart(t)) break;
    j++;
  }
  return j;
}
