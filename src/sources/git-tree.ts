/**
 * The files of a git revision, read with git itself into memory (./tree-fs.ts):
 * `git ls-tree` lists the revision's files under the paths asked for, `git
 * cat-file --batch` gives their bytes. Nothing is written to disk, and the
 * working tree and the index are never touched.
 *
 * A revision can come from anyone (a pull request's branch), and git stores
 * tree entries named `..` or `/etc/x` if it is handed them (`git mktree`,
 * `git hash-object --literally`), although it refuses to check them out. Such a
 * revision is refused as a whole with one line naming the entry.
 */
import { execFileSync } from 'node:child_process';
import { relative, resolve, sep } from 'node:path';
import { MAX_READ_BYTES, scanned } from './fs-journal.js';
import { nameFromBytes } from './fs-names.js';
import { TreeFs, unsafePath, type TreeEntry } from './tree-fs.js';

export class GitTreeError extends Error {}

/** Bytes of git's own output kept for a listing (a tree of a million files lists in about 100 MB). */
const MAX_LISTING_BYTES = 256 * 1024 * 1024;

function git(args: string[], cwd: string, input?: string, maxBuffer = MAX_LISTING_BYTES): Buffer {
  try {
    return execFileSync('git', ['--literal-pathspecs', ...args], {
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      maxBuffer,
      ...(input !== undefined ? { input } : {}),
      // Never ask for credentials or open an editor or a pager.
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', GIT_OPTIONAL_LOCKS: '0' },
    });
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    const why = (err.stderr?.toString() || err.message).trim().split('\n')[0]!;
    throw new GitTreeError(`git ${args[0]}: ${why}`);
  }
}

/** `mode type oid size\tpath` of `git ls-tree -r -z -l`. */
const LS_TREE = /^(\d{6}) (\w+) ([0-9a-f]{40,64}) +(\d+|-)\t([\s\S]*)$/;

/**
 * The revision `ref` of the repository that holds `cwd`, limited to `paths`
 * (relative to cwd), as a file system mounted where the repository's top level
 * is as seen from cwd.
 */
export function gitTree(ref: string, cwd: string, paths: string[]): TreeFs {
  const prefix = git(['rev-parse', '--show-prefix'], cwd).toString().trim();
  // The top level as cwd spells it (not git's resolved spelling), so that the revision's files
  // have the paths the working tree's have, whatever symbolic links lead to cwd.
  const mount = resolve(cwd, ...prefix.split('/').filter(Boolean).map(() => '..'));
  // The revision is resolved first, so that a ref spelled like an option is never one.
  let tree: string;
  try {
    tree = git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{tree}`], cwd).toString().trim();
  } catch {
    throw new GitTreeError(`git:${ref}: the repository has no revision ${JSON.stringify(ref)}`);
  }
  const specs = paths.map((p) => relative(mount, resolve(cwd, p)).split(sep).join('/') || '.');
  // The .gitignore files of the folders above each path too: a scan of the revision leaves out what they ignore, as
  // a scan of the working tree does (src/sources/ignore.ts), so that both sides of a diff hold the same set of files.
  const above = new Set<string>();
  for (const spec of specs) {
    const parts = spec === '.' ? [] : spec.split('/').slice(0, -1);
    for (let i = 0; i <= parts.length; i++) above.add([...parts.slice(0, i), '.gitignore'].join('/'));
  }
  const listing = git(['ls-tree', '-r', '-z', '-l', tree, '--', ...specs, ...[...above].filter((a) => !specs.includes(a))], mount);
  const entries: TreeEntry[] = [];
  const oids = new Map<string, string>();
  // Names are bytes: one that is not UTF-8 keeps them (./fs-names.ts), so that it is read and shown escaped.
  for (const record of records(listing)) {
    if (!record) continue;
    const m = LS_TREE.exec(record);
    if (!m) throw new GitTreeError(`git ls-tree: unexpected output ${JSON.stringify(record.slice(0, 80))}`);
    const [, mode, type, oid, size, path] = m as unknown as [string, string, string, string, string, string];
    const why = unsafePath(path);
    if (why) {
      throw new GitTreeError(
        `git:${ref} holds the entry ${JSON.stringify(path)}, which is not a plain relative path (${why}); git itself refuses to check it out, and plexlint does not read such a revision`,
      );
    }
    if (type !== 'blob') continue; // a submodule: not part of this repository's files
    entries.push(mode === '120000' ? { path, kind: 'link', size: Number(size) } : { path, kind: 'file', size: Number(size) });
    oids.set(path, oid);
  }
  // One `git cat-file --batch` for the files a folder scan can read and for the links' targets; any other
  // file (one the manifest names inside a hidden folder) is read on its own when asked for.
  const batch = entries.filter((e) => e.size <= MAX_READ_BYTES && (e.kind === 'link' || e.path.split('/').every(scanned)));
  const blobs = catFiles(batch.map((e) => oids.get(e.path)!), mount, batch.reduce((n, e) => n + e.size + 100, 0));
  const bytes = new Map<string, Buffer>();
  batch.forEach((e, i) => bytes.set(e.path, blobs[i]!));
  for (const e of entries) if (e.kind === 'link') e.target = nameFromBytes(bytes.get(e.path) ?? Buffer.alloc(0));
  return new TreeFs(mount, entries, (path) => bytes.get(path) ?? git(['cat-file', 'blob', oids.get(path)!], mount, undefined, MAX_READ_BYTES + 1));
}

/** The NUL-terminated records of `git … -z` output, each decoded as a name (./fs-names.ts). */
function records(out: Buffer): string[] {
  const list: string[] = [];
  for (let at = 0; at < out.length; ) {
    const end = out.indexOf(0, at);
    list.push(nameFromBytes(out.subarray(at, end < 0 ? out.length : end)));
    at = end < 0 ? out.length : end + 1;
  }
  return list;
}

/** The contents of blobs, in order, from one `git cat-file --batch`. */
function catFiles(oids: string[], cwd: string, expected: number): Buffer[] {
  if (oids.length === 0) return [];
  const out = git(['cat-file', '--batch'], cwd, oids.join('\n') + '\n', expected + 1024 * 1024);
  const blobs: Buffer[] = [];
  let at = 0;
  for (const oid of oids) {
    const nl = out.indexOf(10, at);
    const header = out.subarray(at, nl < 0 ? out.length : nl).toString('latin1');
    const m = /^([0-9a-f]+) blob (\d+)$/.exec(header);
    if (nl < 0 || !m || m[1] !== oid) throw new GitTreeError(`git cat-file: unexpected output for ${oid}: ${JSON.stringify(header.slice(0, 80))}`);
    const size = Number(m[2]);
    blobs.push(out.subarray(nl + 1, nl + 1 + size));
    at = nl + 1 + size + 1;
  }
  return blobs;
}

/**
 * Whether git tracks the file at `abs` in the repository whose top level is `repository` (the file is in its
 * index: a branch committed it). Throws GitTreeError when git cannot be asked (not installed, not a repository).
 */
export function gitTracks(abs: string, repository: string): boolean {
  const rel = relative(repository, abs).split(sep).join('/');
  return git(['ls-files', '-z', '--', rel], repository).length > 0;
}
