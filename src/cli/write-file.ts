/**
 * How plexlint writes a file it was asked to write (`-o` of every command, the
 * `--cache` file): so that a reader never sees half a report, nobody can
 * redirect the write, and what the target is stays what it was.
 *
 * - A regular file (or a new one) is replaced atomically: the content goes to a
 *   temporary file in the same folder, created exclusively (O_EXCL) under a
 *   random name, then renamed over the target. A file or symbolic link planted
 *   under the temporary name makes the create fail instead of being followed;
 *   the rename replaces the target's own directory entry and never follows a
 *   link put there meanwhile. The target's permission bits are kept.
 * - A symbolic link is resolved and its target written the same way: the link
 *   stays a link (`-o report.sarif` where report.sarif links into a shared folder).
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
import { closeSync, constants, fchmodSync, fstatSync, fsyncSync, lstatSync, openSync, readlinkSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from './usage-error.js';

/** A file plexlint was asked to write could not be written: one line, exit 2. */
export class WriteError extends UsageError {
  /** Why, in words ("its folder does not exist"). */
  readonly reason: string;

  constructor(
    readonly path: string,
    readonly code: string,
  ) {
    const why = writeFailure({ code });
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

/** Where a write to `path` goes: the file itself, or what its symbolic links lead to. */
function target(path: string): { path: string; special: boolean; mode?: number } {
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    if (codeOf(e) === 'ENOENT') return { path, special: false };
    throw new WriteError(path, codeOf(e));
  }
  let real = path;
  if (st.isSymbolicLink()) {
    try {
      real = realpathSync(path);
      st = statSync(real);
    } catch (e) {
      if (codeOf(e) !== 'ENOENT') throw new WriteError(path, codeOf(e));
      // A link to a file that does not exist yet: create that file (where `ln -s` pointed it).
      return { path: danglingTarget(path), special: false };
    }
  }
  if (st.isDirectory()) throw new WriteError(path, 'EISDIR');
  return { path: real, special: !st.isFile(), mode: st.mode & 0o7777 };
}

/** The file a dangling link names, links in its folder resolved. */
function danglingTarget(link: string): string {
  let p = link;
  for (let hops = 0; hops < 40; hops++) {
    let st;
    try {
      st = lstatSync(p);
    } catch {
      return p;
    }
    if (!st.isSymbolicLink()) return p;
    p = resolve(dirname(p), readlinkSync(p, 'utf8'));
  }
  throw new WriteError(link, 'ELOOP');
}

/** Write a file as described above; throws WriteError. */
export function writeAtomic(path: string, content: string | Uint8Array): void {
  const shown = path;
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const dest = target(resolve(path));
  if (dest.special) {
    // A FIFO or a device: written in place (opening a FIFO waits for its reader, as `>` does in a shell).
    let fd: number;
    try {
      fd = openSync(dest.path, constants.O_WRONLY);
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
    return;
  }
  const folder = dirname(dest.path);
  let fd: number | undefined;
  let tmp = '';
  try {
    for (let attempt = 0; fd === undefined; attempt++) {
      tmp = join(folder, `.${basename(dest.path)}.${randomBytes(8).toString('hex')}.plexlint.tmp`);
      try {
        fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o666);
      } catch (e) {
        if (codeOf(e) !== 'EEXIST' || attempt >= 8) throw e;
      }
    }
  } catch (e) {
    // A folder that is there but takes no new file (/proc, /sys: creating one there is ENOENT) is not a missing folder.
    throw new WriteError(shown, codeOf(e) === 'ENOENT' && isFolder(folder) ? 'ENOCREATE' : codeOf(e));
  }
  try {
    if (dest.mode !== undefined && (fstatSync(fd).mode & 0o7777) !== dest.mode) fchmodSync(fd, dest.mode);
    writeAll(fd, bytes);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, dest.path);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw new WriteError(shown, codeOf(e));
  }
}
