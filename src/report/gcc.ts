/**
 * `file:line:column: error|warning|note: message [rule-id]` — one line per
 * finding, the format VS Code's `$gcc` problem matcher, vim's errorformat and
 * GitHub problem matchers read. Info findings are "note".
 */
import type { Formatter } from './types.js';

export const gcc: Formatter = ({ diagnostics }) =>
  diagnostics
    .map((d) => `${d.file}:${d.line}:${d.column}: ${d.severity === 'info' ? 'note' : d.severity}: ${d.message.replace(/\r?\n/g, ' ')} [${d.ruleId}]`)
    .join('\n') + (diagnostics.length ? '\n' : '');
