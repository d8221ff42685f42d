// Loaded with `node --require` into the plexlint processes the benchmark starts: when the process ends it writes
// its peak resident set size (kilobytes) to the file PLEXLINT_BENCH_RSS names.
'use strict';
const { writeFileSync } = require('node:fs');
const target = process.env.PLEXLINT_BENCH_RSS;
if (target) process.on('exit', () => writeFileSync(target, String(process.resourceUsage().maxRSS)));
