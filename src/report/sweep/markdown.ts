/** `plexlint simulate --failures --format markdown`: a table per failure, for a pull request or a wiki page. */
import type { SweepReport } from '../../sim/failures.js';
import { markdownText } from '../escape/markdown.js';
import { describeImpact, headline, scope } from './summary.js';

/** Names from the files in a table cell: escaped as Markdown text (../escape.ts). */
const cell = markdownText;

export function sweepMarkdown(r: SweepReport): string {
  const out = [`## plexlint failure sweep: ${r.mode === 'single' ? 'every single failure' : 'pairs of failures'}`, '', `${scope(r)}. ${headline(r)}`, ''];
  const rows = r.runs.flatMap((run) =>
    run.impacts.length === 0
      ? [`| ${cell(run.failed.join(' + '))} | | nothing is lost |`]
      : run.impacts.map((i) => `| ${cell(run.failed.join(' + '))} | ${cell(i.flow)} | ${i.serviceLost ? '**' : ''}${cell(describeImpact(i))}${i.serviceLost ? '**' : ''} |`),
  );
  if (rows.length) out.push('| failure | flow | what is lost |', '| --- | --- | --- |', ...rows, '');
  return out.join('\n');
}
