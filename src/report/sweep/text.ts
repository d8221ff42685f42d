/** `plexlint simulate --failures`: the text report. */
import { Chalk } from 'chalk';
import type { SweepReport } from '../../sim/failures.js';
import { guardLineStarts, visible } from '../escape/line.js';
import { describeImpact, headline, scope } from './summary.js';

export function sweepText(r: SweepReport, color: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const out = [c.bold(`Failure sweep (${r.mode === 'single' ? 'every single failure' : 'pairs of failures'}): ${scope(r)}`), ''];
  for (const run of r.runs) {
    const lost = run.impacts.some((i) => i.serviceLost);
    // Names from the files are shown with their control characters escaped (../escape/line.ts).
    const title = `${visible(run.failed.join(' + '))} fail${run.failed.length === 1 ? 's' : ''}`;
    if (run.impacts.length === 0) {
      out.push(`${c.green('✔')} ${title}: nothing is lost`);
      continue;
    }
    out.push(`${lost ? c.red('✘') : c.yellow('!')} ${title}:`);
    // Connections that ended on a failed stack always break: one line for all of them.
    const onlyBroken = run.impacts.filter((i) => !i.serviceLost && i.lost <= i.lostBefore && !i.sessionsLost && i.destination);
    for (const i of run.impacts) if (!onlyBroken.includes(i)) out.push(`    ${visible(i.flow)}: ${i.serviceLost ? c.red(visible(describeImpact(i))) : visible(describeImpact(i))}`);
    if (onlyBroken.length) {
      const n = onlyBroken.reduce((a, i) => a + i.connectionsBroken, 0);
      out.push(visible(`    ${n} open connection${n === 1 ? '' : 's'} broken (${onlyBroken[0]!.reasons.join('; ')}): ${onlyBroken.map((i) => `${i.destination} ${i.connectionsBroken}`).join(', ')}`));
    }
  }
  if (r.runs.length) out.push('');
  out.push(c.bold(headline(r)));
  return guardLineStarts(out.join('\n') + '\n');
}
