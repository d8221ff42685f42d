#!/usr/bin/env node
// plexlint command line. `npm ci` / `npm install` build dist/ (the prepare script): dist/plexlint.cjs is the CLI
// bundled into one script, which starts faster than the ~150 modules it is made of (and faster again with the
// code cache the build saves beside it, ./bundle.js); dist/src/cli/main.js is the unbundled build.
import { hasBundle, loadBundle } from './bundle.js';

const { main } = hasBundle() ? loadBundle().exports : await import('../dist/src/cli/main.js');
process.exitCode = await main(process.argv.slice(2));
