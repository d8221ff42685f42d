/**
 * plexlint drift: nothing on captures that match their configuration; each kind of difference the issue names,
 * injected into the drift example's captures, is one finding of its rule with both locations; the command's
 * contract (exit 0 / 1 / 2, the check formats, captures on the command line, no capture at all).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drift } from '../src/engine/drift.js';
import { lint } from '../src/engine/lint.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');
const example = join(root, 'fixtures', 'drift', 'example');
const scratch = mkdtempSync(join(tmpdir(), 'plexlint-drift-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
/** A copy of the drift example with some captures edited: file → (text → text). */
function variant(edits: Record<string, (text: string) => string>): string {
  const dir = join(scratch, `v${++n}`);
  cpSync(example, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const p = join(dir, file);
    const before = readFileSync(p, 'utf8');
    const after = edit(before);
    if (after === before) throw new Error(`the edit of ${file} changed nothing`);
    writeFileSync(p, after);
  }
  return dir;
}

function found(dir: string): { rule: string; file: string; line: number; related: string[]; message: string }[] {
  return drift([dir], { cwd: dir }).diagnostics.map((d) => ({ rule: d.ruleId, file: d.file, line: d.line, related: (d.related ?? []).map((r) => `${r.file}:${r.line}`), message: d.message }));
}

describe('no drift', () => {
  it('the drift example: captures that match their configuration give no finding, and check is clean', () => {
    expect(found(example)).toEqual([]);
    expect(lint([example], { cwd: root }).diagnostics).toEqual([]);
  });
});

describe('each kind of drift, injected', () => {
  it('a DVIPA active on a stack that neither defines nor backs it up', () => {
    const dir = variant({
      'state/SYSA/vipadyn.txt': (t) => `${t}  IP Address/Prefixlen: 10.40.1.9/24\n    Status: Active      Origin: VIPADefine     DistStat:\n`,
    });
    expect(found(dir).map((f) => [f.rule, f.file, f.line, f.related])).toEqual([['drift-dvipa-unconfigured', 'state/SYSA/vipadyn.txt', 9, ['profiles/SYSA.tcpip:1']]]);
  });

  it('a VIPADISTRIBUTE target the profile has and the stack does not', () => {
    const dir = variant({ 'state/SYSA/vipadcfg.txt': (t) => t.replace(/ {4}Dest: {8}10\.40\.1\.1\.\.8080\n {6}DestXCF: {3}10\.30\.1\.3\n.*\n.*\n/, '') });
    const f = found(dir);
    expect(f.map((x) => [x.rule, x.file, x.line, x.related])).toEqual([['drift-distribution-missing', 'profiles/SYSA.tcpip', 21, ['state/SYSA/vipadcfg.txt:10']]]);
    expect(f[0]!.message).toContain('DESTIP 10.30.1.3 of VIPADISTRIBUTE 10.40.1.1 port 8080 is not a target in the running stack');
  });

  it('a whole VIPADISTRIBUTE the profile has and the stack does not', () => {
    const dir = variant({ 'state/SYSB/vipadcfg.txt': (t) => t.replace(/ {2}VIPA Distribute:[\s\S]*$/, '') });
    expect(found(dir).map((x) => [x.rule, x.file, x.line, x.related])).toEqual([['drift-distribution-missing', 'profiles/SYSB.tcpip', 21, ['state/SYSB/vipadcfg.txt:1']]]);
  });

  it('a distribution the stack does that the files do not (an OBEYFILE change)', () => {
    const dir = variant({
      'state/SYSA/vipadcfg.txt': (t) => `${t}    Dest:        10.40.1.1..8443\n      DestXCF:   10.30.1.1\n      DistMethod: ServerWLM         SysPt:  No   TimAff: No   Flg:\n`,
    });
    expect(found(dir).map((x) => [x.rule, x.file, x.line, x.related])).toEqual([['drift-distribution-unconfigured', 'state/SYSA/vipadcfg.txt', 22, ['profiles/SYSA.tcpip:1']]]);
  });

  it('a target in VDPT that DESTIP does not name', () => {
    const dir = variant({
      'state/SYSA/vdpt.txt': (t) => `${t}Dest:        10.40.1.1..8080\n  DestXCF:   10.30.1.9\n  TotalConn: 0000000012  Rdy: 001  WLM: 20  TSR: 100\n`,
    });
    expect(found(dir).map((x) => [x.rule, x.file, x.line, x.related])).toEqual([['drift-target-not-in-destip', 'state/SYSA/vdpt.txt', 18, ['profiles/SYSA.tcpip:21']]]);
  });

  it('targets that are not ready, and why: no listener, WLM weight 0', () => {
    const dir = variant({
      'state/SYSB/vdpt.txt': (t) => t.replace('10.30.1.3       001 0000002209 16', '10.30.1.3       000 0000002209 16').replace('10.30.1.2       001 0000004388 32', '10.30.1.2       001 0000004388 00'),
    });
    const f = found(dir);
    expect(f.map((x) => [x.rule, x.file, x.line])).toEqual([
      ['drift-target-not-ready', 'state/SYSB/vdpt.txt', 6],
      ['drift-target-not-ready', 'state/SYSB/vdpt.txt', 7],
    ]);
    expect(f[0]!.message).toMatch(/^SYSB gets no new connections to 10\.40\.1\.2 port 3000 now \(NETSTAT VDPT\): its WLM weight is 0 \(BASEWLM\)/);
    expect(f[1]!.message).toMatch(/^SYSC gets no new connections .*no server is ready on the port there/);
    expect(f[0]!.related).toEqual(['profiles/SYSB.tcpip:21']);
  });

  it('HOME addresses that differ, both ways', () => {
    const dir = variant({
      'state/SYSA/home.txt': (t) => t.replace('IntfName:   SVIPA1\n  Address:  10.21.1.11\n    Flags:\n', 'IntfName:   OSAQDIO2\n  Address:  10.20.2.11\n    Flags:\n'),
    });
    expect(found(dir).map((x) => [x.rule, x.file, x.line, x.related])).toEqual([
      ['drift-home-differs', 'profiles/SYSA.tcpip', 7, ['state/SYSA/home.txt:1']],
      ['drift-home-differs', 'state/SYSA/home.txt', 6, ['profiles/SYSA.tcpip:1']],
    ]);
  });

  it('a Load Balancer server whose weight the manager holds at 0', () => {
    const dir = variant({ 'state/edge1/manager-report.txt': (t) => t.replace('|            10.20.1.12  |  10  10 |        6 |        1 |', '|            10.20.1.12  |   0   0 |        6 |        1 |') });
    expect(found(dir).map((x) => [x.rule, x.file, x.line, x.related])).toEqual([['drift-lb-weight-zero', 'state/edge1/manager-report.txt', 26, ['lb/edge1.cfg:15']]]);
  });
});

describe('the command', () => {
  it('exit 0 without drift, 1 with it, in the check formats', async () => {
    const clean = await runMain('drift', relative(process.cwd(), example), '--format', 'json');
    expect(clean.code).toBe(0);
    const report = JSON.parse(clean.stdout) as { filePath: string; messages: unknown[] }[];
    expect(report.every((f) => f.messages.length === 0)).toBe(true);
    expect(report.map((f) => f.filePath).filter((p) => p.includes('/state/'))).toHaveLength(11);
    const dir = variant({ 'state/SYSB/vdpt.txt': (t) => t.replace('10.30.1.3       001', '10.30.1.3       000') });
    const r = await runMain('drift', dir, '--format', 'gcc');
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toMatch(/state\/SYSB\/vdpt\.txt:7:\d+: warning: SYSC gets no new connections .*\[drift-target-not-ready\]/);
    const info = await runMain('drift', dir, '--rule', 'drift-target-not-ready=info');
    expect(info.code).toBe(0);
  });

  it('captures named on the command line, outside the estate, attached by their file name', async () => {
    const dir = variant({ 'plexlint.yaml': (t) => t.replace(/ {4}state:.*\n(?: {6}- .*\n)*/g, '') });
    const captures = join(scratch, `named-${++n}`);
    cpSync(join(example, 'state', 'SYSB', 'vdpt.txt'), join(captures, 'SYSB.vdpt.txt'));
    writeFileSync(join(captures, 'SYSB.vdpt.txt'), readFileSync(join(captures, 'SYSB.vdpt.txt'), 'utf8').replace('10.30.1.2       001', '10.30.1.2       000'));
    // The folder of captures under state/ of the copy is still there: found by the scan, attached by their paths.
    rmSync(join(dir, 'state'), { recursive: true, force: true });
    const r = await runMain('drift', dir, join(captures, 'SYSB.vdpt.txt'), '--format', 'gcc');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/SYSB\.vdpt\.txt:6:\d+: warning: SYSB gets no new connections .*\[drift-target-not-ready\]/);
    const none = await runMain('drift', dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^plexlint: no captures to compare with .*: name them on the command line/);
  });

  it('a binary capture, and a capture that does not exist, end the run with one line (exit 2)', async () => {
    const bin = join(scratch, 'binary.vdpt');
    writeFileSync(bin, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    const r = await runMain('drift', example, bin);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/binary\.vdpt is a binary file .*not a capture of a report/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const missing = await runMain('drift', example, join(scratch, 'nope.txt'));
    expect(missing.code).toBe(2);
  });

  it('one estate at a time', async () => {
    const r = await runMain('drift', join(root, 'fixtures', 'rules', 'drift-lb-weight-zero'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/holds 2 estates; plexlint drift works on one at a time/);
  });
});
