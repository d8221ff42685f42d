import { isAbsolute, relative, resolve } from 'node:path';
import type { ReportInput } from './types.js';

/**
 * A display path (relative to the working directory) as a path relative to the
 * source root, with '/' separators; undefined when the file lies outside it.
 * GitHub wants repository-relative paths for annotations and SARIF.
 */
export function rootRelative(input: Pick<ReportInput, 'cwd' | 'sourceRoot'>, file: string): string | undefined {
  const abs = resolve(input.cwd, file);
  const rel = relative(resolve(input.sourceRoot ?? input.cwd), abs);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split('\\').join('/');
}

export function absolutePath(input: Pick<ReportInput, 'cwd'>, file: string): string {
  return resolve(input.cwd, file);
}
