/** `plexlint diff` as coloured text for a terminal. */
import { Chalk } from 'chalk';
import type { DiffResult } from '../../diff/index.js';
import { forDisplay, visible } from '../escape.js';
import { describeChange } from './describe.js';

export function diffText(r: DiffResult, color: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const out: string[] = [c.bold(visible(`plexlint diff ${r.before} → ${r.after}`))];
  out.push('', c.bold(`Configuration changes (${r.changes.length})`));
  if (r.changes.length === 0) out.push(c.dim('  none'));
  for (const ch of r.changes) {
    const mark = ch.kind === 'added' ? c.green('+') : ch.kind === 'removed' ? c.red('-') : c.yellow('~');
    const where = ch.newLoc ?? ch.oldLoc;
    out.push(`  ${mark} ${describeChange(ch)}${where ? c.dim(`  ${visible(where.file)}:${where.line}`) : ''}`);
  }
  out.push('', c.bold(`Routing changes (${r.behaviour.length})`));
  if (r.behaviour.length === 0) out.push(c.dim('  none'));
  for (const b of r.behaviour) out.push(`  ${c.cyan('↯')} ${visible(b.text)}`);
  const f = r.findings;
  out.push('', c.bold(`Findings: ${f.new.length} new, ${f.fixed.length} fixed, ${f.unchanged.length} unchanged`));
  for (const d of f.new.map(forDisplay)) out.push(`  ${c.red('new  ')} ${d.file}:${d.line}:${d.column} ${d.severity} ${d.message} ${c.dim(d.ruleId)}`);
  for (const d of f.fixed.map(forDisplay)) out.push(`  ${c.green('fixed')} ${d.file}:${d.line}:${d.column} ${d.message} ${c.dim(d.ruleId)}`);
  return out.join('\n') + '\n';
}
