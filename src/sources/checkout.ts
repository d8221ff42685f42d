/**
 * The one rule for paths that come from a checkout (docs/robustness.md, "The trust model").
 *
 * A repository under review can be anyone's, and a symbolic link is a file a branch commits like any other:
 * `plexlint.sarif -> ../../victim/file`, `.plexlintignore -> /home/me/.aws/credentials`, a scenario or a saved
 * report that leads to a secret. So a path plexlint reads or writes — the report of `-o`, the cache, a scenario or
 * `trace --state` file, a `--baseline` report, a `.plexlintignore`, the manifest, an INCLUDEd member, a path given
 * to `check` — is used only if, with every symbolic link resolved (a dangling one by where it points), it stays
 * inside its checkout: the repository that holds it (the nearest folder with `.git`), else the folder it belongs
 * to (the estate's root, or the working directory for a path named on the command line).
 *
 * A path the user names outside the checkout — one that, as written (an absolute path, or one with `..`), already
 * lies outside it — is the user's own choice and is used as it is: `-o /tmp/report.sarif`, `-o /dev/stdout`.
 *
 * Where a link out of the checkout leads is resolved only to be compared with the checkout, never looked at and
 * never shown: a refusal names the link and the checkout, not the link's target.
 */
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { diskFs, type FileSystem } from './fs-journal.js';

/** The folder paths from a checkout must stay in. */
export interface Checkout {
  /** Absolute, as the user's paths spell it. */
  readonly root: string;
  /** The same with its symbolic links resolved: what resolved paths are compared with. */
  readonly realRoot: string;
  /** What it is, for messages: "the repository that holds it (/src/net)". */
  readonly what: string;
}

/** What the rule asks of a file system: the disk (diskFs) or the journal over it (FsJournal), whose link loops are undefined. */
type Probe = { lkind: FileSystem['lkind']; realpath(path: string): string | null | undefined };

/** Whether `abs` lies in `dir` (or is it), comparing the paths as written. */
export function isWithin(dir: string, abs: string): boolean {
  const rel = relative(dir, abs);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The nearest folder at or above `dir` that holds `.git` (a folder, or the file of a worktree or submodule). */
export function repositoryRoot(dir: string, fs: Pick<FileSystem, 'lkind'> = diskFs): string | undefined {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (fs.lkind(join(d, '.git')) !== 'missing') return d;
    if (dirname(d) === d) return undefined;
  }
}

/** A folder as a checkout; `what` says what it is in messages. */
export function checkoutAt(root: string, what: string, fs: Probe = diskFs): Checkout {
  const abs = resolve(root);
  return { root: abs, realRoot: fs.realpath(abs) ?? abs, what: `${what} (${abs})` };
}

/** The checkout of `dir`: the repository that holds it, else `fallback` (the estate root or the working directory). */
export function checkoutOf(dir: string, fallback: { root: string; what: string }, fs: Probe = diskFs): Checkout {
  const repo = repositoryRoot(dir, fs);
  return repo ? checkoutAt(repo, 'the repository', fs) : checkoutAt(fallback.root, fallback.what, fs);
}

/** The checkout of the working directory: paths named on the command line are judged against it. */
export function workingCheckout(cwd: string, fs: Probe = diskFs): Checkout {
  return checkoutOf(cwd, { root: cwd, what: 'the working directory' }, fs);
}

/** Whether `abs`, with every symbolic link on its way resolved (a dangling one by where it points), lies in the checkout. */
export function staysInside(checkout: Checkout, abs: string, fs: Probe = diskFs): boolean {
  const real = fs.realpath(abs);
  // A link loop leads nowhere that can be vouched for.
  return real !== null && real !== undefined && isWithin(checkout.realRoot, real);
}

/** A path from a checkout that leads out of it: one line, exit 2 — naming the path, never where it leads. */
export class OutsideCheckoutError extends Error {
  constructor(
    /** The path as the user (or the file) gave it. */
    readonly shown: string,
    readonly checkout: Checkout,
    how: string,
  ) {
    super(`${shown} ${how} out of ${checkout.what}; plexlint does not follow a symbolic link out of it (a link in a checkout can come from anyone). Name the file it leads to, if that is the one you mean`);
  }
}

/** How a path leads out: it is a link, or a folder on its way is. */
export function howItLeadsOut(abs: string, fs: Probe = diskFs): string {
  return fs.lkind(abs) === 'link' ? 'is a symbolic link that leads' : 'leads through a symbolic link in its path';
}

/**
 * Whether a manifest found by the lookup may be read: it must stay in its own folder, the root of the estate it
 * starts (a `plexlint.yaml` that links elsewhere is refused when the estate is read, src/sources/workspace.ts); the
 * `ignore:` patterns and `--print-config` read it before that, by this rule.
 */
export function manifestStaysHome(abs: string, fs: Probe = diskFs): boolean {
  return staysInside(checkoutAt(dirname(abs), 'the estate', fs), abs, fs);
}

/**
 * The checkout a path named on the command line (relative to `cwd`) must stay in — the repository of the working
 * directory, else the working directory — or undefined when the path, as written, lies outside it: the user named a
 * place outside on purpose, and it is used as it is.
 */
export function guardOf(spec: string, cwd: string, fs: Probe = diskFs): Checkout | undefined {
  const checkout = workingCheckout(cwd, fs);
  return isWithin(checkout.root, resolve(cwd, spec)) ? checkout : undefined;
}

/**
 * A file named on the command line that plexlint reads (a scenario, a `trace --state` file, a `--baseline` report,
 * a path to check): its absolute path, or an OutsideCheckoutError when it leads out of the checkout through a link.
 */
export function commandLinePath(spec: string, cwd: string, fs: Probe = diskFs): string {
  const abs = resolve(cwd, spec);
  const checkout = guardOf(spec, cwd, fs);
  if (checkout && !staysInside(checkout, abs, fs)) throw new OutsideCheckoutError(spec, checkout, howItLeadsOut(abs, fs));
  return abs;
}
