/**
 * `file:line:column: error|warning|note: message [rule-id]` — one line per
 * finding, for vim's errorformat, Emacs' compilation-mode, VS Code and GitHub
 * problem matchers. Info findings are "note".
 *
 * The `$gcc` matcher (it ships with the C/C++ extension, ms-vscode.cpptools,
 * not with VS Code itself) matches `error` and `warning` lines only and has no
 * code group; plexlint-matcher.json at the package root also reads the notes
 * and the rule id (docs/editor.md, docs/ci.md).
 *
 * These readers take the first `:line:column:` of a line, so the file name
 * must hold none: a file named `README.md:7:1: error: x.tcpip` would put the
 * annotation on README.md. Such a name is written percent-encoded, and one
 * that starts with blanks or `::` as `./…` (./escape/line.ts gccFile); a
 * message's `:7:1: error:` is encoded too (gccMessage).
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { gccFile, gccMessage } from './escape/line.js';
import type { Formatter } from './types.js';

/** One line, whatever the file name and the message hold: control characters (a line feed from a value too) are escaped (./escape/line.ts). */
export function gccLine(d: Diagnostic): string {
  return `${gccFile(d.file)}:${d.line}:${d.column}: ${d.severity === 'info' ? 'note' : d.severity}: ${gccMessage(d.message)} [${d.ruleId}]`;
}

export const gcc: Formatter = ({ diagnostics }) => diagnostics.map(gccLine).join('\n') + (diagnostics.length ? '\n' : '');
