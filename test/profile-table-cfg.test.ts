/**
 * The configuration statements of the statement table (GLOBALCONFIG, IPCONFIG, IPCONFIG6,
 * TCPCONFIG, UDPCONFIG, VIPADYNAMIC and its substatements, PORT, PORTRANGE, AUTOLOG, SACONFIG,
 * SOMAXCONN, SMFCONFIG, SMFPARMS, NETMONITOR, NETACCESS, PKTTRACE, ITRACE, IPSEC,
 * DEFADDRTABLE, SRCIP, INCLUDE and the removed ones): what IBM's pages show, read as IBM's
 * parser reads it, and what each entry says about how it was confirmed.
 */
import { describe, expect, it } from 'vitest';
import type { VipaDistributeStatement, VipaDynamicBlock } from '../grammar/profile/ast.js';
import type { StatementSpec } from '../grammar/profile/spec.js';
import { statements } from '../grammar/profile/statements/index.js';
import { parseProfile } from '../src/frontends/profile/index.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { brief, lintProfile, profile, stackOf } from './support/profile.js';

/** The entries this part of the table covers (grammar/profile/statements). */
const CFG = [
  'globalconfig', 'ipconfig', 'ipconfig6', 'tcpconfig', 'udpconfig', 'vipadynamic', 'vipabackup', 'vipadefine', 'vipadelete',
  'vipadistribute', 'viparange', 'viparoute', 'vipasmparms', 'port', 'portrange', 'autolog', 'saconfig', 'somaxconn', 'smfconfig',
  'smfparms', 'netmonitor', 'netaccess', 'pkttrace', 'itrace', 'ipsec', 'defaddrtable', 'srcip', 'include', 'gateway', 'atmarpsv',
  'atmlis', 'atmpvc', 'assortedparms', 'keepaliveoptions', 'telnetglobals', 'telnetparms', 'beginvtam',
];

function entry(id: string): StatementSpec {
  const s = statements.find((x) => x.id === id);
  if (!s) throw new Error(`no entry ${id}`);
  return s;
}

function distributions(text: string): VipaDistributeStatement[] {
  const { ast } = parseProfile(sourceFromText('SYSA.tcpip', text), { symbols: new Map() });
  return ast.statements
    .filter((s): s is VipaDynamicBlock => s.kind === 'vipadynamic')
    .flatMap((b) => b.statements.filter((s): s is VipaDistributeStatement => s.kind === 'vipadistribute'));
}

describe('what each entry says about its confirmation', () => {
  it('every entry is confirmed, unconfirmed (unverified) or removed, never two of them', () => {
    for (const id of CFG) {
      const s = entry(id);
      const states = [s.confirmed ? 'confirmed' : '', s.unverified ? 'unverified' : '', s.removed ? 'removed' : ''].filter(Boolean);
      expect(states, id).toHaveLength(1);
    }
  });

  it('a confirmed entry names the release, the topic and the IBM page it was read on', () => {
    const confirmed = CFG.map(entry).filter((s) => s.confirmed);
    expect(confirmed.map((s) => `${s.id} ${s.confirmed!.release}`)).toEqual(['ipconfig 2.4', 'ipconfig6 3.2', 'tcpconfig 3.1', 'vipadefine 2.4', 'port 3.1']);
    for (const s of confirmed) {
      expect(s.confirmed!.topic, s.id).toMatch(new RegExp(s.name.replace(/6$/, '')));
      expect(s.confirmed!.url, s.id).toMatch(/^https:\/\/www\.ibm\.com\//);
    }
  });

  it('a removed statement is removed in every release plexlint knows', () => {
    for (const id of ['gateway', 'atmarpsv', 'atmlis', 'atmpvc', 'assortedparms']) expect(entry(id).removedIn, id).toBe('2.4');
  });

  it('R1COMPLIANCE, in the z/OS 3.2 IPCONFIG6 diagram and not in the 2.5 one, is not claimed before 3.1', () => {
    const options = entry('ipconfig6').body.flatMap((e) => (e.type === 'options' ? e.options : []));
    expect(options.filter((o) => o.name.endsWith('R1COMPLIANCE')).map((o) => `${o.name} ${o.since?.release}`)).toEqual([
      'R1COMPLIANCE 3.1',
      'NOR1COMPLIANCE 3.1',
    ]);
  });
});

describe('VIPADISTRIBUTE base options after DESTIP (IBM\'s "DVIPA on multiple systems" example)', () => {
  it('PROCTYPE after DESTIP ALL is the statement\'s PROCTYPE', () => {
    const text = profile(
      'VIPADYNAMIC',
      'VIPADEFINE 255.255.255.240 201.2.10.15',
      'VIPADISTRIBUTE TIMEDAFF 30 201.2.10.15 PORT 23 DESTIP ALL',
      'PROCTYPE CP 20 ZAAP 80 ZIIP 0',
      'ENDVIPADYNAMIC',
    );
    expect(lintProfile(text)).toEqual([]);
    const [d] = distributions(text);
    expect(d?.procType).toMatchObject({ cp: 20, zaap: 80, ziip: 0 });
    expect(d?.timedAffinity?.seconds).toBe(30);
  });

  it('a base option after the last DESTIP target is the statement\'s, not the target\'s', () => {
    const text = profile(
      'VIPADYNAMIC',
      'VIPADEFINE 255.255.255.0 10.40.7.2',
      'VIPADISTRIBUTE DISTMETHOD WEIGHTEDACTIVE 10.40.7.2 PORT 9080',
      '  DESTIP 10.30.1.8 WEIGHT 10',
      '         10.30.1.9 WEIGHT 20',
      '  TIMEDAFFINITY 30',
      'ENDVIPADYNAMIC',
    );
    expect(lintProfile(text)).toEqual([]);
    const [d] = distributions(text);
    expect(d?.destinations.map((t) => `${t.address?.text} ${t.weight?.value}`)).toEqual(['10.30.1.8 10', '10.30.1.9 20']);
    expect(stackOf(text).distributions[0]?.timedAffinity).toBe(30);
  });

  it('an option coded before the address and again after DESTIP is coded twice: read with the first, and not reported while the table is not confirmed', () => {
    const text = profile(
      'VIPADYNAMIC',
      'VIPADEFINE 255.255.255.0 10.40.7.2',
      'VIPADISTRIBUTE TIMEDAFFINITY 10 10.40.7.2 PORT 9080 DESTIP ALL TIMEDAFFINITY 30',
      'ENDVIPADYNAMIC',
    );
    // A keyword coded twice is repeated-keyword, reported where the statement's table is confirmed for the release;
    // VIPADISTRIBUTE's is not (docs/statements.md, "A keyword coded twice").
    expect(lintProfile(text)).toEqual([]);
    expect(stackOf(text).distributions[0]?.timedAffinity).toBe(10);
  });

  it('PORT after DESTIP ALL is still the next PORT statement', () => {
    const text = profile(
      'VIPADYNAMIC',
      'VIPADEFINE 255.255.255.0 10.40.7.2',
      'VIPADISTRIBUTE 10.40.7.2 PORT 9080 DESTIP ALL',
      'ENDVIPADYNAMIC',
      'PORT 9080 TCP WAS1',
    );
    expect(lintProfile(text)).toEqual([]);
    expect(stackOf(text).ports.map((p) => `${p.port} ${p.job}`)).toEqual(['9080 WAS1']);
  });
});

describe('names IBM writes in full', () => {
  it('TCPCONFIG has no abbreviation (z/OS 3.1 diagram): TCPCONF starts no statement', () => {
    expect(brief(lintProfile(profile('TCPCONF RESTRICTLOWPORTS', 'TCPCONFIG RESTRICTLOWPORTS')))).toEqual(['1 unknown-statement']);
  });

  it('SHAREPORTWLM has no abbreviation on PORT (z/OS 3.1 diagram)', () => {
    expect(lintProfile(profile('PORT 8080 TCP WAS* SHAREPORTWLM'))).toEqual([]);
    expect(brief(lintProfile(profile('PORT 8080 TCP WAS* SHAREPORTW')))).toEqual(['1 unknown-operand']);
  });

  it('DEFADDRTABLE and ENDDEFADDRTABLE abbreviate to DEFADDRT and ENDDEFADDRT (IBM: DEFADDRTable)', () => {
    expect(lintProfile(profile('DEFADDRT', '  ::1/128 50 0', 'ENDDEFADDRT'))).toEqual([]);
  });
});
