/**
 * Which files a folder scan leaves out (docs/estates.md "Ignoring files"). Five layers, in this order, each in
 * gitignore syntax (matched by ./gitignore.ts in linear time, with the meaning of the `ignore` package that ESLint
 * and Prettier use for the same files), a later layer overriding an earlier one the way a deeper .gitignore
 * overrides a shallower one:
 *
 * 1. the built-in skip list: `node_modules/`, `dist/`, `coverage/` and hidden names (`.*`);
 * 2. `.gitignore` files inside a git repository, from its root (the folder that holds `.git`) down to the file's
 *    folder, each relative to its own folder, as git reads them — so a developer's scratch copy that git ignores
 *    is not checked where CI's clean checkout does not have it (Ruff, Biome and Prettier do the same). Git's
 *    other exclude files (`.git/info/exclude`, core.excludesFile) are a developer's own: CI has none, so they are
 *    not read;
 * 3. `.plexlintignore` files, from the repository root down to the file's folder, each relative to its own folder;
 * 4. the estate manifest's `ignore:` list, relative to the manifest's folder;
 * 5. `--ignore-pattern <glob>` on the command line, relative to the working directory.
 *
 * `--no-ignore` turns all five off. Version-control folders (.git, .hg, .svn) are never scanned.
 */
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { checkoutAt, howItLeadsOut, staysInside } from './checkout.js';
import type { FsJournal } from './fs-journal.js';
import { GitignoreRules } from './gitignore.js';
import { isReadFailure } from './read-file.js';

/** Largest .plexlintignore read (an ignore file is a few lines; a bigger one is not read). */
const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

export const IGNORE_FILE = '.plexlintignore';
export const GITIGNORE_FILE = '.gitignore';
export const BUILTIN_IGNORES: readonly string[] = ['node_modules/', 'dist/', 'coverage/', '.*'];

interface Layer {
  /** Folder the patterns are relative to. */
  base: string;
  rules: GitignoreRules;
  /** How a user is told where the pattern that ignored a file comes from. */
  source: string;
  /** Whether a pattern of the layer brings a name back (`!name`). */
  negates: boolean;
}

export interface IgnoreSettings {
  cwd: string;
  /** --no-ignore */
  noIgnore?: boolean;
  /** --ignore-pattern, relative to cwd. */
  patterns?: string[];
  /**
   * No folder above this one is looked at (for `.git` or a `.plexlintignore`): the language server's workspace
   * folder, outside which it never reads.
   */
  ceiling?: string;
}

/** Where a file's estate comes from when its ignore rules are asked for. */
export interface IgnoreContext {
  /** The folder given on the command line that is being scanned (built-in rules are relative to it). */
  scanBase?: string;
  /** The manifest of the estate the file belongs to. */
  manifest?: string;
}

/**
 * Longest ignore pattern used. Matching a path costs up to its length times the pattern's (./gitignore.ts), and
 * an ignore pattern is a few dozen characters: a longer one (from a damaged or hostile .plexlintignore or
 * plexlint.yaml) is left out — the manifest reports it.
 */
export const MAX_IGNORE_PATTERN_CHARS = 1024;

function layer(base: string, patterns: readonly string[], source: string): Layer {
  const lines = patterns.map((p) => p.replace(/\r$/, '')).filter((p) => p.length <= MAX_IGNORE_PATTERN_CHARS);
  return { base, rules: new GitignoreRules(lines), source, negates: lines.some((l) => /^\s*!/.test(l)) };
}

/** The path of `abs` relative to `base` in the form the rules take (a trailing `/` for a folder), or undefined outside base. */
function relativeTo(base: string, abs: string, isDir: boolean): string | undefined {
  const rel = relative(base, abs);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  const posix = rel.split(sep).join('/');
  return isDir ? `${posix}/` : posix;
}

export class IgnoreRules {
  private readonly builtin = layer('/', BUILTIN_IGNORES, 'the built-in skip list');
  private readonly cli: Layer | undefined;
  /** The ignore file of a folder (by its path), read once. */
  private readonly folderFiles = new Map<string, Layer | null>();
  private readonly repoRoots = new Map<string, string | null>();
  private readonly manifests = new Map<string, Layer | null>();
  /** `.plexlintignore` files not read because they lead out of their checkout (display path, and why). */
  readonly refused: { path: string; why: string }[] = [];

  constructor(
    private readonly fs: FsJournal,
    private readonly settings: IgnoreSettings,
    /** The `ignore:` patterns of a manifest and the path to show for it. */
    private readonly manifestIgnores: (manifest: string) => { patterns: string[]; display: string } | undefined = () => undefined,
    private readonly display: (abs: string) => string = (abs) => abs,
  ) {
    const patterns = settings.patterns ?? [];
    this.cli = patterns.length ? layer(settings.cwd, patterns, '--ignore-pattern') : undefined;
  }

  get disabled(): boolean {
    return this.settings.noIgnore === true;
  }

  /** The repository root above a folder (the nearest folder holding `.git`, a folder or a worktree's file), if any. */
  repositoryRoot(dir: string): string | undefined {
    const known = this.repoRoots.get(dir);
    if (known !== undefined) return known ?? undefined;
    const { ceiling } = this.settings;
    if (ceiling !== undefined && relativeTo(ceiling, dir, false) === undefined && ceiling !== dir) return undefined;
    let found: string | undefined;
    if (this.fs.exists(join(dir, '.git'))) found = dir;
    else if (dirname(dir) !== dir && dir !== ceiling) found = this.repositoryRoot(dirname(dir));
    this.repoRoots.set(dir, found ?? null);
    return found;
  }

  /**
   * The folders whose .plexlintignore applies to files in `dir`, outermost first: from the repository root, or
   * without one from the working directory (or the scanned folder when `dir` is outside the working directory).
   */
  private chain(dir: string, scanBase: string | undefined): { folders: string[]; top: string } {
    const inside = (base: string): boolean => relativeTo(base, dir, false) !== undefined || base === dir;
    const top = this.repositoryRoot(dir) ?? this.settings.ceiling ?? (inside(this.settings.cwd) ? this.settings.cwd : scanBase !== undefined && inside(scanBase) ? scanBase : dir);
    const out: string[] = [];
    for (let d = dir; ; d = dirname(d)) {
      out.unshift(d);
      if (d === top || dirname(d) === d) break;
    }
    return { folders: out, top };
  }

  /**
   * A folder's .plexlintignore (or .gitignore). It is read only where it stays inside its checkout — the top of its
   * chain: the repository, else the working directory or the folder scanned (./checkout.ts) — so that a committed
   * link to a file outside is never read, and its lines never come back as the reason a file is ignored.
   */
  private folderLayer(dir: string, top: string, name = IGNORE_FILE): Layer | undefined {
    const file = join(dir, name);
    const known = this.folderFiles.get(file);
    if (known !== undefined) return known ?? undefined;
    let result: Layer | null = null;
    const kind = this.fs.lkind(file);
    if (kind !== 'missing') {
      const checkout = checkoutAt(top, this.repositoryRoot(dir) === top ? 'the repository' : 'the folder checked', this.fs);
      if (!staysInside(checkout, file, this.fs)) {
        this.refused.push({ path: this.display(file), why: `${howItLeadsOut(file, this.fs)} out of ${checkout.what}; plexlint does not read it` });
      } else if (this.fs.kind(file) === 'file') {
        const bytes = this.fs.read(file, MAX_IGNORE_FILE_BYTES);
        if (!isReadFailure(bytes)) result = layer(dir, bytes.toString('utf8').split('\n'), this.display(file));
      }
    }
    this.folderFiles.set(file, result);
    return result ?? undefined;
  }

  private manifestLayer(manifest: string | undefined): Layer | undefined {
    if (!manifest) return undefined;
    const known = this.manifests.get(manifest);
    if (known !== undefined) return known ?? undefined;
    const m = this.manifestIgnores(manifest);
    const result = m && m.patterns.length ? layer(dirname(manifest), m.patterns, `${m.display} ignore:`) : null;
    this.manifests.set(manifest, result);
    return result ?? undefined;
  }

  private layers(dir: string, ctx: IgnoreContext): Layer[] {
    const out: Layer[] = [];
    if (ctx.scanBase !== undefined) out.push({ ...this.builtin, base: ctx.scanBase });
    const { folders, top } = this.chain(dir, ctx.scanBase);
    // .gitignore files count inside a repository only, as for git; the chain then starts at its root.
    if (this.repositoryRoot(dir) !== undefined) {
      for (const d of folders) {
        const l = this.folderLayer(d, top, GITIGNORE_FILE);
        if (l) out.push(l);
      }
    }
    for (const d of folders) {
      const l = this.folderLayer(d, top);
      if (l) out.push(l);
    }
    const m = this.manifestLayer(ctx.manifest);
    if (m) out.push(m);
    if (this.cli) out.push(this.cli);
    return out;
  }

  /**
   * Why a path is ignored (`<where>: <pattern>`), or undefined when it is not. Built-in rules apply only to names
   * found by a scan (ctx.scanBase): a file named on the command line is never left out by them. In a scan
   * (`walked`), the folders above the path were let in, possibly by a later layer (`!dist/` over the built-in
   * `dist/`): a layer that ignores the path only because it ignores a folder above it has no say then.
   */
  ignoredBy(abs: string, isDir: boolean, ctx: IgnoreContext, walked = false): string | undefined {
    if (this.disabled) return undefined;
    let why: string | undefined;
    for (const l of this.layers(dirname(abs), ctx)) {
      const rel = relativeTo(l.base, abs, isDir);
      if (rel === undefined) continue;
      const parent = rel.replace(/[^/]+\/?$/, '');
      if (walked && parent && l.rules.test(parent).ignored) continue;
      const r = l.rules.test(rel);
      if (r.ignored) why = `${l.source}: ${r.rule?.pattern ?? rel}`;
      else if (r.unignored) why = undefined;
    }
    return why;
  }

  /** Whether a scan of `dir` must see every name (a rule may bring back what the built-in skip list leaves out). */
  seesHiddenNames(dir: string, ctx: IgnoreContext): boolean {
    return this.disabled || this.layers(dir, ctx).some((l) => l !== this.builtin && l.negates && l.source !== 'the built-in skip list');
  }
}
