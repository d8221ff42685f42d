/**
 * Inputs that used to overflow the stack ("internal error: RangeError: Maximum call stack size exceeded", no
 * position): a go script of 3,000 `(`, a 9 MB dscontrol line, an 8M-character word in a profile. Each now ends
 * in a positioned finding or one clear line. The go-script cases say nothing about how the script is parsed, so
 * they hold for any shell parser.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from './support/cli.js';

const root = mkdtempSync(join(tmpdir(), 'plexlint-hostile-depth-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
function estate(files: Record<string, string>): string {
  const dir = join(root, `e${++n}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** The run ended as designed: a report (exit 0 or 1) or one clear line (exit 2) — never an internal error. */
function expectClearEnd(r: { code: number | null; stdout: string; stderr: string }): void {
  expect(r.stderr).not.toMatch(/internal error|RangeError|call stack/i);
  expect(hasStackTrace(r.stderr)).toBe(false);
  if (r.code === 2) expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  else expect([0, 1]).toContain(r.code);
}

const CONFIG = 'dscontrol executor start\ndscontrol cluster add 10.60.1.1\n';

describe('go scripts nested thousands of levels deep', () => {
  for (const [what, body] of [
    ["3,000 '('", '('.repeat(3000)],
    ["3,000 '( … )' pairs", `${'('.repeat(3000)}echo${')'.repeat(3000)}`],
    ["3,000 '{'", '{ '.repeat(3000)],
    ['3,000 if … then', 'if true; then '.repeat(3000)],
    ["3,000 '$('", `echo ${'$('.repeat(3000)}`],
  ]) {
    it(`${what}: no stack overflow; a positioned syntax finding on the script, or one clear line`, () => {
      const dir = estate({ 'edge1.cfg': CONFIG, 'edge1/goActive': `#!/bin/sh\n${body}\n` });
      const r = runCli(['check', '.', '--format', 'gcc'], { cwd: dir });
      expectClearEnd(r);
      if (/goActive/.test(r.stdout)) expect(r.stdout).toMatch(/^edge1\/goActive:2:\d+: error: .*\[syntax\]$/m);
      // The case the security review found: the script cannot run, so it must not pass silently.
      if (what === "3,000 '('") expect(r.code === 2 || /^edge1\/goActive:2:\d+: error: .*\[syntax\]$/m.test(r.stdout)).toBe(true);
    });
  }
});

describe('huge tokens', () => {
  it('a 9 MB dscontrol line: a finding on it, quoting a shortened word', () => {
    const dir = estate({ 'edge1.cfg': `${CONFIG}dscontrol cluster add 10.1.1.1 ${'x'.repeat(9_000_000)}\n` });
    const r = runCli(['check', '.', '--format', 'gcc'], { cwd: dir, maxOldSpaceMb: 1024 });
    expectClearEnd(r);
    expect(r.stdout).toMatch(/^edge1\.cfg:3:32: error: cluster add: 'x{79}…x{19}' \[9000002 characters\] is not an option of cluster/m);
    expect(r.stdout.split('\n').every((line) => line.length < 2000)).toBe(true);
  });

  it('an 8M-character word in a profile: a finding on it, quoting a shortened word', () => {
    const dir = estate({ 'SYSA.tcpip': `HOME ${'X'.repeat(8_000_000)}\n` });
    const r = runCli(['check', '.', '--format', 'gcc'], { cwd: dir, maxOldSpaceMb: 1024 });
    expectClearEnd(r);
    expect(r.stdout).toMatch(/^SYSA\.tcpip:1:6: error: .*'X{79}…X{19}' \[8000002 characters\]/m);
  });

  it('an 8M-character word in every report format', () => {
    const dir = estate({ 'SYSA.tcpip': `HOME ${'X'.repeat(8_000_000)}\n` });
    for (const format of ['stylish', 'json', 'sarif', 'github', 'checkstyle', 'junit', 'codequality']) {
      const r = runCli(['check', '.', '--format', format], { cwd: dir, maxOldSpaceMb: 1024 });
      expectClearEnd(r);
      expect(r.stdout.length, format).toBeLessThan(100_000);
    }
  });
});
