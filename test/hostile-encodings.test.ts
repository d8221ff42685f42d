/**
 * Real-world encodings of profiles: EBCDIC binary downloads from z/OS (IBM-1047
 * and IBM-037, told apart by the bytes of `[`, `]` and `¬`), `--encoding` to
 * force a code page, fixed 80-byte records without line ends, CRLF, tabs and
 * trailing blanks. Positions are always in the decoded text.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';
import { decode } from '../src/sources/decode.js';
import { ebcdicCodePage, ebcdicDecode, ebcdicEncode, type EbcdicCodePage } from '../src/sources/ebcdic.js';

import { runMainIn } from './support/main.js';
import { estate } from './support/profile.js';


function where(dir: string, file = 'SYSA.tcpip', encoding?: 'ibm-1047' | 'ibm-037'): string[] {
  return lint([join(dir, file)], { cwd: dir, ...(encoding ? { encoding } : {}) }).diagnostics.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId}`);
}

/** A profile whose comment and one operand hold the characters that tell the code pages apart. */
const PROFILE = [
  '; SYSA [production] ¬ test',
  'TCPCONFIG RESTRICTLOWPORTS',
  'DEVICE OSADEV1 MPCIPA',
  'LINK OSALNK1 IPAQENET OSADEV1',
  'HOME 10.20.1.300 OSALNK1',
  'HOME 10.20.1.11 LNK[1]',
];

describe('the code pages themselves', () => {
  it('IBM-1047 and IBM-037 differ where IBM documents it: [ ] ¬ ^ Ý ¨', () => {
    const bytes = (page: EbcdicCodePage, s: string): number[] => [...ebcdicEncode(s, page)];
    expect(bytes('ibm-1047', '[]¬^')).toEqual([0xad, 0xbd, 0xb0, 0x5f]);
    expect(bytes('ibm-037', '[]¬^')).toEqual([0xba, 0xbb, 0x5f, 0xb0]);
    // Letters, digits, blank and the profile's punctuation are the same in both.
    const common = 'HOME 10.20.1.11 LOOPBACK ; (A=B,C/D) & * \' "';
    expect(bytes('ibm-1047', common)).toEqual(bytes('ibm-037', common));
    expect(bytes('ibm-1047', 'A a 0 ; .')).toEqual([0xc1, 0x40, 0x81, 0x40, 0xf0, 0x40, 0x5e, 0x40, 0x4b]);
    // Both EBCDIC line ends (NL X'15', LF X'25') end a line.
    expect(ebcdicDecode(Uint8Array.from([0xc1, 0x15, 0xc2, 0x25, 0xc3]), 'ibm-1047')).toBe('A\nB\nC');
  });

  it('detection: brackets and ¬ decide; without them IBM-1047, the z/OS default', () => {
    expect(ebcdicCodePage(ebcdicEncode(PROFILE.join('\n'), 'ibm-1047'))).toBe('ibm-1047');
    expect(ebcdicCodePage(ebcdicEncode(PROFILE.join('\n'), 'ibm-037'))).toBe('ibm-037');
    expect(ebcdicCodePage(ebcdicEncode('; not ¬ only\nTCPCONFIG RESTRICTLOWPORTS', 'ibm-037'))).toBe('ibm-037');
    expect(ebcdicCodePage(ebcdicEncode('TCPCONFIG RESTRICTLOWPORTS\nHOME 10.1.1.1 LOOPBACK', 'ibm-037'))).toBe('ibm-1047');
  });
});

describe('EBCDIC profiles', () => {
  for (const page of ['ibm-1047', 'ibm-037'] as const) {
    it(`${page} with line ends: detected, decoded, findings at decoded positions`, () => {
      const dir = estate({ 'SYSA.tcpip': ebcdicEncode(PROFILE.join('\n') + '\n', page) });
      const result = lint([join(dir, 'SYSA.tcpip')], { cwd: dir });
      const source = result.compiled.sources.get('SYSA.tcpip')!;
      expect(source.encoding).toBe(page);
      expect(source.text.split('\n')[0]).toBe('; SYSA [production] ¬ test');
      expect(result.diagnostics.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId}`)).toEqual([
        '5:6-5:17 invalid-address',
        '6:17-6:23 undefined-reference',
      ]);
      expect(result.diagnostics[1]!.message).toContain('LNK[1]');
    });

    it(`${page} as fixed 80-byte records without line ends: split into records, the same positions`, () => {
      const records = PROFILE.map((l) => l.padEnd(80)).join('');
      const dir = estate({ 'SYSA.tcpip': ebcdicEncode(records, page) });
      const result = lint([join(dir, 'SYSA.tcpip')], { cwd: dir });
      expect(result.compiled.sources.get('SYSA.tcpip')!.encoding).toBe(page);
      expect(result.compiled.sources.get('SYSA.tcpip')!.lines.lineCount).toBe(PROFILE.length + 1);
      expect(where(dir)).toEqual(['5:6-5:17 invalid-address', '6:17-6:23 undefined-reference']);
    });
  }

  it('--encoding forces the code page: IBM-1047 bytes read as IBM-037 turn [ ] into Ý ¨', async () => {
    const dir = estate({ 'SYSA.tcpip': ebcdicEncode(PROFILE.join('\n') + '\n', 'ibm-1047') });
    const auto = await runMainIn(['check', 'SYSA.tcpip', '--format', 'gcc'], { cwd: dir });
    expect(auto.stdout).toContain("names LINK LNK[1]");
    const forced = await runMainIn(['check', 'SYSA.tcpip', '--format', 'gcc', '--encoding', 'IBM037'], { cwd: dir });
    expect(forced.code).toBe(1);
    expect(forced.stdout).toContain('names LINK LNKÝ1¨');
    expect(forced.stdout).toContain('SYSA.tcpip:5:6: error:');
    const bad = await runMainIn(['check', 'SYSA.tcpip', '--encoding', 'ebcdic'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('plexlint: --encoding ebcdic: expected one of utf-8, iso-8859-1, utf-16le, utf-16be, ibm-1047, ibm-037\n');
  });

  it('--encoding does not apply to plexlint.yaml, which is written on a workstation', () => {
    const dir = estate({
      'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip, symbols: { HOSTIP: 10.20.1.300 } }\n',
      'SYSA.tcpip': ebcdicEncode('DEVICE OSADEV1 MPCIPA\nLINK OSALNK1 IPAQENET OSADEV1\nHOME &HOSTIP. OSALNK1\n', 'ibm-037'),
    });
    const result = lint([dir], { cwd: dir, encoding: 'ibm-037' });
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`)).toEqual(['SYSA.tcpip:3:6 invalid-address']);
  });
});

describe('fixed-length records', () => {
  const rec = (...lines: string[]): string => lines.map((l) => l.padEnd(80)).join('');

  it('text records without line ends are split (ASCII too)', () => {
    const dir = estate({ 'SYSA.tcpip': rec('TCPCONFIG RESTRICTLOWPORTS', 'HOME 10.20.1.300 LOOPBACK') });
    expect(where(dir)).toEqual(['2:6-2:17 invalid-address']);
  });

  it('a length that is not a multiple of 80 (79, 81, 159, 161 bytes) is not split', () => {
    for (const text of [
      'HOME 10.20.1.300 LOOPBACK'.padEnd(79),
      'HOME 10.20.1.300 LOOPBACK'.padEnd(81),
      rec('TCPCONFIG RESTRICTLOWPORTS').concat('HOME 10.20.1.300 LOOPBACK'.padEnd(79)),
      rec('TCPCONFIG RESTRICTLOWPORTS').concat('HOME 10.20.1.300 LOOPBACK'.padEnd(81)),
    ]) {
      const d = decode(Buffer.from(text));
      expect(d.splitRecords, `${text.length} bytes`).toBeUndefined();
      expect(d.text).toBe(text);
    }
    const dir = estate({ 'SYSA.tcpip': rec('TCPCONFIG RESTRICTLOWPORTS') + 'HOME 10.20.1.300 LOOPBACK'.padEnd(81) });
    // One line: HOME is read as an operand of TCPCONFIG; the address is on line 1, column 86.
    expect(where(dir).every((w) => w.startsWith('1:'))).toBe(true);
    const ebcdic = estate({ 'SYSA.tcpip': ebcdicEncode('HOME 10.20.1.300 LOOPBACK'.padEnd(81), 'ibm-1047') });
    expect(where(ebcdic)).toEqual(['1:6-1:17 invalid-address']);
  });

  it('records with sequence numbers in columns 73–80 are split first, then the numbers reported', () => {
    const numbered = ['TCPCONFIG RESTRICTLOWPORTS', 'HOME 10.20.1.11 LOOPBACK'].map((l, i) => l.padEnd(72) + String((i + 1) * 100).padStart(8, '0')).join('');
    const dir = estate({ 'SYSA.tcpip': ebcdicEncode(numbered, 'ibm-1047') });
    expect(where(dir)).toEqual(['1:73-1:81 sequence-numbers']);
  });
});

describe('line ends, tabs and trailing blanks', () => {
  it('CRLF, lone CR, tabs and trailing blanks and tabs: one column per character, positions as an editor shows them', () => {
    const text = 'TCPCONFIG RESTRICTLOWPORTS   \r\nHOME\t10.20.1.300\tLOOPBACK \t \r\n\tPORT 23 TCP TN3270\t\r\rHOME 10.20.1.301 LOOPBACK\n';
    const dir = estate({ 'SYSA.tcpip': text });
    expect(where(dir)).toEqual(['2:6-2:17 invalid-address', '5:6-5:17 invalid-address']);
  });

  it('UTF-8 with a BOM and ISO-8859-1: columns count characters, not bytes', () => {
    const text = '; Zürich\nHOME 10.20.1.300 LOOPBACK ; für\n';
    const bom = estate({ 'SYSA.tcpip': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]) });
    const latin1 = estate({ 'SYSA.tcpip': Buffer.from(text, 'latin1') });
    expect(where(bom)).toEqual(['2:6-2:17 invalid-address']);
    expect(where(latin1)).toEqual(['2:6-2:17 invalid-address']);
  });
});
