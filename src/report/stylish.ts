/** ESLint's "stylish" layout: findings grouped by file, then a summary. Colours via chalk. */
import { Chalk } from 'chalk';
import type { Diagnostic } from '../core/diagnostic.js';
import { fileAtLineStart, forDisplay, guardLineStarts } from './escape/line.js';
import type { Formatter } from './types.js';
import { plural } from '../core/list-text.js';

export function summaryCounts(diagnostics: Diagnostic[]): { errors: number; warnings: number; infos: number } {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
    else infos++;
  }
  return { errors, warnings, infos };
}

export const stylish: Formatter = (input) => {
  const c = new Chalk({ level: input.color ? 1 : 0 });
  // Text from the files is shown with its control characters escaped (./escape/line.ts), so it cannot act on the terminal.
  const diagnostics = input.diagnostics.map(forDisplay);
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const list = byFile.get(d.file) ?? [];
    list.push(d);
    byFile.set(d.file, list);
  }
  const out: string[] = [];
  for (const [file, list] of byFile) {
    // A file line starts with the name: never with blanks (a finding line to ESLint's stylish matcher) or `::`.
    out.push('', c.underline(fileAtLineStart(file)));
    const pos = list.map((d) => `${d.line}:${d.column}`);
    const posWidth = pos.reduce((w, p) => Math.max(w, p.length), 0);
    list.forEach((d, i) => {
      const sev = d.severity === 'error' ? c.red('error  ') : d.severity === 'warning' ? c.yellow('warning') : c.blue('info   ');
      out.push(`  ${c.dim(pos[i]!.padEnd(posWidth))}  ${sev}  ${d.message}  ${c.dim(d.ruleId)}`);
      for (const r of d.related ?? []) out.push(`  ${' '.repeat(posWidth)}           ${c.dim(`↳ ${r.file}:${r.line}:${r.column} ${r.message}`)}`);
    });
  }
  const { errors, warnings, infos } = summaryCounts(diagnostics);
  const total = errors + warnings + infos;
  if (total === 0) return '';
  const mark = errors ? c.red.bold('✖') : warnings ? c.yellow.bold('⚠') : c.blue.bold('ℹ');
  out.push('', `${mark} ${c.bold(`${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${infos} info)`)}`);
  // ESLint's closing line: how many of them `--fix` would fix.
  const fixable = summaryCounts(diagnostics.filter((d) => d.fix));
  const parts = [fixable.errors ? plural(fixable.errors, 'error') : '', fixable.warnings ? plural(fixable.warnings, 'warning') : '', fixable.infos ? `${fixable.infos} info` : ''].filter(Boolean);
  if (parts.length) out.push(c.bold(`  ${parts.join(' and ')} potentially fixable with the \`--fix\` option.`));
  out.push('');
  return guardLineStarts(out.join('\n'));
};
