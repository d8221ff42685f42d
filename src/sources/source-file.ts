import { LineIndex, type Loc } from '../core/loc.js';

/**
 * A decoded input file: the one data type between src/sources and the front ends.
 */
export interface SourceFile {
  /** Path shown to the user (relative to the working directory, '/' separators). */
  path: string;
  /** Absolute path on disk ('' for in-memory sources). */
  absPath: string;
  /** Decoded text; positions in findings refer to it. */
  text: string;
  /** How the bytes were decoded, e.g. "utf-8", "iso-8859-1", "ibm-1047". */
  encoding: string;
  lines: LineIndex;
  /** The bytes started with a byte-order mark (not part of the text): XML's encoding checks need it. */
  bom?: boolean;
  /**
   * Set when the bytes are fixed-length records: without line ends (an LRECL 80 data set downloaded in binary),
   * which decoding split into lines of this length, or with line ends and every line this long (a text download
   * that kept the trailing blanks): a fix must keep every line this long.
   */
  recordLength?: number;
  /**
   * Set for a member of a partitioned data set that an IEBUPDTE job stream adds (src/frontends/iebupdte): `path`,
   * `absPath` and every position are the job stream's, and `text` is the job stream's text with every record that
   * is not one of the member's blanked (line ends kept), so that a finding in the member points at the job stream's
   * own line and column.
   */
  member?: MemberOf;
  /**
   * The sequence field of the member's records is written by IEBUPDTE (`./ NUMBER NEW1=…,INCR=…`), not taken from
   * the job stream: where that statement is, for the sequence-numbers finding.
   */
  generatedSequence?: { loc: Loc; statement: string };
}

/** The data set and member a SourceFile is (see SourceFile.member). */
export interface MemberOf {
  /** The target data set (SYSUT2), upper case; undefined when the job stream does not say which. */
  dataset?: string;
  /** The member name, upper case. */
  name: string;
  /** Aliases IEBUPDTE gives the member (`./ ALIAS NAME=…`). */
  aliases: string[];
}

/** The member as z/OS names it: SYS1.TCPPARMS(PROFILE), or (PROFILE) when the data set is not known. */
export function memberName(member: MemberOf): string {
  return `${member.dataset ?? ''}(${member.name})`;
}

/**
 * What tells two sources apart: the file, and for a member of a job stream the member too (every member of a job
 * stream has the job stream's path).
 */
export function sourceKey(file: Pick<SourceFile, 'path' | 'absPath' | 'member'>): string {
  const base = file.absPath || file.path;
  return file.member ? `${base}(${file.member.name})` : base;
}

/** How a file is named in a message: its path, or for a member `SYS1.TCPPARMS(PROFILE) in <path>`. */
export function sourceLabel(file: Pick<SourceFile, 'path' | 'member'>): string {
  return file.member ? `${memberName(file.member)} in ${file.path}` : file.path;
}

export function sourceFromText(path: string, text: string, absPath = '', encoding = 'utf-8', bom = false): SourceFile {
  const file: SourceFile = { path, absPath, text, encoding, lines: new LineIndex(text) };
  if (bom) file.bom = true;
  return file;
}
