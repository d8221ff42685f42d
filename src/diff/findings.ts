/**
 * Findings delta: which findings are new in `after`, fixed since `before`,
 * or unchanged — matched by their identity (src/core/identity.ts: the rule, the
 * file relative to its estate's root, the statement's text and what the finding
 * says), not by line number, so moving a statement does not make its finding
 * "new", and the two sides may lie in any folders. Findings with the same
 * identity are matched in the order of their locations. One pass over each
 * side with a hash map: linear in the number of findings.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { findingIdentity } from '../core/identity.js';

export interface FindingsDelta {
  new: Diagnostic[];
  fixed: Diagnostic[];
  unchanged: Diagnostic[];
}

/**
 * A finding's identity: the one lint gave it, or — for a finding that has none (made by hand) — the identity
 * worked out with `cwd` as its estate's root and without its statement's text.
 */
export function fingerprint(d: Pick<Diagnostic, 'ruleId' | 'file' | 'line' | 'column' | 'endLine' | 'endColumn' | 'message' | 'subject' | 'fingerprint'>, cwd = process.cwd()): string {
  return d.fingerprint ?? findingIdentity(d, { root: cwd, cwd, lineText: () => undefined });
}

export function findingsDelta(before: Diagnostic[], after: Diagnostic[]): FindingsDelta {
  // Identity → the positions in `before` of its findings, and how many of them are matched.
  const pool = new Map<string, { at: number[]; matched: number }>();
  before.forEach((d, i) => {
    const k = fingerprint(d);
    const entry = pool.get(k);
    if (entry) entry.at.push(i);
    else pool.set(k, { at: [i], matched: 0 });
  });
  const kept = new Uint8Array(before.length);
  const delta: FindingsDelta = { new: [], fixed: [], unchanged: [] };
  for (const d of after) {
    const entry = pool.get(fingerprint(d));
    if (entry && entry.matched < entry.at.length) {
      kept[entry.at[entry.matched++]!] = 1;
      delta.unchanged.push(d);
    } else delta.new.push(d);
  }
  before.forEach((d, i) => {
    if (!kept[i]) delta.fixed.push(d);
  });
  return delta;
}
