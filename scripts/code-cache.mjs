// Part of `npm run build`: saves V8's code cache of the bundled CLI (bin/bundle.js says why and how it is used).
// The bundle is compiled from its source, runs what most runs do — checks of the example estate and of one of its
// profiles in the formats people use, the rules listing — with its output thrown away, and V8's compiled code of
// everything that ran is written beside the bundle. Written to a temporary name and renamed: a run never reads
// half a cache.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachePath, loadBundle } from '../bin/bundle.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const example = join(root, 'fixtures', 'example');
rmSync(cachePath, { force: true });
const { exports, script } = loadBundle({ useCache: false });
const write = { out: process.stdout.write, err: process.stderr.write };
process.stdout.write = process.stderr.write = () => true;
try {
  for (const args of [
    ['check', example],
    ['check', join(example, 'profiles', 'SYSA.tcpip')],
    ['check', example, '-f', 'json'],
    ['check', example, '-f', 'gcc'],
    ['check', example, '-f', 'sarif'],
    ['rules'],
  ]) {
    await exports.main(args);
  }
} finally {
  process.stdout.write = write.out;
  process.stderr.write = write.err;
  process.exitCode = 0;
}
const tmp = `${cachePath}.${process.pid}.tmp`;
writeFileSync(tmp, script.createCachedData());
renameSync(tmp, cachePath);
