/**
 * `plexlint diff --format markdown`: a pull-request comment. A summary first
 * (with the counts per system and per file for a large change set), then
 * sections, folded in <details> when long, kept under GitHub's comment limit
 * (65,536 characters) with a note when cut. Rows are written only while they
 * fit, so a huge change set costs no more than the comment it makes.
 */
import type { DiffResult } from '../../diff/index.js';
import { mermaidBlock } from '../graph/markdown.js';
import { describeChange } from './describe.js';
import { flowsLine, isLarge, LONG_SECTION, summaryLine, tallies } from './summary.js';
import { markdownText } from '../escape.js';

export const GITHUB_COMMENT_LIMIT = 65536;
/** Room kept for the closing tags and the note that says the report was cut. */
const RESERVE = 400;

/** Text from the files in a table cell: shown as written, never as a link or HTML (../escape.ts markdownText). */
const escapeCell = markdownText;

/** A section of the comment; rows are made one at a time, only while they fit. */
interface Section {
  title: string;
  header: string;
  count: number;
  row(index: number): string;
}

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

function section<T>(title: string, items: readonly T[], row: (item: T) => string, header = ''): Section {
  return { title, header, count: items.length, row: (j) => row(items[j]!) };
}

/** A section written whole or not at all. */
function picture(block: string): Section {
  return { title: DIAGRAM_TITLE, header: '', count: block ? 1 : 0, row: () => block };
}

export function diffMarkdown(r: DiffResult, limit = GITHUB_COMMENT_LIMIT): string {
  const f = r.findings;
  let out = `## plexlint: ${summaryLine(r)}\n\n\`${r.before}\` → \`${r.after}\` · routing delta: ${flowsLine(r)}\n\n`;
  const { systems, files } = isLarge(r) ? tallies(r) : { systems: [], files: [] };
  const sections = [
    section(
      'By system and file',
      [...systems.map((t) => ({ kind: 'system', t })), ...files.map((t) => ({ kind: 'file', t }))],
      ({ kind, t }) => `| ${kind} ${escapeCell(t.name)} | ${t.changes} | ${t.newFindings} | ${t.fixed} |`,
      '| | changes | new findings | fixed |\n| --- | ---: | ---: | ---: |\n',
    ),
    section('New findings', f.new, (d) => `| ${d.severity} | \`${d.ruleId}\` | ${escapeCell(d.file)}:${d.line} | ${escapeCell(d.message)} |`, '| severity | rule | where | message |\n| --- | --- | --- | --- |\n'),
    section('Routing changes', r.behaviour, (b) => `- ${escapeCell(b.text)}`),
    picture(diagramSection(r)),
    section(
      'Configuration changes',
      r.changes,
      (c) => {
        const where = c.newLoc ?? c.oldLoc;
        return `| ${c.kind} | ${escapeCell(describeChange(c))} | ${where ? `${escapeCell(where.file)}:${where.line}` : ''} |`;
      },
      '| | change | where |\n| --- | --- | --- |\n',
    ),
    section('Fixed findings', f.fixed, (d) => `- \`${d.ruleId}\` ${escapeCell(d.file)}:${d.line} ${escapeCell(d.message)}`),
  ].filter((s) => s.count > 0);

  const note = (what: string): string => `\n> The report was cut to fit a GitHub comment; ${what} omitted. Run \`plexlint diff\` locally for everything.\n`;
  const sectionsLeft = (n: number): string => `${n} more section${n === 1 ? '' : 's'}`;
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i]!;
    if (s.title === DIAGRAM_TITLE) {
      const block = s.row(0);
      // A picture is whole or absent: a cut Mermaid block does not draw.
      if (out.length + block.length + RESERVE > limit) out += `${DIAGRAM_TITLE}\n\n> The picture (${block.length} characters) does not fit in the comment; \`plexlint diff -f markdown -o file\` or \`plexlint graph\` draws it.\n\n`;
      else out += block;
      continue;
    }
    const fold = s.count > LONG_SECTION;
    const open = `### ${s.title}\n\n${fold ? `<details><summary>${s.count} entries</summary>\n\n` : ''}${s.header}`;
    const close = fold ? '\n</details>\n\n' : '\n';
    if (out.length + open.length + RESERVE > limit) return out + note(sectionsLeft(sections.length - i));
    out += open;
    for (let j = 0; j < s.count; j++) {
      const row = `${s.row(j)}\n`;
      if (out.length + row.length + RESERVE > limit) {
        const left = sections.length - i - 1;
        return out + close + note(`${s.count - j} more entr${s.count - j === 1 ? 'y' : 'ies'} of ${s.title}${left ? ` and ${sectionsLeft(left)}` : ''}`);
      }
      out += row;
    }
    out += close;
  }
  if (!r.changes.length && !r.behaviour.length && !f.new.length && !f.fixed.length) out += 'No differences in meaning, routing or findings.\n';
  return out;
}
