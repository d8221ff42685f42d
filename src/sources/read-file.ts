/**
 * The one way plexlint reads a file from disk: only a regular file, never more
 * than a limit, and never a file that only pretends to be small.
 *
 * - A FIFO would block the run until someone writes to it; a device (/dev/zero,
 *   /dev/urandom) never ends. Both are refused without being read: the file is
 *   opened with O_NONBLOCK (so even a FIFO that appears between a look and the
 *   open cannot block) and examined through the open descriptor.
 * - Files of /proc and /sys are regular files of size 0 that produce data when
 *   read, without limit (/proc/self/pagemap holds gigabytes). A file of size 0
 *   that yields a byte is one of those: refused.
 * - A file larger than the limit is refused before a byte is read; a file that
 *   grows while it is read is cut at the size it had.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { fsPath } from './fs-names.js';

export interface ReadFailure {
  /** An errno code (ENOENT, EACCES, …) or ENOTREG, EFBIG, ESPECIAL. */
  code: string;
  /** What is wrong, in words: "is a FIFO, not a regular file". */
  why: string;
}

function errnoOf(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? String(e);
}

/** What a non-regular file is, for messages. */
export function specialKind(st: { isDirectory(): boolean; isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean }): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** The bytes of a regular file of at most `maxBytes`, or why they cannot be read. */
export function readRegularFile(path: string, maxBytes: number): Buffer | ReadFailure {
  let fd: number;
  try {
    fd = openSync(fsPath(path), constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = errnoOf(e);
    return { code, why: code === 'ENOENT' ? 'does not exist' : `cannot be opened (${code})` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) {
      const kind = specialKind(st);
      return { code: 'ENOTREG', why: `is ${kind}${kind.startsWith('not') ? '' : ', not a regular file'}` };
    }
    if (st.size > maxBytes) return { code: 'EFBIG', why: `is larger than the ${maxBytes} bytes plexlint reads` };
    const bytes = Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < st.size) {
      const n = readSync(fd, bytes, got, st.size - got, null);
      if (n === 0) break;
      got += n;
    }
    if (st.size === 0) {
      const probe = Buffer.alloc(1);
      if (readSync(fd, probe, 0, 1, null) > 0) {
        return { code: 'ESPECIAL', why: 'is a special file (its size is 0 but reading it yields data, like the files of /proc)' };
      }
    }
    return got === st.size ? bytes : bytes.subarray(0, got);
  } catch (e) {
    const code = errnoOf(e);
    return { code, why: `cannot be read (${code})` };
  } finally {
    closeSync(fd);
  }
}

export function isReadFailure(x: Buffer | ReadFailure): x is ReadFailure {
  return !Buffer.isBuffer(x);
}
