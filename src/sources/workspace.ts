/**
 * The estate on disk: which files to read, where the estate's root is, and a
 * sandboxed, cached reader. Nothing outside the root is ever read: INCLUDE
 * targets and manifest paths are checked against it after resolving symlinks,
 * and folder scans do not follow a symbolic link out of the estate (or round
 * in a loop). Every file-system question goes through the journal (./fs-journal.ts).
 */
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { discover, type Discovery, type EstateInputs } from './discover.js';
import { decode, fixedLineLength, RECORD_LENGTH, type Encoding } from './decode.js';
import { FsJournal } from './fs-journal.js';
import { shownName } from './fs-names.js';
import { isReadFailure } from './read-file.js';
import { sourceFromText, type SourceFile } from './source-file.js';
import { timed } from '../core/timing.js';

export { MANIFEST_NAMES } from './discover.js';

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

/**
 * A path as shown to the user: relative to the working directory (absolute when far outside it), '/' separators,
 * each byte of a name that is not UTF-8 as `\xNN` (./fs-names.ts).
 */
export function displayPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  const shown = rel === '' ? basename(abs) : rel.startsWith('..') && isAbsolute(abs) && rel.split(sep).filter((p) => p === '..').length > 3 ? abs : rel;
  return shownName(shown.split(sep).join('/'));
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
    private readonly scanner: (dir: string) => string[] = (dir) => discover([dir], { fs, cwd }).scanEstate({ root: dir, files: [], explicit: new Set() }, dir),
  ) {
    this.root = resolve(root);
    this.realRoot = fs.realpath(this.root) ?? this.root;
    this.cwd = cwd;
  }

  /** Path as shown to the user: relative to the working directory, '/' separators. */
  display(abs: string): string {
    return displayPath(this.cwd, abs);
  }

  /** A folder as messages name it: with a trailing '/', the working directory as `./`. */
  folderDisplay(abs: string): string {
    return relative(this.cwd, abs) === '' ? './' : `${displayPath(this.cwd, abs)}/`;
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
    const file = sourceFromText(path, decoded.text, abs, decoded.encoding, decoded.bom);
    // Fixed-length records, without line ends or with them (every line equally long): a fix keeps their length.
    const recordLength = decoded.splitRecords ? RECORD_LENGTH : fixedLineLength(decoded.text);
    if (recordLength !== undefined) file.recordLength = recordLength;
    return file;
  }

  /** Every file of the estate root (for INCLUDE look-ups without a data set mapping). */
  allFiles(): string[] {
    return (this.files ??= this.scan(this.root));
  }

  /**
   * The files of a folder of the estate, in a stable order, by the rules of a folder scan (./discover.ts): the
   * ignore rules, files that are never inputs left out, no descent into a nested estate, and a symbolic link to
   * a folder outside the estate listed as a file, which read() refuses with a clear message.
   */
  scan(dir: string): string[] {
    return this.scanner(dir);
  }
}

/** The workspace of one estate that discovery (./discover.ts) found. */
export function openWorkspace(estate: EstateInputs, discovery: Pick<Discovery, 'scanEstate'>, options: { cwd: string; encoding?: Encoding; fs: FsJournal }): Workspace {
  const ws = new Workspace(estate.root, options.cwd, options.encoding, options.fs, (dir) => discovery.scanEstate(estate, dir));
  if (estate.manifest) {
    if (options.fs.exists(estate.manifest)) ws.manifestPath = estate.manifest;
    else ws.errors.push({ path: ws.display(estate.manifest), message: 'does not exist (--config)', explicit: true });
  }
  for (const f of estate.files) ws.inputs.push(f);
  for (const f of estate.explicit) ws.explicit.add(f);
  return ws;
}
