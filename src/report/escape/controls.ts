/**
 * The characters no report may print raw, whatever its format: a control character from a name, a value or a path
 * acts where the report is read. ESC sequences recolour, move or clear a terminal; a line feed (a ServerCluster Name
 * of `&#10;`) or CR starts a new line of a CI log; DEL and the C1 controls are controls to a terminal too (U+009B is
 * a one-character CSI); U+2028 and U+2029 end a line for JavaScript and many editors; the bidirectional formatting
 * characters of "Trojan Source" (CVE-2021-42574) make a line read differently from what it holds.
 *
 * escapeControls() writes each of them as an escape a person can read — `\n`, `\r`, `\t`, `\x1B`, `\u202E` — and is
 * the first step of every format family's escaping (./line.ts, ./markdown.ts, ./diagram.ts); formats with escapes of
 * their own (./json.ts, ./yaml.ts, ./xml.ts) use the same set of characters.
 */
import { nameTable } from '../../core/record.js';

/**
 * C0 controls, DEL, C1 controls, the line and paragraph separators, and the bidirectional formatting characters
 * (./yaml.ts and ./json.ts spell the same set in their own expressions: plexlint builds none at run time).
 */
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const NAMED: Record<string, string> = nameTable({ '\n': '\\n', '\r': '\\r', '\t': '\\t' });

/** `\n`, `\r`, `\t`; `\xNN` up to U+00FF; `\uNNNN` above. */
export function controlEscape(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The text with every control character written as a visible escape; with `lineBreaks`, CR and LF stay (for a
 * format that escapes them its own way, as GitHub's workflow commands do with %0D and %0A, or DOT with `\n`).
 */
export function escapeControls(text: string, options: { lineBreaks?: boolean } = {}): string {
  return text.replace(options.lineBreaks ? CONTROLS_BUT_LINE_BREAKS : CONTROLS, controlEscape);
}
