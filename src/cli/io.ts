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

/** Why a report cannot be written, in words (the error code for anything unusual). */
export function writeFailure(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'its folder does not exist';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EROFS':
      return 'the file system is read-only';
    case 'EDQUOT':
      return 'disk quota exceeded';
    default:
      return code ?? (e instanceof Error ? e.message : String(e));
  }
}

/** Write a report to -o (atomically) or stdout. A report that cannot be written is a usage error naming the path (exit 2). */
export function emit(content: string, output: string | undefined): void {
  if (!output) {
    process.stdout.write(content);
    return;
  }
  try {
    writeAtomic(output, content);
  } catch (e) {
    if (!(e as NodeJS.ErrnoException).code) throw e;
    throw new UsageError(`cannot write the report to ${output}: ${writeFailure(e)}`);
  }
}

/** A usage or input error: one clear line, exit 2. */
export class UsageError extends Error {}
