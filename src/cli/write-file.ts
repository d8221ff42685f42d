/**
 * How plexlint writes a file it was asked to write (`-o` of every command, the
 * `--cache` file, `--fix`, `init`): so that a reader never sees half a report,
 * nobody can redirect the write, and what the target is stays what it was.
 *
 * - A path from a checkout is written only where it stays inside the checkout
 *   (`within`, src/sources/checkout.ts): a symbolic link a branch committed
 *   (`plexlint.sarif -> ../../victim/file`) is refused, and where it leads is
 *   never shown. A path the user named outside the checkout is written as named.
 * - A regular file (or a new one) is replaced atomically: the content goes to a
 *   temporary file in the same folder, created exclusively (O_EXCL) under a
 *   random name, then renamed over the target. A file or symbolic link planted
 *   under the temporary name makes the create fail instead of being followed;
 *   the rename replaces the target's own directory entry and never follows a
 *   link put there meanwhile. The target keeps its permission bits, owner and
 *   group.
 * - A file that a rename would change in a way that cannot be restored is
 *   written in place, through its own inode, instead: one with several hard
 *   links (a rename would split them: the other names would keep the old text),
 *   or one whose owner plexlint cannot give the new file (another user's file in
 *   a folder plexlint may write). A crash in the middle can leave such a file
 *   half written; that is the price of not splitting links or taking a file over.
 * - A read-only file (no write permission bit, or not writable by this user) is
 *   refused: the user made it so.
 * - A symbolic link is resolved and its target written the same way: the link
 *   stays a link (`-o report.sarif` where report.sarif links into the checkout).
 * - A FIFO, a character device or a socket (`-o /dev/stdout`, `-o /dev/null`, a
 *   named pipe a CI step reads) is written directly, never replaced by a file.
 * - Every failure is a WriteError naming the path and the reason in words
 *   (exit 2, one line); a partial temporary file is removed.
 *
 * Why not the write-file-atomic package: its temporary name is a hash of the
 * file name, process ID and a counter, and it opens that name with 'w', which
 * follows a link planted there; and it replaces a FIFO or a device by a file.
 */
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { howItLeadsOut, staysInside, type Checkout } from '../sources/checkout.js';
import { fsPath, nameFromBytes } from '../sources/fs-names.js';
import { UsageError } from './usage-error.js';

/** A file plexlint was asked to write could not be written: one line, exit 2. */
export class WriteError extends UsageError {
  /** Why, in words ("its folder does not exist"). */
  readonly reason: string;

  constructor(
    readonly path: string,
    readonly code: string,
    reason?: string,
  ) {
    const why = reason ?? writeFailure({ code });
    super(`cannot write ${path}: ${why}`);
    this.reason = why;
  }
}

/** Why a file cannot be written, in words (the error code for anything unusual). */
export function writeFailure(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'its folder does not exist';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'EFBIG':
      return 'the file would be too large';
    case 'EIO':
      return 'an input/output error';
    case 'EREADONLY':
      return 'it is read-only (no write permission); plexlint does not change a file you made read-only';
    case 'ENOCREATE':
      return 'its folder takes no new file (a file system such as /proc or /sys), so plexlint cannot replace the file atomically';
    default:
      return code ?? (e instanceof Error ? e.message : String(e));
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function codeOf(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? String(e);
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}

export interface WriteOptions {
  /**
   * The checkout the file must stay in with its links resolved (src/sources/checkout.ts guardOf); undefined when
   * the user named the path outside every checkout, which is then written as named.
   */
  within?: Checkout;
}

interface Target {
  path: string;
  special: boolean;
  /** The file that is there (a regular file), to keep its mode, owner and links. */
  existing?: Stats;
}

/** Where a write to `path` goes: the file itself, or what its symbolic links lead to. */
function target(path: string, shown: string, options: WriteOptions): Target {
  if (options.within && !staysInside(options.within, path)) {
    throw new WriteError(shown, 'EOUTSIDE', `it ${howItLeadsOut(path)} out of ${options.within.what}; plexlint does not write through a symbolic link out of it (a link in a checkout can come from anyone). Name the file it leads to, if that is the one you mean`);
  }
  let st;
  try {
    st = lstatSync(fsPath(path));
  } catch (e) {
    if (codeOf(e) === 'ENOENT') return { path, special: false };
    throw new WriteError(shown, codeOf(e));
  }
  let real = path;
  if (st.isSymbolicLink()) {
    try {
      real = nameFromBytes(realpathSync(fsPath(path), { encoding: 'buffer' }));
      st = statSync(fsPath(real));
    } catch (e) {
      if (codeOf(e) !== 'ENOENT') throw new WriteError(shown, codeOf(e));
      // A link to a file that does not exist yet: create that file (where `ln -s` pointed it).
      return { path: danglingTarget(path, shown), special: false };
    }
  }
  if (st.isDirectory()) throw new WriteError(shown, 'EISDIR');
  return st.isFile() ? { path: real, special: false, existing: st } : { path: real, special: true };
}

/** The file a dangling link names, links in its folder resolved. */
function danglingTarget(link: string, shown: string): string {
  let p = link;
  for (let hops = 0; hops < 40; hops++) {
    let st;
    try {
      st = lstatSync(fsPath(p));
    } catch {
      return p;
    }
    if (!st.isSymbolicLink()) return p;
    p = resolve(dirname(p), nameFromBytes(readlinkSync(fsPath(p), { encoding: 'buffer' })));
  }
  throw new WriteError(shown, 'ELOOP');
}

/** Whether a regular file may be changed: it has a write permission bit and this user may write it. */
function readOnly(path: string, st: Stats): boolean {
  if ((st.mode & 0o222) === 0) return true;
  try {
    accessSync(fsPath(path), constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/**
 * Why `path` cannot be written, before anything is (so that `--fix` writes no file when one of several cannot be):
 * a read-only file, or a link out of the checkout. Undefined when nothing speaks against it.
 */
export function cannotWrite(path: string, options: WriteOptions = {}): string | undefined {
  try {
    const dest = target(resolve(path), path, options);
    return dest.existing && readOnly(dest.path, dest.existing) ? writeFailure({ code: 'EREADONLY' }) : undefined;
  } catch (e) {
    if (e instanceof WriteError) return e.reason;
    throw e;
  }
}

/** Write into a FIFO or a device as it is (opening a FIFO waits for its reader, as `>` does in a shell). */
function writeInto(path: string, shown: string, bytes: Uint8Array): void {
  let fd: number;
  try {
    fd = openSync(fsPath(path), constants.O_WRONLY);
  } catch (e) {
    throw new WriteError(shown, codeOf(e));
  }
  try {
    writeAll(fd, bytes);
  } catch (e) {
    throw new WriteError(shown, codeOf(e));
  } finally {
    closeSync(fd);
  }
}

/**
 * Rewrite a regular file through its own inode: its links, owner and mode stay what they are. The file is
 * opened without following a link (its path is the resolved one) and cut to the new length after the write.
 */
function writeInPlace(path: string, shown: string, bytes: Uint8Array): void {
  let fd: number;
  try {
    fd = openSync(fsPath(path), constants.O_WRONLY | constants.O_NOFOLLOW);
  } catch (e) {
    throw new WriteError(shown, codeOf(e));
  }
  try {
    writeAll(fd, bytes);
    ftruncateSync(fd, bytes.length);
    fsyncSync(fd);
  } catch (e) {
    throw new WriteError(shown, codeOf(e));
  } finally {
    closeSync(fd);
  }
}

/** Whether this process can give a new file another owner or group (root can; anyone can pick one of their own groups). */
function canOwnAs(fd: number, st: Stats): boolean {
  const mine = fstatSync(fd);
  if (mine.uid === st.uid && mine.gid === st.gid) return true;
  try {
    fchownSync(fd, st.uid, st.gid);
    return true;
  } catch {
    return false;
  }
}

/** Write a file as described above; throws WriteError. */
export function writeAtomic(path: string, content: string | Uint8Array, options: WriteOptions = {}): void {
  const shown = path;
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const dest = target(resolve(path), shown, options);
  if (dest.special) return writeInto(dest.path, shown, bytes);
  const existing = dest.existing;
  if (existing && readOnly(dest.path, existing)) throw new WriteError(shown, 'EREADONLY');
  // A rename would split hard links: the other names would keep the old text.
  if (existing && existing.nlink > 1) return writeInPlace(dest.path, shown, bytes);
  const folder = dirname(dest.path);
  let fd: number | undefined;
  let tmp = '';
  try {
    for (let attempt = 0; fd === undefined; attempt++) {
      tmp = join(folder, `.${basename(dest.path)}.${randomBytes(8).toString('hex')}.plexlint.tmp`);
      try {
        fd = openSync(fsPath(tmp), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o666);
      } catch (e) {
        if (codeOf(e) !== 'EEXIST' || attempt >= 8) throw e;
      }
    }
  } catch (e) {
    // A folder that is there but takes no new file (/proc, /sys: creating one there is ENOENT) is not a missing folder.
    throw new WriteError(shown, codeOf(e) === 'ENOENT' && isFolder(folder) ? 'ENOCREATE' : codeOf(e));
  }
  const discard = (): void => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    try {
      unlinkSync(fsPath(tmp));
    } catch {
      // already gone
    }
  };
  try {
    if (existing && !canOwnAs(fd, existing)) {
      // Only the file's own inode keeps its owner: another user's file in a folder this user may write.
      discard();
      return writeInPlace(dest.path, shown, bytes);
    }
    if (existing && (fstatSync(fd).mode & 0o7777) !== (existing.mode & 0o7777)) fchmodSync(fd, existing.mode & 0o7777);
    writeAll(fd, bytes);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(fsPath(tmp), fsPath(dest.path));
  } catch (e) {
    discard();
    if (e instanceof WriteError) throw e;
    throw new WriteError(shown, codeOf(e));
  }
}
