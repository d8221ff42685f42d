// Part of `npm run build`: saves V8's code cache of the bundled CLI and of the libraries it loads on first use
// (bin/bundle.js says why and how they are used). The bundle is compiled from its source, runs what most runs do
// — checks of the example estate (which needs every library: plexlint.yaml, a plug-in file, go scripts) and of
// one of its profiles in the formats people use, of a profile on its own, the rules listing — with its output
// thrown away, and V8's compiled code of everything that ran is written beside each script. Written to a
// temporary name and renamed: a run never reads half a cache.
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachePath, loadBundle } from '../bin/bundle.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const example = join(root, 'fixtures', 'example');
rmSync(cachePath, { force: true });
const { exports, script, libraries } = loadBundle({ useCache: false });
const alone = mkdtempSync(join(tmpdir(), 'plexlint-code-cache-'));
copyFileSync(join(example, 'profiles', 'SYSA.tcpip'), join(alone, 'SYSA.tcpip'));
const write = { out: process.stdout.write, err: process.stderr.write };
process.stdout.write = process.stderr.write = () => true;
try {
  for (const args of [
    ['check', example],
    ['check', join(example, 'profiles', 'SYSA.tcpip')],
    ['check', join(alone, 'SYSA.tcpip')],
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
  rmSync(alone, { recursive: true, force: true });
}

function save(compiled, file) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, compiled.createCachedData());
  renameSync(tmp, file);
}

save(script, cachePath);
for (const { script: lib, cachePath: file } of libraries.values()) save(lib, file);
