/**
 * The comments of an input file, by the file's kind, for inline directives
 * (src/engine/suppress.ts). This is a light scan of the text, not a parse: a
 * directive must be readable even in a file the front end rejects.
 *
 *   TCP/IP profile         `;` to the end of the record (the stack's own rule), and so in an IEBUPDTE job stream
 *   OMPROUTE configuration `;` to the end of the line (the `;` also ends a statement)
 *   plugin-cfg, cluster.xml `<!-- … -->`, possibly over several lines
 *   dscontrol, go scripts, plexlint.yaml, scenarios
 *                           `#` at the start of a line or after a blank, to the end of the line
 */
import type { FileKind } from '../frontends/detect.js';
import type { LineIndex } from '../core/loc.js';

export interface Comment {
  /** The comment's text without its delimiters. */
  body: string;
  /** Offset of `body` in the file text. */
  bodyStart: number;
  /** Offsets of the whole comment, delimiters included. */
  start: number;
  end: number;
}

export type CommentSyntax = 'semicolon' | 'xml' | 'hash' | 'none';

export function commentSyntax(kind: FileKind | undefined): CommentSyntax {
  switch (kind) {
    case 'profile':
    case 'omproute':
    // A job stream's members are what plexlint checks: a directive goes in a member's records, as in a profile.
    case 'iebupdte':
      return 'semicolon';
    case 'plugin-cfg':
    case 'cluster-xml':
    case 'serverindex-xml':
    case 'virtualhosts-xml':
      return 'xml';
    case 'dscontrol':
    case 'goscript':
    case 'manifest':
    case 'scenario':
      return 'hash';
    default:
      return 'none';
  }
}

/** Sequence numbers in columns 73–80 of a record: the stack ignores them inside a comment, and so do directives. */
const SEQUENCE_FIELD = /^\d{8}$/;

export function commentsOf(text: string, lines: LineIndex, syntax: CommentSyntax): Comment[] {
  switch (syntax) {
    case 'semicolon':
      return lineComments(lines, (line) => line.indexOf(';'), true);
    case 'hash':
      return lineComments(lines, (line) => {
        for (let i = line.indexOf('#'); i >= 0; i = line.indexOf('#', i + 1)) {
          if (i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t') return i;
        }
        return -1;
      }, false);
    case 'xml':
      return xmlComments(text);
    default:
      return [];
  }
}

function lineComments(lines: LineIndex, find: (line: string) => number, records: boolean): Comment[] {
  const out: Comment[] = [];
  for (let i = 0; i < lines.lineCount; i++) {
    const line = lines.lineText(i);
    const at = find(line);
    if (at < 0) continue;
    let end = line.length;
    if (records && line.length >= 80 && SEQUENCE_FIELD.test(line.slice(72, 80)) && line.slice(80).trim() === '' && at < 72) end = 72;
    const lineStart = lines.lineStarts[i]!;
    out.push({ body: line.slice(at + 1, end), bodyStart: lineStart + at + 1, start: lineStart + at, end: lineStart + end });
  }
  return out;
}

function xmlComments(text: string): Comment[] {
  const out: Comment[] = [];
  for (let i = text.indexOf('<!--'); i >= 0; i = text.indexOf('<!--', i + 4)) {
    const close = text.indexOf('-->', i + 4);
    const end = close < 0 ? text.length : close;
    out.push({ body: text.slice(i + 4, end), bodyStart: i + 4, start: i, end: close < 0 ? text.length : close + 3 });
    if (close < 0) break;
    i = close - 1;
  }
  return out;
}
