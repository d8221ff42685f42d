/**
 * A diff compares the two sides with paths relative to each side's own root (the same file has the same name on
 * both sides). What the user reads names files relative to the working directory, like every other command: the
 * new side's locations get the path of its root (`net/profiles/SYSB.tcpip` for `diff git:HEAD net`), the old
 * side's the path of its own. A git:<ref> side is laid out like the working tree, so its paths need nothing.
 */
import { isAbsolute, relative, sep } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Loc } from '../core/loc.js';
import type { Change } from './model-diff.js';
import type { FindingsDelta } from './findings.js';

/** The prefix that makes a side's paths relative to the working directory ('' when they are already). */
export function sidePrefix(cwd: string, sideRoot: string, isGit: boolean): string {
  if (isGit) return '';
  const rel = relative(cwd, sideRoot);
  if (rel === '') return '';
  return `${(isAbsolute(rel) ? sideRoot : rel).split(sep).join('/')}/`;
}

/** A side's file as the report names it. */
export function displayPath(prefix: string, file: string): string {
  return prefix && !isAbsolute(file) && !file.startsWith('../') ? `${prefix}${file}`.replace(/\/\.\//g, '/') : file;
}

function rebaseLoc(prefix: string, loc: Loc): Loc {
  return { ...loc, file: displayPath(prefix, loc.file) };
}

function rebaseDiagnostic<T extends Diagnostic>(prefix: string, d: T): T {
  const out = { ...d, file: displayPath(prefix, d.file) };
  if (d.related) out.related = d.related.map((r) => ({ ...r, file: displayPath(prefix, r.file) }));
  return out;
}

export function displayChanges(changes: Change[], oldPrefix: string, newPrefix: string): Change[] {
  return changes.map((c) => ({
    ...c,
    ...(c.oldLoc ? { oldLoc: rebaseLoc(oldPrefix, c.oldLoc) } : {}),
    ...(c.newLoc ? { newLoc: rebaseLoc(newPrefix, c.newLoc) } : {}),
  }));
}

export function displayFindings(f: FindingsDelta, oldPrefix: string, newPrefix: string): FindingsDelta {
  return {
    new: f.new.map((d) => rebaseDiagnostic(newPrefix, d)),
    fixed: f.fixed.map((d) => rebaseDiagnostic(oldPrefix, d)),
    unchanged: f.unchanged.map((d) => rebaseDiagnostic(newPrefix, d)),
  };
}
