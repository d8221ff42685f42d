/**
 * ESLint-compatible JSON (ESLint's json formatter): one entry per file with its messages,
 * severity 2 for errors and 1 for warnings; info findings carry severity 1 and
 * "level": "info" so tools that know only ESLint still read them. A fixable finding
 * has ESLint's `fix` ({ range, text }) and counts in fixableErrorCount /
 * fixableWarningCount (info findings count as warnings, as their severity does);
 * after `--fix` or `--fix-dry-run` a fixed file has its fixed text in `output`. Changes that need a person's
 * choice are ESLint's `suggestions` ({ desc, fix }).
 */
import { resolve } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { stringifyJson } from './escape/json.js';
import type { Formatter } from './types.js';
import { fingerprint } from '../diff/findings.js';

function message(d: Diagnostic, cwd: string): Record<string, unknown> {
  return {
    ruleId: d.ruleId,
    severity: d.severity === 'error' ? 2 : 1,
    ...(d.severity === 'info' ? { level: 'info' } : {}),
    message: d.message,
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    ...(d.related ? { related: d.related } : {}),
    // ESLint's fix: one range of the file's text (offsets of its decoded text) and what replaces it.
    ...(d.fix ? { fix: { range: d.fix.range, text: d.fix.text } } : {}),
    // ESLint's suggestions: changes a person chooses among; --fix never applies them.
    ...(d.suggestions ? { suggestions: d.suggestions.map((x) => ({ desc: x.description, fix: { range: x.range, text: x.text } })) } : {}),
    // The finding's identity (src/core/identity.ts), the same wherever the estate lies: for --baseline <report.json>.
    fingerprint: fingerprint(d, cwd),
  };
}

/** Standard input without --stdin-filename is named `<stdin>`: a name, not a path (ESLint's `<text>`). */
function isPseudoFile(file: string): boolean {
  return /^<[^<>/\\]+>$/.test(file);
}

export const json: Formatter = ({ diagnostics, files, cwd, suppressed = [], outputs }) => {
  const byFile = new Map<string, typeof diagnostics>();
  for (const f of files) byFile.set(f, []);
  for (const d of diagnostics) {
    const list = byFile.get(d.file) ?? [];
    list.push(d);
    byFile.set(d.file, list);
  }
  const results = [...byFile.entries()].map(([file, list]) => ({
    filePath: isPseudoFile(file) ? file : resolve(cwd, file),
    messages: list.map((d) => message(d, cwd)),
    // ESLint's shape: the suppressed finding plus how it was suppressed.
    suppressedMessages: suppressed.filter((d) => d.file === file).map((d) => ({ ...message(d, cwd), suppressions: d.suppressions })),
    errorCount: list.filter((d) => d.severity === 'error').length,
    warningCount: list.filter((d) => d.severity === 'warning').length,
    infoCount: list.filter((d) => d.severity === 'info').length,
    fatalErrorCount: 0,
    fixableErrorCount: list.filter((d) => d.fix && d.severity === 'error').length,
    fixableWarningCount: list.filter((d) => d.fix && d.severity !== 'error').length,
    ...(outputs?.has(file) ? { output: outputs.get(file) } : {}),
    usedDeprecatedRules: [],
  }));
  return stringifyJson(results);
};
