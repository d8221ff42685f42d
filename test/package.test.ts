/**
 * The package is ready to publish: `npm pack` ships the bundled CLI, the docs, the problem matcher, the example
 * estate and the example scenarios (with the estates they name) — not the unbundled dist/src copy, the bench or
 * source maps — and the tarball, installed into an empty folder with only its run-time dependencies, checks the
 * example and runs a shipped scenario.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let work: string;
let files: string[] = [];
let installed: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'plexlint-pack-'));
  // dist/plexlint.cjs is built by `npm ci` / `npm run build` (the prepare script); building it here would race the
  // other test files that run bin/plexlint.js.
  if (!existsSync(join(root, 'dist', 'plexlint.cjs'))) throw new Error('dist/plexlint.cjs is missing: run npm run build');
  const out = execFileSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const [info] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  files = info!.files.map((f) => f.path);
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "private": true }\n');
  // Only the run-time dependencies; from the local npm cache when it has them, else from the registry.
  execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--omit=dev', '--ignore-scripts', join(work, info!.filename)], { cwd: app, stdio: 'pipe', timeout: 300_000 });
  installed = join(app, 'node_modules', 'plexlint');
}, 600_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm pack', () => {
  it('ships the bundle, the docs, the matcher and the examples; not dist/src, the bench or source maps', () => {
    expect(files).toContain('dist/plexlint.cjs');
    expect(files).toContain('dist/plexlint.cjs.cache');
    expect(files).toContain('bin/plexlint.js');
    expect(files).toContain('bin/bundle.js');
    expect(files).toContain('plexlint-matcher.json');
    expect(files).toContain('docs/rules/unlisted-profile.md');
    expect(files).toContain('docs/estates.md');
    expect(files).toContain('fixtures/example/plexlint.yaml');
    expect(files.filter((f) => f.startsWith('fixtures/scenarios/')).length).toBeGreaterThan(0);
    expect(files.filter((f) => f.startsWith('dist/src/') || f.startsWith('dist/bench/') || f.startsWith('bench/') || f.endsWith('.map') || f.startsWith('test/'))).toEqual([]);
    // A tripwire for files shipped by mistake: 333 at issue 25, of which 155 rule pages and 155 fixture-estate files.
    expect(files.length).toBeLessThan(400);
  });

  it('the bundle loads with the code cache the build saved (V8 accepts it: same Node.js, same options)', () => {
    const loader = pathToFileURL(join(root, 'bin', 'bundle.js')).href;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `const { loadBundle } = await import(${JSON.stringify(loader)}); process.stdout.write(String(loadBundle().script.cachedDataRejected));`], { encoding: 'utf8' });
    expect({ out: r.stdout, err: r.stderr }).toEqual({ out: 'false', err: '' });
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
    const explain = spawnSync(process.execPath, [bin, 'explain', 'unlisted-profile'], { cwd: installed, encoding: 'utf8' });
    expect(explain.stdout.startsWith('# unlisted-profile\n')).toBe(true);
    // The SVG needs Graphviz's WebAssembly build, a run-time dependency loaded only then.
    const svg = spawnSync(process.execPath, [bin, 'graph', 'fixtures/example', '-f', 'svg'], { cwd: installed, encoding: 'utf8' });
    expect(svg.status, svg.stderr).toBe(0);
    expect(svg.stdout).toContain('DVIPA 10.40.1.1');
  });
});
