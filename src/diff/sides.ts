/**
 * The two sides of a diff: folders or files, or `git:<ref>` — the same paths
 * as they are at a git revision, read with git itself (git ls-tree / git show)
 * into a private temporary folder; the working tree is never touched.
 *
 * Each side has a root: the folder its paths name (a file's folder). Both sides
 * name their files relative to their own root, so the same file has the same
 * name on both sides (its identity for plug-in files, findings and locations),
 * and the estates of a side are known by their folder below its root
 * (./estates.ts pairs them by it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export interface Side {
  /** What the user gave. */
  spec: string;
  /** Paths to compile (absolute). */
  paths: string[];
  /** The side's root (absolute): its files are named, and its estates known, relative to it. */
  root: string;
  /** What makes the side's names relative to the user's working directory: '' or a folder with a trailing '/'. */
  prefix: string;
  /** Read from git at a revision (the copy is laid out like the working tree). */
  git: boolean;
  cleanup(): void;
}

export class SideError extends Error {}

function git(args: string[], cwd: string): Buffer {
  try {
    return execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    throw new SideError(`git ${args.join(' ')}: ${(err.stderr?.toString() || err.message).trim().split('\n')[0]}`);
  }
}

/** The folder a side's paths name: the one folder or file's folder given, else the working directory. */
function rootOf(paths: string[], cwd: string): string {
  if (paths.length !== 1) return cwd;
  return isDirectory(paths[0]!) ? paths[0]! : dirname(paths[0]!);
}

/** How `base` (the user's working directory, or its place in a git copy) names `root`, as a prefix of names. */
function prefixOf(base: string, root: string): string {
  const rel = relative(base, root);
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
    return { spec, paths: [abs], root, prefix: prefixOf(cwd, root), git: false, cleanup: () => undefined };
  }
  const ref = spec.slice(4);
  if (!ref) throw new SideError('git: needs a revision, e.g. git:origin/main');
  const top = git(['rev-parse', '--show-toplevel'], cwd).toString().trim();
  const prefix = relative(top, cwd);
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-git-'));
  try {
    // The copy is a repository root like the working tree: the plexlint.yaml lookup stops here.
    mkdirSync(join(dir, '.git'));
    const work = join(dir, prefix);
    mkdirSync(work, { recursive: true });
    const targets = gitPaths.length ? gitPaths : ['.'];
    const listed = git(['ls-tree', '-r', '-z', '--name-only', ref, '--', ...targets.map((p) => relative(top, resolve(cwd, p)) || '.')], top)
      .toString()
      .split('\0')
      .filter(Boolean);
    for (const file of listed) {
      const out = join(dir, file);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, git(['show', `${ref}:${file}`], top));
    }
    // The copy's `work` is the working directory at that revision: names relative to it are the user's names, and
    // its root is the one the paths have in the working tree (the other side), whatever they were at the revision.
    const root = resolve(work, relative(cwd, rootOf(targets.map((p) => resolve(cwd, p)), cwd)));
    const paths: string[] = [];
    for (const p of targets) {
      const abs = resolve(work, p);
      // A folder that did not exist at the revision is an empty side (everything in it is added); a file, nothing.
      if (!existsSync(abs) && isDirectory(resolve(cwd, p))) mkdirSync(abs, { recursive: true });
      if (existsSync(abs)) paths.push(abs);
    }
    return { spec, paths, root, prefix: prefixOf(work, root), git: true, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
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
