/**
 * Statement boundaries and the statements that are easy to cut wrongly:
 * statement names used as operands (DELETE …), PORT inside VIPADYNAMIC, and
 * lists (HOME, PORT) where an error drops the rest of the list.
 */
import { describe, expect, it } from 'vitest';
import { brief, lintProfile, lintProfileOn, profile, ranges, stackOf, stackOn } from './support/profile.js';

describe('statement names that are operands in context', () => {
  it('DELETE DEVICE / LINK / PORT is one DELETE statement (obeyfile forms)', () => {
    const text = profile(
      '; OBEYFILE: take the old OSA out of the configuration',
      'STOP OSADEV1',
      'DELETE LINK OSALNK1',
      'DELETE DEVICE OSADEV1',
      'DELETE PORT 8080 TCP WAS1',
    );
    // STOP names a device that this data set does not define: that is the only finding.
    expect(brief(lintProfile(text))).toEqual(['2 undefined-reference']);
  });

  it('a bare DELETE does not swallow the next statement', () => {
    const d = lintProfile(profile('DELETE', 'TCPCONFIG RESTRICTLOWPORTS'));
    expect(ranges(d)).toEqual(['1:1-1:7 syntax']);
  });

  it('INTERFACE name DELETE is one statement', () => {
    const text = profile('INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.20.1.11/24', 'INTERFACE OSAQDIO1 DELETE');
    expect(lintProfile(text)).toEqual([]);
    expect(stackOf(text).interfaces).toEqual([]);
  });

  it('VIPADISTRIBUTE DELETE, VIPARANGE DELETE and VIPAROUTE DELETE stay inside VIPADYNAMIC', () => {
    const text = profile(
      'VIPADYNAMIC',
      '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.2',
      '   VIPADISTRIBUTE DEFINE 10.40.1.2 PORT 80 DESTIP ALL',
      '   VIPARANGE DEFINE MOVEABLE NONDISRUPTIVE 255.255.255.0 10.45.1.0',
      '   VIPAROUTE DEFINE 10.30.1.2 10.20.1.12',
      'ENDVIPADYNAMIC',
      'VIPADYNAMIC',
      '   VIPADISTRIBUTE DELETE 10.40.1.2 PORT 80 DESTIP ALL',
      '   VIPARANGE DELETE MOVEABLE NONDISRUPTIVE 255.255.255.0 10.45.1.0',
      '   VIPAROUTE DELETE 10.30.1.2 10.20.1.12',
      'ENDVIPADYNAMIC',
    );
    expect(lintProfile(text)).toEqual([]);
    const stack = stackOf(text);
    expect(stack.distributions).toEqual([]);
    expect(stack.vipaRanges).toEqual([]);
    expect(stack.vipaRoutes).toEqual([]);
    expect(stack.dvipas.map((d) => d.address)).toEqual(['10.40.1.2']);
  });

  it('DELE is the shortest DELETE on VIPADISTRIBUTE; DEL is rejected there', () => {
    const ok = profile('VIPADYNAMIC', ' VIPADEFINE 255.255.255.0 10.40.1.2', ' VIPADISTRIBUTE DELE 10.40.1.2 PORT 80 DESTIP ALL', 'ENDVIPADYNAMIC');
    expect(lintProfile(ok)).toEqual([]);
    const bad = profile('VIPADYNAMIC', ' VIPADEFINE 255.255.255.0 10.40.1.2', ' VIPADISTRIBUTE DEL 10.40.1.2 PORT 80 DESTIP ALL', 'ENDVIPADYNAMIC');
    expect(ranges(lintProfile(bad))).toEqual(['3:17-3:20 syntax']);
  });
});

describe('PORT inside VIPADYNAMIC', () => {
  const text = profile(
    'VIPADYNAMIC',
    '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.2',
    '   PORT 8080 TCP WAS1',
    '   VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.3',
    'ENDVIPADYNAMIC',
  );

  it('is the misplaced PORT statement, not a continuation of the VIPADEFINE before it', () => {
    const d = lintProfile(text);
    expect(ranges(d)).toEqual(['3:4-3:8 misplaced-statement']);
    expect(d[0]!.message).toContain('ignores the 1 statement after it up to ENDVIPADYNAMIC');
  });

  it('the VIPADEFINE before it is kept, the PORT and what follows are not', () => {
    const stack = stackOf(text);
    expect(stack.dvipas.map((d) => d.address)).toEqual(['10.40.1.2']);
    expect(stack.ports).toEqual([]);
  });
});

describe('PORT after a complete VIPADISTRIBUTE', () => {
  it('is the PORT statement again once DESTIP has been coded', () => {
    const text = profile(
      'VIPADYNAMIC',
      '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1',
      '   VIPADISTRIBUTE DEFINE 10.40.1.1 PORT 80 DESTIP ALL',
      '   PORT 23 TCP TN3270',
      'ENDVIPADYNAMIC',
    );
    expect(ranges(lintProfile(text))).toEqual(['4:4-4:8 misplaced-statement']);
    expect(stackOf(text).distributions.map((d) => d.ports)).toEqual([[{ from: 80, to: 80 }]]);
  });
});

describe('DEFAULTNET', () => {
  it('is a GATEWAY entry and a ROUTE destination, not a statement', () => {
    const text = profile(
      'INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.20.1.11/24',
      'GATEWAY',
      '  DEFAULTNET   10.20.1.1     OSAQDIO1  1492  0',
      'BEGINROUTES',
      '  ROUTE DEFAULTNET 10.20.1.1 OSAQDIO1 MTU 1492',
      'ENDROUTES',
    );
    expect(brief(lintProfile(text))).toEqual(['2 obsolete-statement']);
    expect(stackOf(text).routes.map((r) => r.destination)).toEqual(['DEFAULT']);
  });
});

describe('lists: an error drops the rest of the list', () => {
  it('a bad HOME entry drops the entries after it, not the ones before', () => {
    const text = profile(
      'DEVICE OSADEV1 MPCIPA',
      'LINK OSALNK1 IPAQENET OSADEV1',
      'HOME',
      '   10.20.1.11   OSALNK1',
      '   10.20.1.300  OSALNK1',
      '   10.60.1.1    LOOPBACK',
      'START OSADEV1',
    );
    const d = lintProfile(text);
    expect(ranges(d)).toEqual(['5:4-5:15 invalid-address']);
    expect(d[0]!.message).toContain('The stack ignores the rest of the HOME list (1 more entry)');
    expect(stackOf(text).home.map((h) => h.address)).toEqual(['10.20.1.11']);
  });

  it('a bad PORT entry drops the entries after it and says so (on z/OS 3.1, which PORT\'s table is confirmed for)', () => {
    const text = profile('PORT', '   20 TCP * NOAUTOLOG', '   21 TCP FTPD1 NOAUTOLG', '   23 TCP TN3270', '   25 TCP SMTP');
    const d = lintProfileOn('3.1', text);
    expect(ranges(d)).toEqual(['3:17-3:25 unknown-operand']);
    expect(d[0]!.message).toBe(
      "'NOAUTOLG' is not a PORT operand. Did you mean NOAUTOLOG? The stack ignores this PORT entry and the rest of the PORT list (2 more entries). " +
        "That is plexlint's reading: IBM's rule for a syntax error in a list names the HOME list and says some statements skip only the entry in error, without saying which PORT does.",
    );
    expect(stackOn('3.1', text).ports.map((p) => p.port)).toEqual([20]);
  });

  it('on a release PORT\'s table is not confirmed for, the word is a warning and the list is kept', () => {
    const text = profile('PORT', '   20 TCP * NOAUTOLOG', '   21 TCP FTPD1 NOAUTOLG', '   23 TCP TN3270');
    const d = lintProfile(text);
    expect(ranges(d)).toEqual(['3:17-3:25 unknown-operand']);
    expect(d[0]!.severity).toBe('warning');
    expect(d[0]!.message).toContain("plexlint's table of PORT was confirmed against IBM's");
    expect(d[0]!.message).toContain('not a claim that the stack rejects the statement');
    expect(stackOf(text).ports.map((p) => p.port)).toEqual([20, 21, 23]);
  });

  it('a HOME entry naming a link that is not defined is not a home address', () => {
    const text = profile('HOME 10.20.1.11 OSALNK1', 'DEVICE OSADEV1 MPCIPA', 'LINK OSALNK1 IPAQENET OSADEV1');
    expect(brief(lintProfile(text))).toEqual(['1 undefined-reference']);
    expect(stackOf(text).home).toEqual([]);
  });
});

describe('a misspelled statement after a statement with free-form operands', () => {
  it('is reported where it starts, with the statement it most likely is', () => {
    const d = lintProfile(profile('TCPCONFIG RESTRICTLOWPORTS', 'SOMAXCON 10', 'UDPCONFIG RESTRICTLOWPORTS'));
    expect(ranges(d)).toEqual(['2:1-2:9 unknown-statement']);
    // Not indented under TCPCONFIG: a statement of its own, which does not get TCPCONFIG rejected.
    expect(d[0]!.message).toContain('plexlint reads it as a statement of its own, not as one more operand of TCPCONFIG');
    expect(d[0]!.message).toContain('Did you mean SOMAXCONN?');
  });

  it('indented under the statement, the same (the profile is free format)', () => {
    const d = lintProfile(profile('TCPCONFIG RESTRICTLOWPORTS', '          SOMAXCON 10', 'UDPCONFIG RESTRICTLOWPORTS'));
    expect(ranges(d)).toEqual(['2:11-2:19 unknown-statement']);
    expect(d[0]!.message).toContain('plexlint reads it as a statement of its own, not as one more operand of TCPCONFIG');
    expect(d[0]!.message).toContain('Did you mean SOMAXCONN?');
  });

  it('leaves real operands on continuation lines alone', () => {
    const text = profile('TCPCONFIG TCPSENDBFRSIZE 64K', '          TCPRCVBUFRSIZE 64K', '          RESTRICTLOWPORTS', 'GLOBALCONFIG NOTCPIPSTATISTICS', '   SEGMENTATIONOFFLOAD');
    expect(lintProfile(text)).toEqual([]);
  });
});

describe('sizes written with K or M', () => {
  it('a size with another suffix says which suffixes IBM takes', () => {
    const d = lintProfile(profile('GLOBALCONFIG POOLLIMIT 2G'));
    expect(ranges(d)).toEqual(['1:24-1:26 syntax']);
    expect(d[0]!.message).toContain("GLOBALCONFIG pool limit must be a number (K or M may follow it), not '2G'");
  });
});

describe('IPCONFIG6', () => {
  it('is named IPCONFIG6, not IPCONFIG, in what the stack does with it', () => {
    const d = lintProfile(profile('IPCONFIG6 NOIGNOREREDIRECT'));
    expect(ranges(d)).toEqual(['1:11-1:27 unknown-operand']);
    expect(d[0]!.message).toContain("'NOIGNOREREDIRECT' is not an IPCONFIG6 operand");
    expect(d[0]!.message).toContain('rejects this IPCONFIG6 statement');
  });
});

describe('an unknown keyword followed by its value', () => {
  it('is one finding: the value is not reported as another unknown operand', () => {
    const d = lintProfile(profile('TCPCONFIG MINIMUMRETRANSMITTIME 0.5 RESTRICTLOWPORTS', 'TCPCONFIG ROUNDTRIPGAIN 0.125 VARIANCEGAIN 0.25'));
    expect(ranges(d)).toEqual(['1:11-1:32 unknown-operand', '2:11-2:24 unknown-operand', '2:31-2:43 unknown-operand']);
  });

  it('a keyword-shaped word after an unknown one is still reported', () => {
    expect(ranges(lintProfile(profile('TCPCONFIG FOO BAR')))).toEqual(['1:11-1:14 unknown-operand', '1:15-1:18 unknown-operand']);
  });
});

describe('what the stack does, in readable sentences', () => {
  const messages = (text: string) => lintProfile(text).map((d) => d.message);
  /** No bracket inside another, and no clause said twice. */
  const readable = (m: string) => {
    let depth = 0;
    for (const c of m) {
      if (c === '(') depth++;
      if (c === ')') depth--;
      if (depth > 1) return false;
    }
    return (m.match(/documents no message/g) ?? []).length <= 1;
  };

  it('a value error, a keyword conflict and a bad PORT entry state plexlint\'s reading in a sentence of its own', () => {
    const text = profile(
      'VIPADYNAMIC',
      ' VIPADEFINE 255.255.255.0 10.40.1.2',
      ' VIPADISTRIBUTE DEFINE OPTLOCAL 20 10.40.1.2 PORT 80 DESTIP ALL',
      ' VIPADEFINE TIER1 TIER2 255.255.255.0 10.40.1.3',
      ' VIPABACKUP 100 10.40.1.4',
      'ENDVIPADYNAMIC',
      'PORT 20 TCP * NOAUTOLG',
      '     21 TCP FTPD1 SHAREPORT NOAUTOLOG',
    );
    const all = messages(text);
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const m of all) expect(readable(m), m).toBe(true);
    expect(all.find((m) => m.startsWith('OPTLOCAL 20'))).toContain("goes on with the rest of the block. That is plexlint's reading: IBM documents no message for a value outside the range");
  });

  it('a skipped PORT entry says what the stack does with it once the first error is fixed, as an entry of the list', () => {
    const d = lintProfileOn('3.1', profile('PORT 20 TCP * NOAUTOLG', '     21 TCP FTPD1 SHAREPORT NOAUTOLOG'));
    const note = d.find((x) => x.severity === 'info')!;
    expect(note.message).toContain('once that is fixed, the stack ignores this PORT entry and the rest of the PORT list, because ');
    expect(note.message).not.toContain('outside a list');
    expect(note.message).toMatch(/\.$/);
  });
});
