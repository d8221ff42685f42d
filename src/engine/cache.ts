/**
 * The result cache of `plexlint check --cache` (ESLint's `--cache
 * --cache-strategy content`, for a whole estate).
 *
 * Correct first. Cross-file rules make every finding depend on every file, so
 * one entry holds the result of one whole run, under a key of everything that
 * is not on disk: plexlint's version and rule set, the paths and the options
 * that change findings (--config, --rule, --encoding, --no-inline-config) and
 * the working directory (paths in findings are relative to it). What is on disk
 * is the run's file-system journal (src/sources/fs-journal.ts): every file read
 * with a hash of its bytes — profiles, INCLUDEd members, the manifest, files
 * found by folder scans — every folder listed, every existence, size and
 * symbolic-link answer. The sources stage asks the disk nothing else, so an
 * entry whose journal still gives the same answers is the result the run would
 * give; one changed byte, one new file in a scanned folder, one link pointing
 * elsewhere, and the estate is checked again.
 *
 * The cache file is JSON, written atomically by the caller. A cache file that
 * cannot be read, is damaged, or is not plexlint's is ignored (a miss), never
 * fatal; a file that is not plexlint's is never overwritten.
 *
 * A cache entry decides a run's result, so it is authenticated: each entry is
 * stored as its JSON text with an HMAC-SHA256 of that text under a secret key
 * that only the user's cache folder holds (src/cli/cache-location.ts). A file
 * that anyone else wrote — a branch that commits a cache with every finding
 * removed — fails authentication and is ignored; the text of an entry is parsed
 * only once its MAC holds.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import type { Diagnostic } from '../core/diagnostic.js';
import { emptyRecord } from '../core/record.js';
import { MODEL_VERSION } from '../model/estate.js';
import { rules } from '../rules/registry.js';
import { stillHolds, type Observation } from '../sources/fs-journal.js';
import { isReadFailure, readRegularFile } from '../sources/read-file.js';
import { displayPath, type ReadError } from '../sources/workspace.js';
import { isCacheEntry, isCacheLayout } from './cache-schema.js';
import type { Level } from './config.js';
import { sortDiagnostics, type LintResult, type LintRun } from './lint.js';
import type { SuppressedDiagnostic } from './suppress.js';

/** Bump when the layout of the cache file or of an entry changes (2: entries authenticated; 3: files named that are no input). */
export const CACHE_FORMAT = 3;
/** The first bytes of every cache file plexlint writes: how it knows a file is its own. */
export const CACHE_SIGNATURE = '{"tool":"plexlint-cache"';
/** Entries kept (one per key: estates, option sets), newest first. */
export const MAX_ENTRIES = 4;
/** The name of the cache file in a folder named with --cache-location. */
export const DEFAULT_CACHE_FILE = '.plexlintcache';

/** What a check reports: everything the formatters and the exit code need, from a run or from the cache. */
export interface CheckOutcome {
  diagnostics: Diagnostic[];
  suppressed: SuppressedDiagnostic[];
  /** Files checked (display paths), so clean files appear in file-based formats. */
  files: string[];
  readErrors: ReadError[];
  /** Text of the lines findings point at (SARIF fingerprints): file → line → text. */
  lines: Record<string, Record<string, string>>;
  /** Paths and globs on the command line that gave no file to check. */
  unmatched?: string[];
  /** Files named on the command line that an ignore rule leaves out (display path, and the rule). */
  ignored?: { path: string; why: string }[];
  /** `.plexlintignore` files not read because they lead out of their checkout (display path, and why). */
  refused?: { path: string; why: string }[];
  /** Files named on the command line that are never files of an estate (display path, and what they are). */
  notInputs?: { path: string; what: string }[];
}

export interface CacheEntry {
  key: string;
  observations: Observation[];
  outcome: CheckOutcome;
}

/** An entry as stored: its JSON text, and the HMAC-SHA256 of that text under the user's cache key (hex). */
interface StoredEntry {
  mac: string;
  entry: string;
}

interface CacheFile {
  tool: 'plexlint-cache';
  format: number;
  entries: StoredEntry[];
}

/** What the key is made of, besides the version. */
export interface CacheKeyInput {
  /** Absolute paths given on the command line (or the working directory). */
  paths: string[];
  cwd: string;
  /** Absolute --config, if given. */
  config?: string;
  encoding?: string;
  rules?: Record<string, Level>;
  inlineConfig?: boolean;
}

/** Counters for tests and --debug: a hit means no file was parsed and no rule ran. */
export const cacheStats = { hits: 0, misses: 0, writes: 0 };

export function cacheKey(version: string, input: CacheKeyInput): string {
  const ruleSet = rules.map((r) => `${r.meta.id}:${r.meta.severity}`).join(',');
  const settings = Object.entries(input.rules ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const material = JSON.stringify([
    CACHE_FORMAT,
    version,
    MODEL_VERSION,
    ruleSet,
    input.paths,
    input.cwd,
    input.config ?? null,
    input.encoding ?? null,
    settings,
    input.inlineConfig !== false,
  ]);
  return createHash('sha256').update(material).digest('hex');
}

/** The outcome of a lint run, in the form the cache stores. */
export function outcomeOf(result: LintResult): CheckOutcome {
  const { compiled } = result;
  // Files whose kind plexlint could not tell were not checked: they are neither clean test cases nor checkstyle entries.
  const files = [...compiled.sources.keys()].filter((f) => (compiled.kinds.get(f) ?? 'unknown') !== 'unknown' && (result.reported?.(f) ?? true)).sort();
  // Keyed by file names, which come from the checkout: a profile named __proto__ or constructor is a name like any other.
  const lines: CheckOutcome['lines'] = emptyRecord();
  for (const d of [...result.diagnostics, ...result.suppressed]) {
    const source = compiled.sources.get(d.file);
    if (!source || d.line < 1 || d.line > source.lines.lineCount) continue;
    (lines[d.file] ??= emptyRecord())[String(d.line)] = source.lines.lineText(d.line - 1);
  }
  return { diagnostics: result.diagnostics, suppressed: result.suppressed, files, readErrors: compiled.readErrors, lines };
}

/** The outcome of a whole check: every estate's, merged into one report. */
export function outcomeOfRun(run: LintRun): CheckOutcome {
  const parts = run.results.map(outcomeOf);
  const byPath = new Map<string, ReadError>();
  for (const e of [...run.plan.readErrors, ...parts.flatMap((p) => p.readErrors)]) if (!byPath.has(e.path)) byPath.set(e.path, e);
  const show = (abs: string): string => displayPath(run.plan.cwd, abs);
  return {
    diagnostics: sortDiagnostics(parts.flatMap((p) => p.diagnostics)),
    suppressed: sortDiagnostics(parts.flatMap((p) => p.suppressed)),
    files: [...new Set(parts.flatMap((p) => p.files))].sort(),
    readErrors: [...byPath.values()],
    lines: Object.assign(emptyRecord<Record<string, string>>(), ...parts.map((p) => p.lines)) as CheckOutcome['lines'],
    unmatched: run.plan.discovery.unmatched,
    ignored: run.plan.discovery.ignored.map((i) => ({ path: show(i.path), why: i.why })),
    ...(run.plan.discovery.rules.refused.length ? { refused: [...run.plan.discovery.rules.refused] } : {}),
    notInputs: run.plan.discovery.notInputs.map((i) => ({ path: show(i.path), what: i.what })),
  };
}

/**
 * A cache file as read: its authentic entries, and how many entries failed authentication (`forged`: written by
 * someone without the key, or under another key) or were authentic but not of this layout (`damaged`).
 */
export type CacheRead =
  | { kind: 'absent' }
  | { kind: 'ours'; entries: CacheEntry[]; forged: number; damaged: number }
  | { kind: 'damaged'; why: string }
  | { kind: 'foreign' };

/** Largest cache file read (a run with a million findings writes a few hundred MB). */
const MAX_CACHE_BYTES = 1024 * 1024 * 1024;

function head(path: string, n: number): string {
  try {
    const fd = openSync(path, 'r');
    try {
      const buf = Buffer.alloc(n);
      return buf.subarray(0, readSync(fd, buf, 0, n, 0)).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/** The MAC of an entry's text: bound to the layout, so that an entry of another format never passes for this one. */
export function entryMac(secret: Uint8Array, text: string): string {
  return createHmac('sha256', secret).update(`plexlint-cache ${CACHE_FORMAT}\n`).update(text).digest('hex');
}

function authentic(secret: Uint8Array, stored: StoredEntry): boolean {
  const expected = Buffer.from(entryMac(secret, stored.entry), 'hex');
  const given = Buffer.from(stored.mac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Read a cache file, keeping the entries that `secret` authenticates; never throws. */
export function readCacheFile(path: string, secret: Uint8Array): CacheRead {
  // The bounded reader: a folder, a FIFO, a device or a /proc file is nobody's cache file — never read (it
  // may not end), never replaced.
  const bytes = readRegularFile(path, MAX_CACHE_BYTES);
  if (isReadFailure(bytes)) {
    if (bytes.code === 'ENOENT') return { kind: 'absent' };
    if (bytes.code === 'ENOTREG' || bytes.code === 'ESPECIAL') return { kind: 'foreign' };
    if (bytes.code === 'EFBIG') return head(path, CACHE_SIGNATURE.length) === CACHE_SIGNATURE ? { kind: 'damaged', why: 'is too large' } : { kind: 'foreign' };
    return { kind: 'damaged', why: bytes.why };
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') return { kind: 'damaged', why: 'is empty' };
  if (!text.startsWith(CACHE_SIGNATURE)) return { kind: 'foreign' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { kind: 'damaged', why: 'is not valid JSON' };
  }
  if (!isCacheFile(data)) return { kind: 'damaged', why: 'does not have the layout this plexlint writes' };
  const entries: CacheEntry[] = [];
  let forged = 0;
  let damaged = 0;
  for (const stored of data.entries) {
    if (!authentic(secret, stored)) {
      forged++;
      continue;
    }
    let entry: unknown;
    try {
      entry = JSON.parse(stored.entry);
    } catch {
      entry = undefined;
    }
    if (isCacheEntry(entry)) entries.push(entry as CacheEntry);
    else damaged++;
  }
  return { kind: 'ours', entries, forged, damaged };
}

function isCacheFile(x: unknown): x is CacheFile {
  return isCacheLayout(x, CACHE_FORMAT);
}

export type Lookup = { hit: CheckOutcome } | { miss: string };

/** The stored outcome for this key, if every observation of its run still holds. */
export function lookup(read: CacheRead, key: string): Lookup {
  if (read.kind === 'absent') return { miss: 'no cache file yet' };
  if (read.kind === 'foreign') return { miss: 'the cache file is not a plexlint cache' };
  if (read.kind === 'damaged') return { miss: `the cache file ${read.why}` };
  const entry = read.entries.find((e) => e.key === key);
  if (!entry) return { miss: 'no entry for this plexlint version, these paths and these options' };
  for (const o of entry.observations) {
    if (!stillHolds(o)) return { miss: `${o.path} changed (${o.op})` };
  }
  return { hit: entry.outcome };
}

/** The new content of the cache file: this run's entry first, then the other keys' authentic entries, each with its MAC. */
export function updatedCache(read: CacheRead, entry: CacheEntry, secret: Uint8Array): string {
  const others = read.kind === 'ours' ? read.entries.filter((e) => e.key !== entry.key) : [];
  const entries = [entry, ...others].slice(0, MAX_ENTRIES).map((e) => {
    const text = JSON.stringify(e);
    return { mac: entryMac(secret, text), entry: text };
  });
  const file: CacheFile = { tool: 'plexlint-cache', format: CACHE_FORMAT, entries };
  const text = JSON.stringify(file);
  if (!text.startsWith(CACHE_SIGNATURE)) throw new Error('cache layout does not start with its signature');
  return text + '\n';
}
