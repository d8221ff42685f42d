/**
 * Run the command line in this process (`main()` from src/cli), capturing what it writes, for tests that need
 * many runs and no child process. Tests of the real binary use ./cli.ts instead: a child process costs ~0.5 s of
 * node start and module load, a run in this process only the command's own work.
 */
import { isMainThread } from 'node:worker_threads';
import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';

export interface MainResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runMain(...args: string[]): Promise<MainResult> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = 0;
  }
}

export interface InOptions {
  /** The working directory of the run (as runCli's cwd; default: this process's): the process changes into it and back. */
  cwd?: string;
  /** Variables set for the run only (undefined: unset). */
  env?: Record<string, string | undefined>;
}

/**
 * `runMain` as `runCli(args, { cwd, env })` runs the real binary, with the environment runCli gives its child:
 * NO_COLOR, no FORCE_COLOR, no PLEXLINT_TEST_FAULT. main() reads the working directory from the process (relative
 * paths, the checkout, the estate roots), so the process really changes into `cwd` — which a worker thread cannot
 * do: vitest.config.ts runs the test files in forked processes for that.
 */
export async function runMainIn(args: string[], options: InOptions = {}): Promise<MainResult> {
  if (!isMainThread) throw new Error('runMainIn changes the working directory: run the tests in forks (vitest.config.ts pool), not threads');
  const env: Record<string, string | undefined> = { NO_COLOR: '1', FORCE_COLOR: undefined, PLEXLINT_TEST_FAULT: undefined, ...options.env };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const setEnv = (values: Record<string, string | undefined>): void => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  const home = process.cwd();
  process.chdir(options.cwd ?? home);
  setEnv(env);
  try {
    return await runMain(...args);
  } finally {
    setEnv(saved);
    process.chdir(home);
  }
}
