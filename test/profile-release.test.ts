/**
 * Release awareness (docs/estates.md, "z/OS releases"): the manifest's release: and apars:, what a statement-table
 * item is on a release (available, needs an APAR, too new, removed), the findings the profile checks make of it per
 * system, and how sure a finding about a word the table does not know is (grammar/profile/knowledge.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../src/core/diagnostic.js';
import { ASSUMED_RELEASE, availability, compareReleases, introducedText, NEWEST_RELEASE, releaseContext, releaseFromIbmName, ZOS_RELEASES, type Introduced } from '../src/core/release.js';
import { asKnown, releaseFinding, tableConfidence } from '../grammar/profile/knowledge.js';
import { damageOf } from '../grammar/profile/damage.js';
import { statement } from '../grammar/profile/spec.js';
import { parseManifest, systemRelease } from '../src/frontends/manifest/index.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { NETWORK_EXPRESS } from '../grammar/profile/operands.js';
import { compileEstate, lintEstate } from './support/profile.js';

const NETX: Introduced = NETWORK_EXPRESS;
const loc = { file: 'SYSA.tcpip', line: 3, column: 4, endLine: 3, endColumn: 10 };

function manifest(text: string): ReturnType<typeof parseManifest> {
  return parseManifest(sourceFromText('plexlint.yaml', text), '/estate', () => true);
}

describe('the manifest names the release of each system', () => {
  it('takes release: and apars: per system, a system\'s own replacing the estate\'s', () => {
    const { manifest: m, findings } = manifest(
      'release: 2.5\napars: [ph54596, PI12345]\nsystems:\n  SYSA: { profile: a.tcpip, release: "3.1" }\n  SYSB: { profile: b.tcpip, apars: [] }\n  SYSC: { profile: c.tcpip }\n',
    );
    expect(findings).toEqual([]);
    const of = (name: string) => systemRelease(m, m.systems.find((s) => s.name === name));
    expect(of('SYSA')).toMatchObject({ release: '3.1', assumed: false });
    expect([...of('SYSA').apars]).toEqual(['PH54596', 'PI12345']);
    expect(of('SYSB')).toMatchObject({ release: '2.5', assumed: false });
    expect([...of('SYSB').apars]).toEqual([]);
    expect([...of('SYSC').apars]).toEqual(['PH54596', 'PI12345']);
  });

  it('without release: assumes the newest release plexlint knows', () => {
    const { manifest: m } = manifest('systems:\n  SYSA: { profile: a.tcpip }\n');
    expect(systemRelease(m, m.systems[0])).toBe(ASSUMED_RELEASE);
    expect(ASSUMED_RELEASE).toMatchObject({ release: NEWEST_RELEASE, assumed: true });
    expect(systemRelease(undefined, undefined)).toBe(ASSUMED_RELEASE);
  });

  it('reports a release it does not know, with a fix for IBM\'s VnRm name, and an APAR that is not one', () => {
    const { manifest: m, findings } = manifest('release: V2R5\nsystems:\n  SYSA: { profile: a.tcpip, release: "1.13", apars: [PH5459, OA12345] }\n');
    expect(findings.map((f) => [f.ruleId, f.loc.line, f.message.replace(/ \(.*$/, '')])).toEqual([
      ['manifest-invalid-value', 1, 'release must be one of "2.4", "2.5", "3.1", "3.2"'],
      ['manifest-invalid-value', 3, 'systems.SYSA.release must be one of "2.4", "2.5", "3.1", "3.2"'],
      ['manifest-invalid-value', 3, "systems.SYSA.apars entry 'PH5459' is not an APAR number"],
    ]);
    expect(findings[0]!.message).toContain('did you mean "2.5"?');
    expect(findings[0]!.fix?.edits[0]?.text).toBe('"2.5"');
    expect(findings[1]!.fix).toBeUndefined();
    expect(m.release).toBeUndefined();
    expect(m.systems[0]!.apars?.map((a) => a.value)).toEqual(['OA12345']);
    expect(releaseFromIbmName('z/OS V3R1')).toBe('3.1');
  });
});

describe('what an item of the statement table is on a release', () => {
  const context = (release: (typeof ZOS_RELEASES)[number], ...apars: string[]) => releaseContext(release, apars);

  it('orders the releases plexlint knows', () => {
    expect([...ZOS_RELEASES].sort(compareReleases)).toEqual(['2.4', '2.5', '3.1', '3.2']);
    expect(NEWEST_RELEASE).toBe('3.2');
  });

  it('Network Express: in 3.2; with PH54596 on 2.5 and 3.1; never on 2.4', () => {
    expect(availability({ since: NETX }, context('3.2'))).toEqual({ status: 'available' });
    expect(availability({ since: NETX }, context('3.1'))).toEqual({ status: 'needs-apar', apar: 'PH54596' });
    expect(availability({ since: NETX }, context('2.5', 'ph54596'))).toEqual({ status: 'available' });
    expect(availability({ since: NETX }, context('2.4', 'PH54596'))).toEqual({ status: 'too-new', introduced: NETX });
    expect(availability({ since: NETX }, ASSUMED_RELEASE)).toEqual({ status: 'available' });
    expect(introducedText(NETX)).toBe('z/OS 3.2 (and APAR PH54596 on z/OS 2.5 and 3.1)');
  });

  it('an item removed in a release is gone from it and from later ones', () => {
    expect(availability({ removedIn: '3.1' }, context('2.5'))).toEqual({ status: 'available' });
    expect(availability({ removedIn: '3.1' }, context('3.1'))).toEqual({ status: 'removed', removedIn: '3.1' });
    expect(availability({ removedIn: '3.1' }, context('3.2'))).toEqual({ status: 'removed', removedIn: '3.1' });
  });

  it('the findings: an error, a warning that names the APAR and makes the stack reject nothing, obsolete-statement', () => {
    const tooNew = releaseFinding({ status: 'too-new', introduced: { release: '3.1' } }, loc, 'GLOBALCONFIG operand FOO', 'FOO', 'GLOBALCONFIG', context('2.5'));
    expect(tooNew).toMatchObject({ ruleId: 'not-in-release', loc });
    expect(tooNew.severity).toBeUndefined();
    expect(tooNew.message).toContain('is not in z/OS 2.5: IBM introduced it in z/OS 3.1');
    expect(damageOf(tooNew, false)).toBe('statement');
    expect(damageOf(tooNew, true)).toBe('block');
    const apar = releaseFinding({ status: 'needs-apar', apar: 'PH54596' }, loc, 'INTERFACE X operand DEVNUM', 'DEVNUM', 'INTERFACE', context('3.1'));
    expect(apar).toMatchObject({ ruleId: 'not-in-release', severity: 'warning', consequence: 'apar' });
    expect(apar.message).toContain('list it under apars: in plexlint.yaml');
    expect(damageOf(apar, false)).toBe('none');
    const removed = releaseFinding({ status: 'removed', removedIn: '3.1' }, loc, 'FOO (the statement)', 'FOO', 'FOO', context('3.2'));
    expect(removed).toMatchObject({ ruleId: 'obsolete-statement' });
    expect(removed.message).toContain('was removed in z/OS 3.1');
  });
});

describe('how sure plexlint is of a statement table', () => {
  const base = { id: 'fake', notation: 'FAKEstatement', topic: 'FAKESTATEMENT statement', meaning: 'A statement of a test.', syntax: 'FAKEstatement' };
  const finding: Finding = { ruleId: 'unknown-operand', loc, message: "'FOO' is not a FAKESTATEMENT operand." };

  it('confirmed for the release of the entry and the ones before it; not for later ones', () => {
    const spec = statement({ ...base, confirmed: { release: '3.1', topic: 'FAKESTATEMENT statement' } });
    expect(tableConfidence(spec, '2.4').confirmed).toBe(true);
    expect(tableConfidence(spec, '3.1').confirmed).toBe(true);
    expect(tableConfidence(spec, '3.2')).toEqual({ confirmed: false, against: spec.confirmed });
    expect(tableConfidence(statement({ ...base, unverified: true }), '2.4')).toEqual({ confirmed: false });
  });

  it('an entry that says neither is not confirmed for any release: nobody has checked it against IBM\'s diagram', () => {
    for (const release of ZOS_RELEASES) expect(tableConfidence(statement(base), release)).toEqual({ confirmed: false });
    const known = asKnown(finding, statement(base), releaseContext('2.4', []));
    expect(known).toMatchObject({ ruleId: 'unknown-operand', severity: 'warning', consequence: 'unverified' });
    expect(damageOf(known, false)).toBe('none');
  });

  it('an unknown word of a table not confirmed for the release is a warning that names what it was confirmed against', () => {
    const spec = statement({ ...base, confirmed: { release: '3.1', topic: 'FAKESTATEMENT statement' } });
    expect(asKnown(finding, spec, releaseContext('3.1', []))).toBe(finding);
    const known = asKnown({ ...finding, ruleId: 'syntax' }, spec, releaseContext('3.2', []));
    expect(known).toMatchObject({ ruleId: 'unknown-operand', severity: 'warning', consequence: 'unverified' });
    expect(known.message).toContain(`plexlint's table of FAKESTATEMENT was confirmed against IBM's "FAKESTATEMENT statement" for z/OS 3.1, not for z/OS 3.2`);
    expect(damageOf(known, false)).toBe('none');
    const assumed = asKnown(finding, statement({ ...base, unverified: true }), ASSUMED_RELEASE);
    expect(assumed.message).toContain('is not confirmed against IBM\'s syntax diagram and may be behind IBM\'s');
  });
});

describe('a profile judged per system', () => {
  const files = (sysa: string, sysb: string): Record<string, string> => ({
    'plexlint.yaml':
      `systems:\n  SYSA: { profile: SYSA.tcpip, symbols: { HOSTIP: 10.20.1.11 }${sysa} }\n  SYSB: { profile: SYSB.tcpip, symbols: { HOSTIP: 10.20.1.12 }${sysb} }\n` +
      'datasets:\n  USER.TCPPARMS: parms\n',
    'SYSA.tcpip': 'INCLUDE USER.TCPPARMS(NETX)\n',
    'SYSB.tcpip': 'INCLUDE USER.TCPPARMS(NETX)\n',
    'parms/NETX': 'INTERFACE OSANX1 DEFINE IPAQENET PORTNAME OSAPRT1 IPADDR &HOSTIP./24\n   DEVNUM 2F00\n',
  });
  const findings = (sysa: string, sysb: string): string[] =>
    lintEstate(files(sysa, sysb))
      .diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message.slice(0, d.message.indexOf(':'))}`)
      .sort();

  it('a member two systems INCLUDE is reported once for each system that rejects it, and not for the others', () => {
    expect(findings(', release: "2.4"', ', release: "3.2"')).toEqual(['parms/NETX:2:4 error not-in-release SYSA']);
    expect(findings(', release: "2.4"', ', release: "2.4"')).toEqual(['parms/NETX:2:4 error not-in-release SYSA, SYSB']);
    expect(findings(', release: "3.1"', ', release: "2.4"')).toEqual(['parms/NETX:2:4 error not-in-release SYSB', 'parms/NETX:2:4 warning not-in-release SYSA']);
    expect(findings(', release: "3.1", apars: [PH54596]', ', release: "2.5", apars: [PH54596]')).toEqual([]);
  });

  it('without a release, nothing the table knows is too new', () => {
    expect(findings('', '')).toEqual([]);
  });

  it('the compiled model says which release each system is judged against', () => {
    const { result } = compileEstate(files(', release: "3.1", apars: [PH54596]', ''));
    expect(result.estate.systems.map((s) => [s.name, s.release, s.releaseAssumed ?? false, s.apars ?? []])).toEqual([
      ['SYSA', '3.1', false, ['PH54596']],
      ['SYSB', '3.2', true, []],
    ]);
  });

  it('a statement with two errors is reported the same for every system: the first error by position rejects it', () => {
    const broken = { ...files(', release: "2.4"', ', release: "3.2"'), 'parms/NETX': 'INTERFACE OSANX1 DEFINE IPAQENET PORTNAME OSAPRT1\n   DEVNUM 2F00\n' };
    const d = lintEstate(broken).diagnostics;
    expect(d.map((x) => `${x.line}:${x.column} ${x.ruleId}`)).toEqual(['1:25 syntax', '2:4 not-in-release']);
    expect(d[0]!.message).toContain('plexlint assumes the stack rejects this INTERFACE statement');
  });
});
