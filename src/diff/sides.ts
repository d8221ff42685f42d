/**
 * The two sides of a diff: folders or files, or `git:<ref>` — the same paths
 * as they are at a git revision, read with git itself into memory
 * (src/sources/git-tree.ts); nothing is written to disk and the working tree is
 * never touched.
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { FsJournal } from '../sources/fs-journal.js';
import { gitTree, GitTreeError } from '../sources/git-tree.js';

export interface Side {
  /** What the user gave. */
  spec: string;
  /** Paths to compile. */
  paths: string[];
  /** Working directory for display paths (so both sides show the same relative paths). */
  cwd: string;
  /** The file system the side is read from: the revision's files for git:<ref>, else the disk. */
  fs?: FsJournal;
}

export class SideError extends Error {}

/**
 * @param spec  a path, or git:<ref>
 * @param paths for git:<ref>, the paths (relative to cwd) to read at that revision
 */
export function openSide(spec: string, cwd: string, gitPaths: string[]): Side {
  if (!spec.startsWith('git:')) {
    // Both sides show paths relative to their own root, so the same file has the same
    // name on both sides (its identity for plug-in files, findings and locations).
    const abs = resolve(cwd, spec);
    const root = isDirectory(abs) ? abs : dirname(abs);
    return { spec, paths: [abs], cwd: root };
  }
  const ref = spec.slice(4);
  if (!ref) throw new SideError('git: needs a revision, e.g. git:origin/main');
  const targets = gitPaths.length ? gitPaths : ['.'];
  try {
    const tree = gitTree(ref, cwd, targets);
    return { spec, paths: targets.map((p) => resolve(cwd, p)), cwd, fs: new FsJournal(tree) };
  } catch (e) {
    if (e instanceof GitTreeError) throw new SideError(e.message);
    throw e;
  }
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
