/**
 * `plexlint diff` as coloured text for a terminal: the summary, then — for a
 * large change set — the counts per system and per file, then the changes and
 * findings grouped by file, and the routing changes. Several estates: a line
 * per estate, then each estate with differences in the same form.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { DiffResult, EstateDiff } from '../../diff/index.js';
import { guardLineStarts, visibleDeep } from '../escape/line.js';
import { describeChange } from './describe.js';
import { byFile, estatesLine, fileOf, findingFile, flowsLine, isLarge, summaryLine, tallies, type DiffPart, type Tally } from './summary.js';

function table(c: ChalkInstance, title: string, rows: Tally[]): string[] {
  const width = Math.max(title.length, ...rows.map((t) => t.name.length + 2));
  const num = (n: number, w: number): string => {
    const s = n.toLocaleString('en').padStart(w);
    return n ? s : c.dim(s);
  };
  return [
    c.bold(`${title.padEnd(width)}  changes  new findings  fixed`),
    ...rows.map((t) => `  ${t.name.padEnd(width - 2)}  ${num(t.changes, 7)}  ${num(t.newFindings, 12)}  ${num(t.fixed, 5)}`),
  ];
}

/** What the report says about a part of a diff (one estate, or the only one): tallies, changes, routing changes, findings. */
function body(c: ChalkInstance, r: DiffPart): string[] {
  const out: string[] = [];
  if (isLarge(r)) {
    const { systems, files } = tallies(r);
    if (systems.length) out.push('', ...table(c, `By system (${systems.length})`, systems));
    if (files.length) out.push('', ...table(c, `By file (${files.length})`, files));
  }

  out.push('', c.bold(`Configuration changes (${r.changes.length})`));
  if (r.changes.length === 0) out.push(c.dim('  none'));
  for (const [file, changes] of byFile(r.changes, fileOf)) {
    const indent = file ? '    ' : '  ';
    if (file) out.push(`  ${c.underline(file)}`);
    for (const ch of changes) {
      const mark = ch.kind === 'added' ? c.green('+') : ch.kind === 'removed' ? c.red('-') : c.yellow('~');
      const where = ch.newLoc ?? ch.oldLoc;
      out.push(`${indent}${mark} ${describeChange(ch)}${where ? c.dim(`  ${where.file}:${where.line}`) : ''}`);
    }
  }

  out.push('', c.bold(`Routing changes (${r.behaviour.length})`));
  if (r.behaviour.length === 0) out.push(c.dim('  none'));
  for (const b of r.behaviour) out.push(`  ${c.cyan('↯')} ${b.text}`);

  const f = r.findings;
  out.push('', c.bold(`Findings: ${f.new.length} new, ${f.fixed.length} fixed, ${f.unchanged.length} unchanged`));
  const tagged = [...f.new.map((d) => ({ d, fresh: true })), ...f.fixed.map((d) => ({ d, fresh: false }))];
  for (const [file, list] of byFile(tagged, (x) => findingFile(x.d))) {
    out.push(`  ${c.underline(file)}`);
    for (const { d, fresh } of list) {
      out.push(fresh ? `    ${c.red('new  ')} ${d.file}:${d.line}:${d.column} ${d.severity} ${d.message} ${c.dim(d.ruleId)}` : `    ${c.green('fixed')} ${d.file}:${d.line}:${d.column} ${d.message} ${c.dim(d.ruleId)}`);
    }
  }
  return out;
}

const MARK: Record<EstateDiff['status'], string> = { changed: '~', unchanged: '=', added: '+', removed: '-' };

/** One line per estate: its status and counts. */
function estateTable(c: ChalkInstance, estates: EstateDiff[]): string[] {
  const width = Math.max(...estates.map((e) => e.estate.length));
  const colour = { changed: c.yellow, unchanged: c.dim, added: c.green, removed: c.red };
  return estates.map((e) => `  ${colour[e.status](`${MARK[e.status]} ${e.estate.padEnd(width)}  ${e.status.padEnd(9)}`)}  ${e.status === 'unchanged' ? c.dim('no differences') : summaryLine(e)}`);
}

export function diffText(result: DiffResult, color: boolean): string {
  // Names, values, paths, messages and flow labels come from the files: shown with visible escapes (../escape/line.ts).
  const r = visibleDeep(result);
  const c = new Chalk({ level: color ? 1 : 0 });
  const out: string[] = [c.bold(`plexlint diff ${r.before} → ${r.after}`), summaryLine(r), c.dim(`Routing delta: ${flowsLine(r)}`)];
  if (r.estates.length <= 1) return guardLineStarts([...out, ...body(c, r)].join('\n') + '\n');
  // Several estates: a line each, then each estate with differences on its own, as if diffed alone.
  out.push('', c.bold(`Estates (${estatesLine(r)})`), ...estateTable(c, r.estates));
  for (const e of r.estates) {
    if (e.status === 'unchanged') continue;
    const manifest = e.manifest.after ?? e.manifest.before;
    out.push('', c.bold.underline(`Estate ${e.estate} (${e.status})`) + c.dim(`  ${manifest ?? 'no plexlint.yaml'} · routing delta: ${flowsLine(e)}`), ...body(c, e));
  }
  return guardLineStarts(out.join('\n') + '\n');
}
