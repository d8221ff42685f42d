/**
 * `plexlint diff --format markdown`: a pull-request comment. A summary first
 * (with the counts per system and per file for a large change set), then
 * sections, folded in <details> when long, kept under GitHub's comment limit
 * (65,536 characters) with a note when cut. Rows are written only while they
 * fit, so a huge change set costs no more than the comment it makes.
 *
 * Several estates: a table of the estates on top, then one part per estate
 * with differences, each with the sections of a diff of that estate alone.
 */
import type { DiffResult, EstateDiff } from '../../diff/index.js';
import type { Graph } from '../../graph/types.js';
import { mermaidBlock } from '../graph/markdown.js';
import { describeChange } from './describe.js';
import { estatesLine, flowsLine, isLarge, LONG_SECTION, summaryLine, tallies, type DiffPart } from './summary.js';
import { markdownCode, markdownText } from '../escape/markdown.js';

export const GITHUB_COMMENT_LIMIT = 65536;
/** Room kept for the closing tags and the note that says the report was cut. */
const RESERVE = 400;

/** Text from the files in a table cell: shown as written, never as a link or HTML (../escape.ts markdownText). */
const escapeCell = markdownText;

/** A section of the comment; rows are made one at a time, only while they fit. `whole`: written whole or not at all. */
interface Section {
  title: string;
  header: string;
  count: number;
  row(index: number): string;
  whole?: { absent: string };
  /** An estate's heading, not a section of its own. */
  heading?: boolean;
}

const DIAGRAM_TITLE = 'Routing picture';

/** The flows whose routing changed, drawn: before → after shares, removed edges dashed, new ones highlighted. */
function diagramBlock(diagram: Graph | undefined, heading: string): string {
  if (!diagram) return '';
  const flows = diagram.flows.length;
  const nodes = diagram.nodes.filter((n) => n.delta?.status === 'changed').length;
  const what = [
    flows ? `${flows} flow${flows === 1 ? '' : 's'} whose shares changed (before → after on the edges; removed edges dashed, new edges thick)` : '',
    nodes ? `${nodes} node${nodes === 1 ? '' : 's'} whose locality or losses changed` : '',
  ].filter(Boolean);
  return `${heading} ${DIAGRAM_TITLE}\n\n${what.join('; ')}.\n\n${mermaidBlock(diagram, 'picture of the routing changes')}`;
}

function section<T>(title: string, items: readonly T[], row: (item: T) => string, header = ''): Section {
  return { title, header, count: items.length, row: (j) => row(items[j]!) };
}

/** A block written whole or not at all (a cut Mermaid block does not draw); `absent` says why it is not there. */
function whole(title: string, block: string, absent: string): Section {
  return { title, header: '', count: block ? 1 : 0, row: () => block, whole: { absent } };
}

/** The sections of one estate's differences (or of the only estate's), under headings of the given level. */
function sections(r: DiffPart & { diagram?: Graph }, heading: string): Section[] {
  const f = r.findings;
  const { systems, files } = isLarge(r) ? tallies(r) : { systems: [], files: [] };
  const picture = diagramBlock(r.diagram, heading);
  return [
    section(
      'By system and file',
      [...systems.map((t) => ({ kind: 'system', t })), ...files.map((t) => ({ kind: 'file', t }))],
      ({ kind, t }) => `| ${kind} ${escapeCell(t.name)} | ${t.changes} | ${t.newFindings} | ${t.fixed} |`,
      '| | changes | new findings | fixed |\n| --- | ---: | ---: | ---: |\n',
    ),
    section('New findings', f.new, (d) => `| ${d.severity} | \`${d.ruleId}\` | ${escapeCell(d.file)}:${d.line} | ${escapeCell(d.message)} |`, '| severity | rule | where | message |\n| --- | --- | --- | --- |\n'),
    section('Routing changes', r.behaviour, (b) => `- ${escapeCell(b.text)}`),
    whole(DIAGRAM_TITLE, picture, `${heading} ${DIAGRAM_TITLE}\n\n> The picture (${picture.length} characters) does not fit in the comment; \`plexlint diff -f markdown -o file\` or \`plexlint graph\` draws it.\n\n`),
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
}

/** The table of estates on top of a report of several. */
function estateTable(estates: EstateDiff[]): string {
  const rows = estates.map((e) => `| ${escapeCell(e.estate)} | ${e.status} | ${e.changes.length} | ${e.behaviour.length} | ${e.findings.new.length} | ${e.findings.fixed.length} |`);
  return `| estate | | configuration changes | routing changes | new findings | fixed |\n| --- | --- | ---: | ---: | ---: | ---: |\n${rows.join('\n')}\n\n`;
}

/** The heading of one estate's part of a report of several. */
function estateHeading(e: EstateDiff): string {
  const manifest = e.manifest.after ?? e.manifest.before;
  return `### Estate ${markdownCode(e.estate)} (${e.status})\n\n${manifest ? markdownCode(manifest) : 'no plexlint.yaml'} · routing delta: ${flowsLine(e)}\n\n`;
}

export function diffMarkdown(r: DiffResult, limit = GITHUB_COMMENT_LIMIT): string {
  const f = r.findings;
  const several = r.estates.length > 1;
  let out = `## plexlint: ${summaryLine(r)}\n\n${markdownCode(r.before)} → ${markdownCode(r.after)} · ${several ? `${estatesLine(r)} · ` : ''}routing delta: ${flowsLine(r)}\n\n`;
  if (several) out += estateTable(r.estates);
  // Each estate with differences gets its heading (a section written whole) and its sections one level down.
  const all: Section[] = several
    ? r.estates.filter((e) => e.status !== 'unchanged').flatMap((e) => [{ ...whole(`estate ${e.estate}`, estateHeading(e), ''), heading: true }, ...sections(e, '####')])
    : sections(r, '###');
  const heading = several ? '####' : '###';

  const note = (what: string): string => `\n> The report was cut to fit a GitHub comment; ${what} omitted. Run \`plexlint diff\` locally for everything.\n`;
  /** "3 more sections" (of `from` and after; estate headings are not sections). */
  const sectionsLeft = (from: number): string => {
    const n = all.slice(from).filter((s) => !s.heading).length;
    return `${n} more section${n === 1 ? '' : 's'}`;
  };
  for (let i = 0; i < all.length; i++) {
    const s = all[i]!;
    if (s.whole) {
      const block = s.row(0);
      if (out.length + block.length + RESERVE <= limit) out += block;
      else if (s.whole.absent) out += s.whole.absent;
      else return out + note(sectionsLeft(i));
      continue;
    }
    const fold = s.count > LONG_SECTION;
    const open = `${heading} ${s.title}\n\n${fold ? `<details><summary>${s.count} entries</summary>\n\n` : ''}${s.header}`;
    const close = fold ? '\n</details>\n\n' : '\n';
    if (out.length + open.length + RESERVE > limit) return out + note(sectionsLeft(i));
    out += open;
    for (let j = 0; j < s.count; j++) {
      const row = `${s.row(j)}\n`;
      if (out.length + row.length + RESERVE > limit) {
        const left = all.slice(i + 1).some((x) => !x.heading);
        return out + close + note(`${s.count - j} more entr${s.count - j === 1 ? 'y' : 'ies'} of ${s.title}${left ? ` and ${sectionsLeft(i + 1)}` : ''}`);
      }
      out += row;
    }
    out += close;
  }
  if (!r.changes.length && !r.behaviour.length && !f.new.length && !f.fixed.length && r.estates.every((e) => e.status === 'unchanged')) out += 'No differences in meaning, routing or findings.\n';
  return out;
}
