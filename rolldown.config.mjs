// Bundles the compiled CLI (dist/src/cli/main.js) into one script, dist/plexlint.cjs, that bin/plexlint.js loads
// with V8's code cache (bin/bundle.js). Loading ~150 ES modules one by one costs more start-up time than
// everything else plexlint does on a small file; one script loads in a fraction of it, and a cached one faster
// still. Chevrotain is bundled in from its single-file build (lib/chevrotain.mjs: its package entry point pulls in
// lodash-es as ~650 modules); grammar/chevrotain.ts loads that file with a dynamic import, which a script cannot
// wait for at its top, so the bundle takes a static re-export of the same file instead.
//
// The libraries only some files need (src/core/libs.ts) stay out of it, so that a check pays only for what its
// files need: yaml, saxes and fast-xml-parser are each bundled into one CommonJS file of their own, dist/lib/<name>.cjs,
// which bin/bundle.js runs on first use with a code cache of its own (mvdan-sh is one file already: its package's).
// @viz-js/viz (Graphviz as WebAssembly, loaded only by `plexlint graph -f svg`) and the language server library
// (loaded only by `plexlint lsp`) stay external.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'rolldown';

const chevrotain = join(dirname(createRequire(import.meta.url).resolve('chevrotain')), '..', 'chevrotain.mjs');

/** Bundled into dist/lib/<name>.cjs (bin/bundle.js lists the libraries it loads from there). */
const ownFiles = ['yaml', 'saxes', 'fast-xml-parser'];

export default defineConfig([
  {
    input: 'dist/src/cli/main.js',
    platform: 'node',
    external: [/^node:/, 'fast-xml-parser', 'mvdan-sh', 'saxes', 'yaml', '@viz-js/viz', /^vscode-languageserver/],
    plugins: [
      {
        name: 'chevrotain-bundle',
        load(id) {
          return id.replaceAll('\\', '/').endsWith('/dist/grammar/chevrotain.js') ? `export * from ${JSON.stringify(chevrotain)};` : null;
        },
      },
    ],
    output: { file: 'dist/plexlint.cjs', format: 'cjs', sourcemap: true },
  },
  ...ownFiles.map((name) => ({
    input: name,
    platform: 'node',
    external: [/^node:/],
    output: { file: `dist/lib/${name}.cjs`, format: 'cjs', exports: 'named' },
  })),
]);
