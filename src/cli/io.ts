/** Output plumbing shared by the commands: atomic -o writes, colour decisions, package paths. */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Write a file atomically: a temporary file in the same folder, then rename over the target. */
export function writeAtomic(path: string, content: string | Uint8Array): void {
  const target = resolve(path);
  const tmp = join(dirname(target), `.${Date.now().toString(36)}-${process.pid}.plexlint.tmp`);
  try {
    writeFileSync(tmp, content);
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Colour when writing to a terminal, unless NO_COLOR / --no-color; FORCE_COLOR forces it. */
export function useColor(option: boolean | undefined, toFile: boolean, stream: { isTTY?: boolean } = process.stdout): boolean {
  if (option === false || toFile) return false;
  const force = process.env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (process.env['NO_COLOR'] !== undefined && process.env['NO_COLOR'] !== '') return false;
  return stream.isTTY === true;
}

export function emit(content: string, output: string | undefined): void {
  if (output) writeAtomic(output, content);
  else process.stdout.write(content);
}

/** A usage or input error: one clear line, exit 2. */
export class UsageError extends Error {}
