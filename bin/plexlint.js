#!/usr/bin/env node
// plexlint command line. The TypeScript sources are compiled to dist/ by `npm ci` / `npm install` (prepare script).
import { main } from '../dist/src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
