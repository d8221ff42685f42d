/** Output plumbing shared by the commands: -o writes (./write-file.ts), colour decisions, package paths. */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardOf } from '../sources/checkout.js';
import { UsageError } from './usage-error.js';
import { writeAtomic, WriteError } from './write-file.js';

/** The package root (works from src/ under vitest and from dist/src/ when built). */
export const packageRoot = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'plexlint') return dir;
    } catch {
      // keep looking upwards
    }
    dir = dirname(dir);
  }
  return process.cwd();
})();

export const version: string = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** Colour when writing to a terminal, unless NO_COLOR / --no-color; FORCE_COLOR forces it. */
export function useColor(option: boolean | undefined, toFile: boolean, stream: { isTTY?: boolean } = process.stdout): boolean {
  if (option === false || toFile) return false;
  const force = process.env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (process.env['NO_COLOR'] !== undefined && process.env['NO_COLOR'] !== '') return false;
  return stream.isTTY === true;
}

export const EMPTY_OUTPUT = '-o, --output: the file name is empty; name a file, or leave -o out to write to standard output';

/**
 * Write a report to -o (./write-file.ts) or stdout. A report that cannot be written is one line naming the path and
 * why (exit 2). A path in the checkout is not written through a symbolic link that leads out of it (the Action's
 * default `plexlint.sarif` may be a link a branch committed); a path the user names outside it is written as named.
 */
export function emit(content: string, output: string | undefined, cwd = process.cwd()): void {
  // `-o ''` (an unset variable in a script) is a mistake, not a request for standard output.
  if (output === '') throw new UsageError(EMPTY_OUTPUT);
  if (output === undefined) {
    process.stdout.write(content);
    return;
  }
  try {
    writeAtomic(resolve(cwd, output), content, { within: guardOf(output, cwd) });
  } catch (e) {
    if (!(e instanceof WriteError)) throw e;
    throw new UsageError(`cannot write the report to ${output}: ${e.reason}`);
  }
}

export { UsageError } from './usage-error.js';
export { writeAtomic, writeFailure, WriteError } from './write-file.js';
