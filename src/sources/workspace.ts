/**
 * The estate on disk: which files to read, where the estate's root is, and a
 * sandboxed, cached reader. Nothing outside the root is ever read: INCLUDE
 * targets and manifest paths are checked against it after resolving symlinks.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { decode, type Encoding } from './decode.js';
import { sourceFromText, type SourceFile } from './source-file.js';
import { timed } from '../core/timing.js';

export const MANIFEST_NAMES = ['plexlint.yaml', 'plexlint.yml'];

/** Largest file plexlint reads (a 60 MB profile must pass; anything bigger is not a configuration file). */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** Folders never scanned. */
const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'coverage']);
/** Extensions that are never configuration inputs. */
const SKIP_EXT = /\.(md|markdown|json|js|mjs|cjs|ts|map|png|jpe?g|gif|svg|pdf|zip|gz|tgz|tar|jar|class|exe|dll|so|lock|html?|css)$/i;

export interface ReadError {
  path: string;
  message: string;
  /** The file holds binary data (not a configuration file). */
  binary?: boolean;
  /** Named on the command line or in the manifest (not found by a folder scan). */
  explicit?: boolean;
}

export interface LoadOptions {
  cwd?: string;
  /** --config: the manifest to use. */
  config?: string;
  /** --encoding: force a decoding. */
  encoding?: Encoding;
}

export class Workspace {
  /** Absolute root of the estate: nothing outside it is read. */
  readonly root: string;
  private readonly realRoot: string;
  readonly cwd: string;
  manifestPath?: string;
  /** Files named on the command line or found in the folders named there. */
  readonly inputs: string[] = [];
  /** Files named explicitly (not found by a folder scan). */
  readonly explicit = new Set<string>();
  readonly errors: ReadError[] = [];
  private readonly cache = new Map<string, SourceFile | ReadError>();

  constructor(
    root: string,
    cwd: string,
    private readonly encoding?: Encoding,
  ) {
    this.root = resolve(root);
    this.realRoot = safeRealpath(this.root) ?? this.root;
    this.cwd = cwd;
  }

  /** Path as shown to the user: relative to the working directory, '/' separators. */
  display(abs: string): string {
    const rel = relative(this.cwd, abs);
    const shown = rel === '' ? basename(abs) : rel.startsWith('..') && isAbsolute(abs) && rel.split(sep).filter((p) => p === '..').length > 3 ? abs : rel;
    return shown.split(sep).join('/');
  }

  /** True when the path, with symlinks resolved, lies inside the estate root. */
  contains(abs: string): boolean {
    const real = safeRealpath(abs) ?? resolve(abs);
    const rel = relative(this.realRoot, real);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  }

  /** Read and decode a file of the estate (cached). */
  read(abs: string): SourceFile | ReadError {
    const key = resolve(abs);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const result = timed('read', () => this.readUncached(key));
    this.cache.set(key, result);
    return result;
  }

  private readUncached(abs: string): SourceFile | ReadError {
    const path = this.display(abs);
    if (!this.contains(abs)) return { path, message: 'is outside the estate being checked; plexlint does not read it' };
    let size: number;
    try {
      const st = statSync(abs);
      if (!st.isFile()) return { path, message: 'is not a regular file' };
      size = st.size;
    } catch (e) {
      return { path, message: `cannot be read: ${(e as NodeJS.ErrnoException).code ?? String(e)}` };
    }
    if (size > MAX_FILE_BYTES) return { path, message: `is ${Math.round(size / 1048576)} MB, larger than the ${MAX_FILE_BYTES / 1048576} MB plexlint reads` };
    let bytes: Buffer;
    try {
      bytes = readFileSync(abs);
    } catch (e) {
      return { path, message: `cannot be read: ${(e as NodeJS.ErrnoException).code ?? String(e)}` };
    }
    const decoded = decode(bytes, this.encoding);
    if (decoded.binary) return { path, message: 'is a binary file (it contains NUL bytes), not a configuration file', binary: true };
    return sourceFromText(path, decoded.text, abs, decoded.encoding);
  }

  /** Every file of the estate root (for INCLUDE look-ups without a data set mapping). */
  allFiles(): string[] {
    return walk(this.root);
  }
}

function safeRealpath(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

function walk(dir: string, out: string[] = [], depth = 0): string[] {
  if (depth > 32) return out;
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of names) {
    if (name.startsWith('.') || SKIP_DIRS.has(name)) continue;
    const p = join(dir, name);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) walk(p, out, depth + 1);
    else if (st.isFile() && !SKIP_EXT.test(name)) out.push(p);
  }
  return out;
}

function findManifest(dir: string): string | undefined {
  for (const n of MANIFEST_NAMES) {
    const p = join(dir, n);
    if (existsSync(p)) return p;
  }
  return undefined;
}

/**
 * Build the workspace for the paths given on the command line.
 * The root is the manifest's folder when there is one, else the common folder of the inputs.
 */
export function loadWorkspace(paths: string[], options: LoadOptions = {}): Workspace {
  const cwd = options.cwd ?? process.cwd();
  const inputs = (paths.length ? paths : ['.']).map((p) => resolve(cwd, p));
  let manifest = options.config ? resolve(cwd, options.config) : undefined;
  if (!manifest) {
    for (const p of inputs) {
      const dir = safeIsDir(p) ? p : dirname(p);
      manifest = findManifest(dir);
      if (manifest) break;
    }
  }
  if (!manifest) manifest = findManifest(cwd);
  const roots = inputs.map((p) => (safeIsDir(p) ? p : dirname(p)));
  if (manifest) roots.push(dirname(manifest));
  const root = commonDir(roots);
  const ws = new Workspace(root, cwd, options.encoding);
  if (manifest) {
    if (existsSync(manifest)) ws.manifestPath = manifest;
    else ws.errors.push({ path: ws.display(manifest), message: 'does not exist (--config)', explicit: true });
  }
  const seen = new Set<string>();
  for (const p of inputs) {
    if (!existsSync(p)) {
      ws.errors.push({ path: ws.display(p), message: 'does not exist', explicit: true });
      continue;
    }
    if (safeIsDir(p)) {
      for (const f of walk(p)) if (!seen.has(f)) seen.add(f), ws.inputs.push(f);
    } else if (!seen.has(p)) {
      seen.add(p);
      ws.inputs.push(p);
      ws.explicit.add(p);
    }
  }
  return ws;
}

function safeIsDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function commonDir(dirs: string[]): string {
  if (dirs.length === 0) return process.cwd();
  let common = dirs[0]!.split(sep);
  for (const d of dirs.slice(1)) {
    const parts = d.split(sep);
    let i = 0;
    while (i < common.length && i < parts.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.join(sep) || sep;
}
