/**
 * Every test writes its throw-away estates under one folder made here, and the folder is removed when the run
 * ends, so a run leaves nothing in the machine's temp directory (nor in the user's cache folder: XDG_CACHE_HOME). `os.tmpdir()` reads TMPDIR on each call, and the
 * worker threads and the CLI processes the tests spawn inherit it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const system = tmpdir();
  const root = mkdtempSync(join(system, 'plexlint-tests-'));
  const previous = process.env['TMPDIR'];
  const previousCache = process.env['XDG_CACHE_HOME'];
  // The private CLI build (support/cli.ts) outlives the run: it is reused while the sources are unchanged.
  process.env['PLEXLINT_TEST_BUILD_ROOT'] = system;
  process.env['TMPDIR'] = root;
  // `check --cache` keeps its cache and key in the user's cache folder: the tests' own, removed with the rest.
  process.env['XDG_CACHE_HOME'] = join(root, 'cache');
  return () => {
    if (previousCache === undefined) delete process.env['XDG_CACHE_HOME'];
    else process.env['XDG_CACHE_HOME'] = previousCache;
    if (previous === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
