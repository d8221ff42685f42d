/**
 * What the stack does with a statement that has a finding: the "scope of
 * damage" of IBM's profile processing (IP Configuration Reference, "Statement
 * syntax for configuration statements"; the EZZ messages of the VIPADYNAMIC
 * statements).
 */
import type { Finding } from '../../src/core/diagnostic.js';

export type Damage = 'none' | 'entry' | 'statement' | 'block';

/**
 * Errors the stack's parser reports as syntax errors. IBM: "Syntax errors in a VIPADYNAMIC
 * block end further processing … any remaining statements are ignored" (VIPADYNAMIC
 * statement), and in a list such as HOME "the rest of the entries in the list are ignored"
 * (Statement syntax for configuration statements). Elsewhere IBM does not say what a
 * syntax error does; plexlint assumes the statement is rejected. A word the system's release does not
 * have yet (not-in-release) is a word that stack does not know: the same class.
 */
const SYNTAX_CLASS = new Set(['syntax', 'unknown-operand', 'invalid-address', 'invalid-mask', 'invalid-port', 'not-in-release']);

/**
 * A number outside its documented range. IBM documents no message for it; the value errors
 * it does document on VIPADISTRIBUTE (EZZ0165I, EZZ0783I, EZZ0826I, EZZ0827I, EZZ0829I) all
 * ignore only the statement, so plexlint assumes the same (plexlint's reading).
 */
const VALUE_CLASS = new Set(['value-out-of-range', 'optlocal-out-of-range']);

/**
 * Two keywords of one choice in a VIPADYNAMIC statement's syntax diagram. IBM documents no
 * message for it; plexlint reads it as a syntax error, which ends the VIPADYNAMIC block — as
 * EZZ0831I does for a keyword that is not valid with the DISTMETHOD (plexlint's reading).
 */
const KEYWORD_CONFLICT = new Set(['conflicting-options']);

/** Documented semantic errors that make the stack ignore the one statement (EZZ0165I, EZZ0826I/EZZ0827I, EZZ0829I, EZZ0783I). */
const STATEMENT_REJECT = new Set(['hotstandby-destip-all', 'hotstandby-preferred-backup', 'hotstandby-too-many-backups', 'encap-tier1-port']);

/** Restrictions IBM documents without a message; plexlint assumes the statement is ignored like the documented ones (plexlint's reading). */
const READING_REJECT = new Set(['tier1-routing-method']);

/** EZZ0831I: statement and every later statement of the block are ignored. */
const BLOCK_REJECT = new Set(['hotstandby-option-wrong-method']);

/** Findings whose damage is narrower than their rule's usual class (e.g. EZZ0638I ignores only the statement). */
const narrowed = new WeakMap<Finding, Damage>();

export function withDamage(f: Finding, damage: Damage): Finding {
  narrowed.set(f, damage);
  return f;
}

export function damageOf(f: Finding, inVipaBlock: boolean): Damage {
  const n = narrowed.get(f);
  if (n) return n;
  if (BLOCK_REJECT.has(f.ruleId)) return 'block';
  if (SYNTAX_CLASS.has(f.ruleId) || KEYWORD_CONFLICT.has(f.ruleId)) return inVipaBlock ? 'block' : 'statement';
  if (VALUE_CLASS.has(f.ruleId) || STATEMENT_REJECT.has(f.ruleId) || READING_REJECT.has(f.ruleId)) return 'statement';
  return 'none';
}

/**
 * How sure the consequence the block pass states is: `documented` when IBM says what the stack
 * does for this finding there, otherwise plexlint's reading. The key names the consequence in the
 * rule's metadata (`Finding.consequence`); `reading` is the reason, one clause without brackets,
 * which the message states in its own sentence (`readingSentence`).
 */
export function damageBasis(f: Finding, damage: Damage, inVipaBlock: boolean): { key: string; reading?: string } {
  if (narrowed.has(f) || BLOCK_REJECT.has(f.ruleId) || STATEMENT_REJECT.has(f.ruleId)) return { key: damage };
  if (READING_REJECT.has(f.ruleId)) {
    return { key: 'statement', reading: 'IBM documents the restriction but no message for it, and the VIPADISTRIBUTE errors it does document ignore only the statement' };
  }
  if (VALUE_CLASS.has(f.ruleId)) {
    return inVipaBlock
      ? {
          key: 'statement-in-block',
          reading: 'IBM documents no message for a value outside the range, and the VIPADISTRIBUTE value errors it does document, such as EZZ0829I, ignore only the statement',
        }
      : { key: 'statement', reading: 'IBM does not document what the stack does with this value' };
  }
  if (KEYWORD_CONFLICT.has(f.ruleId)) {
    return {
      key: 'block',
      reading:
        'IBM documents no message for the two keywords together, but its syntax diagram allows only one of them, a syntax error ends a VIPADYNAMIC block, and EZZ0831I does the same for a keyword the DISTMETHOD does not take',
    };
  }
  if (damage === 'block') return { key: 'block' };
  return { key: 'statement', reading: 'IBM does not document what a syntax error does outside a list or a VIPADYNAMIC block' };
}

/** The reason for a consequence that is plexlint's reading, as a sentence of its own (no bracket inside another). */
export function readingSentence(reading: string): string {
  return `That is plexlint's reading: ${reading}`;
}

/** What the stack does with a PORT entry in error, and why plexlint says so (the rest of the list: plexlint's reading). */
export const PORT_LIST_READING =
  "IBM's rule for a syntax error in a list names the HOME list and says some statements skip only the entry in error, without saying which PORT does";

export function worst(a: Damage, b: Damage): Damage {
  const order: Damage[] = ['none', 'entry', 'statement', 'block'];
  return order.indexOf(a) >= order.indexOf(b) ? a : b;
}

/** Append a sentence to a finding's message. */
export function addSentence(f: Finding, sentence: string): void {
  f.message = `${/[.?!]$/.test(f.message) ? f.message : `${f.message}.`} ${sentence}.`;
}
