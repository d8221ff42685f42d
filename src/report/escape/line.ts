/**
 * Escaping for the line formats — stylish, gcc (and junit's failure text, made of gcc lines), the stylish report that
 * `github` writes to stderr, the `diff`, `simulate`, `trace` and failure-sweep text, and every line plexlint writes
 * to stderr. A CI log reads them line by line: GitHub's runner reads workflow commands in them (./commands.ts), and
 * problem matchers read `file:line:column:` locations.
 *
 * - visible(): control characters as escapes (./controls.ts), and `##[` as `##\x5B`, so that no text from the files
 *   can hold the runner's older command form anywhere in a line;
 * - fileAtLineStart(): a file name that a line starts with, made so that it cannot begin a `::` command nor pass for
 *   an indented line (ESLint's stylish matcher reads a line that starts with blanks as a finding);
 * - gccFile(): the same, and a name that could be read as a location or a severity written with `%` and `:`
 *   percent-encoded, so a problem matcher cannot read another file, line or severity out of it; gccMessage(): a
 *   message's `:7:1: error:` the same way (a reader that passes over a `note` line's own location would take it);
 * - guardLineStarts(): the last step of a line report: a line that would still start (after blanks) with `::` gets
 *   its first `:` written as `\x3A`.
 */
import type { Diagnostic } from '../../core/diagnostic.js';
import { LEGACY_COMMAND } from './commands.js';
import { escapeControls } from './controls.js';

/** The text with its control characters and the runner's `##[` written as visible escapes (`\n`, `\x1B`, `##\x5B`). */
export function visible(text: string, options: { lineBreaks?: boolean } = {}): string {
  return escapeControls(text, options).replace(LEGACY_COMMAND, '##\\x5B');
}

/**
 * A display path (relative to the working directory) that starts a line: one that starts with white space or `::`
 * is written `./…`, the same file, so that the line neither starts a workflow command nor looks indented.
 */
export function fileAtLineStart(file: string): string {
  return /^(?:[\s\u0085]|::)/.test(file) ? `./${file}` : file;
}

/**
 * What a `file:line:column:` reader could take for the end of the file name: a `:` followed by a digit (the
 * location), or a severity word followed by `:` (`$gcc` allows `file:7: error:` without a column). The readers
 * plexlint documents — plexlint-matcher.json, VS Code's `$gcc`, vim's errorformat — take the first location in a
 * line, so a name without these cannot move the location.
 */
const LOCATION_LIKE = /:\d|\s(?:error|warning|note)\s*:/i;

/**
 * A file name as a gcc line starts with it (visible, ./ when it starts with blanks or `::`); one that holds what a
 * reader could take for a location or a severity (`README.md:7:1: error: x.tcpip`) has `%` and `:` percent-encoded
 * (`README.md%3A7%3A1%3A error%3A x.tcpip`), as GitHub's own toolkit encodes file names in workflow commands.
 */
export function gccFile(file: string): string {
  const shown = visible(file);
  return fileAtLineStart(LOCATION_LIKE.test(shown) ? shown.replace(/%/g, '%25').replace(/:/g, '%3A') : shown);
}

/**
 * What a reader takes for `:line:column: severity:` inside a message: `$gcc` allows the column to be empty and the
 * colon after it to be missing (`:7: error:`), and passes over a `note` line's own location to the next one.
 */
const LOCATION_IN_TEXT = /:(?=\d+:\d*:?\s+(?:fatal\s+)?(?:error|warning|note)\s*:)/gi;

/** A message as a gcc line ends with it: visible, and the colon that starts a location-like sequence written `%3A`. */
export function gccMessage(message: string): string {
  return visible(message).replace(LOCATION_IN_TEXT, '%3A');
}

/** A line of a report that starts, after blanks (not line ends: `m` makes `^` match after each), with `::`. */
const COMMAND_START = /^((?:[^\S\r\n]|\u0085)*):(?=:)/gm;

/** The last step of a line report: no line starts (after blanks) with `::` (./commands.ts), whatever its parts were. */
export function guardLineStarts(report: string): string {
  return report.replace(COMMAND_START, '$1\\x3A');
}

/**
 * A copy of a report's data with every string made visible: what a text report prints of a diff (names, values,
 * paths, messages, flow labels) comes from the files. Plain and null-prototype objects, arrays and Maps.
 */
export function visibleDeep<T>(value: T): T {
  if (typeof value === 'string') return visible(value) as T;
  if (Array.isArray(value)) return value.map((v) => visibleDeep(v)) as T;
  // The diff's files by name carry system names from the files (a system called ESC ] 0 ; … BEL).
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [visibleDeep(k), visibleDeep(v)])) as T;
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as object | null;
    // Object literals, and records without inherited keys (Object.create(null), or src/core/record.ts's
    // emptyRecord, whose prototype has none); class instances are kept as they are.
    if (proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return value;
    const out = Object.create(proto) as Record<string, unknown>;
    // Keys are names from the files too: defined, never assigned (a key `__proto__` would set the prototype).
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, visible(k), { value: visibleDeep(v), enumerable: true, writable: true, configurable: true });
    return out as T;
  }
  return value;
}

/** A finding as a report shows it: its message, paths and related locations with visible escapes. */
export function forDisplay<D extends Diagnostic>(d: D): D {
  const out: D = { ...d, message: visible(d.message), file: visible(d.file) };
  if (d.related) out.related = d.related.map((r) => ({ ...r, message: visible(r.message), file: visible(r.file) }));
  if (d.fix) out.fix = { ...d.fix, description: visible(d.fix.description) };
  return out;
}
