/**
 * How the reports of `plexlint simulate` (text, markdown) word a step: what it
 * observed, each measure labelled as src/sim/measures.ts defines it, each
 * expectation, the tally of a scenario.
 */
import type { ScenarioResult } from '../../sim/index.js';
import { COUNT_KEYS, MEASURES, SHARE_KEYS, SHARES_KEYS, STATE_KEYS, type Observed } from '../../sim/measures.js';

/** A share as a percentage with up to two decimals. */
export function sharePct(x: number): string {
  return `${(x * 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

export interface ExpectationLike {
  /** `local`, `targets.SYSA`, `connectionsBroken.to.10.40.1.1:80`, `holder.10.40.1.3`, … as in the scenario. */
  name: string;
  min?: number;
  max?: number;
  /** A state expectation's expected name. */
  expected?: string;
  actual: number | string;
}

/** "targets.SYSA ≥ 0.24 and ≤ 0.26: 0.25 (25%)"; counts and names without a percentage. */
export function expectationText(e: ExpectationLike): string {
  if (e.expected !== undefined) return `${e.name} ${e.expected}: ${e.actual}`;
  const bound = [e.min !== undefined ? `≥ ${e.min}` : '', e.max !== undefined ? `≤ ${e.max}` : ''].filter(Boolean).join(' and ');
  const isCount = COUNT_KEYS.some((k) => e.name === k || e.name.startsWith(`${k}.`));
  const actual = isCount || typeof e.actual === 'string' ? String(e.actual) : `${e.actual} (${sharePct(e.actual)})`;
  return `${e.name} ${bound}: ${actual}`;
}

/** What a step observed, in words: shares by name, then what went wrong (`bad` marks those), then state. */
export function observedParts(o: Observed): { text: string; bad: boolean }[] {
  const parts: { text: string; bad: boolean }[] = [];
  const ok = (text: string): void => void parts.push({ text, bad: false });
  const bad = (text: string): void => void parts.push({ text, bad: true });
  if (o.local !== undefined && o.local > 0) ok(`${MEASURES.local.label} ${sharePct(o.local)}`);
  for (const k of SHARES_KEYS) {
    const label = MEASURES[k].label === 'to' ? '' : `${MEASURES[k].label} `;
    for (const [name, v] of Object.entries(o[k] ?? {})) ok(`${label}${name} ${sharePct(v)}`);
  }
  for (const k of SHARE_KEYS) if (k !== 'local' && o[k]) bad(`${MEASURES[k].label} ${sharePct(o[k])}`);
  if (o.sessionsLost) {
    const reasons = Object.entries(o.sessionsLostBy?.reason ?? {}).map(([k, v]) => `${k} ${v}`);
    bad(`${MEASURES.sessionsLost.label} ${o.sessionsLost}${reasons.length ? ` (${reasons.join(', ')})` : ''}`);
  }
  if (o.connectionsBroken) {
    const to = Object.entries(o.connectionsBrokenBy?.to ?? {});
    bad(`${MEASURES.connectionsBroken.label} ${o.connectionsBroken}${to.length > 1 ? ` (${to.map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}`);
  }
  for (const k of STATE_KEYS) for (const [name, v] of Object.entries(o[k] ?? {})) ok(`${name} ${MEASURES[k].label} ${v}`);
  return parts;
}

/** "3 of 4 expectations hold, 1 step could not run". */
export function scenarioTally(r: ScenarioResult): string {
  const all = r.steps.flatMap((s) => s.expectations);
  const held = all.filter((e) => e.pass).length;
  const errors = r.steps.filter((s) => s.error).length;
  return `${held} of ${all.length} expectation${all.length === 1 ? '' : 's'} hold${errors ? `, ${errors} step${errors === 1 ? '' : 's'} could not run` : ''}`;
}
