/**
 * Every question the sources stage asks the file system, asked in one place
 * and written down: which files were read (and a hash of their bytes), which
 * paths exist, what a folder lists, where a symbolic link points. Nothing
 * else in the compiler touches the disk, so the journal of a run is a complete
 * account of what its result depends on: `plexlint check --cache` replays it to
 * tell whether an earlier result still holds (src/engine/cache.ts).
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { fsPath, nameFromBytes } from './fs-names.js';
import { isReadFailure, readRegularFile, type ReadFailure } from './read-file.js';


/** What a path is, following symbolic links ('missing' also when it cannot be examined). */
export type PathKind = 'file' | 'dir' | 'other' | 'missing';

export type Observation =
  | { op: 'kind'; path: string; result: PathKind }
  | { op: 'lkind'; path: string; result: PathKind | 'link' }
  | { op: 'size'; path: string; result: number }
  | { op: 'realpath'; path: string; result: string | null }
  | { op: 'list'; path: string; result: string }
  | { op: 'listAll'; path: string; result: string }
  | { op: 'read'; path: string; result: string };

/**
 * The raw answers of a file system: the disk (diskFs below), or a tree held in
 * memory (./tree-fs.ts: the files of a git revision, which are never written out).
 */
export interface FileSystem {
  kind(path: string): PathKind;
  lkind(path: string): PathKind | 'link';
  /** Size in bytes (-1 when it cannot be examined). */
  size(path: string): number;
  /**
   * Where the path leads with every symbolic link resolved — also when the end
   * does not exist, so that a dangling link is judged by where it points; null
   * for a link loop.
   */
  realpath(path: string): string | null;
  /** Every name in a folder ([] when it cannot be listed). */
  list(path: string): string[];
  /** The bytes of a regular file of at most maxBytes (./read-file.ts). */
  read(path: string, maxBytes: number): Buffer | ReadFailure;
}

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/** Largest file the sources stage reads (src/sources/workspace.ts MAX_FILE_BYTES). */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

/** The file system as the sources stage sees it, with a journal of every answer. */
export class FsJournal {
  private readonly seen = new Map<string, Observation>();
  /**
   * Files whose bytes come from elsewhere than the disk (`--stdin --stdin-filename <path>`: the editor's buffer
   * stands for that file). A run with an overlay is not cached: its journal does not describe the disk.
   */
  private readonly overlays = new Map<string, Buffer>();

  constructor(private readonly fs: FileSystem = diskFs) {}

  overlay(path: string, bytes: Buffer): void {
    this.overlays.set(path, bytes);
  }

  get hasOverlays(): boolean {
    return this.overlays.size > 0;
  }

  /** Every observation made, in the order first made. */
  observations(): Observation[] {
    return [...this.seen.values()];
  }

  private note<T extends Observation>(o: T): T['result'] {
    const key = `${o.op}\0${o.path}`;
    if (!this.seen.has(key)) this.seen.set(key, o);
    return o.result;
  }

  kind(path: string): PathKind {
    if (this.overlays.has(path)) return 'file';
    return this.note({ op: 'kind', path, result: this.fs.kind(path) });
  }

  /** Like kind(), without following a symbolic link at the end of the path. */
  lkind(path: string): PathKind | 'link' {
    if (this.overlays.has(path)) return 'file';
    return this.note({ op: 'lkind', path, result: this.fs.lkind(path) });
  }

  exists(path: string): boolean {
    return this.kind(path) !== 'missing';
  }

  /** Size in bytes of a file (-1 when it cannot be examined). */
  size(path: string): number {
    const overlay = this.overlays.get(path);
    if (overlay) return overlay.length;
    return this.note({ op: 'size', path, result: this.fs.size(path) });
  }

  /** Where the path leads, symbolic links resolved (see FileSystem.realpath); undefined for a link loop. */
  realpath(path: string): string | undefined {
    // A buffer for a file not yet saved: the file lives where its folder really is.
    if (this.overlays.has(path)) return join(this.fs.realpath(dirname(path)) ?? dirname(path), basename(path));
    return this.note({ op: 'realpath', path, result: this.fs.realpath(path) }) ?? undefined;
  }

  /**
   * The names in a folder that folder scans look at (not hidden, not in
   * SKIP_DIRS), sorted; [] when it cannot be listed. Only those are recorded:
   * a hidden file appearing (the cache file itself) changes nothing a scan saw.
   */
  list(path: string): string[] {
    const names = listed(this.fs, path);
    this.note({ op: 'list', path, result: names.join('\0') });
    return names;
  }

  /**
   * Every name in a folder but the version-control folders, sorted; [] when it cannot be listed. Asked instead
   * of list() only where an ignore rule may bring back a name the built-in skip list leaves out (`!dist/`,
   * --no-ignore), so that a cache file appearing in a scanned folder does not invalidate every other run.
   */
  listAll(path: string): string[] {
    const names = listedAll(this.fs, path);
    this.note({ op: 'listAll', path, result: names.join('\0') });
    return names;
  }

  /** A regular file's bytes, or why they cannot be read (a FIFO, a device, /proc, too large, …). */
  read(path: string, maxBytes = MAX_READ_BYTES): Buffer | ReadFailure {
    const overlay = this.overlays.get(path);
    if (overlay) return overlay;
    const bytes = this.fs.read(path, maxBytes);
    this.note({ op: 'read', path, result: readResult(bytes) });
    return bytes;
  }
}

function readResult(bytes: Buffer | ReadFailure): string {
  return isReadFailure(bytes) ? `!${bytes.code}` : hashBytes(bytes);
}

/** Version-control folders: never scanned, whatever the ignore rules say. */
export const VCS_DIRS: ReadonlySet<string> = new Set(['.git', '.hg', '.svn']);

/**
 * The built-in skip list (docs/estates.md "Ignoring files"): folders of build output and dependencies, and
 * hidden names. An ignore rule of the user's can bring any of them back (`!dist/` in .plexlintignore).
 */
export const SKIP_DIRS: ReadonlySet<string> = new Set(['node_modules', 'dist', 'coverage']);

/** Whether the built-in skip list lets a folder scan look at a name: hidden names and SKIP_DIRS are left out. */
export function scanned(name: string): boolean {
  return !name.startsWith('.') && !SKIP_DIRS.has(name);
}

function listed(fs: FileSystem, path: string): string[] {
  return fs.list(path).filter(scanned).sort();
}

function listedAll(fs: FileSystem, path: string): string[] {
  return fs
    .list(path)
    .filter((n) => !VCS_DIRS.has(n))
    .sort();
}

/** Symbolic links followed in one path before it counts as a loop (Linux's limit). */
const MAX_LINK_HOPS = 40;

/**
 * Resolve a path as realpath(3) does, but also when its end does not exist:
 * the existing part with its links resolved, a dangling link by its target, the
 * rest as written. `lstat` and `readlink` come from the file system given.
 */
export function resolveLinks(path: string, lstat: (p: string) => 'link' | 'other' | 'missing', readlink: (p: string) => string): string | null {
  const abs = resolve(path);
  const root = abs.slice(0, abs.indexOf(sep) + 1) || sep;
  const parts = abs.slice(root.length).split(sep).filter(Boolean);
  let cur = root;
  let hops = 0;
  while (parts.length) {
    const name = parts.shift()!;
    if (name === '.') continue;
    if (name === '..') {
      cur = dirname(cur);
      continue;
    }
    const next = join(cur, name);
    const kind = lstat(next);
    if (kind === 'missing') return resolve(next, ...parts);
    if (kind === 'link') {
      if (++hops > MAX_LINK_HOPS) return null;
      const target = readlink(next);
      parts.unshift(...target.split(sep).filter(Boolean));
      if (isAbsolute(target)) cur = root;
      continue;
    }
    cur = next;
  }
  return cur;
}

/** The disk. Names keep every byte (./fs-names.ts): a name that is not UTF-8 is listed, read and shown like any other. */
export const diskFs: FileSystem = {
  kind(path) {
    try {
      const st = statSync(fsPath(path));
      return st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
    } catch {
      return 'missing';
    }
  },
  lkind(path) {
    try {
      const st = lstatSync(fsPath(path));
      return st.isSymbolicLink() ? 'link' : st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
    } catch {
      return 'missing';
    }
  },
  size(path) {
    try {
      return statSync(fsPath(path)).size;
    } catch {
      return -1;
    }
  },
  realpath(path) {
    try {
      return nameFromBytes(realpathSync(fsPath(path), { encoding: 'buffer' }));
    } catch {
      try {
        return resolveLinks(
          path,
          (p) => {
            try {
              return lstatSync(fsPath(p)).isSymbolicLink() ? 'link' : 'other';
            } catch {
              return 'missing';
            }
          },
          (p) => nameFromBytes(readlinkSync(fsPath(p), { encoding: 'buffer' })),
        );
      } catch {
        return null;
      }
    }
  },
  list(path) {
    try {
      return readdirSync(fsPath(path), { encoding: 'buffer' }).map(nameFromBytes);
    } catch {
      return [];
    }
  },
  read: readRegularFile,
};

/** Whether the disk still gives the answer an observation recorded. */
export function stillHolds(o: Observation): boolean {
  switch (o.op) {
    case 'kind':
      return diskFs.kind(o.path) === o.result;
    case 'lkind':
      return diskFs.lkind(o.path) === o.result;
    case 'size':
      return diskFs.size(o.path) === o.result;
    case 'realpath':
      return diskFs.realpath(o.path) === o.result;
    case 'list':
      return listed(diskFs, o.path).join('\0') === o.result;
    case 'listAll':
      return listedAll(diskFs, o.path).join('\0') === o.result;
    case 'read':
      // The bounded reader: an observation from a damaged or hand-made cache file
      // never makes plexlint read a device (/dev/zero), a FIFO, /proc or a huge file.
      return readResult(readRegularFile(o.path, MAX_READ_BYTES)) === o.result;
  }
}
