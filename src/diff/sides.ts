/**
 * The two sides of a diff: folders or files, or `git:<ref>` — the same paths
 * as they are at a git revision, read with git itself into memory
 * (src/sources/git-tree.ts); nothing is written to disk and the working tree is
 * never touched. A revision's files have the paths the working tree's have.
 *
 * Each side has a root: the folder its paths name (the estate a file or folder is in). Both sides
 * name their files relative to their own root, so the same file has the same
 * name on both sides (its identity for plug-in files, findings and locations),
 * and the estates of a side are known by their folder below its root
 * (./estates.ts pairs them by it).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { manifestAbove } from '../sources/discover.js';
import { diskFs, FsJournal } from '../sources/fs-journal.js';
import { gitTree, GitTreeError } from '../sources/git-tree.js';
import { repositoryRoot } from '../sources/side-files.js';

export interface Side {
  /** What the user gave. */
  spec: string;
  /** Paths to compile (absolute). */
  paths: string[];
  /** The side's root (absolute): its files are named, and its estates known, relative to it. */
  root: string;
  /** What makes the side's names relative to the user's working directory: '' or a folder with a trailing '/'. */
  prefix: string;
  /** Read from git at a revision. */
  git: boolean;
  /** The file system the side is read from: the revision's files for git:<ref>, else the disk. */
  fs?: FsJournal;
}

export class SideError extends Error {}

/**
 * The folder a side's paths name: the root of the estate the one file or folder given is in (the folder of the
 * nearest plexlint.yaml at or above it, as `check` finds it), else that folder or the file's folder; for several
 * paths, the working directory. Rooting a file at its estate names the estate's other files the way a folder side
 * of the same estate names them: `diff profiles/SYSA.tcpip .` inside an estate compares web/plugin-cfg.xml with
 * web/plugin-cfg.xml, not ../web/plugin-cfg.xml with web/plugin-cfg.xml. `check --baseline` roots the current run
 * with it too, so that its findings and the baseline's are named alike. Paths are absolute.
 */
export function rootOf(paths: string[], cwd: string): string {
  if (paths.length !== 1) return cwd;
  const start = isDirectory(paths[0]!) ? paths[0]! : dirname(paths[0]!);
  const manifest = manifestAbove(diskFs, start, repositoryRoot);
  return manifest ? dirname(manifest) : start;
}

/** How the user's working directory names `root`, as a prefix of names. */
function prefixOf(cwd: string, root: string): string {
  const rel = relative(cwd, root);
  if (rel === '') return '';
  return `${(isAbsolute(rel) ? root : rel).split(sep).join('/')}/`;
}

/**
 * @param spec     a path, or git:<ref>
 * @param gitPaths for git:<ref>, the paths (relative to cwd) to read at that revision
 */
export function openSide(spec: string, cwd: string, gitPaths: string[]): Side {
  if (!spec.startsWith('git:')) {
    const abs = resolve(cwd, spec);
    if (!existsSync(abs)) throw new SideError(`${spec} does not exist`);
    const root = rootOf([abs], cwd);
    return { spec, paths: [abs], root, prefix: prefixOf(cwd, root), git: false };
  }
  const ref = spec.slice(4);
  if (!ref) throw new SideError('git: needs a revision, e.g. git:origin/main');
  const targets = (gitPaths.length ? gitPaths : ['.']).map((p) => resolve(cwd, p));
  // The revision's files of the estate each path is in, not only the paths: a file is checked in its estate (its
  // manifest, the other stacks), at the revision as in the working tree.
  const estates = [...new Set(targets.map((p) => rootOf([p], cwd)))];
  let fs: FsJournal;
  try {
    fs = new FsJournal(gitTree(ref, cwd, estates.map((p) => relative(cwd, p) || '.')));
  } catch (e) {
    if (e instanceof GitTreeError) throw new SideError(e.message);
    throw e;
  }
  // The root is the one the paths have in the working tree (the other side), whatever they were at the revision.
  const root = rootOf(targets, cwd);
  // A path that did not exist at the revision names nothing there: a folder is an empty side (everything in it
  // is added), a file is not part of it.
  const paths = targets.filter((p) => fs.exists(p));
  return { spec, paths, root, prefix: prefixOf(cwd, root), git: true, fs };
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
