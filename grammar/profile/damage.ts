/**
 * What the stack does with a statement that has a finding: the "scope of
 * damage" of IBM's profile processing (IP Configuration Reference, "Statement
 * syntax for configuration statements"; the EZZ messages of the VIPADYNAMIC
 * statements).
 */
import type { Finding } from '../../src/core/diagnostic.js';

export type Damage = 'none' | 'entry' | 'statement' | 'block';

/** Errors the stack's parser reports as syntax errors: the statement is rejected, and inside VIPADYNAMIC the rest of the block is ignored. */
const SYNTAX_CLASS = new Set([
  'syntax',
  'unknown-operand',
  'invalid-address',
  'invalid-mask',
  'invalid-port',
  'value-out-of-range',
  'optlocal-out-of-range',
]);

/** Semantic errors that make the stack ignore the one statement. */
const STATEMENT_REJECT = new Set([
  'conflicting-options',
  'hotstandby-destip-all',
  'hotstandby-preferred-backup',
  'hotstandby-too-many-backups',
  'encap-tier1-port',
  'tier1-routing-method',
]);

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
  if (SYNTAX_CLASS.has(f.ruleId)) return inVipaBlock ? 'block' : 'statement';
  if (STATEMENT_REJECT.has(f.ruleId)) return 'statement';
  return 'none';
}

export function worst(a: Damage, b: Damage): Damage {
  const order: Damage[] = ['none', 'entry', 'statement', 'block'];
  return order.indexOf(a) >= order.indexOf(b) ? a : b;
}

/** Append a sentence to a finding's message. */
export function addSentence(f: Finding, sentence: string): void {
  f.message = `${/[.?!]$/.test(f.message) ? f.message : `${f.message}.`} ${sentence}.`;
}
