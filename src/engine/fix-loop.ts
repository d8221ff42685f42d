/**
 * `check --fix` and `--fix-dry-run` (ESLint's semantics): lint, apply every fix that does not overlap another
 * (./fixes.ts), lint the fixed estate again — in memory, the fixed texts standing for their files — and repeat
 * until no fix is left (a fixed point) or ten passes have run. A fix is never applied halfway; the outcome is the
 * final text of each fixed file, its bytes in the file's own encoding (src/sources/encode.ts), and the lint
 * result of the fixed estate. Nothing is written here: the command line writes the files, or not for a dry run.
 */
import { resolve } from 'node:path';
import type { Diagnostic, DiagnosticFix } from '../core/diagnostic.js';
import type { Encoding } from '../sources/decode.js';
import { spliceBytes } from '../sources/encode.js';
import { FsJournal, hashBytes } from '../sources/fs-journal.js';
import { applyFixes } from './fixes.js';
import { lint, type LintOptions, type LintResult } from './lint.js';

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
  /** Lint of the fixed estate: the findings that remain. */
  result: LintResult;
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

/** The fixes of a lint result, by file. */
function fixesByFile(diagnostics: readonly Diagnostic[], errorsOnly: boolean): Map<string, DiagnosticFix[]> {
  const out = new Map<string, DiagnosticFix[]>();
  for (const d of diagnostics) {
    if (!d.fix || (errorsOnly && d.severity !== 'error')) continue;
    const list = out.get(d.file) ?? [];
    list.push(d.fix);
    out.set(d.file, list);
  }
  return out;
}

export function lintAndFix(paths: string[], options: FixOptions = {}): FixOutcome {
  const cwd = options.cwd ?? process.cwd();
  const fixed = new Map<string, FixedFile>();
  const unwritable = new Map<string, string>();
  let result = lint(paths, { ...options, cwd });
  let passes = 0;
  while (passes < MAX_FIX_PASSES) {
    const byFile = fixesByFile(result.diagnostics, options.errorsOnly === true);
    let changed = false;
    for (const [path, fixes] of byFile) {
      if (unwritable.has(path)) continue;
      const source = result.compiled.sources.get(path);
      if (!source?.absPath) continue;
      const abs = resolve(source.absPath);
      const before = fixed.get(abs);
      const current = before?.bytes ?? readOriginal(result, abs);
      if (!current) continue;
      const applied = applyFixes(source.text, fixes);
      if (applied.applied.length === 0 || applied.text === source.text) continue;
      const edits = applied.applied.flatMap((f) => f.edits);
      const spliced = spliceBytes(current, source.encoding as Encoding, edits);
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
    const fs = new FsJournal();
    for (const f of fixed.values()) fs.overlay(f.abs, f.bytes);
    result = lint(paths, { ...options, cwd, fs });
  }
  // A file whose fixes cancelled out (back to its original bytes) is not changed.
  const files = [...fixed.values()].filter((f) => !f.bytes.equals(f.original)).sort((a, b) => a.path.localeCompare(b.path));
  return { result, files, passes, unwritable };
}

/** The bytes the first pass read for a file. */
function readOriginal(result: LintResult, abs: string): Buffer | undefined {
  const bytes = result.compiled.workspace.fs.read(abs);
  return 'error' in bytes ? undefined : bytes;
}
