/**
 * Findings delta: which findings are new in `after`, fixed since `before`,
 * or unchanged — matched by a stable identity, not by line number, so moving a
 * statement does not make its finding "new".
 *
 * The identity is the rule id and the subject (what the finding is about, e.g.
 * "SYSA DVIPA 10.1.1.1 port 80"); a finding without a subject is placed by its
 * file and its message with positions taken out. Findings with the same
 * identity are matched in the order of their locations. One pass over each
 * side with a hash map: linear in the number of findings.
 */
import type { Diagnostic } from '../core/diagnostic.js';

export interface FindingsDelta {
  new: Diagnostic[];
  fixed: Diagnostic[];
  unchanged: Diagnostic[];
}

/**
 * Identity of a finding across versions (also the `fingerprint` of `--format json`, which `--baseline` reads). The
 * rule id may come from a saved report, so any string is taken.
 */
export function fingerprint(d: Pick<Diagnostic, 'subject' | 'file' | 'message'> & { ruleId: string }): string {
  if (d.subject) return `${d.ruleId}|${d.subject}`;
  // Without a subject: the rule, the file and the message with positions taken out.
  const message = d.message.replace(/\blines? \d+(–\d+)?/g, 'line N').replace(/:\d+:\d+/g, '');
  return `${d.ruleId}|${d.file}|${message}`;
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
