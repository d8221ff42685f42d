/**
 * The estates of the two sides of a diff, paired. A side may hold several estates (docs/estates.md: each
 * plexlint.yaml starts its own); `plexlint diff git:origin/main .` at the root of a repository with `prod/PLEX1/`
 * and `test/PLEX2/` compares PLEX1 with PLEX1 and PLEX2 with PLEX2, never a file of one with a file of the other.
 *
 * An estate is known by its folder below its side's root: the folder of its manifest, or for files without a
 * manifest the folder they were found in. Estates with the same folder on both sides are a pair, whatever their
 * manifest is called; an estate whose folder only one side has is added or removed whole — a manifest moved to
 * another folder is one estate removed and one added.
 *
 * Two folders compared with each other (`plexlint diff prod/PLEX1 test/PLEX2`, `plexlint diff old new`) that hold
 * one estate each are that one pair, wherever their manifests are: the user named the two estates to compare.
 */
import { dirname, relative, sep } from 'node:path';
import type { EstateInputs } from '../sources/discover.js';
import type { Side } from './sides.js';

export interface EstatePair {
  /** The estate's folder below the sides' roots, with '/' separators: '.' for the root itself. */
  folder: string;
  /** The estate on each side; absent on the side it is not on (added or removed). */
  before?: EstateInputs;
  after?: EstateInputs;
}

/** An estate's folder below the root of its side. */
export function estateFolder(estate: EstateInputs, root: string): string {
  const dir = estate.manifest ? dirname(estate.manifest) : estate.root;
  const rel = relative(root, dir);
  return rel === '' ? '.' : rel.split(sep).join('/');
}

/**
 * Pair the estates of the two sides by folder. `byFolderOnly`: a revision diff or the like, where the same folder
 * is the same estate; otherwise two sides of one estate each are paired whatever their folders.
 */
export function pairEstates(before: { side: Side; estates: EstateInputs[] }, after: { side: Side; estates: EstateInputs[] }, byFolderOnly: boolean): EstatePair[] {
  const [a, b] = [before.estates, after.estates];
  if (!byFolderOnly && a.length <= 1 && b.length <= 1) {
    const folder = b[0] ? estateFolder(b[0], after.side.root) : a[0] ? estateFolder(a[0], before.side.root) : '.';
    return [{ folder, ...(a[0] ? { before: a[0] } : {}), ...(b[0] ? { after: b[0] } : {}) }];
  }
  const pairs = new Map<string, EstatePair>();
  const add = (side: 'before' | 'after', estate: EstateInputs, root: string): void => {
    const folder = estateFolder(estate, root);
    const pair = pairs.get(folder) ?? { folder };
    // Two estates of one side in one folder cannot happen (one manifest per folder); keep the first if they do.
    pair[side] ??= estate;
    pairs.set(folder, pair);
  };
  for (const e of a) add('before', e, before.side.root);
  for (const e of b) add('after', e, after.side.root);
  const list = [...pairs.values()].sort((x, y) => order(x.folder, y.folder));
  return list.length ? list : [{ folder: '.' }];
}

/** The root first, then by folder, a folder before the folders inside it. */
function order(x: string, y: string): number {
  if (x === y) return 0;
  if (x === '.') return -1;
  if (y === '.') return 1;
  const [p, q] = [x.split('/'), y.split('/')];
  for (let i = 0; i < Math.min(p.length, q.length); i++) if (p[i] !== q[i]) return p[i]! < q[i]! ? -1 : 1;
  return p.length - q.length;
}
