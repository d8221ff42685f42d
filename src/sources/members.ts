/**
 * A member an IEBUPDTE job stream adds, as a SourceFile of its own: the job stream's path and the job stream's text
 * with every record that is not the member's blanked (line ends kept). Every front end then reads the member as it
 * reads any file, and every position it reports is the job stream's own line and column, with no mapping to get
 * wrong. Where IEBUPDTE writes the sequence field itself (`./ NUMBER`), the member's records carry those numbers.
 *
 * Blanking costs the lines before the member: a job stream of N records and M members costs up to N·M characters.
 * MAX_MEMBER_TEXT bounds what one run builds.
 */
import { memberName, sourceFromText, type MemberOf, type SourceFile } from './source-file.js';
import type { Loc } from '../core/loc.js';

/** Characters of member text (blanked lines included) one run builds at most. */
export const MAX_MEMBER_TEXT = 64 * 1024 * 1024;

export interface MemberRecords {
  name: string;
  dataset?: string;
  aliases: string[];
  /** 0-based line indexes of its records in the job stream, ascending. */
  lines: number[];
  numbering?: { new1: number; incr: number; column: number; length: number; loc: Loc };
}

/** The member's records alone, one per line: for telling what kind of file it is. */
export function memberRecordsText(container: SourceFile, member: MemberRecords): string {
  return member.lines.map((l, i) => numbered(container.lines.lineText(l), member, i)).join('\n');
}

/** A record with the sequence number IEBUPDTE writes into it (when the member has a NUMBER statement). */
function numbered(record: string, member: MemberRecords, index: number): string {
  const n = member.numbering;
  if (!n) return record;
  const digits = String(n.new1 + index * n.incr);
  // IEBUPDTE writes the number right-justified with leading zeros; a number longer than the field keeps its low digits.
  const field = digits.padStart(n.length, '0').slice(-n.length);
  const padded = record.length < n.column - 1 + n.length ? record.padEnd(n.column - 1 + n.length, ' ') : record;
  return padded.slice(0, n.column - 1) + field + padded.slice(n.column - 1 + n.length);
}

/** Each container's line ends, concatenated, and where each line's end starts in them: the blank prefix of a member. */
const lineEnds = new WeakMap<SourceFile, { ends: string; at: number[] }>();

function endsOf(container: SourceFile): { ends: string; at: number[] } {
  let known = lineEnds.get(container);
  if (known) return known;
  const { lines, text } = container;
  const pieces: string[] = [];
  const at: number[] = [];
  let length = 0;
  for (let line = 0; line < lines.lineCount; line++) {
    const end = line + 1 < lines.lineCount ? lines.lineStarts[line + 1]! : text.length;
    let start = end;
    while (start > lines.lineStarts[line]! && (text.charCodeAt(start - 1) === 10 || text.charCodeAt(start - 1) === 13)) start--;
    at.push(length);
    const ending = text.slice(start, end);
    pieces.push(ending);
    length += ending.length;
  }
  at.push(length);
  known = { ends: pieces.join(''), at };
  lineEnds.set(container, known);
  return known;
}

/** The member as a SourceFile positioned in its job stream. */
export function memberSource(container: SourceFile, member: MemberRecords): SourceFile {
  const { lines } = container;
  const first = member.lines[0] ?? 0;
  const last = member.lines[member.lines.length - 1] ?? -1;
  const { ends, at } = endsOf(container);
  // Every record before the member is blank: its line end alone.
  const pieces: string[] = [ends.slice(0, at[first])];
  let next = 0;
  for (let line = first; line <= last; line++) {
    const ending = ends.slice(at[line], at[line + 1]);
    if (member.lines[next] === line) {
      pieces.push(numbered(lines.lineText(line), member, next), ending);
      next++;
    } else pieces.push(ending);
  }
  const of: MemberOf = { name: member.name, aliases: member.aliases };
  if (member.dataset !== undefined) of.dataset = member.dataset;
  const file = sourceFromText(container.path, pieces.join(''), container.absPath, container.encoding, false);
  file.member = of;
  if (member.numbering) file.generatedSequence = { loc: member.numbering.loc, statement: `./ NUMBER NEW1=${member.numbering.new1},INCR=${member.numbering.incr}` };
  return file;
}

/** "SYS1.TCPPARMS(PROFILE)" for messages, or "(PROFILE)" without a data set. */
export function membersLabel(member: Pick<MemberRecords, 'name' | 'dataset' | 'aliases'>): string {
  return memberName({ name: member.name, aliases: member.aliases, ...(member.dataset !== undefined ? { dataset: member.dataset } : {}) });
}
