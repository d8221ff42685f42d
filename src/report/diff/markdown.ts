/**
 * `plexlint diff --format markdown`: a pull-request comment. A summary first,
 * then sections, folded in <details> when long, kept under GitHub's comment
 * limit (65,536 characters) with a note when cut.
 */
import type { DiffResult } from '../../diff/index.js';
import { markdownText } from '../escape.js';
import { mermaidBlock } from '../graph/markdown.js';
import { describeChange } from './describe.js';

const DIAGRAM_TITLE = '### Routing picture';

/** The flows whose routing changed, drawn: before → after shares, removed edges dashed, new ones highlighted. */
function diagramSection(r: DiffResult): string {
  if (!r.diagram) return '';
  const flows = r.diagram.flows.length;
  const nodes = r.diagram.nodes.filter((n) => n.delta?.status === 'changed').length;
  const what = [
    flows ? `${flows} flow${flows === 1 ? '' : 's'} whose shares changed (before → after on the edges; removed edges dashed, new edges thick)` : '',
    nodes ? `${nodes} node${nodes === 1 ? '' : 's'} whose locality or losses changed` : '',
  ].filter(Boolean);
  return `${DIAGRAM_TITLE}\n\n${what.join('; ')}.\n\n${mermaidBlock(r.diagram, 'picture of the routing changes')}`;
}

export const GITHUB_COMMENT_LIMIT = 65536;
const FOLD_AFTER = 10;

/** Text from the files in a table cell (../escape.ts markdownText). */
const escapeCell = markdownText;

function section(title: string, rows: string[], header?: string): string {
  if (rows.length === 0) return '';
  const body = `${header ?? ''}${rows.join('\n')}\n`;
  if (rows.length <= FOLD_AFTER) return `### ${title}\n\n${body}\n`;
  return `### ${title}\n\n<details><summary>${rows.length} entries</summary>\n\n${body}\n</details>\n\n`;
}

export function diffMarkdown(r: DiffResult, limit = GITHUB_COMMENT_LIMIT): string {
  const f = r.findings;
  const errors = f.new.filter((d) => d.severity === 'error').length;
  const summary =
    `## plexlint: ${r.changes.length} configuration change${r.changes.length === 1 ? '' : 's'}, ` +
    `${r.behaviour.length} routing change${r.behaviour.length === 1 ? '' : 's'}, ` +
    `${f.new.length} new finding${f.new.length === 1 ? '' : 's'}${errors ? ` (${errors} error${errors === 1 ? '' : 's'})` : ''}, ${f.fixed.length} fixed\n\n` +
    `${escapeCell(r.before)} → ${escapeCell(r.after)}\n\n`;
  const sections = [
    section(
      'New findings',
      f.new.map((d) => `| ${d.severity} | \`${d.ruleId}\` | ${escapeCell(d.file)}:${d.line} | ${escapeCell(d.message)} |`),
      '| severity | rule | where | message |\n| --- | --- | --- | --- |\n',
    ),
    section('Routing changes', r.behaviour.map((b) => `- ${escapeCell(b.text)}`)),
    diagramSection(r),
    section(
      'Configuration changes',
      r.changes.map((c) => {
        const where = c.newLoc ?? c.oldLoc;
        return `| ${c.kind} | ${escapeCell(describeChange(c))} | ${where ? `${escapeCell(where.file)}:${where.line}` : ''} |`;
      }),
      '| | change | where |\n| --- | --- | --- |\n',
    ),
    section('Fixed findings', f.fixed.map((d) => `- \`${d.ruleId}\` ${escapeCell(d.file)}:${d.line} ${escapeCell(d.message)}`)),
  ];
  let out = summary;
  const note = (n: number): string => `\n> The report was cut to fit a GitHub comment; ${n} more section${n === 1 ? '' : 's'} omitted. Run \`plexlint diff\` locally for everything.\n`;
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i]!;
    if (s.startsWith(DIAGRAM_TITLE) && out.length + s.length + 200 > limit) {
      // A picture is whole or absent: a cut Mermaid block does not draw.
      out += `${DIAGRAM_TITLE}\n\n> The picture (${s.length} characters) does not fit in the comment; \`plexlint diff -f markdown -o file\` or \`plexlint graph\` draws it.\n\n`;
      continue;
    }
    if (out.length + s.length + 200 > limit) {
      // Keep as many rows of this section as fit.
      const lines = s.split('\n');
      let partial = '';
      for (const line of lines) {
        if (out.length + partial.length + line.length + 300 > limit) break;
        partial += line + '\n';
      }
      out += partial + (s.includes('<details>') && partial.includes('<details>') ? '\n</details>\n' : '') + note(sections.length - i);
      return out;
    }
    out += s;
  }
  if (!r.changes.length && !r.behaviour.length && !f.new.length && !f.fixed.length) out += 'No differences in meaning, routing or findings.\n';
  return out;
}
