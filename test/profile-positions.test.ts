/**
 * Exact ranges: 1-based line and column, endLine/endColumn exclusive, covering
 * the offending tokens — whatever the line ends, tabs, encodings and the
 * position in the file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';
import { estate, lintProfile, profile, ranges } from './support/profile.js';

describe('finding ranges', () => {
  it('cover exactly the offending token', () => {
    const d = lintProfile(
      profile(
        'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.0.255 1',
        'PORT',
        '    20 TCP * NOAUTOLOG',
        ' 70000 TCP WAS',
        'VIPADYNAMIC',
        '   VIPABACKUP 0 MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1',
        'ENDVIPADYNAMIC',
      ),
    );
    expect(ranges(d)).toEqual(['1:46-1:59 invalid-mask', '4:2-4:7 invalid-port', '6:15-6:16 value-out-of-range']);
  });

  it('a finding about a whole statement spans its lines', () => {
    const d = lintProfile(
      profile('VIPADYNAMIC', '   VIPADISTRIBUTE DEFINE DISTMETHOD SERVERWLM', '       10.40.1.7 PORT 8080', '       DESTIP ALL', 'ENDVIPADYNAMIC'),
    );
    expect(ranges(d)).toEqual(['2:4-4:18 vipadistribute-undefined-dvipa']);
  });

  it('a finding about an option spans the keyword and its value', () => {
    const d = lintProfile(
      profile(
        'VIPADYNAMIC',
        '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.9',
        '   VIPADISTRIBUTE DEFINE DISTMETHOD SERVERWLM 10.40.1.9 PORT 8443',
        '       DESTIP 10.30.1.3 WEIGHT 10',
        'ENDVIPADYNAMIC',
      ),
    );
    expect(ranges(d)).toEqual(['4:25-4:34 weight-ignored']);
  });

  it('CRLF line ends count as one line end', () => {
    const d = lintProfile('TCPCONFIG RESTRICTLOWPORTS\r\nENDAUTOLOG\r\nHOME 10.20.1.300 LOOPBACK\r\n');
    expect(ranges(d)).toEqual(['2:1-2:11 misplaced-statement', '3:6-3:17 invalid-address']);
  });

  it('a tab is one column', () => {
    expect(ranges(lintProfile('PORT\n\t21\tTCP\tFTPD1\tNOAUTOLG\n'))).toEqual(['2:15-2:23 unknown-operand']);
  });

  it('the last line needs no line end; an error at the end of the file points at the last token', () => {
    expect(ranges(lintProfile('TCPCONFIG RESTRICTLOWPORTS\nHOME 10.20.1.11'))).toEqual(['2:6-2:16 syntax']);
  });

  it('columns count characters, not bytes', () => {
    expect(ranges(lintProfile(profile('; Zürich data centre, Genève backup', 'HOME 10.60.1.1 LOOPBACK ; für den Lastverteiler', '     127.0.0.1 LOOPBACK ; über')))).toEqual([
      '3:6-3:24 home-loopback-127',
    ]);
  });

  it('an EBCDIC profile downloaded in binary (fixed 80-byte records) keeps its record numbers', () => {
    const records = ['; PROFILE.TCPIP', 'TCPCONFIG RESTRICTLOWPORTS', 'HOME 10.20.1.300 LOOPBACK'].map((r) => r.padEnd(80));
    const ebcdic = Buffer.from(
      records
        .join('')
        .split('')
        .map((c) => EBCDIC[c] ?? 0x40),
    );
    const dir = estate({});
    const file = join(dir, 'SYSA.tcpip');
    writeFileSync(file, ebcdic);
    const result = lint([file], { cwd: dir });
    expect(result.compiled.sources.get('SYSA.tcpip')?.encoding).toBe('ibm-1047');
    expect(ranges(result.diagnostics)).toEqual(['3:6-3:17 invalid-address']);
  });
});

/** IBM-1047 code points of the characters the EBCDIC test uses. */
const EBCDIC: Record<string, number> = (() => {
  const m: Record<string, number> = { ' ': 0x40, '.': 0x4b, ';': 0x5e, '0': 0xf0 };
  'ABCDEFGHI'.split('').forEach((c, i) => (m[c] = 0xc1 + i));
  'JKLMNOPQR'.split('').forEach((c, i) => (m[c] = 0xd1 + i));
  'STUVWXYZ'.split('').forEach((c, i) => (m[c] = 0xe2 + i));
  '123456789'.split('').forEach((c, i) => (m[c] = 0xf1 + i));
  return m;
})();
