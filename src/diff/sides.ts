/**
 * The two sides of a diff: folders or files, or `git:<ref>` — the same paths
 * as they are at a git revision, read with git itself (git ls-tree / git show)
 * into a private temporary folder; the working tree is never touched.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

export interface Side {
  /** What the user gave. */
  spec: string;
  /** Paths to compile. */
  paths: string[];
  /** Working directory for display paths (so both sides show the same relative paths). */
  cwd: string;
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
    return { spec, paths: [abs], cwd: root, cleanup: () => undefined };
  }
  const ref = spec.slice(4);
  if (!ref) throw new SideError('git: needs a revision, e.g. git:origin/main');
  const top = git(['rev-parse', '--show-toplevel'], cwd).toString().trim();
  const prefix = relative(top, cwd);
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-git-'));
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
  return {
    spec,
    paths: targets.map((p) => resolve(work, p)),
    cwd: work,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
