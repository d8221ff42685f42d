/**
 * Escaping for the XML reports (checkstyle, junit). XML 1.0 cannot hold most control characters at all, not even
 * as references: they become U+FFFD (callers make them visible first, ./line.ts). `##[` is written `##&#91;` — the
 * same text to an XML reader, and not the GitHub runner's older command form in a log that shows the file
 * (./commands.ts).
 */
import { LEGACY_COMMAND } from './commands.js';

/** Characters XML 1.0 does not allow at all (not even as references) become U+FFFD. */
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escape for an attribute value in double quotes; line breaks are kept as references so parsers do not normalise them to blanks. */
export function attr(value: string | number): string {
  return String(value)
    .replace(INVALID, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;')
    .replace(LEGACY_COMMAND, '##&#91;');
}

/** Escape element text. */
export function text(value: string): string {
  return value.replace(INVALID, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(LEGACY_COMMAND, '##&#91;');
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';
