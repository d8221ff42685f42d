/**
 * Where `plexlint check --cache` keeps its cache, and the key that authenticates it (docs/robustness.md "The
 * cache"). A cache decides what a run reports, so nothing a branch commits may be, or place, one:
 *
 * - By default the cache lives in the user's cache folder — `$XDG_CACHE_HOME/plexlint` (an absolute
 *   XDG_CACHE_HOME, as the XDG Base Directory specification says), else `~/.cache/plexlint` — one file per working
 *   directory and set of paths, outside every checkout.
 * - `--cache-location` names another file or folder. One outside the checkout is used as named; one inside it must
 *   stay inside through its symbolic links (src/sources/checkout.ts), and must not be a file git tracks: a tracked
 *   cache file is one that a branch can commit.
 * - Every entry carries an HMAC under a random key kept in the user's cache folder (`key`, mode 0600, in a folder
 *   of mode 0700), so a cache file that anyone else wrote is ignored (src/engine/cache.ts).
 */
import { randomBytes, createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { DEFAULT_CACHE_FILE } from '../engine/cache.js';
import { guardOf, howItLeadsOut, repositoryRoot, staysInside } from '../sources/checkout.js';
import { gitTracks, GitTreeError } from '../sources/git-tree.js';
import type { WriteOptions } from './write-file.js';
import { UsageError } from './usage-error.js';

/** Bytes of the key. */
const KEY_BYTES = 32;
export const KEY_FILE = 'key';

/** The user's cache folder for plexlint. */
export function userCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env['XDG_CACHE_HOME'];
  // The XDG Base Directory specification: a relative path in the variable is invalid and is ignored.
  const base = xdg && isAbsolute(xdg) ? xdg : join(env['HOME'] || homedir(), '.cache');
  return join(base, 'plexlint');
}

/** Where a run's cache goes, and the checkout its path must stay in (for the writer). */
export interface CacheLocation {
  file: string;
  /** How the file is written (./write-file.ts): inside the checkout for a --cache-location there. */
  write: WriteOptions;
}

/** The name of a run's cache file in the user's cache folder: one per working directory and set of paths. */
function defaultName(cwd: string, paths: string[]): string {
  return `${createHash('sha256').update(JSON.stringify([cwd, paths])).digest('hex').slice(0, 32)}.cache`;
}

/**
 * The cache file of a run: the default one in the user's cache folder, or `--cache-location` — a file, or a folder
 * to put `.plexlintcache` in (ESLint's rule). A location in the checkout that leads out of it through a link, or
 * that git tracks, is a usage error (exit 2).
 */
export function cacheLocation(option: string | undefined, cwd: string, paths: string[], env: NodeJS.ProcessEnv = process.env): CacheLocation {
  if (!option) return { file: join(userCacheFolder(env), defaultName(cwd, paths)), write: {} };
  const abs = resolve(cwd, option);
  let isDir = option.endsWith('/') || option.endsWith(sep);
  try {
    isDir ||= statSync(abs).isDirectory();
  } catch {
    // does not exist yet: a file
  }
  const file = isDir ? join(abs, DEFAULT_CACHE_FILE) : abs;
  const checkout = guardOf(option, cwd);
  if (!checkout) return { file, write: {} };
  if (!staysInside(checkout, file)) throw new UsageError(`--cache-location ${option} ${howItLeadsOut(file)} out of ${checkout.what}; plexlint does not follow a symbolic link out of it (a link in a checkout can come from anyone)`);
  if (checkout.what.startsWith('the repository')) {
    let tracked: boolean;
    try {
      tracked = gitTracks(file, checkout.root);
    } catch (e) {
      if (!(e instanceof GitTreeError)) throw e;
      throw new UsageError(`--cache-location ${option}: plexlint cannot ask git whether it tracks ${relative(cwd, file) || file} (${e.message}); keep the cache outside the checkout (the default)`);
    }
    if (tracked) {
      throw new UsageError(
        `--cache-location ${option}: git tracks ${relative(cwd, file).split(sep).join('/') || file}, so a branch can commit a cache or a link in its place; plexlint does not use it. Keep the cache outside the checkout (the default: the user's cache folder) or in a file git does not track`,
      );
    }
  }
  return { file, write: { within: checkout } };
}

/** Why the key cannot be used, in words. */
export class CacheKeyError extends Error {}

/**
 * The secret key that authenticates cache entries: read from `<folder>/key`, or made (random) the first time. The
 * file must be this user's own regular file that nobody else can read or write (a link is not followed); the
 * folder is made with mode 0700.
 */
export function cacheSecret(folder: string): Buffer {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new CacheKeyError(`cannot make the cache folder ${folder} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const path = join(folder, KEY_FILE);
  refuseCommittedKey(path);
  const read = readKey(path);
  if (read) return read;
  const key = randomBytes(KEY_BYTES);
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch (e) {
    // Another run made it first: use that one.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      const other = readKey(path);
      if (other) return other;
    }
    throw new CacheKeyError(`cannot make the cache key ${path} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  try {
    writeSync(fd, key);
  } finally {
    closeSync(fd);
  }
  return key;
}

/**
 * A cache folder inside a checkout (GitLab caches only paths of the project folder, so XDG_CACHE_HOME may point
 * there): a key that git tracks is one a branch committed, and would authenticate its forged entries.
 */
function refuseCommittedKey(path: string): void {
  const repo = repositoryRoot(dirname(path));
  if (!repo) return;
  let tracked = false;
  try {
    tracked = gitTracks(path, repo);
  } catch (e) {
    if (!(e instanceof GitTreeError)) throw e;
    // git cannot be asked: the key must still be this user's own file of mode 0600 (readKey), which a checkout is not.
  }
  if (tracked) throw new CacheKeyError(`the cache key ${path} is a file git tracks, so a branch could have committed it; keep the cache folder out of what git tracks`);
}

/** The key in `path`, undefined when there is none yet; a CacheKeyError when the file is not a key this user alone holds. */
function readKey(path: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new CacheKeyError(`cannot read the cache key ${path} (${code === 'ELOOP' ? 'it is a symbolic link' : (code ?? String(e))})`);
  }
  try {
    const st = fstatSync(fd);
    const uid = process.getuid?.();
    if (!st.isFile() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o077) !== 0) {
      throw new CacheKeyError(`the cache key ${path} is not a file that only this user can read and write (mode 0600); remove it and plexlint makes a new one`);
    }
    const key = Buffer.alloc(KEY_BYTES);
    const n = readSync(fd, key, 0, KEY_BYTES, 0);
    // A key cut short (a disk that filled up) authenticates nothing: a new one is made.
    if (n < KEY_BYTES) throw new CacheKeyError(`the cache key ${path} is damaged (${n} bytes); remove it and plexlint makes a new one`);
    return key;
  } finally {
    closeSync(fd);
  }
}
