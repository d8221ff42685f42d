/**
 * Run the real command line (`node bin/plexlint.js …`) in a child process, the
 * way CI runs it, with a timeout that only guards against a hang.
 *
 * bin/plexlint.js loads the compiled dist/. So that the tests run what is in
 * src/ (and do not race `npm run build` or each other), the first call compiles
 * the sources into a private folder laid out like the package.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..', '..');
let built: string | undefined;

/** The private build's bin/plexlint.js (compiled once per test file). */
export function cliPath(): string {
  if (built) return built;
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-build-'));
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', join(dir, 'dist')], {
    encoding: 'utf8',
  });
  if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(root, 'bin', 'plexlint.js'), join(dir, 'bin', 'plexlint.js'));
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  symlinkSync(join(root, 'docs'), join(dir, 'docs'), 'dir');
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  built = join(dir, 'bin', 'plexlint.js');
  return built;
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
