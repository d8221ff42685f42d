/** How the reports of `plexlint simulate` (text, markdown) word a step: what it observed, each expectation, the tally. */
import type { Observed, ScenarioResult } from '../../sim/index.js';

/** A share as a percentage with up to two decimals. */
export function sharePct(x: number): string {
  return `${(x * 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

const COUNTS = new Set(['sessionsLost', 'connectionsBroken']);

export interface ExpectationLike {
  /** `local`, `targets.SYSA`, … as in the scenario. */
  name: string;
  min?: number;
  max?: number;
  actual: number;
}

/** "targets.SYSA ≥ 0.24 and ≤ 0.26: 0.25 (25%)"; counts without a percentage. */
export function expectationText(e: ExpectationLike): string {
  const bound = [e.min !== undefined ? `≥ ${e.min}` : '', e.max !== undefined ? `≤ ${e.max}` : ''].filter(Boolean).join(' and ');
  const actual = COUNTS.has(e.name) ? String(e.actual) : `${e.actual} (${sharePct(e.actual)})`;
  return `${e.name} ${bound}: ${actual}`;
}

/** What a step observed, in words: shares by name, then what went wrong (`bad` marks those). */
export function observedParts(o: Observed): { text: string; bad: boolean }[] {
  const parts: { text: string; bad: boolean }[] = [];
  const ok = (text: string): void => void parts.push({ text, bad: false });
  const bad = (text: string): void => void parts.push({ text, bad: true });
  if (o.local !== undefined && o.local > 0) ok(`local ${sharePct(o.local)}`);
  for (const group of ['targets', 'servers', 'members', 'odrs', 'cells'] as const) {
    for (const [k, v] of Object.entries(o[group] ?? {})) ok(`${k} ${sharePct(v)}`);
  }
  if (o.refused) bad(`refused ${sharePct(o.refused)}`);
  if (o.dropped) bad(`dropped ${sharePct(o.dropped)}`);
  if (o.failed) bad(`failed ${sharePct(o.failed)}`);
  if (o.sessionsLost) bad(`sessions lost ${o.sessionsLost}`);
  if (o.connectionsBroken) bad(`connections broken ${o.connectionsBroken}`);
  return parts;
}

/** "PASS 3 of 4 expectations hold, 1 step could not run" without the verdict word. */
export function scenarioTally(r: ScenarioResult): string {
  const all = r.steps.flatMap((s) => s.expectations);
  const held = all.filter((e) => e.pass).length;
  const errors = r.steps.filter((s) => s.error).length;
  return `${held} of ${all.length} expectation${all.length === 1 ? '' : 's'} hold${errors ? `, ${errors} step${errors === 1 ? '' : 's'} could not run` : ''}`;
}
