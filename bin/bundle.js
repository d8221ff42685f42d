// Loads the bundled CLI, dist/plexlint.cjs, with V8's code cache when there is one.
//
// Compiling plexlint's ~1.8 MB bundle, and then each function it runs, is a good part of the start-up of a check
// of one small profile. The build (scripts/code-cache.mjs) runs a few typical checks and saves V8's compiled code
// beside the bundle (dist/plexlint.cjs.cache); later runs load it instead of compiling. The cache fits only the
// Node.js that wrote it: V8 refuses one of another version or made with other V8 options, and then compiles the
// bundle as usual — the result is the same either way, only slower.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

export const bundlePath = fileURLToPath(new URL('../dist/plexlint.cjs', import.meta.url));
export const cachePath = `${bundlePath}.cache`;

/** Whether dist/ holds the bundle (else bin/plexlint.js runs the unbundled build, dist/src). */
export function hasBundle() {
  return existsSync(bundlePath);
}

/**
 * The bundle's exports, and the compiled script (for createCachedData). `useCache: false` compiles from the source
 * (what the cache is made from). The bundle runs as CommonJS would run it: the same wrapper function, a require()
 * that resolves from dist/.
 */
export function loadBundle({ useCache = true } = {}) {
  let cachedData;
  if (useCache) {
    try {
      cachedData = readFileSync(cachePath);
    } catch {
      cachedData = undefined;
    }
  }
  // The bundle makes no dynamic import() (which a vm.Script would need a module loader for): it is CommonJS.
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundlePath, 'utf8')}\n})`;
  const script = new vm.Script(source, { filename: bundlePath, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundlePath), module, bundlePath, dirname(bundlePath));
  return { exports: module.exports, script };
}
