/**
 * What the stack does with a statement that has a finding: the "scope of
 * damage" of IBM's profile processing (IP Configuration Reference, statement
 * syntax rules; EZZ messages in).
 */
import { append } from '../../core/append.js';
import type { Finding } from '../../core/diagnostic.js';

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

/** Where builders push findings; `capture` tells one statement's findings apart. */
export class FindingSink {
  private target: Finding[] = [];

  push(...items: Finding[]): number {
    return this.target.push(...items);
  }

  /** Append a list of any length (push(...list) overflows the stack on a long one). */
  pushAll(items: readonly Finding[]): number {
    return append(this.target, items).length;
  }

  capture<T>(fn: () => T): { value: T; findings: Finding[] } {
    const saved = this.target;
    const mine: Finding[] = [];
    this.target = mine;
    try {
      return { value: fn(), findings: mine };
    } finally {
      this.target = saved;
    }
  }
}

export interface Sink {
  push(...items: Finding[]): number;
}
