/**
 * Escaping for Markdown that GitHub renders — `diff -f markdown` (a pull-request comment a bot posts),
 * `simulate -f markdown` and the failure sweep's Markdown — and for the other text GitHub shows from a report:
 * `github` annotations and SARIF messages in code scanning.
 *
 * GitHub turns text into more than what it says: `@org/team` notifies a team from a bot's comment, `#123` and
 * `GH-123` link (and cross-reference) an issue, a bare `https://…` or `www.…` is a link (GitHub Flavored Markdown
 * "Autolinks (extension)"), `[x](…)` and `<img …>` are a link and HTML. Text from the files is written so that it
 * reads the same and does none of this.
 */
import { escapeControls } from './controls.js';

/** U+200D ZERO WIDTH JOINER: invisible, and neither a letter nor a digit, so a reference pattern does not match across it. */
const JOINER = '\u200D';

/**
 * Text in which GitHub finds no reference: a joiner after the `@` of a mention (`@` at the start or after a
 * character that is not a letter, digit or `_`, followed by a letter or digit, as GitHub's mention filter wants
 * it — `cluster@port` is left alone), after the `#` of `#123` (`org/repo#123` too) and after `GH-` of `GH-123`.
 */
export function breakReferences(text: string): string {
  return text
    .replace(/(^|[^A-Za-z0-9_])@(?=[A-Za-z0-9])/g, `$1@${JOINER}`)
    .replace(/#(?=\d)/g, `#${JOINER}`)
    .replace(/\b(GH-)(?=\d)/gi, `$1${JOINER}`);
}

/** Text in which GitHub finds no autolink: a joiner inside `://` and after `www`. */
function breakAutolinks(text: string): string {
  return text.replace(/:\/\//g, `:${JOINER}//`).replace(/\bwww\./gi, `www${JOINER}.`);
}

/**
 * Text from the files in Markdown (a pull-request comment, a wiki page): control characters escaped, the Markdown
 * and HTML punctuation backslash-escaped (CommonMark §2.4) — so that a name such as `[x](https://…)` or `<img …>` in
 * a configuration is shown as written, never as a link or HTML, and `|` does not end a table cell — and mentions,
 * issue references and autolinks broken.
 */
export function markdownText(s: string): string {
  return breakAutolinks(breakReferences(escapeControls(s).replace(/[\\`*_[\]<>|~&!]/g, '\\$&')));
}

/**
 * Text from the files as a Markdown code span: fenced with one backtick more than its longest run of backticks, and
 * padded with a space when it starts or ends with one (CommonMark §6.1), so that a backtick in a folder name cannot
 * end the span and let the rest be read as a link or HTML. Control characters escaped; GitHub finds no mention,
 * reference or link inside a code span. `##[` cannot be escaped there (a backslash is literal): such text is written
 * as Markdown text instead (./commands.ts).
 */
export function markdownCode(s: string): string {
  const text = escapeControls(s);
  if (text.includes('##[')) return markdownText(s);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
