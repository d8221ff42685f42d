/**
 * `file:line:column: error|warning|note: message [rule-id]` — one line per
 * finding, for vim's errorformat, Emacs' compilation-mode, VS Code and GitHub
 * problem matchers. Info findings are "note".
 *
 * The `$gcc` matcher (it ships with the C/C++ extension, ms-vscode.cpptools,
 * not with VS Code itself) matches `error` and `warning` lines only and has no
 * code group; plexlint-matcher.json at the package root also reads the notes
 * and the rule id (docs/editor.md, docs/ci.md).
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { forDisplay } from './escape.js';
import type { Formatter } from './types.js';

/** One line, whatever the message holds: control characters (a line feed from a value too) are escaped (./escape.ts). */
export function gccLine(finding: Diagnostic): string {
  const d = forDisplay(finding);
  return `${d.file}:${d.line}:${d.column}: ${d.severity === 'info' ? 'note' : d.severity}: ${d.message} [${d.ruleId}]`;
}

export const gcc: Formatter = ({ diagnostics }) => diagnostics.map(gccLine).join('\n') + (diagnostics.length ? '\n' : '');
