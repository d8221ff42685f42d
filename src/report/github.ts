/**
 * GitHub Actions workflow commands, one per finding:
 *
 *   ::error file=<path>,line=<l>,endLine=<l>,col=<c>,endColumn=<c>,title=<rule>::<message>
 *
 * (`::warning` for warnings, `::notice` for info). The runner turns each into an
 * annotation on the pull request's "Files changed" tab. Escaping follows
 * actions/toolkit `command.ts`: in the message `%`, CR and LF become `%25`,
 * `%0D`, `%0A`; property values also escape `:` and `,` as `%3A` and `%2C`.
 *
 * GitHub shows at most 10 error, 10 warning and 10 notice annotations per step
 * and drops the rest silently, so the full stylish report and a summary go to
 * stderr as well (see `githubConsole`): the log always has every finding.
 *
 * Columns are given only for single-line ranges: the check-run annotation API
 * accepts start and end columns only when the start and end lines are equal.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { visible } from './escape/line.js';
import { breakReferences } from './escape/markdown.js';
import { rootRelative } from './paths.js';
import { stylish, summaryCounts } from './stylish.js';
import type { Formatter, ReportInput } from './types.js';
import { plural } from '../core/list-text.js';

export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND: Record<Diagnostic['severity'], string> = { error: 'error', warning: 'warning', info: 'notice' };

export function githubLine(input: ReportInput, d: Diagnostic): string {
  // Control characters from the files are made visible first (./escape/line.ts); line breaks in a message are escaped
  // as GitHub does (%0A), so they stay inside the annotation and can never start a workflow command. GitHub shows the
  // message on the pull request: a mention or an issue reference in it is broken (./escape/markdown.ts).
  const props: [string, string | number][] = [['file', visible(rootRelative(input, d.file) ?? d.file)], ['line', d.line], ['endLine', d.endLine]];
  if (d.endLine === d.line) props.push(['col', d.column], ['endColumn', Math.max(d.column, d.endColumn)]);
  props.push(['title', d.ruleId]);
  const keep = { lineBreaks: true };
  let message = visible(d.message, keep);
  for (const r of d.related ?? []) message += `\n${visible(r.file)}:${r.line}:${r.column}: ${visible(r.message, keep)}`;
  return `::${COMMAND[d.severity]} ${props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',')}::${escapeData(breakReferences(message))}`;
}

export const github: Formatter = (input) => input.diagnostics.map((d) => githubLine(input, d)).join('\n') + (input.diagnostics.length ? '\n' : '');

/** What `--format github` prints to stderr: the whole report, because annotations are capped. */
export const githubConsole: Formatter = (input) => {
  const { errors, warnings, infos } = summaryCounts(input.diagnostics);
  const files = new Set(input.diagnostics.map((d) => d.file)).size;
  let summary =
    `plexlint: ${plural(errors + warnings + infos, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${infos} info)` +
    ` in ${plural(files, 'file')}; ${plural(input.files.length, 'file')} checked.`;
  if (errors > 10 || warnings > 10 || infos > 10) {
    summary += ' GitHub shows at most 10 error, 10 warning and 10 notice annotations per step: the complete list is the report above.';
  }
  return `${stylish(input)}${summary}\n`;
};
