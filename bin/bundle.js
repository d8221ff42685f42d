// Loads the bundled CLI, dist/plexlint.cjs, with V8's code cache when there is one, and the libraries it loads on
// first use (src/core/libs.ts) the same way.
//
// Compiling plexlint's ~2 MB bundle, and then each function it runs, is a good part of the start-up of a check
// of one small profile. The build (scripts/code-cache.mjs) runs a few typical checks and saves V8's compiled code
// beside the bundle (dist/plexlint.cjs.cache); later runs load it instead of compiling. The libraries only some
// files need — the YAML parser, the two XML readers, the shell parser — are one CommonJS file each (dist/lib/ for
// those the build bundles, mvdan-sh's own file) with a code cache of its own (dist/lib/<name>.cache), loaded when
// a file needs them: a check of one profile does not read them, a check of one file of an estate reads what the
// estate's files need. A cache fits only the Node.js that wrote it: V8 refuses one of another version or made
// with other V8 options, and then compiles the script as usual — the result is the same either way, only slower.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

export const bundlePath = fileURLToPath(new URL('../dist/plexlint.cjs', import.meta.url));
export const cachePath = `${bundlePath}.cache`;
const libDir = join(dirname(bundlePath), 'lib');

/** Whether dist/ holds the bundle (else bin/plexlint.js runs the unbundled build, dist/src). */
export function hasBundle() {
  return existsSync(bundlePath);
}

/**
 * Runs a CommonJS file as CommonJS would run it — the same wrapper function, a require() that resolves from its
 * folder — compiled with the code cache at `cache` when `useCache` and there is one.
 */
function runScript(file, cache, useCache) {
  let cachedData;
  if (useCache) {
    try {
      cachedData = readFileSync(cache);
    } catch {
      cachedData = undefined;
    }
  }
  // A script of the build makes no dynamic import() (which a vm.Script would need a module loader for): it is CommonJS.
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
  const script = new vm.Script(source, { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, script };
}

/**
 * The bundle's exports, and the compiled scripts (for createCachedData): the bundle's, and in `libraries` each
 * library's the run has loaded so far with the file its cache goes to. `useCache: false` compiles from the sources
 * (what the caches are made from).
 */
export function loadBundle({ useCache = true } = {}) {
  const { exports, script } = runScript(bundlePath, cachePath, useCache);
  /** @type {Map<string, { script: import('node:vm').Script, cachePath: string }>} */
  const libraries = new Map();
  const resolveFrom = createRequire(bundlePath);
  exports.setLibraryLoader((name) => {
    const own = join(libDir, `${name}.cjs`);
    const file = existsSync(own) ? own : resolveFrom.resolve(name);
    const cache = join(libDir, `${name}.cache`);
    const lib = runScript(file, cache, useCache);
    libraries.set(name, { script: lib.script, cachePath: cache });
    return lib.exports;
  });
  // A worker thread of a failure sweep (src/sim/sweep-pool.ts) imports this module and calls serveWorker: it runs
  // the bundle, with its code cache, as this thread does.
  exports.setWorkerEntry(import.meta.url);
  return { exports, script, libraries };
}

/** A failure sweep's worker thread: the bundle serves the runs it is handed (src/sim/sweep-worker.ts). */
export function serveWorker() {
  loadBundle().exports.serveWorker();
}
