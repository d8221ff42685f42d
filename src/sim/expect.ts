/**
 * Expectations of a step and how they are checked against what it observed.
 * Each kind of measure (measures.ts) has one way to be checked.
 */
import type { Loc } from '../core/loc.js';
import type { CountKey, Observed, ShareKey, SharesKey, StateKey } from './measures.js';

export interface Bound {
  min?: number;
  max?: number;
  loc: Loc;
}

export type Expectation =
  | { kind: 'share'; key: ShareKey; bound: Bound }
  | { kind: 'shares'; key: SharesKey; name: string; bound: Bound }
  /** A count, or one slice of it (`by`: connectionsBroken to a destination, sessionsLost for a reason). */
  | { kind: 'count'; key: CountKey; by?: { dim: string; value: string }; bound: Bound }
  | { kind: 'state'; key: StateKey; name: string; value: string; loc: Loc }
  | { kind: 'same-target'; key: 'sameTargetAs'; step: string; bound: Bound };

export interface ExpectationResult {
  name: string;
  min?: number;
  max?: number;
  /** For a state expectation: the name expected. */
  expected?: string;
  actual: number | string;
  pass: boolean;
  loc: Loc;
}

function checkBound(name: string, b: Bound, actual: number | undefined): ExpectationResult {
  const a = actual ?? 0;
  const pass = (b.min === undefined || a >= b.min - 1e-9) && (b.max === undefined || a <= b.max + 1e-9);
  const r: ExpectationResult = { name, actual: a, pass, loc: b.loc };
  if (b.min !== undefined) r.min = b.min;
  if (b.max !== undefined) r.max = b.max;
  return r;
}

/** The name of a state value as the report compares it (system names are upper case). */
function sameName(a: string, b: string): boolean {
  return a === b || a.toUpperCase() === b.toUpperCase();
}

/**
 * Check a step's expectations. `sameTarget(label)` answers the share of this
 * step's clients that reached the target they reached in the labelled step.
 */
export function check(expectations: readonly Expectation[], o: Observed, sameTarget: (label: string) => number | string): ExpectationResult[] {
  return expectations.map((e): ExpectationResult => {
    switch (e.kind) {
      case 'share':
        return checkBound(e.key, e.bound, o[e.key]);
      case 'shares': {
        const g = o[e.key];
        return checkBound(`${e.key}.${e.name}`, e.bound, g?.[e.name] ?? g?.[e.name.toUpperCase()]);
      }
      case 'count': {
        if (!e.by) return checkBound(e.key, e.bound, o[e.key]);
        const by = (e.key === 'sessionsLost' ? o.sessionsLostBy : o.connectionsBrokenBy) as Record<string, Record<string, number>> | undefined;
        const slice = by?.[e.by.dim];
        const value = slice ? (slice[e.by.value] ?? Object.entries(slice).find(([k]) => sameName(k, e.by!.value))?.[1]) : undefined;
        return checkBound(`${e.key}.${e.by.dim === 'to' ? '' : `${e.by.dim}=`}${e.by.value}`, e.bound, value);
      }
      case 'state': {
        const actual = o[e.key]?.[e.name] ?? 'none';
        return { name: `${e.key}.${e.name}`, expected: e.value, actual, pass: sameName(actual, e.value), loc: e.loc };
      }
      case 'same-target': {
        const share = sameTarget(e.step);
        if (typeof share === 'string') return { name: `sameTargetAs.${e.step}`, expected: 'the same targets', actual: share, pass: false, loc: e.bound.loc };
        return checkBound(`sameTargetAs.${e.step}`, e.bound, share);
      }
    }
  });
}
