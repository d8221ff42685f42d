// Bundles the compiled CLI (dist/src/cli/main.js) into one file, dist/plexlint.mjs.
// Loading ~150 ES modules one by one costs more start-up time than everything else
// plexlint does on a small file; one module loads in a fraction of it.
// Chevrotain (loaded from its own bundle file), fast-xml-parser, saxes, mvdan-sh
// and yaml (loaded on first use) stay external, and so do @viz-js/viz (Graphviz
// as WebAssembly, loaded only by `plexlint graph -f svg`) and the language server
// library (loaded only by `plexlint lsp`).
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: 'dist/src/cli/main.js',
  platform: 'node',
  external: [/^node:/, 'chevrotain', 'fast-xml-parser', 'mvdan-sh', 'saxes', 'yaml', '@viz-js/viz', /^vscode-languageserver/],
  output: { file: 'dist/plexlint.mjs', format: 'esm', sourcemap: true },
});
