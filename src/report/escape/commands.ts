/**
 * What the GitHub Actions runner reads as a workflow command, in every line a step writes to stdout or stderr
 * (actions/runner, src/Runner.Common/ActionCommand.cs and src/Runner.Worker/ActionCommandManager.cs): a line is
 * tried as each of two forms, and either one with a registered command name (error, warning, notice, debug, group,
 * add-mask, add-matcher, stop-commands, …) acts:
 *
 * - `::name properties::data` — TryParseV2: the line with its leading white space trimmed (.NET `TrimStart`, which
 *   trims what JavaScript's `\s` matches and U+0085) starts with `::`. A report line that starts with text from the
 *   files (a file name in `gcc`, a name in a column of the `diff` text) would be a command when the text starts with
 *   `::`;
 * - `##[name properties]data` — TryParse, the older form: `##[` ANYWHERE in the line. A name holding
 *   `##[error]…` would make an annotation from the middle of any line of any format.
 *
 * Lines end at CR and LF. Each format family escapes these in its own syntax (./line.ts, ./json.ts, ./yaml.ts,
 * ./xml.ts; Markdown and Mermaid escape `[` and `#` anyway); test/report-escape-properties.test.ts checks every
 * format's every line.
 */

/** The older command form, anywhere in a line. */
export const LEGACY_COMMAND = /##\[/g;

/** A line the runner reads as the start of a `::` command. */
export const COMMAND_LINE = /^[\s\u0085]*::/;

/** Whether the runner would try a line as a command of either form. */
export function readsAsCommand(line: string): boolean {
  return COMMAND_LINE.test(line) || line.includes('##[');
}
