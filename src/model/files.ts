/**
 * Where an estate's files are: the folder they share, and a file's path below
 * it. The two sides of a diff sit in different folders; a plug-in file is the
 * same file on both sides when its path below its estate's folder is.
 */
import type { Estate } from './estate.js';

/** The folder all of an estate's files are in, with a trailing slash ('' when they share none). */
export function estateFolder(estate: Estate): string {
  const dirs = estate.files.map((f) => f.split('/').slice(0, -1));
  if (dirs.length === 0) return '';
  let common = dirs[0]!;
  for (const d of dirs) {
    let i = 0;
    while (i < common.length && i < d.length && common[i] === d[i]) i++;
    common = common.slice(0, i);
  }
  return common.length ? `${common.join('/')}/` : '';
}

/** A file's path below its estate's folder. */
export function estateRelative(estate: Estate, file: string, folder = estateFolder(estate)): string {
  return folder && file.startsWith(folder) ? file.slice(folder.length) : file;
}
