/** Output plumbing shared by the commands: -o writes (./write-file.ts), colour decisions, package paths. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAtomic } from './write-file.js';

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

/** The report: to the -o file (./write-file.ts; a failure is one line and exit 2) or to stdout. */
export function emit(content: string, output: string | undefined): void {
  if (output) writeAtomic(output, content);
  else process.stdout.write(content);
}

export { UsageError } from './usage-error.js';
export { writeAtomic, WriteError } from './write-file.js';
