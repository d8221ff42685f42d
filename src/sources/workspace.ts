/**
 * The estate on disk: which files to read, where the estate's root is, and a
 * sandboxed, cached reader. Nothing outside the root is ever read: INCLUDE
 * targets and manifest paths are checked against it after resolving symlinks,
 * and folder scans do not follow a symbolic link out of the estate (or round
 * in a loop). Every file-system question goes through the journal (./fs-journal.ts).
 */
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { decode, type Encoding } from './decode.js';
import { FsJournal } from './fs-journal.js';
import { isReadFailure } from './read-file.js';
import { sourceFromText, type SourceFile } from './source-file.js';
import { timed } from '../core/timing.js';

export const MANIFEST_NAMES = ['plexlint.yaml', 'plexlint.yml'];

const MB = 1024 * 1024;

/**
 * Largest file plexlint reads. A 60 MB profile must pass; analysing a profile
 * takes about 60 bytes of memory per byte of text, so this keeps the largest
 * one within Node's default heap (4 GB on a 64-bit machine with 16 GB or more).
 */
export const MAX_FILE_BYTES = 64 * MB;
/**
 * Largest XML file (plugin-cfg.xml, cluster.xml). The XML parser builds a tree
 * of about 30 bytes per byte of text; a plug-in file of thousands of clusters is
 * a few MB.
 */
export const MAX_XML_BYTES = 16 * MB;
/** Largest estate manifest: a plexlint.yaml is a few KB. */
export const MAX_MANIFEST_BYTES = 1 * MB;

/** Extensions that are never configuration inputs. */
const SKIP_EXT = /\.(md|markdown|json|js|mjs|cjs|ts|map|png|jpe?g|gif|svg|pdf|zip|gz|tgz|tar|jar|class|exe|dll|so|lock|html?|css)$/i;
/** Folder scans go no deeper than this. */
const MAX_SCAN_DEPTH = 32;

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
  /** --encoding: force a decoding (of every input but the manifest). */
  encoding?: Encoding;
  /** The file-system gateway (a fresh one by default). */
  fs?: FsJournal;
}

const mb = (bytes: number): string => `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;

/** A size and a limit as "2.0 MB" and "1.0 MB"; in bytes when the two would read the same ("1.0 MB, larger than the 1.0 MB"). */
function sizes(size: number, limit: number): [string, string] {
  if (mb(size) !== mb(limit)) return [mb(size), mb(limit)];
  const n = (x: number): string => x.toLocaleString('en-US');
  return [`${n(size)} bytes`, `${n(limit)} bytes (${mb(limit)})`];
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
  private files?: string[];

  constructor(
    root: string,
    cwd: string,
    private readonly encoding?: Encoding,
    readonly fs: FsJournal = new FsJournal(),
  ) {
    this.root = resolve(root);
    this.realRoot = fs.realpath(this.root) ?? this.root;
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
    return this.insideRoot(this.fs.realpath(abs) ?? resolve(abs));
  }

  /**
   * Whether a path exists, as far as plexlint may ask: a path outside the estate
   * is never looked at and counts as existing, so that whatever names it gets the
   * one answer "outside the estate" — never whether the file is there.
   */
  mayExist(abs: string): boolean {
    return !this.contains(abs) || this.fs.exists(abs);
  }

  private insideRoot(real: string): boolean {
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
    const kind = this.fs.kind(abs);
    if (kind === 'missing') return { path, message: 'cannot be read: it does not exist' };
    if (kind !== 'file') return { path, message: kind === 'dir' ? 'is a folder, not a file' : 'is not a regular file' };
    const isManifest = abs === this.manifestPath;
    const limit = isManifest ? MAX_MANIFEST_BYTES : MAX_FILE_BYTES;
    const size = this.fs.size(abs);
    if (size > limit) {
      const [is, max] = sizes(size, limit);
      return { path, message: `is ${is}, larger than the ${max} plexlint reads${isManifest ? ' for a manifest' : ''}` };
    }
    const bytes = this.fs.read(abs, limit);
    if (isReadFailure(bytes)) {
      return { path, message: bytes.code === 'EFBIG' ? `grew beyond the ${mb(limit)} plexlint reads while it was read` : bytes.why };
    }
    // The manifest is written on a workstation, whatever the inputs are: --encoding is for the inputs.
    const decoded = decode(bytes, isManifest ? undefined : this.encoding);
    if (decoded.binary) {
      return { path, message: `is a binary file (${decoded.binaryReason ?? 'control characters'}), not a configuration file`, binary: true };
    }
    if (!isManifest && size > MAX_XML_BYTES && /^\s*</.test(decoded.text.slice(0, 1024))) {
      const [is, max] = sizes(size, MAX_XML_BYTES);
      return { path, message: `is an XML file of ${is}, larger than the ${max} plexlint reads for XML (a plugin-cfg.xml of thousands of clusters is a few MB)` };
    }
    return sourceFromText(path, decoded.text, abs, decoded.encoding);
  }

  /** Every file of the estate root (for INCLUDE look-ups without a data set mapping). */
  allFiles(): string[] {
    return (this.files ??= this.scan(this.root));
  }

  /**
   * The files of a folder of the estate, in a stable order. Hidden files, the
   * folders in SKIP_DIRS (./fs-journal.ts) and files that are never inputs are left out. A
   * symbolic link to a folder is followed only when the folder lies inside the
   * estate and has not been scanned yet (so a link loop ends); a link that leads
   * out of the estate is listed as a file, which read() refuses with a clear
   * message, without looking at what it leads to.
   */
  scan(dir: string): string[] {
    const out: string[] = [];
    const visited = new Set<string>();
    const walk = (d: string, depth: number): void => {
      const real = this.fs.realpath(d) ?? d;
      if (depth > MAX_SCAN_DEPTH || visited.has(real)) return;
      visited.add(real);
      // Hidden names and SKIP_DIRS are left out by the listing itself.
      for (const name of this.fs.list(d)) {
        const p = join(d, name);
        const lkind = this.fs.lkind(p);
        // A link out of the estate is listed, so that read() refuses it — whatever is (or is not) at its end,
        // which is never looked at.
        if (lkind === 'link' && !this.contains(p)) {
          if (!SKIP_EXT.test(name)) out.push(p);
          continue;
        }
        const kind = lkind === 'link' ? this.fs.kind(p) : lkind;
        if (kind === 'dir') walk(p, depth + 1);
        else if (kind === 'file' && !SKIP_EXT.test(name)) out.push(p);
      }
    };
    walk(dir, 0);
    return out;
  }
}

function findManifest(fs: FsJournal, dir: string): string | undefined {
  for (const n of MANIFEST_NAMES) {
    const p = join(dir, n);
    if (fs.exists(p)) return p;
  }
  return undefined;
}

/**
 * Build the workspace for the paths given on the command line.
 * The root is the manifest's folder when there is one, else the common folder of the inputs.
 */
export function loadWorkspace(paths: string[], options: LoadOptions = {}): Workspace {
  const fs = options.fs ?? new FsJournal();
  const cwd = options.cwd ?? process.cwd();
  const inputs = (paths.length ? paths : ['.']).map((p) => resolve(cwd, p));
  const isDir = (p: string): boolean => fs.kind(p) === 'dir';
  let manifest = options.config ? resolve(cwd, options.config) : undefined;
  if (!manifest) {
    for (const p of inputs) {
      const dir = isDir(p) ? p : dirname(p);
      manifest = findManifest(fs, dir);
      if (manifest) break;
    }
  }
  if (!manifest) manifest = findManifest(fs, cwd);
  const roots = inputs.map((p) => (isDir(p) ? p : dirname(p)));
  if (manifest) roots.push(dirname(manifest));
  const root = commonDir(roots);
  const ws = new Workspace(root, cwd, options.encoding, fs);
  if (manifest) {
    if (fs.exists(manifest)) ws.manifestPath = manifest;
    else ws.errors.push({ path: ws.display(manifest), message: 'does not exist (--config)', explicit: true });
  }
  const seen = new Set<string>();
  for (const p of inputs) {
    if (!fs.exists(p) && fs.lkind(p) !== 'link') {
      ws.errors.push({ path: ws.display(p), message: 'does not exist', explicit: true });
      continue;
    }
    if (isDir(p)) {
      for (const f of ws.scan(p)) if (!seen.has(f)) seen.add(f), ws.inputs.push(f);
    } else if (!seen.has(p)) {
      seen.add(p);
      ws.inputs.push(p);
      ws.explicit.add(p);
    }
  }
  return ws;
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
