/**
 * The words that start a statement: every statement name of the table, and the END
 * keywords of its blocks. An open-ended part of a statement (a HOME or PORT list, the
 * options of TCPCONFIG) ends at one of them.
 */
import { KeywordTable, type Notation } from './notation.js';
import type { StatementSpec } from './spec.js';
import { statements } from './statements/index.js';

/** A statement name or END keyword, as the level tables know it. */
export interface LevelWord extends Notation {
  spec?: StatementSpec;
  /** The block this END keyword closes. */
  endOf?: StatementSpec;
}

const levelWords: LevelWord[] = [
  ...statements.map((spec) => ({ name: spec.name, min: spec.min, spec })),
  ...statements.filter((s) => s.end).map((s) => ({ ...s.end!, endOf: s })),
];

export const statementWords = new KeywordTable<LevelWord>(levelWords);

/** Inside VIPADYNAMIC, DELETE is an operand of VIPADISTRIBUTE, VIPARANGE and VIPAROUTE, never the DELETE statement. */
export const vipaWords = new KeywordTable<LevelWord>(levelWords.filter((w) => w.spec?.id !== 'delete'));

/** Top-level statement names, for did-you-mean. */
export const STATEMENT_NAMES: readonly string[] = Object.freeze(statements.filter((s) => s.level === 'top').map((s) => s.name));

export { statements };
