// Packages the extension: `node editors/vscode/package.mjs [--out <file.vsix>]` (npm run vscode:package).
// In a staging folder of its own (never in the sources): the manifest, README, language configurations and
// grammars, the manifest schema of the plexlint package, and the client bundled with vscode-languageclient into one
// CommonJS file (dist/extension.cjs; `vscode` comes from VS Code). Then @vscode/vsce packages the folder. The
// language server is not in the extension: it runs from the installed plexlint package.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const args = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const outArg = args.indexOf('--out');
const out = resolve(outArg >= 0 ? args[outArg + 1] : join(here, `${manifest.name}-${manifest.version}.vsix`));

const staging = mkdtempSync(join(tmpdir(), 'plexlint-vscode-'));
try {
  for (const f of ['package.json', 'README.md', '.vscodeignore', 'language-configuration', 'syntaxes']) cpSync(join(here, f), join(staging, f), { recursive: true });
  cpSync(join(root, 'plexlint.schema.json'), join(staging, 'plexlint.schema.json'));
  const bundle = await rolldown({ input: join(here, 'src', 'extension.ts'), platform: 'node', external: ['vscode'], logLevel: 'silent' });
  await bundle.write({ file: join(staging, 'dist', 'extension.cjs'), format: 'cjs', minify: true });
  await bundle.close();
  const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const run = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out], { cwd: staging, encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}${run.stderr}`);
    process.exit(run.status ?? 1);
  }
  process.stderr.write(`packaged ${out}\n`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
