/**
 * Every question the sources stage asks the file system, asked in one place
 * and written down: which files were read (and a hash of their bytes), which
 * paths exist, what a folder lists, where a symbolic link points. Nothing
 * else in the compiler touches the disk, so the journal of a run is a complete
 * account of what its result depends on: `plexlint check --cache` replays it to
 * tell whether an earlier result still holds (src/engine/cache.ts).
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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

function errCode(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? String(e);
}

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/** The file system as the sources stage sees it, with a journal of every answer. */
export class FsJournal {
  private readonly seen = new Map<string, Observation>();
  /**
   * Files whose bytes come from elsewhere than the disk (`--stdin --stdin-filename <path>`: the editor's buffer
   * stands for that file). A run with an overlay is not cached: its journal does not describe the disk.
   */
  private readonly overlays = new Map<string, Buffer>();

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
    return this.note({ op: 'kind', path, result: probeKind(path) });
  }

  /** Like kind(), without following a symbolic link at the end of the path. */
  lkind(path: string): PathKind | 'link' {
    if (this.overlays.has(path)) return 'file';
    return this.note({ op: 'lkind', path, result: probeLkind(path) });
  }

  exists(path: string): boolean {
    return this.kind(path) !== 'missing';
  }

  /** Size in bytes of a file (-1 when it cannot be examined). */
  size(path: string): number {
    const overlay = this.overlays.get(path);
    if (overlay) return overlay.length;
    return this.note({ op: 'size', path, result: probeSize(path) });
  }

  realpath(path: string): string | undefined {
    // A buffer for a file not yet saved: the file lives where its folder really is.
    if (this.overlays.has(path)) return join(probeRealpath(dirname(path)) ?? dirname(path), basename(path));
    return this.note({ op: 'realpath', path, result: probeRealpath(path) }) ?? undefined;
  }

  /**
   * The names in a folder that folder scans look at (not hidden, not in
   * SKIP_DIRS), sorted; [] when it cannot be listed. Only those are recorded:
   * a hidden file appearing (the cache file itself) changes nothing a scan saw.
   */
  list(path: string): string[] {
    const names = probeList(path);
    this.note({ op: 'list', path, result: names.join('\0') });
    return names;
  }

  /**
   * Every name in a folder but the version-control folders, sorted; [] when it cannot be listed. Asked instead
   * of list() only where an ignore rule may bring back a name the built-in skip list leaves out (`!dist/`,
   * --no-ignore), so that a cache file appearing in a scanned folder does not invalidate every other run.
   */
  listAll(path: string): string[] {
    const names = probeListAll(path);
    this.note({ op: 'listAll', path, result: names.join('\0') });
    return names;
  }

  /** A file's bytes, or the error code when it cannot be read. */
  read(path: string): Buffer | { error: string } {
    const overlay = this.overlays.get(path);
    if (overlay) return overlay;
    try {
      const bytes = readFileSync(path);
      this.note({ op: 'read', path, result: hashBytes(bytes) });
      return bytes;
    } catch (e) {
      const error = errCode(e);
      this.note({ op: 'read', path, result: `!${error}` });
      return { error };
    }
  }
}

function probeKind(path: string): PathKind {
  try {
    const st = statSync(path);
    return st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
  } catch {
    return 'missing';
  }
}

function probeLkind(path: string): PathKind | 'link' {
  try {
    const st = lstatSync(path);
    return st.isSymbolicLink() ? 'link' : st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
  } catch {
    return 'missing';
  }
}

function probeSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}

function probeRealpath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
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

function probeList(path: string): string[] {
  try {
    return readdirSync(path).filter(scanned).sort();
  } catch {
    return [];
  }
}

function probeListAll(path: string): string[] {
  try {
    return readdirSync(path)
      .filter((n) => !VCS_DIRS.has(n))
      .sort();
  } catch {
    return [];
  }
}

/** Largest file a replay reads (the largest file the sources stage reads, src/sources/workspace.ts). */
const MAX_REPLAY_BYTES = 64 * 1024 * 1024;

/** Whether the file system still gives the answer an observation recorded. */
export function stillHolds(o: Observation): boolean {
  switch (o.op) {
    case 'kind':
      return probeKind(o.path) === o.result;
    case 'lkind':
      return probeLkind(o.path) === o.result;
    case 'size':
      return probeSize(o.path) === o.result;
    case 'realpath':
      return probeRealpath(o.path) === o.result;
    case 'list':
      return probeList(o.path).join('\0') === o.result;
    case 'listAll':
      return probeListAll(o.path).join('\0') === o.result;
    case 'read': {
      // Only regular files of a size plexlint reads: an observation from a damaged or
      // hand-made cache file must not make it read a device (/dev/zero) or a huge file.
      try {
        const st = statSync(o.path);
        if (!st.isFile() || st.size > MAX_REPLAY_BYTES) return false;
      } catch {
        return false;
      }
      let now: string;
      try {
        now = hashBytes(readFileSync(o.path));
      } catch (e) {
        now = `!${errCode(e)}`;
      }
      return now === o.result;
    }
  }
}
