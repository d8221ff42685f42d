/**
 * `plexlint check --baseline <old>`: report only the findings that are new
 * compared with a baseline — a folder or file, a `git:<ref>`, or a report saved
 * with `--format json` — like differential ShellCheck or reviewdog's
 * `filter-mode added`, so a team can adopt plexlint on a legacy estate. Findings
 * are matched by fingerprint (rule and subject), not by line.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { planEstates } from '../engine/compile.js';
import { lintAll, type LintOptions } from '../engine/lint.js';
import { estateFolder } from './estates.js';
import { fingerprint } from './findings.js';
import { openSide } from './sides.js';

export class BaselineError extends Error {}

/** A path relative to a folder, with '/' separators (the identity used for matching). */
function below(root: string, from: string, file: string): string {
  return relative(root, resolve(from, file)).split(sep).join('/');
}

/** A diagnostic's fingerprint with its file relative to `root`. */
function rebased(d: Diagnostic, from: string, root: string): string {
  return fingerprint({ ...d, file: below(root, from, d.file) });
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

/** One finding of the baseline: its fingerprint, and its estate's folder below the baseline's root (when known) or its file. */
export interface BaselineEntry {
  fingerprint: string;
  estate?: string;
  file?: string;
}

export interface Baseline {
  entries: BaselineEntry[];
  /** The folder the fingerprints' files are relative to. */
  root: string;
  /** Read from a saved --format json report (files relative to the working directory it was run in). */
  report: boolean;
}

function fromReport(path: string, cwd: string): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new BaselineError(`--baseline ${path}: not a JSON report (${(e as Error).message.split('\n')[0]})`);
  }
  if (!Array.isArray(data)) throw new BaselineError(`--baseline ${path}: expected the array that --format json writes`);
  const entries: BaselineEntry[] = [];
  for (const entry of data as { filePath?: string; messages?: SavedMessage[] }[]) {
    const file = relative(cwd, entry.filePath ?? '').split('\\').join('/');
    for (const m of entry.messages ?? []) {
      if (!m.ruleId) continue;
      entries.push({ fingerprint: m.fingerprint ?? fingerprint({ ruleId: m.ruleId, file, message: m.message ?? '' }), file });
    }
  }
  return { entries, root: cwd, report: true };
}

/**
 * The baseline's findings: a saved report, or every estate of a folder, file or git:<ref> checked on its own, each
 * finding with the folder of its estate (docs/estates.md), so that the same finding in two estates is two findings.
 */
export function readBaseline(spec: string, cwd: string, currentPaths: string[], options: LintOptions): Baseline {
  const abs = resolve(cwd, spec);
  if (!spec.startsWith('git:') && spec.endsWith('.json') && existsSync(abs) && statSync(abs).isFile()) return fromReport(abs, cwd);
  if (!spec.startsWith('git:') && !existsSync(abs)) throw new BaselineError(`--baseline ${spec} does not exist`);
  const side = openSide(spec, cwd, currentPaths.length ? currentPaths : ['.']);
  try {
    const entries: BaselineEntry[] = [];
    if (side.paths.length) {
      for (const r of lintAll(side.paths, { ...options, cwd: side.root }).results) {
        const estate = estateFolder(r.compiled.inputs, side.root);
        for (const d of r.diagnostics) entries.push({ fingerprint: rebased(d, side.root, side.root), estate });
      }
    }
    return { entries, root: side.root, report: false };
  } finally {
    side.cleanup();
  }
}

/** The estate folders of the current run's paths, below `root`: a file is in the deepest one that holds it ('' none). */
export function currentEstates(paths: string[], options: LintOptions, root: string): (file: string) => string {
  const folders = planEstates(paths, options)
    .discovery.estates.filter((e) => e.manifest)
    .map((e) => estateFolder(e, root))
    .sort((a, b) => b.length - a.length);
  return (file) => folders.find((f) => f === '.' || file === f || file.startsWith(`${f}/`)) ?? '';
}

/**
 * The current findings that the baseline does not have (a multiset difference): matched first within the same
 * estate, then — for an estate that moved or gained a manifest — in any estate.
 */
export function onlyNew(current: Diagnostic[], cwd: string, root: string, baseline: Baseline, estateOf: (file: string) => string): Diagnostic[] {
  const sameEstate = new Map<string, number>();
  const anyEstate = new Map<string, number>();
  const take = (pool: Map<string, number>, key: string): boolean => {
    const n = pool.get(key) ?? 0;
    if (n > 0) pool.set(key, n - 1);
    return n > 0;
  };
  const estateKey = (estate: string, fp: string): string => `${estate}\u0000${fp}`;
  for (const e of baseline.entries) {
    const key = estateKey(e.estate ?? (e.file !== undefined ? estateOf(e.file) : ''), e.fingerprint);
    sameEstate.set(key, (sameEstate.get(key) ?? 0) + 1);
    anyEstate.set(e.fingerprint, (anyEstate.get(e.fingerprint) ?? 0) + 1);
  }
  const keys = current.map((d) => (baseline.report ? fingerprint(d) : rebased(d, cwd, root)));
  const known = current.map((d, i) => take(sameEstate, estateKey(estateOf(below(root, cwd, d.file)), keys[i]!)) && take(anyEstate, keys[i]!));
  return current.filter((_, i) => !known[i] && !take(anyEstate, keys[i]!));
}
