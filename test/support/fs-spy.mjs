// Preloaded into a plexlint child process (node --import) by the sandbox tests:
// records every path the process opens, reads or lists through node:fs, one
// per line, in the file named by PLEXLINT_FS_LOG. The ES module bindings of
// node:fs are refreshed (syncBuiltinESMExports) so `import { readFileSync }
// from 'node:fs'` sees the wrapped functions too.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';

const log = process.env.PLEXLINT_FS_LOG;
if (log) {
  const append = fs.appendFileSync;
  let busy = false;
  const record = (op, p) => {
    if (busy || !(typeof p === 'string' || p instanceof URL || Buffer.isBuffer(p))) return;
    busy = true; // appendFileSync opens the log through fs.openSync
    try {
      append(log, `${op} ${resolve(String(p instanceof URL ? p.pathname : p))}\n`);
    } finally {
      busy = false;
    }
  };
  for (const op of ['openSync', 'readFileSync', 'readdirSync', 'opendirSync', 'createReadStream']) {
    const original = fs[op];
    fs[op] = function (p, ...rest) {
      record(op, p);
      return original.call(this, p, ...rest);
    };
  }
  syncBuiltinESMExports();
}
