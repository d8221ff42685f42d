/**
 * From the paths on the command line to the estates to check (docs/estates.md), the way ESLint and yamllint find
 * their configuration:
 *
 * - Each file belongs to the estate of the nearest plexlint.yaml at or above it, looked up to the repository root
 *   (the folder that holds `.git`) or the file-system root. A folder scan that meets a nested plexlint.yaml starts
 *   a separate estate there. Files with no manifest above them form one estate of their own (a folder of profiles
 *   is one sysplex, as without any manifest). `--config` names the one manifest of all the inputs instead.
 * - Folder scans leave out what the ignore rules say (./ignore.ts) and files that are never configuration inputs.
 * - A path that does not exist but holds glob characters is a glob (picomatch syntax, relative to the working
 *   directory): the folder before its first glob character is scanned and the files that match are the inputs.
 * - What is reported is what was asked for: an estate entered through a few of its files (or a sub-folder) is
 *   compiled whole — its manifest and the files it names give the context — but only findings in those files
 *   (and the members they INCLUDE) are reported.
 *
 * Every file-system question goes through the journal (./fs-journal.ts), so `--cache` sees what discovery saw.
 */
import picomatch from 'picomatch';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { checkoutAt, howItLeadsOut, isWithin, staysInside, workingCheckout, type Checkout } from './checkout.js';
import type { FileSystem, FsJournal } from './fs-journal.js';
import { Refusal } from '../core/refusal.js';
import { IgnoreRules, type IgnoreSettings } from './ignore.js';
import { strayCopy } from './stray.js';

export const MANIFEST_NAMES = ['plexlint.yaml', 'plexlint.yml'];

/** Extensions that are never configuration inputs: a file so named is not one, whatever its lines start with. */
export const SKIP_EXT = /\.(md|markdown|rst|adoc|json|js|mjs|cjs|ts|map|png|jpe?g|gif|svg|pdf|docx?|xlsx?|pptx?|zip|gz|tgz|tar|jar|class|exe|dll|so|lock|html?|css)$/i;
/** A scenario file (docs/scenarios.md): what `plexlint simulate` runs, never a file of an estate. */
export const SCENARIO_FILE = /\.scenario\.ya?ml$/i;

/** Whether a file found by a folder scan can be an input by its name (not a document, an image, a scenario…). */
function inputName(name: string): boolean {
  return !SKIP_EXT.test(name) && !SCENARIO_FILE.test(name);
}
/** Folder scans go no deeper than this. */
const MAX_SCAN_DEPTH = 32;

/**
 * The most files the folders of one run may hold to check (after the ignore rules and the extensions that are never
 * inputs): each costs a read, a decoding and a model, about 2 KB for a file of two bytes, and a million of them took
 * 92 s and 1.95 GB. An estate is a few hundred files, a repository of many estates a few thousand.
 */
export const MAX_SCAN_FILES = 50_000;

/** Folders holding more than MAX_SCAN_FILES files to check, refused as soon as the scan passes the limit. */
export class TooManyFiles extends Refusal {
  constructor(where: string) {
    super(
      `${where} hold more than ${MAX_SCAN_FILES.toLocaleString('en-US')} files to check, the most plexlint takes in one run (docs/robustness.md, "Limits"): ` +
        'check fewer folders at a time, or leave out what is not configuration with a .plexlintignore.',
    );
  }
}

/** The part of an estate the user asked about: findings elsewhere in it are not reported. */
export interface Scope {
  files: Set<string>;
  folders: string[];
}

export interface EstateInputs {
  /** The manifest that decides the estate (absolute). */
  manifest?: string;
  /** Where the manifest came from: found by the lookup, or named with --config. */
  manifestFrom?: 'lookup' | 'config';
  /** Absolute root: nothing outside it is read. */
  root: string;
  /** Files to compile (absolute), in scan order. */
  files: string[];
  /** Files named on the command line (not found by a scan or a glob). */
  explicit: Set<string>;
  /** Stray copies found or named (./stray.ts), absolute: never read, each reported once as stray-copy. */
  strays?: string[];
  /** Undefined: everything in the estate was asked for. */
  scope?: Scope;
}

export interface DiscoverOptions extends IgnoreSettings {
  fs: FsJournal;
  /** --config: the one manifest of all the inputs (absolute). */
  config?: string;
  /**
   * No manifest is looked up and a file named is not read with its folder's other files (`--stdin` without a file
   * name: the text is checked on its own).
   */
  noLookup?: boolean;
  /**
   * The one file given is the whole estate: nothing else is listed, looked up or read — no manifest, no ignore file,
   * no folder scanned for INCLUDE members (the language server's document outside every workspace folder).
   */
  isolated?: boolean;
  /** The manifest's `ignore:` patterns (read by the engine, which parses manifests). */
  manifestIgnores?: (manifest: string) => { patterns: string[]; display: string } | undefined;
  display?: (abs: string) => string;
}

export interface Discovery {
  estates: EstateInputs[];
  /** Paths and globs that gave no file to check. */
  unmatched: string[];
  /** Paths that do not exist (and are not globs), absolute. */
  missing: string[];
  /** Paths in the checkout that lead out of it through a symbolic link (./checkout.ts), absolute, and why. */
  refused: { path: string; why: string }[];
  /** Files named on the command line that an ignore rule leaves out, and why. */
  ignored: { path: string; why: string }[];
  /** Files named on the command line that are never files of an estate (a scenario file), and what they are. */
  notInputs: { path: string; what: string }[];
  /** The files of a folder of an estate, by the same rules (INCLUDE look-ups scan the estate). */
  scanEstate(estate: EstateInputs, dir: string): string[];
  /** The manifest a file or folder (absolute) belongs to, by the lookup rule (or --config). */
  manifestOf(abs: string, isDir: boolean): string | undefined;
  rules: IgnoreRules;
}

/** Whether a path given on the command line is a glob rather than a name. */
export function isGlob(arg: string): boolean {
  return picomatch.scan(arg).isGlob;
}

function inside(dir: string, abs: string): boolean {
  const rel = relative(dir, abs);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export function commonDir(dirs: string[], fallback: string): string {
  if (dirs.length === 0) return fallback;
  let common = dirs[0]!.split(sep);
  for (const d of dirs.slice(1)) {
    const parts = d.split(sep);
    let i = 0;
    while (i < common.length && i < parts.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.join(sep) || sep;
}

/** The manifest a folder holds (plexlint.yaml, else plexlint.yml), if any. */
function manifestInFolder(fs: Pick<FileSystem, 'kind'>, dir: string): string | undefined {
  return MANIFEST_NAMES.map((n) => join(dir, n)).find((p) => fs.kind(p) === 'file');
}

/**
 * The nearest manifest at or above a folder, up to the repository root (the folder that holds `.git`) or the
 * file-system root: the estate a file or folder belongs to, as ESLint and yamllint look their configuration up.
 * `memo` keeps the answer for every folder passed on the way.
 */
export function manifestAbove(
  fs: Pick<FileSystem, 'kind'>,
  dir: string,
  repositoryRoot: (dir: string) => string | undefined,
  memo?: Map<string, string | null>,
): string | undefined {
  const known = memo?.get(dir);
  if (known !== undefined) return known ?? undefined;
  let found = manifestInFolder(fs, dir);
  if (!found && repositoryRoot(dir) !== dir && dirname(dir) !== dir) found = manifestAbove(fs, dirname(dir), repositoryRoot, memo);
  memo?.set(dir, found ?? null);
  return found;
}

export function discover(paths: string[], options: DiscoverOptions): Discovery {
  const { fs, cwd } = options;
  const rules = new IgnoreRules(fs, options, options.manifestIgnores, options.display);
  const manifestIn = (dir: string): string | undefined => manifestInFolder(fs, dir);
  const lookups = new Map<string, string | null>();
  /** The nearest manifest at or above a folder, up to the repository root. */
  const nearestManifest = (dir: string): string | undefined => {
    if (options.config) return options.config;
    if (options.noLookup || options.isolated) return undefined;
    const { ceiling } = options;
    // Not above the ceiling (the language server's workspace folder): the lookup stops there as at a repository root.
    if (ceiling !== undefined && !inside(ceiling, dir)) return undefined;
    return manifestAbove(fs, dir, (d) => (d === ceiling ? d : rules.repositoryRoot(d)), lookups);
  };

  interface Building extends EstateInputs {
    seen: Set<string>;
    strays: string[];
    bases: string[];
    whole: boolean;
  }
  const estates = new Map<string, Building>();
  const estateOf = (manifest: string | undefined): Building => {
    const key = manifest ?? '';
    let e = estates.get(key);
    if (!e) {
      e = { root: cwd, files: [], explicit: new Set(), seen: new Set(), strays: [], bases: [], whole: manifest === undefined, scope: { files: new Set(), folders: [] } };
      if (manifest) {
        e.manifest = manifest;
        e.manifestFrom = options.config ? 'config' : 'lookup';
      }
      estates.set(key, e);
    }
    return e;
  };
  const add = (file: string, manifest: string | undefined, explicit: boolean): void => {
    const e = estateOf(manifest);
    if (e.seen.has(file)) {
      if (explicit && !e.strays.includes(file)) e.explicit.add(file);
      return;
    }
    e.seen.add(file);
    // A backup or dated copy is never part of the estate, manifest or not: it is set aside unread.
    if (strayCopy(file)) e.strays.push(file);
    else {
      if (explicit) e.explicit.add(file);
      e.files.push(file);
    }
  };

  /** Files the walks found, against MAX_SCAN_FILES: the paths given together, each scan of an estate on its own. */
  interface Count {
    files: number;
    /** What the files are under, for the message. */
    where: string;
  }
  const shown = (abs: string): string => options.display?.(abs) ?? abs;
  const args = paths.length ? paths : ['.'];
  const given: Count = { files: 0, where: `the paths given (${args.slice(0, 3).join(' ')}${args.length > 3 ? ` and ${args.length - 3} more` : ''})` };
  /**
   * Walk a folder. `enter` decides for each sub-folder whether it is walked (a nested estate may not be) and with
   * which manifest; `take` gets every file that is an input, counted against MAX_SCAN_FILES in `count`.
   */
  const walk = (
    base: string,
    manifest: string | undefined,
    enter: (dir: string, manifest: string | undefined) => string | undefined | false,
    take: (file: string, manifest: string | undefined) => void,
    count: Count = { files: 0, where: `the folders of the estate at ${shown(base)}` },
  ): void => {
    const found = (file: string, m: string | undefined): void => {
      if (++count.files > MAX_SCAN_FILES) throw new TooManyFiles(count.where);
      take(file, m);
    };
    const visited = new Set<string>();
    const realBase = fs.realpath(base) ?? base;
    const go = (d: string, depth: number, m: string | undefined): void => {
      const real = fs.realpath(d) ?? d;
      if (depth > MAX_SCAN_DEPTH || visited.has(real)) return;
      visited.add(real);
      const ctx = { scanBase: base, ...(m ? { manifest: m } : {}) };
      const names = rules.seesHiddenNames(d, ctx) ? fs.listAll(d) : fs.list(d);
      for (const name of names) {
        const p = join(d, name);
        const lkind = fs.lkind(p);
        // A link that leads out of what is scanned is listed as a file, so that reading it is refused with a clear
        // message — whatever is (or is not) at its end, which is never looked at (no existence oracle).
        if (lkind === 'link') {
          const real = fs.realpath(p) ?? p;
          if (!inside(realBase, real) && !(m && inside(dirname(m), real))) {
            if (inputName(name) && !rules.ignoredBy(p, false, ctx, true)) found(p, m);
            continue;
          }
        }
        const kind = lkind === 'link' ? fs.kind(p) : lkind;
        if (kind !== 'dir' && kind !== 'file') continue;
        if (rules.ignoredBy(p, kind === 'dir', ctx, true)) continue;
        if (kind === 'file') {
          if (inputName(name)) found(p, m);
          continue;
        }
        const next = enter(p, m);
        if (next !== false) go(p, depth + 1, next);
      }
    };
    go(base, 0, manifest);
  };
  /** A sub-folder with a manifest of its own starts a separate estate (not with --config). */
  const nested = (dir: string, current: string | undefined): string | undefined => (options.config ? current : (manifestIn(dir) ?? current));
  /** Within one estate: a sub-folder with a manifest of its own is another estate's, and is not walked. */
  const sameEstate = (own: string | undefined) => (dir: string, current: string | undefined): string | undefined | false => {
    if (options.config) return current;
    const m = manifestIn(dir);
    return m !== undefined && m !== own ? false : current;
  };
  const contextScanned = new Set<string>();
  /**
   * A file (or a glob's match) is checked in the estate it belongs to, the same estate its folder would be: the
   * estate's folder — its manifest's, else `home` (the file's folder, a glob's base) — is scanned for the other
   * files of the estate, which give the context; only what was named is reported (the scope).
   */
  const addContext = (manifest: string | undefined, home: string): void => {
    if (options.noLookup) return;
    const dir = manifest && !options.config ? dirname(manifest) : home;
    const key = `${manifest ?? ''}\u0000${dir}`;
    if (contextScanned.has(key) || fs.kind(dir) !== 'dir') return;
    contextScanned.add(key);
    const e = estateOf(manifest);
    e.bases.push(dir);
    walk(dir, manifest, sameEstate(manifest), (file) => add(file, manifest, false));
  };

  const unmatched: string[] = [];
  const missing: string[] = [];
  const refused: { path: string; why: string }[] = [];
  /**
   * The checkout the paths given must stay in (./checkout.ts), asked once: the working directory's, or — under a
   * ceiling (the language server's workspace folder) — the ceiling itself, so that nothing above it is asked.
   */
  let working: Checkout | undefined | null = null;
  const guard = (): Checkout | undefined => {
    if (working === null) working = options.noLookup || options.isolated ? undefined : options.ceiling !== undefined ? checkoutAt(options.ceiling, 'the workspace folder', fs) : workingCheckout(cwd, fs);
    return working;
  };
  const ignored: { path: string; why: string }[] = [];
  const notInputs: { path: string; what: string }[] = [];
  for (const arg of paths.length ? paths : ['.']) {
    const abs = resolve(cwd, arg);
    // The one rule for links (./checkout.ts): `check profiles` where a branch made profiles a link to / is refused.
    const checkout = guard();
    if (checkout && isWithin(checkout.root, abs) && !staysInside(checkout, abs, fs)) {
      refused.push({ path: abs, why: `${howItLeadsOut(abs, fs)} out of ${checkout.what}; plexlint does not follow a symbolic link out of it (a link in a checkout can come from anyone)` });
      continue;
    }
    const lkind = fs.lkind(abs);
    if (lkind !== 'missing') {
      const kind = lkind === 'link' ? fs.kind(abs) : lkind;
      if (kind === 'dir') {
        let count = 0;
        const top = nearestManifest(abs);
        // A folder inside an estate is read with the rest of the estate, as a file of it is; its own files are reported.
        if (top && !options.config && dirname(top) !== abs) addContext(top, abs);
        walk(
          abs,
          top,
          nested,
          (file, m) => {
            count++;
            add(file, m, false);
          },
          given,
        );
        // A folder that holds an estate's root asks for the whole estate; one inside it, for its own files.
        for (const e of estates.values()) {
          if (e.manifest && inside(abs, dirname(e.manifest))) e.whole = true;
          else if (e.manifest === top) e.scope!.folders.push(abs);
        }
        const e = estates.get(top ?? '');
        if (e) e.bases.push(abs);
        if (count === 0) unmatched.push(arg);
        continue;
      }
      if (SCENARIO_FILE.test(abs)) {
        notInputs.push({ path: abs, what: 'a scenario file, which plexlint simulate runs' });
        continue;
      }
      const manifest = nearestManifest(dirname(abs));
      const why = rules.ignoredBy(abs, false, manifest ? { manifest } : {});
      if (why) {
        ignored.push({ path: abs, why });
        continue;
      }
      // The estate's other files first, in the order a scan of its folder gives them, so that the file is compiled
      // exactly as in a check of that folder.
      addContext(manifest, dirname(abs));
      add(abs, manifest, true);
      const e = estateOf(manifest);
      e.scope!.files.add(abs);
      e.bases.push(dirname(abs));
      // Without a manifest too, the file is a part of its folder's estate, not the whole of it.
      if (!manifest) e.whole = false;
      continue;
    }
    if (!isGlob(arg)) {
      missing.push(abs);
      continue;
    }
    const scan = picomatch.scan(arg);
    const base = resolve(cwd, scan.base || '.');
    if (fs.kind(base) !== 'dir') {
      unmatched.push(arg);
      continue;
    }
    // Matched against the path as written: relative to the working directory, or absolute.
    const matches = picomatch(isAbsolute(arg) ? arg : arg.replace(/^\.\//, ''), { dot: false });
    const matched: { file: string; manifest: string | undefined }[] = [];
    walk(
      base,
      nearestManifest(base),
      nested,
      (file, m) => {
        const shown = isAbsolute(arg) ? file : relative(cwd, file).split(sep).join('/');
        if (matches(shown)) matched.push({ file, manifest: m });
      },
      given,
    );
    // A glob names files: each estate it matched files of is read as its folder would be (without a manifest, the
    // glob's base), and only the matched files are reported.
    for (const m of new Set(matched.map((x) => x.manifest))) addContext(m, base);
    for (const { file, manifest } of matched) {
      add(file, manifest, false);
      const e = estateOf(manifest);
      e.scope!.files.add(file);
      e.bases.push(dirname(file));
      if (!manifest) e.whole = false;
    }
    if (matched.length === 0) unmatched.push(arg);
  }

  const list: EstateInputs[] = [];
  for (const e of estates.values()) {
    const dirs = [...e.bases, ...e.files.map((f) => dirname(f))];
    if (e.manifest) dirs.push(dirname(e.manifest));
    // An isolated file is its own root: the sandbox lets nothing else be read (./workspace.ts).
    const estate: EstateInputs = { root: options.isolated ? (e.files[0] ?? cwd) : commonDir([...dirs, ...e.strays.map((f) => dirname(f))], cwd), files: e.files, explicit: e.explicit };
    if (e.strays.length) estate.strays = e.strays;
    if (e.manifest) estate.manifest = e.manifest;
    if (e.manifestFrom) estate.manifestFrom = e.manifestFrom;
    if (!e.whole) estate.scope = e.scope!;
    list.push(estate);
  }
  return {
    estates: list,
    unmatched,
    missing,
    refused,
    ignored,
    notInputs,
    rules,
    manifestOf: (abs, isDir) => nearestManifest(isDir ? abs : dirname(abs)),
    scanEstate(estate, dir) {
      if (options.isolated) return [];
      const out: string[] = [];
      const own = estate.manifest;
      walk(dir, own, sameEstate(own), (file) => {
        if (!strayCopy(file)) out.push(file);
      });
      return out;
    },
  };
}

/** Whether a file (absolute) is in the part of the estate the user asked about. */
export function inScope(scope: Scope | undefined, abs: string): boolean {
  if (!scope) return true;
  return scope.files.has(abs) || scope.folders.some((f) => inside(f, abs));
}
