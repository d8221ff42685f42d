/**
 * Findings delta: which findings are new in `after`, fixed since `before`,
 * or unchanged — matched by rule and subject (what the finding is about), not
 * by line number, so moving a statement does not make its finding "new".
 */
import { append } from '../core/append.js';
import type { Diagnostic } from '../core/diagnostic.js';

export interface FindingsDelta {
  new: Diagnostic[];
  fixed: Diagnostic[];
  unchanged: Diagnostic[];
}

/** Identity of a finding across versions. */
/** A finding's fingerprint; the rule id may come from a saved report, so any string is taken. */
export function fingerprint(d: Pick<Diagnostic, 'subject' | 'file' | 'message'> & { ruleId: string }): string {
  if (d.subject) return `${d.ruleId}|${d.subject}`;
  // Without a subject: the rule, the file and the message with positions taken out.
  const message = d.message.replace(/\blines? \d+(–\d+)?/g, 'line N').replace(/:\d+:\d+/g, '');
  return `${d.ruleId}|${d.file}|${message}`;
}

export function findingsDelta(before: Diagnostic[], after: Diagnostic[]): FindingsDelta {
  const pool = new Map<string, Diagnostic[]>();
  for (const d of before) {
    const k = fingerprint(d);
    const list = pool.get(k) ?? [];
    list.push(d);
    pool.set(k, list);
  }
  const delta: FindingsDelta = { new: [], fixed: [], unchanged: [] };
  for (const d of after) {
    const list = pool.get(fingerprint(d));
    if (list?.length) {
      list.shift();
      delta.unchanged.push(d);
    } else delta.new.push(d);
  }
  for (const list of pool.values()) append(delta.fixed, list);
  return delta;
}
