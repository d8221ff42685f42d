/**
 * A rule: its metadata (the contract shown by `plexlint rules` and in SARIF)
 * and, for rules that read the model, a `check` function. Findings that the
 * front ends or the model builder produce while reading the files (syntax
 * errors, what the stack rejects) have rules too, with `emittedBy` saying
 * where; their docs pages explain them like any other rule.
 */
import type { Finding, RuleId, Severity } from '../core/diagnostic.js';
import type { Estate } from '../model/estate.js';
import type { Consequence } from './consequence.js';

export type { Consequence } from './consequence.js';

export type RuleCategory =
  | 'syntax'
  | 'input'
  | 'manifest'
  | 'profile'
  | 'sysplex'
  | 'load-balancer'
  | 'routing'
  | 'plugin'
  | 'odr'
  | 'was'
  | 'simulation'
  /** What runs differs from what is configured: read from captures, reported by `plexlint drift` (docs/drift.md). */
  | 'drift';

export interface RuleMeta<Id extends string = string> {
  /** Stable id; other tools script against it. */
  id: Id;
  /** Default severity. */
  severity: Severity;
  category: RuleCategory;
  /** One line: what the rule finds. */
  description: string;
  /** The IBM topic, EZZ message or APAR the rule rests on. */
  source: string;
  /**
   * Where the consequence its findings state comes from — what the stack, the plug-in or the
   * balancer does because of the problem: IBM's words, plexlint's reading where IBM says
   * nothing, or plexlint's own behaviour. One entry per distinct consequence; when there are
   * several, each has an `id` and every finding names its one in `Finding.consequence`.
   * `docs/rules/<id>.md` shows them in words (see consequence.ts).
   */
  consequences: readonly Consequence[];
  /**
   * The message variants of the rule beyond its consequences: names of cases whose message or anchor differs (a
   * VIPABACKUP or a VIPARANGE, a near-miss definition or none). Findings name theirs in `Finding.variant`;
   * test/consequences.test.ts fails when a consequence or a variant has no fixture that produces it.
   */
  variants?: readonly string[];
  /** Set for findings produced while reading the files rather than by `check`. */
  emittedBy?: 'front end' | 'model builder';
  /** `syntax` findings can never be suppressed or turned off. */
  unsuppressible?: boolean;
  /**
   * Its findings carry a fix where there is one certain, mechanical fix (ESLint's meta.fixable): `check --fix`
   * applies it, the language server offers it as a quick fix.
   */
  fixable?: true;
  /** Its findings may carry suggestions: changes that need a person's choice, offered in the editor, never applied by --fix. */
  hasSuggestions?: true;
  /**
   * 'sysplex': the rule compares stacks, so it runs only when the estate holds at
   * least two stacks — checking one profile on its own (in an editor, say) must not
   * report a backup or a target as missing because the other profiles were not given.
   */
  needs?: 'sysplex';
}

export interface RuleContext {
  readonly estate: Estate;
  /** The id of the rule being run (its findings get it without saying). */
  readonly ruleId: RuleId;
  report(finding: Omit<Finding, 'ruleId'>): void;
}

export interface Rule<Id extends string = string> {
  meta: RuleMeta<Id>;
  check?(ctx: RuleContext): void;
}

/** Keeps the rule's id as a literal type, so that the registry can derive the `RuleId` union from its list. */
export function defineRule<Id extends string>(rule: Rule<Id>): Rule<Id> {
  return rule;
}
