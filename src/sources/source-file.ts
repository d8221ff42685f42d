import { LineIndex } from '../core/loc.js';

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
}

export function sourceFromText(path: string, text: string, absPath = '', encoding = 'utf-8', bom = false): SourceFile {
  const file: SourceFile = { path, absPath, text, encoding, lines: new LineIndex(text) };
  if (bom) file.bom = true;
  return file;
}
