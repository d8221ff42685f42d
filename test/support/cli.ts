/**
 * Run the real command line (`node bin/plexlint.js …`) in a child process, the
 * way CI runs it, with a timeout that only guards against a hang. A child costs
 * a node start and the bundle's load; use it where the process is what is tested
 * (exit codes of the real binary, signals and EPIPE, standard input, a capped
 * heap, a hang guard, the real stack's depth, the files it opens, the bundle),
 * and ./main.ts (runMain, runMainIn) for everything else.
 *
 * bin/plexlint.js loads the compiled dist/. So that the tests run what is in
 * src/ (and do not race `npm run build`), the first call compiles the sources
 * into a folder of the temporary directory laid out like the package, and
 * bundles them as `npm run build` does (rolldown.config.mjs): the child runs the
 * one script users run, which also starts in a third of the CPU time of the
 * ~150 modules it is made of (0.15 s against 0.47 s a run, measured here).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..', '..');
let built: string | undefined;

/** A hash of everything the build reads, so that a build is reused exactly while the sources are unchanged. */
function sourceHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p.slice(root.length)).update('\0').update(readFileSync(p));
    }
  };
  for (const d of ['src', 'grammar', 'bench', 'bin']) walk(join(root, d));
  for (const f of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'rolldown.config.mjs']) h.update(f).update(readFileSync(join(root, f)));
  return h.digest('hex').slice(0, 16);
}

/**
 * The private build's bin/plexlint.js. Test files running in parallel share one
 * build per version of the sources: the first builds into a folder of its own
 * and renames it into place; a folder that is there is complete.
 */
export function cliPath(): string {
  if (built) return built;
  const dir = join(process.env['PLEXLINT_TEST_BUILD_ROOT'] ?? tmpdir(), `plexlint-build-${sourceHash()}`);
  if (!existsSync(join(dir, 'bin', 'plexlint.js'))) {
    const work = mkdtempSync(`${dir}.tmp-`);
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', join(work, 'dist')], {
      encoding: 'utf8',
    });
    if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
    copyFileSync(join(root, 'package.json'), join(work, 'package.json'));
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
    // The config's paths (dist/src/cli/main.js in, dist/plexlint.cjs out) are relative to the folder it runs in.
    const bundle = spawnSync(process.execPath, [join(root, 'node_modules', 'rolldown', 'bin', 'cli.mjs'), '-c', join(root, 'rolldown.config.mjs'), '--logLevel', 'silent'], {
      cwd: work,
      encoding: 'utf8',
    });
    if (bundle.status !== 0 || !existsSync(join(work, 'dist', 'plexlint.cjs'))) throw new Error(`rolldown failed:\n${bundle.stdout}${bundle.stderr}`);
    symlinkSync(join(root, 'docs'), join(work, 'docs'), 'dir');
    // bin/ last: its presence marks a complete build.
    mkdirSync(join(work, 'bin'));
    for (const name of readdirSync(join(root, 'bin'))) copyFileSync(join(root, 'bin', name), join(work, 'bin', name));
    try {
      renameSync(work, dir);
    } catch {
      rmSync(work, { recursive: true, force: true }); // another test file was first
    }
    removeStaleBuilds(dir);
  }
  built = join(dir, 'bin', 'plexlint.js');
  return built;
}

/** Builds of older sources, a day old or more. */
function removeStaleBuilds(keep: string): void {
  const day = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(tmpdir())) {
    const p = join(tmpdir(), name);
    if (!name.startsWith('plexlint-build-') || p === keep) continue;
    try {
      if (statSync(p).mtimeMs < day) rmSync(p, { recursive: true, force: true });
    } catch {
      // another process removed it
    }
  }
}

export interface CliRun {
  code: number | null;
  /** The signal that ended the process (SIGTERM: the hang guard fired). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** With spyFs: `<op> <absolute path>` of every file-system access, in order. */
  fsAccess: string[];
}

export interface CliOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Hang guard, not a performance limit (default 120 s). */
  timeout?: number;
  /** Heap limit for the child (MB): proves memory stays bounded. */
  maxOldSpaceMb?: number;
  /** Record every path the child opens, reads or lists (./fs-spy.mjs) into CliRun.fsAccess. */
  spyFs?: boolean;
  /** Standard input of the child (default: none, as in CI). */
  input?: string;
}

export function runCli(args: string[], options: CliOptions = {}): CliRun {
  const node = options.maxOldSpaceMb ? [`--max-old-space-size=${options.maxOldSpaceMb}`] : [];
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...options.env };
  delete env['FORCE_COLOR'];
  delete env['PLEXLINT_TEST_FAULT'];
  Object.assign(env, options.env);
  let log: string | undefined;
  if (options.spyFs) {
    log = join(mkdtempSync(join(tmpdir(), 'plexlint-fslog-')), 'fs.log');
    writeFileSync(log, '');
    env['PLEXLINT_FS_LOG'] = log;
    node.push('--import', pathToFileURL(join(import.meta.dirname, 'fs-spy.mjs')).href);
  }
  const r = spawnSync(process.execPath, [...node, cliPath(), ...args], {
    cwd: options.cwd ?? root,
    env,
    encoding: 'utf8',
    timeout: options.timeout ?? 120_000,
    maxBuffer: 1 << 28,
    ...(options.input !== undefined ? { input: options.input } : {}),
  });
  let fsAccess: string[] = [];
  if (log) {
    fsAccess = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    rmSync(join(log, '..'), { recursive: true, force: true });
  }
  return { code: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', fsAccess };
}

/** True when the text looks like a JavaScript stack trace. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at .+[(:]\d+/m.test(text) || /node:internal|Unhandled 'error' event/.test(text);
}
