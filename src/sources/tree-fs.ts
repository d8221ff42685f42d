/**
 * A file system held in memory: the files of a git revision for `diff git:<ref>`
 * and `check --baseline git:<ref>` (./git-tree.ts). The tree is mounted at a
 * folder (the repository's top level as the user sees it), so the revision's
 * files have the same paths — and the same names in reports — as the working
 * tree's, but no byte is ever written to disk and no answer ever comes from it:
 * a path outside the mounted tree is simply missing.
 *
 * Names come from a repository that may be hostile. A tree entry named `..`,
 * `.`, empty, absolute or holding a backslash is refused when the tree is built
 * (unsafePath), so no name can mean another place, in memory or elsewhere.
 */
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { resolveLinks, type FileSystem, type PathKind } from './fs-journal.js';
import type { ReadFailure } from './read-file.js';

export interface TreeEntry {
  /** Path inside the tree, '/' separators. */
  path: string;
  kind: 'file' | 'link';
  /** Size in bytes (of a file). */
  size: number;
  /** A symbolic link's target, as stored. */
  target?: string;
}

type Node = { kind: 'dir'; children: Set<string> } | { kind: 'file'; size: number } | { kind: 'link'; target: string };

const OUTSIDE: Node = { kind: 'file', size: 0 };

/** Why a tree path is not a plain relative path, or undefined when it is one. */
export function unsafePath(path: string): string | undefined {
  if (path.startsWith('/')) return 'it is absolute';
  if (path.includes('\\')) return 'it holds a backslash, a folder separator on Windows';
  if (path.includes('\0')) return 'it holds a NUL character';
  for (const part of path.split('/')) {
    if (part === '') return 'it has an empty name in it';
    if (part === '.' || part === '..') return `it has a '${part}' in it`;
  }
  return undefined;
}

export class TreeFs implements FileSystem {
  private readonly nodes = new Map<string, Node>();
  private readonly root: string;

  /**
   * @param mount the folder the tree's top level stands for
   * @param entries the tree's files and symbolic links (every path already checked with unsafePath)
   * @param load the bytes of a file of the tree (read when first asked for)
   */
  constructor(
    readonly mount: string,
    entries: TreeEntry[],
    private readonly load: (path: string) => Buffer,
  ) {
    this.root = resolve(mount);
    // The top level is a repository root, as in the working tree: an estate's plexlint.yaml lookup stops here.
    this.nodes.set(this.root, { kind: 'dir', children: new Set(['.git']) });
    this.nodes.set(join(this.root, '.git'), { kind: 'dir', children: new Set() });
    for (const e of entries) {
      const why = unsafePath(e.path);
      if (why) throw new Error(`tree entry ${JSON.stringify(e.path)}: ${why}`);
      const abs = join(this.root, ...e.path.split('/'));
      this.addParents(abs);
      this.nodes.set(abs, e.kind === 'link' ? { kind: 'link', target: e.target ?? '' } : { kind: 'file', size: e.size });
    }
  }

  /** Make the folders above a path (iteratively: a crafted tree may nest very deep). */
  private addParents(abs: string): void {
    for (let child = abs; ; ) {
      const parent = dirname(child);
      let node = this.nodes.get(parent);
      const existed = node !== undefined;
      if (!node) {
        node = { kind: 'dir', children: new Set() };
        this.nodes.set(parent, node);
      }
      if (node.kind === 'dir') node.children.add(basename(child));
      if (existed || parent === child) return;
      child = parent;
    }
  }

  /**
   * The node a path names, following symbolic links (also in the folders on the way). What a link
   * leads to outside the tree is unknown — the disk is never asked — and counts as a file, which the
   * workspace then refuses as outside the estate, as it does a link to a file outside on disk.
   */
  private follow(path: string): Node | undefined {
    const real = this.realpath(path);
    if (real === null) return undefined;
    if (!this.inside(real)) return this.inside(resolve(path)) ? OUTSIDE : undefined;
    return this.nodes.get(real);
  }

  private inside(abs: string): boolean {
    const rel = relative(this.root, abs);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  }

  kind(path: string): PathKind {
    const n = this.follow(path);
    return n === undefined ? 'missing' : n.kind === 'dir' ? 'dir' : n.kind === 'file' ? 'file' : 'other';
  }

  lkind(path: string): PathKind | 'link' {
    const abs = resolve(path);
    const parent = this.realpath(dirname(abs));
    const n = parent === null ? undefined : this.nodes.get(join(parent, basename(abs)));
    return n === undefined ? 'missing' : n.kind;
  }

  size(path: string): number {
    const n = this.follow(path);
    return n?.kind === 'file' ? n.size : n?.kind === 'dir' ? 0 : -1;
  }

  realpath(path: string): string | null {
    return resolveLinks(
      path,
      (p) => {
        const n = this.nodes.get(p);
        // The folders above the mount point are there (as folders, nothing in them is known).
        if (n === undefined) return this.root.startsWith(p.endsWith(sep) ? p : p + sep) ? 'other' : 'missing';
        return n.kind === 'link' ? 'link' : 'other';
      },
      (p) => (this.nodes.get(p) as { target: string }).target,
    );
  }

  list(path: string): string[] {
    const n = this.follow(path);
    return n?.kind === 'dir' ? [...n.children] : [];
  }

  read(path: string, maxBytes: number): Buffer | ReadFailure {
    const real = this.realpath(path);
    const n = real === null || !this.inside(real) ? undefined : this.nodes.get(real);
    if (real === null || n === undefined) return { code: 'ENOENT', why: 'does not exist' };
    if (n.kind !== 'file') return { code: 'ENOTREG', why: n.kind === 'dir' ? 'is a folder, not a regular file' : 'is not a regular file' };
    if (n.size > maxBytes) return { code: 'EFBIG', why: `is larger than the ${maxBytes} bytes plexlint reads` };
    return this.load(relative(this.root, real).split(sep).join('/'));
  }
}
