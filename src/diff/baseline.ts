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
import { commandLinePath } from '../sources/checkout.js';
import { isReadFailure, readRegularFile } from '../sources/read-file.js';

export class BaselineError extends Error {}

/** A path relative to a folder, with '/' separators. */
function below(root: string, from: string, file: string): string {
  return relative(root, resolve(from, file)).split(sep).join('/');
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

/** Where JSON.parse stopped, as "line L, column C" (never the text there: the report may not be the user's). */
function jsonErrorPlace(e: unknown, text: string): string {
  const at = /at position (\d+)/.exec(e instanceof Error ? e.message : '');
  if (!at) return '';
  const before = text.slice(0, Number(at[1]));
  const line = before.split('\n').length;
  return ` (at line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
}

const typeName = (x: unknown): string => (x === undefined ? 'missing' : x === null ? 'null' : Array.isArray(x) ? 'a list' : typeof x === 'object' ? 'an object' : `a ${typeof x}`);

/**
 * The findings of a report saved with --format json (ESLint's layout): a list of files, each a `filePath` and its
 * `messages`, each with a `ruleId` (null for ESLint's fatal errors) and optional `message`, `fingerprint` and
 * positions. A value of another type anywhere is a clear error naming where (`[1].messages[0].ruleId is a
 * number`), never an internal error; the report's own text is never quoted.
 */
function savedFindings(data: unknown, spec: string, cwd: string): BaselineEntry[] | string {
  const wrong = (where: string, x: unknown, want: string): string => `--baseline ${spec}: ${where} is ${typeName(x)}, where a --format json report has ${want}`;
  const isObject = (x: unknown): x is { [key: string]: unknown } => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (!Array.isArray(data)) return wrong('the report', data, 'a list of files');
  const entries: BaselineEntry[] = [];
  for (const [i, entry] of data.entries()) {
    if (!isObject(entry)) return wrong(`[${i}]`, entry, 'an object ({ filePath, messages, … })');
    const filePath = Object.hasOwn(entry, 'filePath') ? entry['filePath'] : undefined;
    if (typeof filePath !== 'string') return wrong(`[${i}].filePath`, filePath, 'a string');
    const messages = Object.hasOwn(entry, 'messages') ? entry['messages'] : undefined;
    if (!Array.isArray(messages)) return wrong(`[${i}].messages`, messages, 'a list');
    // Files are named relative to the working directory the report was made in (this one, for a saved report).
    const file = relative(cwd, filePath).split('\\').join('/');
    for (const [j, m] of messages.entries()) {
      const where = `[${i}].messages[${j}]`;
      if (!isObject(m)) return wrong(where, m, 'an object ({ ruleId, message, line, … })');
      const field = (k: string): unknown => (Object.hasOwn(m, k) ? m[k] : undefined);
      const ruleId = field('ruleId');
      if (ruleId !== undefined && ruleId !== null && typeof ruleId !== 'string') return wrong(`${where}.ruleId`, ruleId, 'a string (or null)');
      for (const k of ['message', 'fingerprint']) if (field(k) !== undefined && typeof field(k) !== 'string') return wrong(`${where}.${k}`, field(k), 'a string');
      for (const k of ['line', 'column', 'endLine', 'endColumn', 'severity']) if (field(k) !== undefined && typeof field(k) !== 'number') return wrong(`${where}.${k}`, field(k), 'a number');
      if (typeof ruleId !== 'string' || !ruleId) continue;
      const saved = field('fingerprint') as string | undefined;
      if (saved !== undefined) {
        entries.push({ fingerprint: saved });
        continue;
      }
      const n = (k: string): number | undefined => field(k) as number | undefined;
      const at = { line: n('line') ?? 1, column: n('column') ?? 1, endLine: n('endLine') ?? n('line') ?? 1, endColumn: n('endColumn') ?? n('column') ?? 1 };
      entries.push({ fingerprint: fingerprint({ ruleId: ruleId as Diagnostic['ruleId'], file, message: (field('message') as string | undefined) ?? '', ...at }, cwd) });
    }
  }
  return entries;
}

/**
 * A report saved with --format json: each message's `fingerprint` is its identity, wherever the report was made. A
 * report without fingerprints (written by another tool in ESLint's format) is matched by rule, file and message.
 */
function fromReport(path: string, spec: string, cwd: string): Baseline {
  // The bounded reader: a /proc file or a device named report.json is never read without end.
  const bytes = readRegularFile(path, MAX_REPORT_BYTES);
  if (isReadFailure(bytes)) throw new BaselineError(`--baseline ${relative(cwd, path) || path} ${bytes.why}`);
  const text = bytes.toString('utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new BaselineError(`--baseline ${spec} is not valid JSON${jsonErrorPlace(e, text)}: it is not a report saved with --format json`);
  }
  const entries = savedFindings(data, spec, cwd);
  if (typeof entries === 'string') throw new BaselineError(entries);
  return { entries };
}

/**
 * The baseline's findings: a saved report, or every estate of a folder, file or git:<ref> checked on its own, each
 * finding with the folder of its estate (docs/estates.md), so that the same finding in two estates is two findings.
 */
export function readBaseline(spec: string, cwd: string, currentPaths: string[], options: LintOptions): Baseline {
  // A report or a folder in the checkout is read only where it stays in the checkout (src/sources/checkout.ts):
  // a link to a file outside is never opened, so none of its text can come back in a message.
  const abs = spec.startsWith('git:') ? resolve(cwd, spec) : commandLinePath(spec, cwd);
  // A .json that is there is a saved report — or a FIFO, a device or a /proc file, which fromReport refuses unread.
  if (!spec.startsWith('git:') && spec.endsWith('.json') && existsSync(abs) && !statSync(abs).isDirectory()) return fromReport(abs, spec, cwd);
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
