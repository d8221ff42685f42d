/**
 * The lexical rules of a TCP/IP profile (IP Configuration Reference, "Statement
 * syntax for configuration statements"): IBM minimum abbreviations, case
 * folding, statements continued over records, ';' comments and the FOO;bar
 * rule, sequence numbers — with the exact ranges of the findings.
 */
import { describe, expect, it } from 'vitest';
import { keywordsMatching, tooShortAbbreviationOf } from '../grammar/profile/vocabulary.js';
import { parseProfile } from '../src/frontends/profile/index.js';
import type { VipaDistributeStatement, VipaDynamicBlock } from '../grammar/profile/ast.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { lintProfile, profile, ranges, stackOf } from './support/profile.js';

/** Front-end findings and AST of one profile, without INCLUDEs or model rules. */
function parse(text: string) {
  return parseProfile(sourceFromText('SYSA.tcpip', text), { symbols: new Map() });
}

function names(word: string): string[] {
  return keywordsMatching(word).map((k) => k.name);
}

describe('IBM minimum abbreviations', () => {
  it.each([
    ['DISTM', 'DISTMETHOD'],
    ['DISTMETH', 'DISTMETHOD'],
    ['DISTMETHOD', 'DISTMETHOD'],
    ['VIPADIST', 'VIPADISTRIBUTE'],
    ['VIPADEF', 'VIPADEFINE'],
    ['VIPAB', 'VIPABACKUP'],
    ['VIPAD', 'VIPADYNAMIC'],
    ['ENDVIPAD', 'ENDVIPADYNAMIC'],
    ['TIMEDAFF', 'TIMEDAFFINITY'],
    ['IPCONF', 'IPCONFIG'],
    ['INTERF', 'INTERFACE'],
    ['BEGINR', 'BEGINROUTES'],
    ['ENDR', 'ENDROUTES'],
    ['MOVE', 'MOVEABLE'],
    ['IMMED', 'IMMEDIATE'],
    ['SYSPLEXP', 'SYSPLEXPORTS'],
    ['PORTR', 'PORTRANGE'],
  ])('%s is accepted for %s', (word, keyword) => {
    expect(names(word)).toContain(keyword);
  });

  it.each([
    ['DIST', 'DISTMETHOD'],
    ['VIPADIS', 'VIPADISTRIBUTE'],
    ['TIMEDAF', 'TIMEDAFFINITY'],
    ['IPCON', 'IPCONFIG'],
    ['IMME', 'IMMEDIATE'],
  ])('%s is too short for %s', (word, keyword) => {
    expect(names(word)).toEqual([]);
    expect(tooShortAbbreviationOf(word)?.name).toBe(keyword);
  });

  it('keywords written all in upper case have no abbreviation, and longer words are no keyword', () => {
    expect(names('POR')).toEqual([]);
    expect(names('HOM')).toEqual([]);
    expect(names('VIPAROUT')).toEqual([]);
    expect(names('VIPADISTRIBUTEX')).toEqual([]);
    expect(names('PORTNAME')).not.toContain('PORT');
  });

  it('a profile written with minimum abbreviations builds the same stack as the full keywords', () => {
    const long = profile(
      'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1',
      'VIPADYNAMIC',
      '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.2',
      '   VIPADISTRIBUTE DEFINE DISTMETHOD WEIGHTEDACTIVE TIMEDAFFINITY 30 SYSPLEXPORTS',
      '       10.40.1.2 PORT 8080 DESTIP 10.30.1.1 WEIGHT 10 10.30.1.2 WEIGHT 20',
      '   VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.3',
      'ENDVIPADYNAMIC',
    );
    const short = profile(
      'IPCONF SYSPLEXR DYNAMICXCF 10.30.1.1 255.255.255.0 1',
      'VIPAD',
      '   VIPADEF MOVE IMMED 255.255.255.0 10.40.1.2',
      '   VIPADIST DEFINE DISTM WEIGHTEDA TIMEDAFF 30 SYSPLEXP',
      '       10.40.1.2 PORT 8080 DESTIP 10.30.1.1 WEIGHT 10 10.30.1.2 WEIGHT 20',
      '   VIPAB 100 MOVE IMMED 255.255.255.255 10.40.1.3',
      'ENDVIPAD',
    );
    expect(lintProfile(short)).toEqual([]);
    const strip = (s: ReturnType<typeof stackOf>) => JSON.stringify(s, (k, v) => (k === 'loc' || k.endsWith('Loc') ? undefined : v));
    expect(strip(stackOf(short))).toBe(strip(stackOf(long)));
  });

  it('a too-short abbreviation breaks the statement, and the finding sits on it', () => {
    const d = lintProfile(
      profile(
        'VIPADYNAMIC',
        '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.2',
        '   VIPADISTRIBUTE DEFINE DIST ROUNDROBIN 10.40.1.2 PORT 80 DESTIP ALL',
        'ENDVIPADYNAMIC',
      ),
    );
    expect(ranges(d)).toEqual(['3:26-3:30 syntax']);
    expect(d[0]!.message).toContain("'DIST' is too short to abbreviate DISTMETHOD (the shortest form IBM accepts is DISTM)");
  });

  it('a too-short statement name is an unknown statement with the right suggestion', () => {
    const d = lintProfile(profile('IPCON SYSPLEXROUTING', 'TCPCONFIG RESTRICTLOWPORTS'));
    expect(ranges(d)).toEqual(['1:1-1:6 unknown-statement']);
    expect(d[0]!.message).toContain('Did you mean IPCONFIG?');
  });
});

describe('case folding', () => {
  const text = profile(
    'ipconfig sysplexrouting dynamicxcf 10.30.1.1 255.255.255.0 1',
    'device osadev1 mpcipa',
    'link osalnk1 ipaqenet osadev1',
    'home 10.20.1.11 OSALNK1',
    'vipadynamic',
    '   vipadefine moveable immediate 255.255.255.0 10.40.1.2',
    '   VipaDistribute Define DistMethod RoundRobin 10.40.1.2 Port 80 DestIP All',
    'endvipadynamic',
    'start OsaDev1',
  );

  it('keywords and names are case-insensitive', () => {
    expect(lintProfile(text)).toEqual([]);
    const stack = stackOf(text);
    expect(stack.home).toMatchObject([{ address: '10.20.1.11', link: 'OSALNK1', kind: 'real' }]);
    expect(stack.distributions).toMatchObject([{ dvipa: '10.40.1.2', method: 'ROUNDROBIN', destipAll: true }]);
  });

  it('words keep the text as written next to the folded text', () => {
    const { ast } = parse(text);
    const home = ast.statements.find((s) => s.kind === 'home');
    expect(home?.keyword).toMatchObject({ raw: 'home', text: 'HOME' });
  });
});

describe('statements continued over records', () => {
  const text = profile(
    'VIPADYNAMIC',
    '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.2',
    '   VIPADISTRIBUTE DEFINE          ; options first, in any order',
    '       DISTMETHOD SERVERWLM',
    '',
    '       SYSPLEXPORTS',
    '       10.40.1.2                  ; the DVIPA',
    '       PORT 8080 8443',
    '       DESTIP ALL',
    'ENDVIPADYNAMIC',
  );

  it('a statement runs until the next statement name, across blank lines and comments', () => {
    expect(lintProfile(text)).toEqual([]);
    const block = parse(text).ast.statements[0] as VipaDynamicBlock;
    const dist = block.statements[1] as VipaDistributeStatement;
    expect(dist.loc).toEqual({ file: 'SYSA.tcpip', line: 3, column: 4, endLine: 9, endColumn: 18 });
    expect(dist.ports.map((p) => p.from)).toEqual([8080, 8443]);
    expect(dist.sysplexPorts).toBeDefined();
  });
});

describe("';' comments", () => {
  it('a comment is a blank: anywhere, any number of semicolons, also between operands', () => {
    const text = profile(
      ';;; PROFILE.TCPIP ;;;',
      'IPCONFIG ; comment between the statement name and its operands',
      '   SYSPLEXROUTING ;',
      '   DYNAMICXCF 10.30.1.1 255.255.255.0 1',
    );
    expect(lintProfile(text)).toEqual([]);
    expect(stackOf(text).dynamicXcf.v4?.address).toBe('10.30.1.1');
  });

  it('FOO;bar: the finding covers the operand and the semicolon', () => {
    const d = lintProfile(profile('INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0', '   IPADDR 10.20.1.11/24 PRIROUTER;CHG'));
    expect(ranges(d)).toEqual(['2:25-2:35 comment-needs-blank']);
    const at = 'INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0\n'.length + 33;
    expect(d[0]!.fix?.edits).toEqual([{ line: 2, column: 34, endLine: 2, endColumn: 34, range: [at, at], text: ' ' }]);
  });

  it('a semicolon inside a comment is not a glued one', () => {
    expect(lintProfile(profile('TCPCONFIG RESTRICTLOWPORTS ; see CR;4711 and CR;4712'))).toEqual([]);
  });
});

describe('sequence numbers in columns 73-80', () => {
  const numbered = (lines: string[]) => lines.map((l, i) => l.padEnd(72) + String((i + 1) * 100).padStart(8, '0')).join('\n') + '\n';

  it('are reported once, on the first numbered record, columns 73-80', () => {
    const d = lintProfile(numbered(['TCPCONFIG RESTRICTLOWPORTS', 'UDPCONFIG RESTRICTLOWPORTS', 'SOMAXCONN 1024']));
    expect(ranges(d)).toEqual(['1:73-1:81 sequence-numbers']);
    expect(d[0]!.message).toMatch(/^3 records carry a sequence number/);
  });

  it('are not operands: the statements parse as if the columns were blank', () => {
    const text = numbered(['PORT', '   20 TCP FTPD1', '   23 TCP TN3270']);
    expect(ranges(lintProfile(text))).toEqual(['1:73-1:81 sequence-numbers']);
    expect(stackOf(text).ports.map((p) => p.port)).toEqual([20, 23]);
  });

  it('in a record with a comment they are part of the comment', () => {
    expect(lintProfile(numbered(['; PROFILE.TCPIP', 'TCPCONFIG RESTRICTLOWPORTS ; restrict ports below 1024']))).toEqual([]);
  });

  it('eight blanks, or fewer than 80 columns, are no sequence field', () => {
    expect(lintProfile(profile('TCPCONFIG RESTRICTLOWPORTS'.padEnd(80), 'UDPCONFIG RESTRICTLOWPORTS'))).toEqual([]);
  });
});
