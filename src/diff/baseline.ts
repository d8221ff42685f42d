/**
 * `plexlint check --baseline <old>`: report only the findings that are new
 * compared with a baseline — a folder or file, a `git:<ref>`, or a report saved
 * with `--format json` — like differential ShellCheck or reviewdog's
 * `filter-mode added`, so a team can adopt plexlint on a legacy estate. Findings
 * are matched by their identity (src/core/identity.ts), which does not depend on
 * where the estate lies or where plexlint runs: a baseline in another folder, a
 * copy under another name, a report saved in another working directory match.
 */
import { existsSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { planEstates } from '../engine/compile.js';
import { lintAll, type LintOptions } from '../engine/lint.js';
import { estateFolder } from './estates.js';
import { fingerprint } from './findings.js';
import { openSide } from './sides.js';
import { isReadFailure, readRegularFile } from '../sources/read-file.js';

export class BaselineError extends Error {}

/** A path relative to a folder, with '/' separators. */
function below(root: string, from: string, file: string): string {
  return relative(root, resolve(from, file)).split(sep).join('/');
}

interface SavedMessage {
  ruleId?: string | null;
  message?: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  fingerprint?: string;
}

/** One finding of the baseline: its identity, and its estate's folder below the baseline's root (unknown for a saved report). */
export interface BaselineEntry {
  fingerprint: string;
  estate?: string;
}

export interface Baseline {
  entries: BaselineEntry[];
  /** The folders of the baseline's estates (below its root; '' for files without a manifest); unknown for a saved report. */
  estates?: Set<string>;
}

/** Largest saved report read as a baseline (a report of a million findings is a few hundred MB). */
const MAX_REPORT_BYTES = 1024 * 1024 * 1024;

/**
 * A report saved with --format json: each message's `fingerprint` is its identity, wherever the report was made. A
 * report without fingerprints (written by another tool in ESLint's format) is matched by rule, file and message.
 */
function fromReport(path: string, cwd: string): Baseline {
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
  const entries: BaselineEntry[] = [];
  for (const entry of data as { filePath?: string; messages?: SavedMessage[] }[]) {
    const file = relative(cwd, entry.filePath ?? '').split('\\').join('/');
    for (const m of entry.messages ?? []) {
      if (!m.ruleId) continue;
      const at = { line: m.line ?? 1, column: m.column ?? 1, endLine: m.endLine ?? m.line ?? 1, endColumn: m.endColumn ?? m.column ?? 1 };
      entries.push({ fingerprint: typeof m.fingerprint === 'string' ? m.fingerprint : fingerprint({ ruleId: m.ruleId as Diagnostic['ruleId'], file, message: m.message ?? '', ...at }, cwd) });
    }
  }
  return { entries };
}

/**
 * The baseline's findings: a saved report, or every estate of a folder, file or git:<ref> checked on its own, each
 * finding with the folder of its estate (docs/estates.md), so that the same finding in two estates is two findings.
 */
export function readBaseline(spec: string, cwd: string, currentPaths: string[], options: LintOptions): Baseline {
  const abs = resolve(cwd, spec);
  // A .json that is there is a saved report — or a FIFO, a device or a /proc file, which fromReport refuses unread.
  if (!spec.startsWith('git:') && spec.endsWith('.json') && existsSync(abs) && !statSync(abs).isDirectory()) return fromReport(abs, cwd);
  if (!spec.startsWith('git:') && !existsSync(abs)) throw new BaselineError(`--baseline ${spec} does not exist`);
  const side = openSide(spec, cwd, currentPaths.length ? currentPaths : ['.']);
  const entries: BaselineEntry[] = [];
  const estates = new Set<string>();
  if (side.paths.length) {
    // A git:<ref> baseline is read from the revision's files in memory (src/sources/git-tree.ts).
    for (const r of lintAll(side.paths, { ...options, cwd: side.root, ...(side.fs ? { fs: side.fs } : {}) }).results) {
      const estate = r.compiled.inputs.manifest ? estateFolder(r.compiled.inputs, side.root) : '';
      estates.add(estate);
      for (const d of r.diagnostics) entries.push({ fingerprint: fingerprint(d, side.root), estate });
    }
  }
  return { entries, estates };
}

/** The estates of the current run: their folders, and the one a file (relative to the root) is in. */
export interface CurrentEstates {
  /** Folders below the root ('' for files without a manifest). */
  folders: Set<string>;
  of(file: string): string;
}

/** The estates of the current run's paths, below `root`: a file is in the deepest one that holds it ('' none). */
export function currentEstates(paths: string[], options: LintOptions, root: string): CurrentEstates {
  const estates = planEstates(paths, options).discovery.estates;
  const folders = estates.filter((e) => e.manifest).map((e) => estateFolder(e, root)).sort((a, b) => b.length - a.length);
  return {
    folders: new Set(estates.map((e) => (e.manifest ? estateFolder(e, root) : ''))),
    of: (file) => folders.find((f) => f === '.' || file === f || file.startsWith(`${f}/`)) ?? '',
  };
}

/**
 * The current findings that the baseline does not have (a multiset difference of identities), matched within the
 * same estate — the same finding in another estate is another finding. A finding of an estate the baseline does not
 * have (moved to another folder, or given a manifest) may match one of an estate the current run no longer has. A
 * saved report does not say which estate a finding was in: its findings match by identity alone.
 */
export function onlyNew(current: Diagnostic[], cwd: string, root: string, baseline: Baseline, estates: CurrentEstates): Diagnostic[] {
  const sameEstate = new Map<string, number>();
  const gone = new Map<string, number>();
  const add = (pool: Map<string, number>, key: string): void => void pool.set(key, (pool.get(key) ?? 0) + 1);
  const take = (pool: Map<string, number>, key: string): boolean => {
    const n = pool.get(key) ?? 0;
    if (n > 0) pool.set(key, n - 1);
    return n > 0;
  };
  const known = baseline.estates;
  const estateKey = (estate: string, fp: string): string => `${estate}\u0000${fp}`;
  for (const e of baseline.entries) {
    if (!known) add(gone, e.fingerprint);
    else if (estates.folders.has(e.estate!)) add(sameEstate, estateKey(e.estate!, e.fingerprint));
    else add(gone, e.fingerprint);
  }
  return current.filter((d) => {
    const fp = fingerprint(d, cwd);
    if (!known) return !take(gone, fp);
    const estate = estates.of(below(root, cwd, d.file));
    if (take(sameEstate, estateKey(estate, fp))) return false;
    return !(!known.has(estate) && take(gone, fp));
  });
}
