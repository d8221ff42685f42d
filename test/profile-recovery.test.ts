/**
 * Recovery as the stack does it: an error costs the statement (inside
 * VIPADYNAMIC the rest of the block, inside a HOME or PORT list the rest of the
 * list), the finding says so, the model leaves out what the stack ignores, and
 * an error never produces findings in the next statement.
 */
import { describe, expect, it } from 'vitest';
import { brief, lintProfile, profile, ranges, stackOf } from './support/profile.js';

describe('an error inside VIPADYNAMIC', () => {
  const text = profile(
    'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1',
    'VIPADYNAMIC',
    '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1',
    '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.300',
    '   VIPADISTRIBUTE DEFINE DISTMETHOD SERVERWLM 10.40.1.1 PORT 8080 DESTIP ALL',
    '   VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.4',
    'ENDVIPADYNAMIC',
    'VIPADYNAMIC',
    '   VIPARANGE DEFINE MOVEABLE NONDISRUPTIVE 255.255.255.0 10.45.1.0',
    'ENDVIPADYNAMIC',
  );

  it('makes the stack ignore the rest of the block, and the finding says so', () => {
    const d = lintProfile(text);
    expect(ranges(d)).toEqual(['4:48-4:59 invalid-address']);
    expect(d[0]!.message).toBe(
      "VIPADEFINE: '10.40.1.300' is not a valid IPv4 address. The stack ignores this VIPADEFINE and the rest of the VIPADYNAMIC block: 2 more statements (lines 5–6).",
    );
  });

  it('the model keeps the statements before the error and the next VIPADYNAMIC block', () => {
    const stack = stackOf(text);
    expect(stack.dvipas.map((d) => d.address)).toEqual(['10.40.1.1']);
    expect(stack.distributions).toEqual([]);
    expect(stack.vipaRanges.map((r) => r.subnet)).toEqual(['10.45.1.0/24']);
    expect(stack.ignoredStatements.map((i) => i.loc.line)).toEqual([4, 5, 6]);
  });

  it('statements after the error are still checked, but their findings add no second consequence', () => {
    const d = lintProfile(text.replace('PORT 8080', 'PORT 80800'));
    expect(brief(d)).toEqual(['4 invalid-address', '5 invalid-port']);
    expect(d[1]!.message).not.toContain('The stack ignores');
  });

  it('EZZ0831I ignores the statement and the rest of the block; a statement-level rejection only the statement', () => {
    const t = profile(
      'VIPADYNAMIC',
      '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1 10.40.1.2 10.40.1.3',
      '   VIPADISTRIBUTE DEFINE GRE TIER1 G1 10.40.1.1 PORT 443 DESTIP 10.50.1.1',
      '   VIPADISTRIBUTE DEFINE DISTMETHOD ROUNDROBIN 10.40.1.2 PORT 80 DESTIP 10.30.1.1 PREFERRED',
      '   VIPADISTRIBUTE DEFINE DISTMETHOD ROUNDROBIN 10.40.1.3 PORT 81 DESTIP ALL',
      'ENDVIPADYNAMIC',
    );
    const d = lintProfile(t);
    expect(brief(d)).toEqual(['3 tier1-routing-method', '4 hotstandby-option-wrong-method']);
    expect(d[0]!.message).toContain("The stack ignores this VIPADISTRIBUTE and goes on with the rest of the block. That is plexlint's reading");
    expect(d[1]!.message).toContain('The stack ignores this VIPADISTRIBUTE and the rest of the VIPADYNAMIC block: 1 more statement (line 5).');
    const stack = stackOf(t);
    expect(stack.dvipas).toHaveLength(3);
    expect(stack.distributions).toEqual([]);
  });

  it('a VIPADYNAMIC without ENDVIPADYNAMIC swallows the rest of the data set', () => {
    const t = profile(
      'VIPADYNAMIC',
      '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1',
      'PORT 23 TCP TN3270',
      'INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.20.1.11/24',
    );
    const d = lintProfile(t);
    expect(ranges(d)).toEqual(['1:1-1:12 unterminated-block']);
    expect(d[0]!.message).toContain('rejects PORT (line 3) as not allowed there and ignores every statement after it');
    const stack = stackOf(t);
    expect(stack.dvipas.map((x) => x.address)).toEqual(['10.40.1.1']);
    expect(stack.ports).toEqual([]);
    expect(stack.interfaces).toEqual([]);
  });
});

describe('an error never produces findings in the next statement', () => {
  it.each([
    ['IPCONFIG without the DYNAMICXCF cost', 'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0', '1 syntax'],
    ['HOME with an address and no link', 'HOME 10.20.1.11', '1 syntax'],
    ['PORT with an entry cut short', 'PORT 20 TCP', '1 syntax'],
    ['an unknown statement', 'OSAQDIO1 DEFINE IPAQENET', '1 unknown-statement'],
    ['INTERFACE without its type', 'INTERFACE OSAQDIO2 DEFINE', '1 syntax'],
    ['a bare DELETE', 'DELETE', '1 syntax'],
    ['a control character', 'TCPCONFIG \u0001RESTRICTLOWPORTS', '1 syntax'],
  ])('%s', (_what, first, finding) => {
    const next = ['INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.20.1.11/24', 'START OSAQDIO1'];
    const d = lintProfile(profile(first, ...next));
    expect(brief(d)).toEqual([finding]);
    expect(stackOf(profile(first, ...next)).interfaces.map((i) => i.name)).toEqual(['OSAQDIO1']);
  });

  it('inside VIPADYNAMIC the next substatement gets no finding of its own', () => {
    const d = lintProfile(
      profile(
        'VIPADYNAMIC',
        '   VIPADEFINE MOVEABLE 255.255.255.0 10.40.1.1',
        '   VIPADISTRIBUTE DEFINE DISTMETHOD SERVERWLM 10.40.1.1 PORT 8080 DESTIP ALL',
        'ENDVIPADYNAMIC',
      ),
    );
    expect(ranges(d)).toEqual(['2:15-2:23 syntax']);
  });
});

describe('a statement that is rejected as a whole', () => {
  it('is left out of the model, and its finding lists the later references that fail with it', () => {
    const t = profile('INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.20.1.11', 'START OSAQDIO1');
    const d = lintProfile(t);
    expect(brief(d)).toEqual(['1 syntax']);
    expect(d[0]!.message).toContain(
      'plexlint assumes the stack rejects this INTERFACE statement (IBM does not document what a syntax error does outside a list or a VIPADYNAMIC block).',
    );
    expect(d[0]!.related?.map((r) => `${r.line}:${r.column} ${r.message}`)).toEqual(['2:7 START names INTERFACE OSAQDIO1 (line 2) and fails with it']);
    expect(stackOf(t).interfaces).toEqual([]);
  });

  it('an obsolete or informational finding does not make the stack reject anything', () => {
    const t = profile('DEVICE CISCO1 CLAW 0AD0 SYSC CIPTCP NONE 20 20 4096 4096', 'LINK CIPLNK1 IP 0 CISCO1', 'HOME 10.20.3.13 CIPLNK1');
    expect(brief(lintProfile(t))).toEqual(['1 obsolete-statement']);
    expect(stackOf(t).home.map((h) => h.address)).toEqual(['10.20.3.13']);
  });
});

describe('inputs that once crashed the front end (found by the property tests)', () => {
  it('WHENIDLE without MOVEABLE on an IPv6 VIPADEFINE', () => {
    expect(ranges(lintProfile(profile('VIPADYNAMIC', '   VIPADEFINE WHENIDLE DVIPA6 2001:db8::1', 'ENDVIPADYNAMIC')))).toEqual([
      '2:15-2:23 syntax',
      '2:15-2:23 syntax',
    ]);
  });

  it('DISRUPTIVE without MOVEABLE on an IPv6 VIPARANGE', () => {
    expect(ranges(lintProfile(profile('VIPADYNAMIC', '   VIPARANGE DISRUPTIVE DVIPA6R 2001:db8::2:0/112', 'ENDVIPADYNAMIC')))).toEqual([
      '2:14-2:24 syntax',
      '2:14-2:24 syntax',
    ]);
  });
});
