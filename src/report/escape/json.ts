/**
 * JSON output (`check -f json`, sarif, codequality, `compile`, `rules`, and the JSON of `diff`, `simulate` and
 * `graph`) carries every value exactly: JSON.stringify escapes C0 controls, quotes and backslashes itself. What it
 * leaves raw — DEL, the C1 controls, U+2028/2029, the bidi controls (./controls.ts) — and the `[` of `##[` (the GitHub
 * runner's older command form, ./commands.ts) are written as `\u` escapes too: the same data for a program, and
 * nothing a terminal or a CI log acts on for a person who reads it. They can only stand inside strings (JSON has no
 * `#` outside them), where an escape means the same character.
 */
const JSON_RAW = /[\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** JSON as JSON.stringify writes it (two blanks of indentation), with the escapes above, and a final line end. */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(JSON_RAW, unicodeEscape).replace(/##\[/g, '##\\u005B') + '\n';
}
