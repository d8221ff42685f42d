#!/usr/bin/env node
// plexlint command line. `npm ci` / `npm install` build dist/ (the prepare script):
// dist/plexlint.mjs is the CLI bundled into one module, which starts faster than the
// ~150 modules it is made of; dist/src/cli/main.js is the unbundled build.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/plexlint.mjs', import.meta.url);
const { main } = await import(existsSync(bundle) ? bundle.href : '../dist/src/cli/main.js');
process.exitCode = await main(process.argv.slice(2));
