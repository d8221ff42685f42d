/**
 * Text from input files — names, values, paths — reaches every report. Raw, a
 * control character in it acts where the report is read: ESC sequences recolour,
 * move or clear a terminal (stylish, gcc, trace); a line feed in a ServerCluster
 * Name (`&#10;`) starts a new line, and a line that starts with `::error …` is a
 * workflow command to GitHub Actions, whichever format printed it; XML 1.0
 * cannot hold most control characters at all (checkstyle, junit); the bidi
 * controls of "Trojan Source" make a line read differently from what it holds.
 *
 * visible() writes each of them as an escape a person can read: `\n`, `\r`,
 * `\t`, `\x1B`, `\u202E`. JSON output (json) carries the text as it is — JSON
 * escapes control characters itself — and GitHub's own workflow-command
 * escaping is in ./github.ts.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { emptyRecord, nameTable } from '../core/record.js';

/** C0 controls, DEL, C1 controls, the line and paragraph separators, and the bidirectional formatting characters. */
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const NAMED: Record<string, string> = nameTable({ '\n': '\\n', '\r': '\\r', '\t': '\\t' });

function escapeOne(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

const UNSAFE_BUT_LINE_BREAKS = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * The text with every control character written as a visible escape; with
 * `lineBreaks`, CR and LF stay (for a format that escapes them its own way, as
 * GitHub's workflow commands do with %0D and %0A).
 */
export function visible(text: string, options: { lineBreaks?: boolean } = {}): string {
  return text.replace(options.lineBreaks ? UNSAFE_BUT_LINE_BREAKS : UNSAFE, escapeOne);
}

/** What JSON.stringify leaves raw but a terminal acts on: DEL, C1 controls, line separators, bidi controls. */
const JSON_RAW = /[\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * JSON as JSON.stringify writes it (C0 controls already as \u escapes), with the
 * characters it leaves raw written as \u escapes too: the same data for a
 * program, and nothing a terminal or a log acts on for a person who reads it.
 * They can only stand inside strings, where an escape means the same character.
 */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(JSON_RAW, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`) + '\n';
}

/**
 * Text from the files in Markdown (a pull-request comment, a wiki page): control characters escaped, and the
 * Markdown and HTML punctuation backslash-escaped (CommonMark §2.4), so that a name such as `[x](https://…)` or
 * `<img …>` in a configuration is shown as written, never as a link or HTML, and `|` does not end a table cell.
 */
export function markdownText(s: string): string {
  return visible(s).replace(/[\\`*_[\]<>|~&!]/g, '\\$&');
}

/**
 * Text from the files as a Markdown code span: fenced with one backtick more than its longest run of backticks, and
 * padded with a space when it starts or ends with one (CommonMark §6.1), so that a backtick in a folder name cannot
 * end the span and let the rest be read as a link or HTML. Control characters escaped.
 */
export function markdownCode(s: string): string {
  const text = visible(s);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * A copy of a report's data with every string made visible: what a text or Markdown report prints of a diff
 * (names, values, paths, messages, flow labels) comes from the files. Plain objects, arrays and Maps.
 */
export function visibleDeep<T>(value: T): T {
  if (typeof value === 'string') return visible(value) as T;
  if (Array.isArray(value)) return value.map((v) => visibleDeep(v)) as T;
  // The diff's files by name carry system names from the files (a system called ESC ] 0 ; … BEL).
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [visibleDeep(k), visibleDeep(v)])) as T;
  if (value !== null && typeof value === 'object' && isPlainRecord(value)) {
    // Keys come from the files too (a system named __proto__): the copy has no inherited keys.
    const out = emptyRecord<unknown>();
    for (const [k, v] of Object.entries(value)) out[k] = visibleDeep(v);
    return out as T;
  }
  return value;
}

/** An object literal, or a record without inherited keys (src/core/record.ts); not a class instance. */
function isPlainRecord(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** A finding as a report shows it: its message, paths and related locations with visible escapes. */
export function forDisplay<D extends Diagnostic>(d: D): D {
  const out: D = { ...d, message: visible(d.message), file: visible(d.file) };
  if (d.related) out.related = d.related.map((r) => ({ ...r, message: visible(r.message), file: visible(r.file) }));
  if (d.fix) out.fix = { ...d.fix, description: visible(d.fix.description) };
  return out;
}
