/** What every format of a failure sweep says first, and how it words one impact. */
import type { ComponentKind, Impact, SweepReport } from '../../sim/failures.js';

const KIND_NAMES: Record<ComponentKind, [string, string]> = {
  stack: ['stack', 'stacks'],
  lb: ['Load Balancer machine', 'Load Balancer machines'],
  odr: ['ODR', 'ODRs'],
  member: ['cluster member', 'cluster members'],
  server: ['plug-in server', 'plug-in servers'],
};

function count(n: number, [one, many]: [string, string]): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function pct(x: number): string {
  return `${(x * 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** "4 stacks, 2 Load Balancer machines, …; 12 flows". */
export function scope(r: SweepReport): string {
  const parts = (Object.keys(KIND_NAMES) as ComponentKind[]).filter((k) => r.components[k] > 0).map((k) => count(r.components[k], KIND_NAMES[k]));
  return `${parts.join(', ') || 'no components'}; ${r.flows} flow${r.flows === 1 ? '' : 's'}`;
}

/** The runs that lose a service. */
export function outages(r: SweepReport): number {
  return r.runs.filter((x) => x.impacts.some((i) => i.serviceLost)).length;
}

export function headline(r: SweepReport): string {
  const n = outages(r);
  if (r.mode === 'single') return n === 0 ? 'No single failure loses a service.' : `${n} single failure${n === 1 ? ' loses' : 's lose'} a service.`;
  const p = r.pairs!;
  const ran = `${p.run} of ${p.candidates} pair${p.candidates === 1 ? '' : 's'} that meet on a flow simulated${p.skipped ? `, ${p.skipped} skipped (--max-pairs)` : ''}; ${p.disjoint} pair${p.disjoint === 1 ? '' : 's'} share no flow and cannot lose more together than alone`;
  return `${n === 0 ? 'No pair of failures loses a service that each failure alone keeps' : `${n} pair${n === 1 ? '' : 's'} of failures lose a service that each failure alone keeps`} (${ran}).`;
}

/** One impact in words: "service lost: …", "4 open connections broken: …". */
export function describeImpact(i: Impact): string {
  const what: string[] = [];
  if (i.serviceLost) what.push('service lost');
  else if (i.lost > i.lostBefore) what.push(`${pct(i.lost)} of new work lost${i.lostBefore ? ` (${pct(i.lostBefore)} without the failure)` : ''}`);
  if (i.connectionsBroken) what.push(`${i.connectionsBroken} open connection${i.connectionsBroken === 1 ? '' : 's'} broken`);
  if (i.sessionsLost) {
    const by = Object.entries(i.sessionReasons).map(([k, n]) => `${k} ${n}`);
    what.push(`${i.sessionsLost} session${i.sessionsLost === 1 ? '' : 's'} lost${by.length ? ` (${by.join(', ')})` : ''}`);
  }
  return `${what.join(', ')}${i.reasons.length ? ` — ${i.reasons.join('; ')}` : ''}`;
}
