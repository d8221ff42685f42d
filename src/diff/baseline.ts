/**
 * `plexlint check --baseline <old>`: report only the findings that are new
 * compared with a baseline — a folder or file, a `git:<ref>`, or a report saved
 * with `--format json` — like differential ShellCheck or reviewdog's
 * `filter-mode added`, so a team can adopt plexlint on a legacy estate. Findings
 * are matched by fingerprint (rule and subject), not by line.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { lint, type LintOptions } from '../engine/lint.js';
import { fingerprint } from './findings.js';
import { openSide } from './sides.js';
import { isReadFailure, readRegularFile } from '../sources/read-file.js';

export class BaselineError extends Error {}

/** Diagnostics with their file relative to `root` (the identity used for matching). */
function rebase(diagnostics: Diagnostic[], from: string, root: string): string[] {
  return diagnostics.map((d) => fingerprint({ ...d, file: relative(root, resolve(from, d.file)).split('\\').join('/') }));
}

/** The folder the current run's paths are relative to, for matching. */
export function rootOf(paths: string[], cwd: string): string {
  if (paths.length === 1) {
    const abs = resolve(cwd, paths[0]!);
    try {
      return statSync(abs).isDirectory() ? abs : dirname(abs);
    } catch {
      return cwd;
    }
  }
  return cwd;
}

interface SavedMessage {
  ruleId?: string | null;
  message?: string;
  fingerprint?: string;
}

/** Largest saved report read as a baseline (a report of a million findings is a few hundred MB). */
const MAX_REPORT_BYTES = 1024 * 1024 * 1024;

function fromReport(path: string, cwd: string): { fingerprints: string[]; root: string } {
  // The bounded reader: a /proc file or a device named report.json is never read without end.
  const bytes = readRegularFile(path, MAX_REPORT_BYTES);
  if (isReadFailure(bytes)) throw new BaselineError(`--baseline ${relative(cwd, path) || path} ${bytes.why}`);
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw new BaselineError(`--baseline ${path}: not a JSON report (${(e as Error).message.split('\n')[0]})`);
  }
  if (!Array.isArray(data)) throw new BaselineError(`--baseline ${path}: expected the array that --format json writes`);
  const fingerprints: string[] = [];
  for (const entry of data as { filePath?: string; messages?: SavedMessage[] }[]) {
    const file = relative(cwd, entry.filePath ?? '').split('\\').join('/');
    for (const m of entry.messages ?? []) {
      if (!m.ruleId) continue;
      fingerprints.push(m.fingerprint ?? fingerprint({ ruleId: m.ruleId, file, message: m.message ?? '' }));
    }
  }
  return { fingerprints, root: cwd };
}

/** Fingerprints of the baseline's findings, and the root they are relative to. */
export function baselineFingerprints(spec: string, cwd: string, currentPaths: string[], options: LintOptions): { fingerprints: string[]; root: string } {
  const abs = resolve(cwd, spec);
  // A .json that is there is a saved report — or a FIFO, a device or a /proc file, which fromReport refuses unread.
  if (!spec.startsWith('git:') && spec.endsWith('.json') && existsSync(abs) && !statSync(abs).isDirectory()) return fromReport(abs, cwd);
  if (!spec.startsWith('git:') && !existsSync(abs)) throw new BaselineError(`--baseline ${spec} does not exist`);
  const side = openSide(spec, cwd, currentPaths.length ? currentPaths : ['.']);
  const r = lint(side.paths, { ...options, cwd: side.cwd, ...(side.fs ? { fs: side.fs } : {}) });
  const root = spec.startsWith('git:') ? side.cwd : rootOf(side.paths.map((p) => relative(side.cwd, p)), side.cwd);
  return { fingerprints: rebase(r.diagnostics, side.cwd, root), root };
}

/** The current findings that the baseline does not have (a multiset difference). */
export function onlyNew(current: Diagnostic[], cwd: string, root: string, baseline: string[], jsonBaseline: boolean): Diagnostic[] {
  const pool = new Map<string, number>();
  for (const f of baseline) pool.set(f, (pool.get(f) ?? 0) + 1);
  const keys = jsonBaseline ? current.map((d) => fingerprint(d)) : rebase(current, cwd, root);
  return current.filter((_, i) => {
    const n = pool.get(keys[i]!) ?? 0;
    if (n > 0) {
      pool.set(keys[i]!, n - 1);
      return false;
    }
    return true;
  });
}
