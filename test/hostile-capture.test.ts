/**
 * Hostile captures (issue 29): huge, cut, binary, the wrong report, lines built to make a parser slow. Each run
 * of the real command line has a capped heap and ends with a report or one line, never a stack trace. Time is
 * measured by `npm run bench` (bench/robustness.ts, the capture inputs), never asserted here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_FINDINGS_PER_RULE_AND_FILE } from '../src/core/finding-limit.js';
import { parseCapture } from '../src/frontends/capture/index.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { HOSTILE_CAPTURES } from '../bench/robustness.js';
import { hasStackTrace, runCli } from './support/cli.js';

const root = mkdtempSync(join(tmpdir(), 'plexlint-hostile-capture-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PROFILE = 'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1\nINTERFACE OSA1 DEFINE IPAQENET PORTNAME P1 IPADDR 10.20.1.11/24\nVIPADYNAMIC\n VIPADEFINE 255.255.255.0 10.40.1.1\n VIPADISTRIBUTE DEFINE 10.40.1.1 PORT 8080 DESTIP 10.30.1.1\nENDVIPADYNAMIC\n';

let n = 0;
function estate(files: Record<string, string | Buffer>): string {
  const dir = join(root, `e${++n}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('huge captures (the inputs bench/robustness.ts times)', () => {
  for (const input of HOSTILE_CAPTURES) {
    it(`${input.name}: a report, no stack trace (256 MB heap)`, () => {
      const dir = estate({ 'SYSA.tcpip': PROFILE, ...input.files() });
      const r = runCli(['drift', '.', '--format', 'gcc'], { cwd: dir, maxOldSpaceMb: 256 });
      expect(hasStackTrace(r.stderr)).toBe(false);
      expect(r.code, r.stderr).toBe(input.exit);
      const lines = r.stdout.trimEnd().split('\n').filter(Boolean);
      expect(lines.length).toBeLessThanOrEqual(2 * MAX_FINDINGS_PER_RULE_AND_FILE + 2);
      expect(lines.every((l) => l.length < 2000)).toBe(true);
      if (input.expect) expect(lines.some((l) => input.expect!.test(l)), lines.slice(0, 3).join('\n')).toBe(true);
    });
  }
});

describe('small hostile captures: one clear finding or one line', () => {
  it('a binary file in state/ is an unreadable file of the estate; named on the command line it ends the run', () => {
    const bytes = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 131) % 256));
    const dir = estate({ 'SYSA.tcpip': PROFILE, 'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip, state: SYSA.vdpt }\n', 'SYSA.vdpt': bytes });
    const r = runCli(['drift', '.', '--format', 'gcc'], { cwd: dir, maxOldSpaceMb: 128 });
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^plexlint: SYSA\.vdpt is a binary file/);
  });

  it('a capture that is a profile, a dscontrol configuration or prose: one capture-not-a-report', () => {
    for (const text of [PROFILE, 'dscontrol executor start\ndscontrol cluster add 10.60.1.1\n', 'Nothing to see here.\n']) {
      const parsed = parseCapture(sourceFromText('x.txt', text));
      expect(parsed.findings.map((f) => f.ruleId)).toEqual(['capture-not-a-report']);
    }
  });

  it('lines built for slow regular expressions read in one pass', () => {
    const lines = [
      'MVS TCP/IP NETSTAT CS V2R4       TCPIP Name: TCPIP           10:15:30',
      'Dynamic VIPA Destination Port Table for TCP/IP stacks:',
      `Dest: ${'1.'.repeat(2000)}`,
      `  DestXCF: ${'a: '.repeat(1300)}`,
      `${'-- '.repeat(1300)}x`,
      `| ${'| '.repeat(2000)}`,
      `Role ${'.'.repeat(4000)}`,
      `${' '.repeat(4000)}:`,
    ];
    const parsed = parseCapture(sourceFromText('slow.txt', lines.join('\n')));
    expect(parsed.ast.reports.map((r) => r.kind)).toEqual(['vdpt']);
    expect(parsed.findings.every((f) => f.message.length < 1000)).toBe(true);
  });
});
