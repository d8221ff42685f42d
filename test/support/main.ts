/**
 * Run the command line in this process (`main()` from src/cli), capturing what it writes, for tests that need
 * many runs and no child process. Tests of the real binary use ./cli.ts instead.
 */
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
