/**
 * Writing what plexlint was asked to write (`-o` of every command, the cache): through a symbolic link, into a
 * FIFO or a device, with the file's mode kept, never through a file planted under the temporary name, and every
 * failure one line naming the path (exit 2), never "internal error".
 */
import { execFileSync, spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { writeAtomic, WriteError } from '../src/cli/io.js';
import { cliPath, hasStackTrace } from './support/cli.js';
import { runMainIn } from './support/main.js';

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof crypto>();
  return { ...actual, randomBytes: vi.fn(actual.randomBytes) };
});

const dir = mkdtempSync(join(tmpdir(), 'plexlint-hostile-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());
writeFileSync(join(dir, 'SYSA.tcpip'), 'HOME 10.20.1.300 LOOPBACK\n');

let n = 0;
function fresh(): string {
  const d = join(dir, `case${++n}`);
  mkdirSync(d);
  return d;
}

/** Every command that takes -o, with arguments that produce a report. */
const COMMANDS: [string, string[]][] = [
  ['check', ['check', 'SYSA.tcpip']],
  ['compile', ['compile', 'SYSA.tcpip']],
  ['rules', ['rules']],
  ['diff', ['diff', 'SYSA.tcpip', 'SYSA.tcpip']],
];

describe('-o through links, into FIFOs and devices, keeping the mode', () => {
  it('a symbolic link stays a link; its target gets the report', async () => {
    for (const [name, args] of COMMANDS) {
      const d = fresh();
      writeFileSync(join(d, 'real.txt'), 'old');
      symlinkSync(join(d, 'real.txt'), join(d, 'link.txt'));
      const r = await runMainIn([...args, '-o', join(d, 'link.txt')], { cwd: dir });
      expect(r.stderr, name).not.toContain('cannot write');
      expect(lstatSync(join(d, 'link.txt')).isSymbolicLink(), name).toBe(true);
      expect(readlinkSync(join(d, 'link.txt'))).toBe(join(d, 'real.txt'));
      expect(readFileSync(join(d, 'real.txt'), 'utf8'), name).not.toBe('old');
      expect(readdirSync(d).sort(), name).toEqual(['link.txt', 'real.txt']);
    }
  });

  it('a dangling link: the file it names is created, the link stays', async () => {
    const d = fresh();
    symlinkSync(join(d, 'later.txt'), join(d, 'link.txt'));
    const r = await runMainIn(['rules', '-o', join(d, 'link.txt')], { cwd: dir });
    expect(r.code).toBe(0);
    expect(lstatSync(join(d, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(d, 'later.txt'), 'utf8')).toContain('unreadable-file');
  });

  it('the mode of the file is kept', async () => {
    const d = fresh();
    const out = join(d, 'report.txt');
    writeFileSync(out, 'old');
    chmodSync(out, 0o600);
    expect((await runMainIn(['check', 'SYSA.tcpip', '-o', out], { cwd: dir })).code).toBe(1);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    chmodSync(out, 0o640);
    writeAtomic(out, 'new');
    expect(statSync(out).mode & 0o777).toBe(0o640);
  });

  it('a FIFO is written into, not replaced by a file', async () => {
    const d = fresh();
    const fifo = join(d, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = new Promise<string>((resolve) => {
      const cat = spawn('cat', [fifo]);
      let text = '';
      cat.stdout.on('data', (c: Buffer) => (text += c.toString()));
      cat.on('close', () => resolve(text));
    });
    const child = spawn(process.execPath, [cliPath(), 'check', 'SYSA.tcpip', '--format', 'gcc', '-o', fifo], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(await reader).toMatch(/^SYSA\.tcpip:1:6: error: /);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a device is written into, not replaced; a full device is one line, exit 2', async () => {
    const d = fresh();
    // A private copy of /dev/full where the machine allows it (root), so that nothing in /dev is at stake.
    let full = join(d, 'full');
    try {
      execFileSync('mknod', [full, 'c', '1', '7'], { stdio: 'ignore' });
    } catch {
      full = '/dev/full';
    }
    const r = await runMainIn(['check', 'SYSA.tcpip', '-o', full], { cwd: dir });
    expect(r.stderr).toBe(`plexlint: cannot write the report to ${full}: no space left on the device\n`);
    expect(r.code).toBe(2);
    expect(statSync(full).isCharacterDevice()).toBe(true);
  });
});

describe('nothing planted under the temporary name is followed', () => {
  it('a symbolic link where the temporary file would go makes plexlint pick another name', () => {
    const d = fresh();
    const victim = join(d, 'victim');
    writeFileSync(victim, 'precious');
    const out = join(d, 'report.txt');
    // The names a writer could be expected to use: time and process ID (the old scheme), or fixed random bytes.
    const now = 1_700_000_000_000;
    vi.spyOn(Date, 'now').mockReturnValue(now);
    const planted = Buffer.alloc(8, 0xab);
    vi.mocked(crypto.randomBytes).mockImplementationOnce((() => planted) as unknown as typeof crypto.randomBytes);
    for (const name of [`.${now.toString(36)}-${process.pid}.plexlint.tmp`, `.report.txt.${planted.toString('hex')}.plexlint.tmp`]) symlinkSync(victim, join(d, name));
    writeAtomic(out, 'the report');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(readFileSync(out, 'utf8')).toBe('the report');
    expect(lstatSync(out).isFile()).toBe(true);
  });
});

describe('a write that fails is one line naming the path, exit 2', () => {
  const cases: [string, (d: string) => string, (p: string) => string][] = [
    ['a missing folder', (d) => join(d, 'missing', 'report.txt'), (p) => `cannot write the report to ${p}: its folder does not exist`],
    ['a folder', (d) => d, (p) => `cannot write the report to ${p}: it is a folder`],
    ['under a file', (d) => (writeFileSync(join(d, 'file'), ''), join(d, 'file', 'report.txt')), (p) => `cannot write the report to ${p}: a part of the path is not a folder`],
  ];
  for (const [what, path, message] of cases) {
    it(`${what}, for every command`, async () => {
      for (const [name, args] of COMMANDS) {
        const p = path(fresh());
        const r = await runMainIn([...args, '-o', p], { cwd: dir });
        expect(r.stderr, name).toBe(`plexlint: ${message(p)}\n`);
        expect(r.code, name).toBe(2);
        expect(hasStackTrace(r.stderr)).toBe(false);
      }
    });
  }

  it.skipIf(process.getuid?.() === 0)('a folder without write permission', async () => {
    const d = fresh();
    chmodSync(d, 0o500);
    const r = await runMainIn(['rules', '-o', join(d, 'x.txt')], { cwd: dir });
    chmodSync(d, 0o700);
    expect(r.stderr).toBe(`plexlint: cannot write the report to ${join(d, 'x.txt')}: permission denied\n`);
    expect(r.code).toBe(2);
  });

  it('simulate and trace too', async () => {
    const d = fresh();
    const p = join(d, 'missing', 'r.txt');
    const scenario = join(dir, 'fixtures-scenario.scenario.yaml');
    writeFileSync(scenario, 'inputs: [SYSA.tcpip]\nsteps:\n  - set: { stacks: { SYSA: { up: true } } }\n');
    for (const args of [['simulate', scenario], ['trace', 'SYSA.tcpip', '--from', 'client', '--to', '10.1.1.1:80']]) {
      const r = await runMainIn([...args, '-o', p], { cwd: dir });
      expect(r.stderr, args[0]).toBe(`plexlint: cannot write the report to ${p}: its folder does not exist\n`);
      expect(r.code).toBe(2);
    }
  });

  it('WriteError names the path and carries the code; no temporary file is left behind', () => {
    const d = fresh();
    expect(() => writeAtomic(d, 'x')).toThrow(WriteError);
    expect(() => writeAtomic(join(d, 'no', 'x'), 'x')).toThrow(`cannot write ${join(d, 'no', 'x')}: its folder does not exist`);
    expect(readdirSync(d)).toEqual([]);
    expect(existsSync(join(d, 'no'))).toBe(false);
  });
});
