/**
 * The command line's own contract under failure: an internal error is exit 2
 * and one clear line (the stack only with --debug), and a reader that closes
 * the pipe early (`plexlint check | head`) is not a crash. Run as CI runs it:
 * `node bin/plexlint.js` in a child process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliPath, hasStackTrace, runCli } from './support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'plexlint-hostile-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// 3000 invalid addresses: a report far larger than a pipe's buffer.
writeFileSync(join(dir, 'SYSA.tcpip'), 'HOME 10.20.1.300 LOOPBACK\n'.repeat(3000));

describe('internal errors', () => {
  it('exit 2 and exactly one line on stderr, nothing on stdout, no stack trace', () => {
    const r = runCli(['check', 'SYSA.tcpip'], { cwd: dir, env: { PLEXLINT_TEST_FAULT: 'lint' } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('plexlint: internal error: Error: fault injected by PLEXLINT_TEST_FAULT=lint (run with --debug for details)\n');
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('--debug adds the stack trace (before or after the command)', () => {
    for (const args of [['--debug', 'check', 'SYSA.tcpip'], ['check', 'SYSA.tcpip', '--debug']]) {
      const r = runCli(args, { cwd: dir, env: { PLEXLINT_TEST_FAULT: 'lint' } });
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe('plexlint: internal error: Error: fault injected by PLEXLINT_TEST_FAULT=lint');
      // The child runs the bundle, as an installed plexlint does (support/cli.ts): the frames are in plexlint.cjs.
      expect(r.stderr).toMatch(/\n\s+at lint(All)? \(.*\/dist\/plexlint\.cjs:\d+:\d+\)/);
    }
  });

  it('the same for compile (every command goes through the same handler)', () => {
    const r = runCli(['compile', 'SYSA.tcpip'], { cwd: dir, env: { PLEXLINT_TEST_FAULT: 'lint' } });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('without the hook, the same estate is checked normally', () => {
    const r = runCli(['check', 'SYSA.tcpip', '--format', 'gcc'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(3000);
  });
});

describe('a reader that stops early', () => {
  it('closing stdout after the first chunk ends plexlint quietly with its exit code', async () => {
    const child = spawn(process.execPath, [cliPath(), 'check', 'SYSA.tcpip', '--format', 'gcc'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(hasStackTrace(stderr)).toBe(false);
    expect(stderr).toBe('');
    expect(code).toBe(1);
  });
});
