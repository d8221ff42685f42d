/**
 * GitLab Code Quality (`artifacts:reports:codequality`), the subset of the Code
 * Climate issue format GitLab reads: a JSON array of
 * `{ description, check_name, fingerprint, severity, location: { path, lines: { begin, end } } }`.
 * The merge request widget compares the fingerprints of the source and target
 * branches to show new and fixed findings, so the fingerprint is the finding's
 * identity (src/core/identity.ts, the one `--baseline` and `diff` match by) and
 * how many findings of the report had the same identity before it: GitLab wants
 * every fingerprint of a report to be unique, and the same finding in two estates
 * has the same identity. Like the identity, it holds no path: an estate moved to
 * another folder keeps its findings' fingerprints.
 * Severities follow eslint-formatter-gitlab: error → major, warning → minor,
 * info → info.
 */
import { createHash } from 'node:crypto';
import type { Severity } from '../core/diagnostic.js';
import { stringifyJson } from './escape/json.js';
import { visible } from './escape/line.js';
import { rootRelative } from './paths.js';
import { fingerprint } from '../diff/findings.js';
import type { Formatter } from './types.js';

const SEVERITY: Record<Severity, string> = { error: 'major', warning: 'minor', info: 'info' };

export const codequality: Formatter = (input) => {
  const seen = new Map<string, number>();
  const issues = input.diagnostics.map((d) => {
    const path = visible(rootRelative(input, d.file) ?? d.file);
    const identity = fingerprint(d, input.cwd);
    const n = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, n);
    return {
      type: 'issue',
      check_name: d.ruleId,
      description: `${visible(d.message)} [${d.ruleId}]`,
      categories: ['Bug Risk'],
      severity: SEVERITY[d.severity],
      fingerprint: createHash('md5').update(`${identity}\0${n}`).digest('hex'),
      location: { path, lines: { begin: d.line, end: Math.max(d.line, d.endLine) } },
    };
  });
  return stringifyJson(issues);
};
