/**
 * The package is ready to publish: `npm pack` ships the bundled CLI, the docs, the problem matcher, the example
 * estate and the example scenarios (with the estates they name) — not the unbundled dist/src copy, the bench or
 * source maps — and the tarball, installed into an empty folder with only its run-time dependencies, checks the
 * example and runs a shipped scenario.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let work: string;
let files: string[] = [];
let installed: string;

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
/** README's install line for the tarball `npm pack` makes in a clone of plexlint beside the user's repository. */
const installLine = /^npm install --save-dev \.\.\/plexlint\/plexlint-[\d.]+\.tgz$/m.exec(readme)?.[0];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'plexlint-pack-'));
  // dist/plexlint.cjs is built by `npm ci` / `npm run build` (the prepare script); building it here would race the
  // other test files that run bin/plexlint.js.
  if (!existsSync(join(root, 'dist', 'plexlint.cjs'))) throw new Error('dist/plexlint.cjs is missing: run npm run build');
  if (!installLine) throw new Error("README.md has no 'npm install --save-dev ../plexlint/plexlint-<version>.tgz' line");
  // The clone of plexlint beside the user's repository, where `npm pack` left its tarball.
  const clone = join(work, 'plexlint');
  mkdirSync(clone);
  const out = execFileSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', clone], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const [info] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  files = info!.files.map((f) => f.path);
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "private": true }\n');
  // The documented line, as written, in the user's repository. Only plexlint's run-time dependencies come with it,
  // from the local npm cache when it has them, else from the registry.
  execFileSync('sh', ['-c', installLine], {
    cwd: app,
    stdio: 'pipe',
    timeout: 300_000,
    env: { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_ignore_scripts: 'true' },
  });
  installed = join(app, 'node_modules', 'plexlint');
}, 600_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the documented install lines', () => {
  it("README's tarball line names the tarball npm pack makes, and installs plexlint as a dev dependency", () => {
    expect(installLine).toBe(`npm install --save-dev ../plexlint/plexlint-${version}.tgz`);
    expect(existsSync(join(work, 'plexlint', `plexlint-${version}.tgz`))).toBe(true);
    const app = JSON.parse(readFileSync(join(work, 'app', 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
    expect(app.devDependencies?.['plexlint']).toBe(`file:../plexlint/plexlint-${version}.tgz`);
  });

  it('npx plexlint check, as README goes on, checks the repository it is installed in', () => {
    const app = join(work, 'app');
    mkdirSync(join(app, 'profiles'), { recursive: true });
    cpSync(join(root, 'fixtures', 'rules', 'destip-not-xcf', 'bad'), join(app, 'profiles'), { recursive: true });
    const r = spawnSync('sh', ['-c', 'npx plexlint check -f gcc'], { cwd: app, encoding: 'utf8', env: { ...process.env, npm_config_offline: 'true' } });
    expect({ code: r.status, stderr: r.stderr }).toEqual({ code: 1, stderr: '' });
    expect(r.stdout).toMatch(/^profiles\/SYSA\.tcpip:21:15: error: .* \[destip-not-xcf\]$/m);
  });

  it('every documented git URL, tarball and action names this version (plexlint is not on the npm registry)', () => {
    const docs = ['README.md', 'docs/ci.md', 'docs/review.md', 'docs/editor.md', 'editors/vscode/README.md', 'editors/vscode/src/server-path.ts'].map((f) => [f, readFileSync(join(root, f), 'utf8')] as const);
    for (const [file, text] of docs) {
      for (const m of text.matchAll(/plexlint\.git#(v[\d.]+)|plexlint-([\d.]+)\.(?:tgz|vsix)|plexlint\/plexlint@(v[\d.]+)|rev: (v[\d.]+)/g)) {
        expect((m[1] ?? m[3] ?? m[4])?.slice(1) ?? m[2], `${file}: ${m[0]}`).toBe(version);
      }
      // No install line that needs plexlint on the registry: npm install plexlint, plexlint@<version>, npx plexlint@….
      expect(text, file).not.toMatch(/npm install (--global |-g |--save-dev )?plexlint(@|\s|$)|npx (--yes )?plexlint@/m);
    }
  });
});

describe('npm pack', () => {
  it('ships the bundle, the docs, the matcher and the examples; not dist/src, the bench or source maps', () => {
    expect(files).toContain('dist/plexlint.cjs');
    expect(files).toContain('dist/plexlint.cjs.cache');
    for (const lib of ['yaml', 'saxes', 'fast-xml-parser']) expect(files).toContain(`dist/lib/${lib}.cjs`);
    for (const lib of ['yaml', 'saxes', 'fast-xml-parser', 'mvdan-sh']) expect(files).toContain(`dist/lib/${lib}.cache`);
    expect(files).toContain('bin/plexlint.js');
    expect(files).toContain('bin/bundle.js');
    expect(files).toContain('plexlint-matcher.json');
    expect(files).toContain('docs/rules/unlisted-profile.md');
    expect(files).toContain('docs/estates.md');
    expect(files).toContain('fixtures/example/plexlint.yaml');
    expect(files.filter((f) => f.startsWith('fixtures/scenarios/')).length).toBeGreaterThan(0);
    expect(files.filter((f) => f.startsWith('dist/src/') || f.startsWith('dist/bench/') || f.startsWith('bench/') || f.endsWith('.map') || f.startsWith('test/'))).toEqual([]);
    // A bound that catches a whole folder shipped by mistake (test/, fixtures/rules/ are thousands of files): the
    // package is about 340 files: the rule pages, the example, drift and scenario estates, the bundled libraries.
    expect(files.length).toBeLessThan(400);
  });

  it('the bundle and the libraries it loads on first use load with the code caches the build saved (V8 accepts them: same Node.js, same options)', () => {
    const loader = pathToFileURL(join(root, 'bin', 'bundle.js')).href;
    // A check of a profile of the example estate needs every library: plexlint.yaml, the plug-in file, the go scripts.
    const profile = join(root, 'fixtures', 'example', 'profiles', 'SYSA.tcpip');
    const code =
      `const { loadBundle } = await import(${JSON.stringify(loader)}); const { exports, script, libraries } = loadBundle();` +
      `const write = process.stdout.write; process.stdout.write = () => true; await exports.main(['check', ${JSON.stringify(profile)}]); process.stdout.write = write;` +
      `process.stdout.write(JSON.stringify({ bundle: script.cachedDataRejected, ...Object.fromEntries([...libraries].map(([n, l]) => [n, l.script.cachedDataRejected])) }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    expect({ out: JSON.parse(r.stdout || '{}') as unknown, err: r.stderr }).toEqual({
      out: { bundle: false, yaml: false, saxes: false, 'fast-xml-parser': false, 'mvdan-sh': false },
      err: '',
    });
  });

  it('every shipped scenario names an estate that ships too', () => {
    for (const f of files.filter((x) => x.startsWith('fixtures/scenarios/') && x.endsWith('.scenario.yaml'))) {
      const s = parse(readFileSync(join(root, f), 'utf8')) as { estate?: string; inputs?: string[] };
      const targets = s.estate ? [s.estate] : (s.inputs ?? []);
      for (const t of targets) {
        const rel = resolve('/', dirname(f), t).slice(1);
        expect(files.some((x) => x === rel || x.startsWith(`${rel}/`)), `${f} → ${rel}`).toBe(true);
      }
    }
  });

  it('installed with only its run-time dependencies, it checks the example estate, runs a shipped scenario and draws the estate', () => {
    const deps = readdirSync(join(installed, '..')).filter((n) => !n.startsWith('.'));
    expect(deps).not.toContain('vitest');
    expect(deps).not.toContain('typescript');
    expect(existsSync(join(installed, 'dist', 'src'))).toBe(false);
    const bin = join(installed, 'bin', 'plexlint.js');
    const check = spawnSync(process.execPath, [bin, 'check', 'fixtures/example', '-f', 'gcc'], { cwd: installed, encoding: 'utf8' });
    expect({ code: check.status, stdout: check.stdout, stderr: check.stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
    const broken = spawnSync(process.execPath, [bin, 'check', 'fixtures/rules/cell-affinity-disabled/bad', '-f', 'gcc'], { cwd: installed, encoding: 'utf8' });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('[cell-affinity-disabled]');
    const sim = spawnSync(process.execPath, [bin, 'simulate', 'fixtures/scenarios/sysplex-distributor.scenario.yaml'], { cwd: installed, encoding: 'utf8' });
    expect(sim.status, sim.stderr).toBe(0);
    // A failure sweep on the bundle's worker threads (bin/bundle.js serveWorker) gives the report of one thread.
    const sweep = (env: Record<string, string>) =>
      spawnSync(process.execPath, [bin, 'simulate', '--failures', 'pairs', 'fixtures/example', '-f', 'json', '--progress'], { cwd: installed, encoding: 'utf8', env: { ...process.env, ...env } });
    const oneThread = sweep({});
    const threads = sweep({ PLEXLINT_TEST_SWEEP_MIN_FLOW_RUNS: '1' });
    expect({ code: threads.status, stdout: threads.stdout }).toEqual({ code: oneThread.status, stdout: oneThread.stdout });
    expect(threads.stderr.includes('threads'), threads.stderr).toBe(availableParallelism() > 1);
    const explain = spawnSync(process.execPath, [bin, 'explain', 'unlisted-profile'], { cwd: installed, encoding: 'utf8' });
    expect(explain.stdout.startsWith('# unlisted-profile\n')).toBe(true);
    // The SVG needs Graphviz's WebAssembly build, a run-time dependency loaded only then.
    const svg = spawnSync(process.execPath, [bin, 'graph', 'fixtures/example', '-f', 'svg'], { cwd: installed, encoding: 'utf8' });
    expect(svg.status, svg.stderr).toBe(0);
    expect(svg.stdout).toContain('DVIPA 10.40.1.1');
  });
});
