/**
 * `check --fix` and `--fix-dry-run` (ESLint's semantics): lint, apply every fix that does not overlap another
 * (./fixes.ts), lint the fixed estate again — in memory, the fixed texts standing for their files — and repeat
 * until no fix is left (a fixed point) or ten passes have run. A fix is never applied halfway; the outcome is the
 * final text of each fixed file, its bytes in the file's own encoding (src/sources/encode.ts), and the lint
 * run of the fixed estates. Nothing is written here: the command line writes the files, or not for a dry run.
 */
import { resolve } from 'node:path';
import type { DiagnosticFix } from '../core/diagnostic.js';
import type { Encoding } from '../sources/decode.js';
import { spliceBytes } from '../sources/encode.js';
import { FsJournal, hashBytes } from '../sources/fs-journal.js';
import { applyFixes } from './fixes.js';
import type { SourceFile } from '../sources/source-file.js';
import { lintAll, type LintOptions, type LintRun } from './lint.js';
import { isReadFailure } from '../sources/read-file.js';

/** ESLint's limit: fixes that keep making new fixes stop after this many passes. */
export const MAX_FIX_PASSES = 10;

export interface FixedFile {
  /** Absolute path. */
  abs: string;
  /** As shown to the user. */
  path: string;
  /** The file's bytes when the run began, and their hash (to make sure it did not change before it is written). */
  original: Buffer;
  originalHash: string;
  /** The fixed text (decoded) and bytes (in the file's encoding). */
  text: string;
  bytes: Buffer;
  /** Fixes applied to it, over all passes. */
  fixes: number;
}

export interface FixOutcome {
  /** Lint of the fixed estates: the findings that remain. */
  run: LintRun;
  /** Files whose text changed. */
  files: FixedFile[];
  passes: number;
  /** Files a fix could not be written back to without changing what it does not touch (path → why). */
  unwritable: Map<string, string>;
}

export interface FixOptions extends LintOptions {
  /** Apply only the fixes of errors (--quiet, as ESLint). */
  errorsOnly?: boolean;
}

/** The fixes of a run, by file, with the file's text as that run read it. */
function fixesByFile(run: LintRun, errorsOnly: boolean): Map<string, { source: SourceFile; fixes: DiagnosticFix[] }> {
  const out = new Map<string, { source: SourceFile; fixes: DiagnosticFix[] }>();
  for (const result of run.results) {
    for (const d of result.diagnostics) {
      if (!d.fix || (errorsOnly && d.severity !== 'error')) continue;
      const source = result.compiled.sources.get(d.file);
      if (!source?.absPath) continue;
      const entry = out.get(d.file) ?? { source, fixes: [] };
      entry.fixes.push(d.fix);
      out.set(d.file, entry);
    }
  }
  return out;
}

/** Lint every estate the paths name (as `plexlint check` does) and fix them to a fixed point, in memory. */
export function lintAndFix(paths: string[], options: FixOptions = {}): FixOutcome {
  const cwd = options.cwd ?? process.cwd();
  const fixed = new Map<string, FixedFile>();
  const unwritable = new Map<string, string>();
  let run = lintAll(paths, { ...options, cwd });
  let passes = 0;
  while (passes < MAX_FIX_PASSES) {
    let changed = false;
    for (const [path, { source, fixes }] of fixesByFile(run, options.errorsOnly === true)) {
      if (unwritable.has(path)) continue;
      const abs = resolve(source.absPath);
      const before = fixed.get(abs);
      const current = before?.bytes ?? originalBytes(run.plan.fs, abs);
      if (!current) continue;
      const applied = applyFixes(source.text, fixes);
      if (applied.applied.length === 0 || applied.text === source.text) continue;
      const spliced = spliceBytes(current, source.encoding as Encoding, applied.applied.flatMap((f) => f.edits));
      if ('error' in spliced) {
        unwritable.set(path, spliced.error);
        continue;
      }
      fixed.set(abs, {
        abs,
        path,
        original: before?.original ?? current,
        originalHash: before?.originalHash ?? hashBytes(current),
        text: applied.text,
        bytes: spliced.bytes,
        fixes: (before?.fixes ?? 0) + applied.applied.length,
      });
      changed = true;
    }
    if (!changed) break;
    passes++;
    // The next pass reads the fixed texts in place of the files (standard input's text too, when it was fixed).
    const fs = new FsJournal();
    for (const f of fixed.values()) fs.overlay(f.abs, f.bytes);
    const stdin = options.stdin && fixed.get(resolve(options.stdin.path));
    run = lintAll(paths, { ...options, cwd, fs, ...(stdin ? { stdin: { ...options.stdin!, text: stdin.bytes } } : {}) });
  }
  // A file whose fixes cancelled out (back to its original bytes) is not changed.
  const files = [...fixed.values()].filter((f) => !f.bytes.equals(f.original)).sort((a, b) => a.path.localeCompare(b.path));
  return { run, files, passes, unwritable };
}

/** The bytes a run read for a file (standard input's text for the file it stands for). */
function originalBytes(fs: FsJournal, abs: string): Buffer | undefined {
  const bytes = fs.read(abs);
  return isReadFailure(bytes) ? undefined : bytes;
}
