/**
 * GitLab Code Quality (`artifacts:reports:codequality`), the subset of the Code
 * Climate issue format GitLab reads: a JSON array of
 * `{ description, check_name, fingerprint, severity, location: { path, lines: { begin, end } } }`.
 * The merge request widget compares the fingerprints of the source and target
 * branches to show new and fixed findings, so the fingerprint is the SARIF line
 * hash plus the path (GitLab compares fingerprints across the whole report).
 * Severities follow eslint-formatter-gitlab: error → major, warning → minor,
 * info → info.
 */
import { createHash } from 'node:crypto';
import type { Severity } from '../core/diagnostic.js';
import { stringifyJson } from './escape/json.js';
import { visible } from './escape/line.js';
import { rootRelative } from './paths.js';
import { lineFingerprints } from './sarif.js';
import type { Formatter } from './types.js';

const SEVERITY: Record<Severity, string> = { error: 'major', warning: 'minor', info: 'info' };

export const codequality: Formatter = (input) => {
  const prints = lineFingerprints(input);
  const issues = input.diagnostics.map((d, i) => {
    const path = visible(rootRelative(input, d.file) ?? d.file);
    return {
      type: 'issue',
      check_name: d.ruleId,
      description: `${visible(d.message)} [${d.ruleId}]`,
      categories: ['Bug Risk'],
      severity: SEVERITY[d.severity],
      fingerprint: createHash('md5').update(`${path}\0${prints[i]}`).digest('hex'),
      location: { path, lines: { begin: d.line, end: Math.max(d.line, d.endLine) } },
    };
  });
  return stringifyJson(issues);
};
