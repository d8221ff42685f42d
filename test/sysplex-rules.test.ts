/**
 * The cross-stack sysplex rules, one by one, on their fixtures
 * (fixtures/rules/<id>/bad*): where each finding sits (the exact range), which
 * other locations it names (`related`), and what its message says — what is
 * wrong, what the stack does because of it, and how to fix it. Then the
 * rules' exemptions for realistic configurations, and `plexlint check` on a
 * folder of profiles with no manifest.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../src/core/diagnostic.js';
import { main } from '../src/cli/main.js';
import { lint, type LintOptions } from '../src/engine/lint.js';
import type { Estate } from '../src/model/estate.js';
import { estate } from './support/profile.js';

const root = join(import.meta.dirname, '..');

function diagnostics(path: string, options: LintOptions = {}): Diagnostic[] {
  // A file of fixtures/rules/<id>/ is a fixture unit on its own (test/fixtures.test.ts), not a stack of a sysplex
  // of its folder's other units.
  const unit = /^fixtures\/rules\/[^/]+\/[^/]+$/.test(path) && statSync(join(root, path)).isFile();
  return lint([path], { cwd: root, alone: unit, ...options }).diagnostics;
}

/** The findings of one rule in a fixture (path relative to fixtures/rules or fixtures/). */
function findings(ruleId: string, fixture: string): Diagnostic[] {
  const path = fixture.startsWith('estates/') ? `fixtures/${fixture}` : `fixtures/rules/${fixture}`;
  return diagnostics(path).filter((d) => d.ruleId === ruleId);
}

/** Where a finding sits: file (relative to the repository), range. */
function at(d: Diagnostic): string {
  return `${d.file} ${d.line}:${d.column}-${d.endLine}:${d.endColumn}`;
}

function relatedAt(d: Diagnostic): string[] {
  return (d.related ?? []).map((r) => `${r.file} ${r.line}:${r.column}-${r.endLine}:${r.endColumn} ${r.message}`);
}

const F = 'fixtures/rules';

describe('destip-not-xcf', () => {
  const [osa, typo] = findings('destip-not-xcf', 'destip-not-xcf/bad');

  it('sits on the DESTIP entry and names the stack that owns the address', () => {
    expect(at(osa!)).toBe(`${F}/destip-not-xcf/bad/SYSA.tcpip 21:15-21:25`);
    expect(osa!.severity).toBe('error');
    expect(relatedAt(osa!)).toEqual([`${F}/destip-not-xcf/bad/SYSB.tcpip 5:18-5:31 10.20.1.12 is defined here on SYSB`]);
    expect(osa!.message).toContain('DESTIP 10.20.1.12 of VIPADISTRIBUTE 10.40.1.2 is not the dynamic XCF address of any of the 3 stacks plexlint read');
    expect(osa!.message).toContain('never forwards connections there');
    expect(osa!.message).toContain("10.20.1.12 is SYSB's INTERFACE OSAQDIO1 address, not its dynamic XCF address (10.30.1.2)");
    expect(osa!.message).toContain('Name each target by its IPCONFIG DYNAMICXCF address (10.30.1.2 for SYSB)');
  });

  it('reports an address that belongs to no stack without related locations', () => {
    expect(at(typo!)).toBe(`${F}/destip-not-xcf/bad/SYSA.tcpip 22:15-22:25`);
    expect(typo!.related).toBeUndefined();
    expect(typo!.message).toContain('DESTIP 10.30.1.33');
  });

  it('accepts tier-1 GRE targets (appliances) and IPv6 DESTIPs spelled differently from IPCONFIG6', () => {
    expect(findings('destip-not-xcf', 'destip-not-xcf/good')).toEqual([]);
  });
});

describe('dynamicxcf-missing', () => {
  const [d] = findings('dynamicxcf-missing', 'dynamicxcf-missing/bad');

  it("sits on the stack's IPCONFIG and names what makes the stack take part", () => {
    expect(at(d!)).toBe(`${F}/dynamicxcf-missing/bad/SYSC.tcpip 5:10-5:24`);
    expect(d!.severity).toBe('error');
    expect(relatedAt(d!)).toEqual([`${F}/dynamicxcf-missing/bad/SYSC.tcpip 15:54-15:63 it backs up 10.40.1.1, which SYSA distributes`]);
    expect(d!.message).toContain('SYSC codes no IPCONFIG DYNAMICXCF, but it backs up 10.40.1.1, which SYSA distributes');
    expect(d!.message).toContain("plexlint's reading of these: this stack can be no target, cannot distribute without VIPAROUTE");
    expect(d!.message).toContain('Code IPCONFIG DYNAMICXCF');
  });

  it('leaves a stack alone that takes no part in distribution', () => {
    expect(findings('dynamicxcf-missing', 'dynamicxcf-missing/good')).toEqual([]);
  });
});

describe('a dynamic XCF address plexlint cannot read (a system symbol without a value)', () => {
  const files = (symbols: string): Record<string, string> => ({
    'plexlint.yaml': `systems:\n  SYSA: { profile: SYSA.tcpip }\n  SYSB: { profile: SYSB.tcpip${symbols} }\n`,
    'SYSA.tcpip': 'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1\nVIPADYNAMIC\n   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1\n   VIPADISTRIBUTE DEFINE 10.40.1.1 PORT 80 DESTIP 10.30.1.1 10.30.1.2\nENDVIPADYNAMIC\n',
    'SYSB.tcpip': 'IPCONFIG SYSPLEXROUTING DYNAMICXCF &XCFIP. 255.255.255.0 1\nVIPADYNAMIC\n   VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1\nENDVIPADYNAMIC\n',
  });
  const rules = ['destip-not-xcf', 'dynamicxcf-missing', 'dvipa-refused-on-owner-failure'];
  it('is coded: SYSB does not lack IPCONFIG DYNAMICXCF, a DESTIP may name it, and the simulation does not say the DVIPA has no target after takeover', () => {
    const dir = estate(files(''));
    expect(lint(['.'], { cwd: dir }).diagnostics.filter((d) => rules.includes(d.ruleId)).map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual([]);
  });
  it('with its value given, a DESTIP that is not it is reported', () => {
    const dir = estate(files(', symbols: { XCFIP: 10.30.1.3 }'));
    expect(lint(['.'], { cwd: dir }).diagnostics.filter((d) => rules.includes(d.ruleId)).map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual(['SYSA.tcpip:4 dvipa-refused-on-owner-failure', 'SYSA.tcpip:4 destip-not-xcf']);
  });
});

describe('sysplexrouting-missing', () => {
  const [weighted, serverwlm] = findings('sysplexrouting-missing', 'sysplexrouting-missing/bad');

  it('warns on the IPCONFIG of a WEIGHTEDACTIVE target, naming the distribution', () => {
    expect(at(weighted!)).toBe(`${F}/sysplexrouting-missing/bad/SYSC.tcpip 5:10-5:20`);
    expect(weighted!.severity).toBe('warning');
    expect(relatedAt(weighted!)).toEqual([`${F}/sysplexrouting-missing/bad/SYSA.tcpip 16:4-20:34 SYSA: WEIGHTEDACTIVE distribution of 10.40.1.4`]);
    expect(weighted!.message).toContain('SYSC is a target of the WEIGHTEDACTIVE distribution of 10.40.1.4 (distributor SYSA)');
    expect(weighted!.message).toContain('keeps sending SYSC its full configured WEIGHT share even while its server is failing');
    expect(weighted!.message).toContain('Code IPCONFIG SYSPLEXROUTING');
  });

  it('is only info for SERVERWLM, whose need for it IBM does not document, and does not claim lost health data', () => {
    expect(at(serverwlm!)).toBe(`${F}/sysplexrouting-missing/bad/SYSC.tcpip 5:10-5:20`);
    expect(serverwlm!.severity).toBe('info');
    expect(relatedAt(serverwlm!)).toEqual([`${F}/sysplexrouting-missing/bad/SYSA.tcpip 23:4-24:38 SYSA: SERVERWLM distribution of 10.40.1.1`]);
    expect(serverwlm!.message).toContain('whether SERVERWLM needs it as well is not documented');
    expect(serverwlm!.message).not.toContain('full configured WEIGHT share');
  });

  it('does not ask for it on ROUNDROBIN and BASEWLM targets', () => {
    expect(findings('sysplexrouting-missing', 'sysplexrouting-missing/good')).toEqual([]);
  });
});

describe('distributor-no-backup', () => {
  const [d] = findings('distributor-no-backup', 'distributor-no-backup/bad');

  it("sits on the owner's VIPADEFINE and points at the distribution", () => {
    expect(at(d!)).toBe(`${F}/distributor-no-backup/bad/SYSA.tcpip 14:50-14:59`);
    expect(relatedAt(d!)).toEqual([`${F}/distributor-no-backup/bad/SYSA.tcpip 15:4-16:38 SYSA distributes 10.40.1.1 here`]);
    expect(d!.message).toContain('DVIPA 10.40.1.1 is distributed, but no other stack codes VIPABACKUP for it');
    expect(d!.message).toContain('every new connection to it is refused');
    expect(d!.message).toContain('Code VIPABACKUP (with MOVEABLE IMMEDIATE and the mask');
  });

  it('says nothing about other stacks when one profile is checked on its own', () => {
    expect(findings('distributor-no-backup', 'distributor-no-backup/good-one-profile.tcpip')).toEqual([]);
    // On its own (an untitled editor buffer, --stdin without a file name): no other stack was given.
    const sysa = `${F}/distributor-no-backup/bad/SYSA.tcpip`;
    const mine = (ds: Diagnostic[]): Diagnostic[] => ds.filter((x) => x.ruleId === 'distributor-no-backup');
    expect(mine(diagnostics(sysa, { alone: true }))).toEqual([]);
    // Named, it is checked with the other profiles of its folder, as a check of the folder checks it (docs/estates.md).
    expect(mine(diagnostics(sysa))).toEqual(mine(diagnostics(`${F}/distributor-no-backup/bad`)).filter((d) => d.file === sysa));
    expect(mine(diagnostics(sysa)).length).toBeGreaterThan(0);
  });
});

describe('backup-same-cpc', () => {
  const [web, tier1] = findings('backup-same-cpc', 'backup-same-cpc/bad');

  it("sits on the owner's VIPADEFINE with the same-CPC backups in related", () => {
    expect(at(web!)).toBe(`${F}/backup-same-cpc/bad/SYSA.tcpip 17:50-17:59`);
    expect(relatedAt(web!)).toEqual([`${F}/backup-same-cpc/bad/SYSB.tcpip 13:54-13:63 VIPABACKUP on SYSB (CPC CPC1)`]);
    expect(web!.message).toContain('DVIPA 10.40.1.1 and all its backups (SYSB) run on CPC CPC1');
    expect(web!.message).toContain('if CPC1 fails, no stack is left to take 10.40.1.1 over');
    expect(web!.message).toContain('although SYSC and SYSD outside CPC1 could still serve them');
    expect(web!.message).toContain('Code a VIPABACKUP (long form) on a stack of another CPC');
  });

  it('counts tier-1 appliance targets as outliving the CPC', () => {
    expect(at(tier1!)).toBe(`${F}/backup-same-cpc/bad/SYSA.tcpip 21:56-21:65`);
    expect(tier1!.message).toContain('its tier-1 appliances outside CPC1');
  });

  it('exempts CPCSCOPE DVIPAs and DVIPAs whose targets all run on the CPC', () => {
    expect(findings('backup-same-cpc', 'backup-same-cpc/good')).toEqual([]);
    // The CPCSCOPE tier-2 DVIPA of CPC2 in the bad estate, backed up on CPC2 only, is not reported either.
    expect(findings('backup-same-cpc', 'backup-same-cpc/bad').map((d) => d.message).join()).not.toContain('10.81.2.2');
  });
});

describe('dvipa-conflicting-definitions', () => {
  const [mask, moveable] = findings('dvipa-conflicting-definitions', 'dvipa-conflicting-definitions/bad');

  it('sits on the differing VIPABACKUP and names the difference', () => {
    expect(at(mask!)).toBe(`${F}/dvipa-conflicting-definitions/bad/SYSB.tcpip 14:54-14:63`);
    expect(relatedAt(mask!)).toEqual([`${F}/dvipa-conflicting-definitions/bad/SYSA.tcpip 14:48-14:57 SYSA's definition`]);
    expect(mask!.message).toContain('SYSB defines DVIPA 10.40.1.1 differently from SYSA: mask /32 instead of /24');
    expect(mask!.message).toContain('depends on which stack holds it');
    expect(mask!.message).toContain('Define it the same way on every stack');
    expect(at(moveable!)).toBe(`${F}/dvipa-conflicting-definitions/bad/SYSC.tcpip 14:50-14:59`);
    expect(moveable!.message).toContain('MOVEABLE WHENIDLE instead of IMMEDIATE');
  });
});

describe('dvipa-multiple-owners', () => {
  const [d] = findings('dvipa-multiple-owners', 'dvipa-multiple-owners/bad');

  it("sits on the second owner's VIPADEFINE", () => {
    expect(at(d!)).toBe(`${F}/dvipa-multiple-owners/bad/SYSC.tcpip 15:50-15:59`);
    expect(relatedAt(d!)).toEqual([`${F}/dvipa-multiple-owners/bad/SYSA.tcpip 13:50-13:59 VIPADEFINE on SYSA`]);
    expect(d!.message).toContain('SYSC and SYSA both VIPADEFINE 10.40.1.1');
    expect(d!.message).toContain('depends on IPL order');
    expect(d!.message).toContain('code VIPABACKUP on SYSC');
  });
});

describe('backup-distribution-differs', () => {
  const [method, ports] = findings('backup-distribution-differs', 'backup-distribution-differs/bad');

  it("sits on the backup's VIPADISTRIBUTE and says what changes on takeover", () => {
    expect(at(method!)).toBe(`${F}/backup-distribution-differs/bad/SYSB.tcpip 16:4-17:38`);
    expect(relatedAt(method!)).toEqual([`${F}/backup-distribution-differs/bad/SYSA.tcpip 15:4-16:38 SYSA's VIPADISTRIBUTE`]);
    expect(method!.message).toContain("when SYSB takes over, new connections are distributed (plexlint's reading) with DISTMETHOD SERVERWLM → ROUNDROBIN");
    expect(method!.message).toContain("remove this one so the backup takes over SYSA's distribution");
  });

  it("reports the owner's ports that the backup's own statements no longer distribute", () => {
    expect(at(ports!)).toBe(`${F}/backup-distribution-differs/bad/SYSB.tcpip 19:4-20:64`);
    expect(relatedAt(ports!)).toEqual([`${F}/backup-distribution-differs/bad/SYSA.tcpip 20:4-21:64 SYSA's VIPADISTRIBUTE for port 1415`]);
    expect(ports!.message).toContain('connections to 10.40.1.6 on port 1415 are no longer distributed');
  });

  it('ignores DESTIP order and a list that equals DESTIP ALL', () => {
    expect(findings('backup-distribution-differs', 'backup-distribution-differs/good')).toEqual([]);
  });
});

describe('duplicate-address', () => {
  const [svipa, dvipa] = findings('duplicate-address', 'duplicate-address/bad');

  it("sits on the second stack's address and names the first", () => {
    expect(at(svipa!)).toBe(`${F}/duplicate-address/bad/SYSB.tcpip 8:40-8:50`);
    expect(svipa!.severity).toBe('error');
    expect(relatedAt(svipa!)).toEqual([`${F}/duplicate-address/bad/SYSA.tcpip 8:40-8:50 SYSA's INTERFACE SVIPA1`]);
    expect(svipa!.message).toContain("10.21.1.11 (INTERFACE SVIPA1) is also SYSA's INTERFACE SVIPA1 address");
    expect(svipa!.message).toContain('both answer ARP for it');
    expect(svipa!.message).toContain('Give each stack its own address');
  });

  it("reports a DVIPA that is another stack's home address on the DVIPA", () => {
    expect(at(dvipa!)).toBe(`${F}/duplicate-address/bad/SYSC.tcpip 19:50-19:60`);
    expect(relatedAt(dvipa!)).toEqual([`${F}/duplicate-address/bad/SYSA.tcpip 6:18-6:31 SYSA's INTERFACE OSAQDIO1`]);
    expect(dvipa!.message).toContain("DVIPA 10.20.1.11 is SYSA's INTERFACE OSAQDIO1 address");
  });

  it('leaves a loopback cluster address shared by every stack alone', () => {
    expect(findings('duplicate-address', 'duplicate-address/bad').map((d) => d.message).join()).not.toContain('10.60.1.1');
    expect(findings('duplicate-address', 'duplicate-address/good')).toEqual([]);
  });
});

describe('viparange-overlap', () => {
  const [own, shared] = findings('viparange-overlap', 'viparange-overlap/bad');

  it('reports a range in a member INCLUDEd by several stacks once, naming them', () => {
    expect(at(shared!)).toBe(`${F}/viparange-overlap/bad/tcpparms/VIPARNG 6:4-6:67`);
    expect(relatedAt(shared!)).toEqual([
      `${F}/viparange-overlap/bad/SYSA.tcpip 5:18-5:31 SYSA INTERFACE OSAQDIO1 10.20.1.11`,
      `${F}/viparange-overlap/bad/SYSB.tcpip 5:18-5:31 SYSB INTERFACE OSAQDIO1 10.20.1.12`,
      `${F}/viparange-overlap/bad/SYSC.tcpip 7:18-7:31 SYSC INTERFACE OSAQDIO1 10.20.1.13`,
    ]);
    expect(shared!.message).toContain('SYSA, SYSB and SYSC: VIPARANGE 10.20.1.0/24 contains ordinary addresses');
    expect(shared!.message).toContain("duplicate another stack's address");
    expect(shared!.message).toContain('Narrow the range');
  });

  it("does not count a single-stack range's own addresses", () => {
    expect(at(own!)).toBe(`${F}/viparange-overlap/bad/SYSC.tcpip 16:4-16:67`);
    expect(own!.message).toContain('10.21.1.11');
    expect(own!.message).not.toContain('10.21.1.13');
  });
});

describe('tier-group-unmatched', () => {
  const [tier1, tier2] = findings('tier-group-unmatched', 'tier-group-unmatched/bad');

  it('reports each unpartnered group and points at the likely partner', () => {
    expect(at(tier1!)).toBe(`${F}/tier-group-unmatched/bad/SYSA.tcpip 16:4-17:53`);
    expect(relatedAt(tier1!)).toEqual([
      `${F}/tier-group-unmatched/bad/SYSB.tcpip 16:4-17:38 SYSB: TIER2 group DPGRP1, which has no TIER1 partner either`,
    ]);
    expect(tier1!.message).toContain('TIER1 group DPGROUP1, but none of the 3 stacks plexlint read');
    expect(tier1!.message).toContain('(TIER2 groups without a TIER1 partner: DPGRP1)');
    expect(tier1!.message).toContain('the tier-1 distributor has no tier-2 weights to combine');
    expect(tier1!.message).toContain('Use the same group name on both tiers');
    expect(at(tier2!)).toBe(`${F}/tier-group-unmatched/bad/SYSB.tcpip 16:4-17:38`);
  });

  it('does not run on one profile checked on its own', () => {
    expect(findings('tier-group-unmatched', 'tier-group-unmatched/good-one-profile.tcpip')).toEqual([]);
  });
});

describe('controlport-mismatch', () => {
  const all = findings('controlport-mismatch', 'controlport-mismatch/bad');

  it('reports the statement that differs from the value most TIER1 statements use, on its CONTROLPORT', () => {
    expect(all).toHaveLength(1);
    const d = all[0]!;
    expect(at(d)).toBe(`${F}/controlport-mismatch/bad/SYSA.tcpip 18:8-18:24`);
    expect(d.severity).toBe('error');
    expect(relatedAt(d)).toEqual([
      `${F}/controlport-mismatch/bad/SYSA.tcpip 22:4-23:54 SYSA: CONTROLPORT 1702`,
      `${F}/controlport-mismatch/bad/SYSC.tcpip 16:4-17:54 SYSC: CONTROLPORT 1702`,
    ]);
    expect(d.message).toContain('TIER1 VIPADISTRIBUTE 10.81.1.1 uses CONTROLPORT 1703, but 2 other TIER1 statements use 1702 (the default)');
    expect(d.message).toContain('IBM requires the same CONTROLPORT on every TIER1 statement');
    expect(d.message).toContain('Use 1702 here (or leave CONTROLPORT out)');
  });
});

describe('cpcscope-target-other-cpc', () => {
  const [target, backup] = findings('cpcscope-target-other-cpc', 'cpcscope-target-other-cpc/bad');

  it('reports a DESTIP on another CPC at the entry', () => {
    expect(at(target!)).toBe(`${F}/cpcscope-target-other-cpc/bad/SYSA.tcpip 23:15-23:24`);
    expect(relatedAt(target!)).toEqual([`${F}/cpcscope-target-other-cpc/bad/SYSA.tcpip 18:65-18:74 CPCSCOPE definition on SYSA`]);
    expect(target!.message).toContain('DESTIP 10.30.1.3 (SYSC) is on CPC CPC2, but 10.81.2.1 is a CPCSCOPE DVIPA of CPC CPC1');
    expect(target!.message).toContain('Distribute only to stacks of CPC1');
  });

  it('reports a backup on another CPC at its VIPABACKUP', () => {
    expect(at(backup!)).toBe(`${F}/cpcscope-target-other-cpc/bad/SYSC.tcpip 16:68-16:77`);
    expect(backup!.message).toContain('a CPCSCOPE DVIPA is never taken over by a stack on another CPC (IBM, VIPADEFINE CPCSCOPE), so plexlint assumes this backup never takes effect');
    expect(backup!.message).toContain('Back it up on a stack of CPC1');
  });
});

describe('optlocal-zero-wlm', () => {
  const [own, shared] = findings('optlocal-zero-wlm', 'optlocal-zero-wlm/bad');

  it('sits on OPTLOCAL 0 and explains 0 against 1', () => {
    expect(at(own!)).toBe(`${F}/optlocal-zero-wlm/bad/SYSA.tcpip 16:8-16:18`);
    expect(own!.severity).toBe('info');
    expect(own!.related).toBeUndefined();
    expect(own!.message).toContain('DISTMETHOD SERVERWLM with OPTLOCAL 0');
    expect(own!.message).toContain('even when WLM gives that server a weight of 0');
    expect(own!.message).toContain('OPTLOCAL 1 keeps the locality but sends the connection to the distributor when the local WLM weight is 0');
  });

  it('reports a statement in a member INCLUDEd by the distributor and its backup once', () => {
    expect(at(shared!)).toBe(`${F}/optlocal-zero-wlm/bad/tcpparms/CICSDIST 6:45-6:55`);
    expect(shared!.message).toMatch(/^SYSB and SYSC: /);
  });

  it('ignores OPTLOCAL 0 on ROUNDROBIN', () => {
    expect(findings('optlocal-zero-wlm', 'optlocal-zero-wlm/good')).toEqual([]);
  });
});

describe('dvipa-limit', () => {
  it('sits on the first DVIPA beyond 1024 when the stack defines too many', () => {
    const [d] = findings('dvipa-limit', 'dvipa-limit/bad-defined');
    expect(at(d!)).toBe(`${F}/dvipa-limit/bad-defined/tcpparms/APPDVIPA 1028:50-1028:60`);
    expect(d!.related).toBeUndefined();
    expect(d!.message).toContain('SYSA would hold 1030 DVIPAs (1030 it defines or backs up)');
    expect(d!.message).toContain('at most 1024 configured and target DVIPAs at once, so plexlint assumes 6 of them cannot be active on it (IBM documents no message for this), starting with 10.41.4.25 here');
    expect(d!.message).toContain('Spread the DVIPAs over more stacks');
  });

  it('counts target DVIPAs and names the distributions that add them', () => {
    const [d] = findings('dvipa-limit', 'dvipa-limit/bad-targets');
    expect(at(d!)).toBe(`${F}/dvipa-limit/bad-targets/SYSA.tcpip 4:10-4:24`);
    expect(relatedAt(d!)[0]).toBe(`${F}/dvipa-limit/bad-targets/SYSB.tcpip 14:4-14:75 SYSB distributes 10.42.0.1 to SYSA`);
    expect(d!.related).toHaveLength(5);
    expect(d!.message).toContain('1000 it defines or backs up, 30 more as a distribution target');
  });

  it('accepts exactly 1024', () => {
    expect(findings('dvipa-limit', 'dvipa-limit/good')).toEqual([]);
  });
});

describe('viparange-limit', () => {
  it('warns from the 1025th range (only releases before V2R3 reject it)', () => {
    const [d] = findings('viparange-limit', 'viparange-limit/bad-before-v2r3');
    expect(at(d!)).toBe(`${F}/viparange-limit/bad-before-v2r3/SYSA.tcpip 1039:4-1039:70`);
    expect(d!.severity).toBe('warning');
    expect(d!.related).toBeUndefined();
    expect(d!.message).toContain('SYSA codes 1030 VIPARANGE statements');
    expect(d!.message).toContain("V2R1 accepts only 1024 (IBM's limit for V2R2 was not found)");
    expect(d!.message).toContain('Merge ranges');
  });

  it('is an error from the 4097th range', () => {
    const [d] = findings('viparange-limit', 'viparange-limit/bad-over-4096');
    expect(at(d!)).toBe(`${F}/viparange-limit/bad-over-4096/SYSA.tcpip 4110:4-4110:69`);
    expect(d!.severity).toBe('error');
    expect(d!.message).toContain('a stack accepts at most 4096, so plexlint assumes the ones from here on are rejected');
  });
});

describe('plexlint check on a folder of profiles with no manifest', () => {
  const out = mkdtempSync(join(tmpdir(), 'plexlint-sysplex-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  async function run(args: string[]): Promise<number> {
    const code = await main(args);
    process.exitCode = 0;
    return code;
  }

  it('finds the sysplex by itself and reports nothing for a clean estate', async () => {
    const report = join(out, 'clean.json');
    expect(await run(['check', join(root, 'fixtures/estates/no-manifest'), '-f', 'json', '-o', report])).toBe(0);
    const files = JSON.parse(readFileSync(report, 'utf8')) as { filePath: string; messages: unknown[] }[];
    expect(files.flatMap((f) => f.messages)).toEqual([]);
  });

  it('names systems after their files, resolves DESTIP ALL to the stacks with dynamic XCF, and treats an INCLUDEd member as no stack', async () => {
    const model = join(out, 'model.json');
    expect(await run(['compile', join(root, 'fixtures/estates/no-manifest'), '-o', model])).toBe(0);
    const estate = JSON.parse(readFileSync(model, 'utf8')) as Estate;
    expect(estate.systems.map((s) => [s.name, s.nameSource])).toEqual([
      ['SYSA', 'file-name'],
      ['SYSB', 'file-name'],
      ['SYSC', 'file-name'],
      ['SYSD', 'file-name'],
    ]);
    // tcpparms/COMMON is INCLUDEd by every profile: a member of each stack, not a stack.
    for (const s of estate.systems) expect(s.files.some((f) => f.endsWith('tcpparms/COMMON'))).toBe(true);
    expect(estate.files.some((f) => f.endsWith('tcpparms/COMMON'))).toBe(true);
    // SYSD codes no DYNAMICXCF: it is not a member of the sysplex and not a DESTIP ALL target.
    expect(estate.sysplex.members).toEqual(['SYSA', 'SYSB', 'SYSC']);
    const web = estate.sysplex.distributions.find((d) => d.dvipa === '10.40.2.1')!;
    expect(web.destipAll).toBe(true);
    expect(web.targets.map((t) => [t.system, t.via])).toEqual([
      ['SYSA', 'all'],
      ['SYSB', 'all'],
      ['SYSC', 'all'],
    ]);
    const batch = estate.sysplex.distributions.find((d) => d.dvipa === '10.40.2.4')!;
    expect(batch.targets.map((t) => [t.system, t.address, t.weight])).toEqual([
      ['SYSC', '10.30.2.3', 20],
      ['SYSB', '10.30.2.2', 10],
    ]);
  });

  it('runs the cross-stack rules over the stacks it found (exit 1 on their errors)', async () => {
    const report = join(out, 'bad.json');
    expect(await run(['check', join(root, `${F}/destip-not-xcf/bad`), '-f', 'json', '-o', report])).toBe(1);
    const files = JSON.parse(readFileSync(report, 'utf8')) as { filePath: string; messages: { ruleId: string; line: number }[] }[];
    const messages = files.flatMap((f) => f.messages.map((m) => `${f.filePath.replace(/.*\//, '')}:${m.line} ${m.ruleId}`));
    expect(messages).toEqual(['SYSA.tcpip:21 destip-not-xcf', 'SYSA.tcpip:22 destip-not-xcf']);
  });
});


/** A stack profile: IPCONFIG, an OSA interface, a static VIPA and the given VIPADYNAMIC statements. */
function stack(n: number, opts: { ipconfig?: string; vipa?: string[]; before?: string } = {}): string {
  return [
    `; stack ${n}`,
    ...(opts.before ? [opts.before] : []),
    opts.ipconfig ?? `IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.${n} 255.255.255.0 1`,
    `INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P${n} IPADDR 10.20.1.1${n}/24`,
    `INTERFACE SVIPA1 DEFINE VIRTUAL IPADDR 10.21.1.1${n}`,
    ...(opts.vipa ? ['VIPADYNAMIC', ...opts.vipa.map((v) => `   ${v}`), 'ENDVIPADYNAMIC'] : []),
    'START OSAQDIO1',
    '',
  ].join('\n');
}

describe('rule behaviour on realistic variations', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const check = (files: Record<string, string>, ruleId: string): Diagnostic[] => {
    const dir = estate(files);
    dirs.push(dir);
    return diagnostics(dir).filter((d) => d.ruleId === ruleId);
  };

  it('sysplexrouting-missing sits on NOSYSPLEXROUTING when that is coded', () => {
    const [d] = check(
      {
        'SYSA.tcpip': stack(1, {
          vipa: [
            'VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.4',
            'VIPADISTRIBUTE DEFINE DISTMETHOD WEIGHTEDACTIVE 10.40.1.4 PORT 9080 DESTIP 10.30.1.1 WEIGHT 10 10.30.1.2 WEIGHT 20',
          ],
        }),
        'SYSB.tcpip': stack(2, {
          ipconfig: 'IPCONFIG SOURCEVIPA NOSYSPLEXROUTING DYNAMICXCF 10.30.1.2 255.255.255.0 1',
          vipa: ['VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.4'],
        }),
      },
      'sysplexrouting-missing',
    );
    expect(d!.file).toMatch(/SYSB\.tcpip$/);
    expect([d!.line, d!.column, d!.endColumn]).toEqual([2, 21, 37]);
  });

  it('dynamicxcf-missing sits on IPCONFIG, not on an IPCONFIG6 coded before it', () => {
    const [d] = check(
      {
        'SYSA.tcpip': stack(1, {
          before: 'IPCONFIG6 DYNAMICXCF 2001:DB8:30::1',
          ipconfig: 'IPCONFIG SYSPLEXROUTING SOURCEVIPA',
          vipa: ['VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.1', 'VIPADISTRIBUTE DEFINE 10.40.1.1 PORT 8080 DESTIP ALL'],
        }),
        'SYSB.tcpip': stack(2, { vipa: ['VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.1'] }),
      },
      'dynamicxcf-missing',
    );
    expect([d!.line, d!.column, d!.endColumn]).toEqual([3, 10, 24]);
    expect(d!.message).toContain('SYSA codes no IPCONFIG DYNAMICXCF, but it distributes 10.40.1.1');
  });

  it('backup-distribution-differs names a changed WEIGHT but not a reordered DESTIP list', () => {
    const owner = 'VIPADISTRIBUTE DEFINE DISTMETHOD WEIGHTEDACTIVE 10.40.1.4 PORT 9080 DESTIP 10.30.1.1 WEIGHT 30 10.30.1.2 WEIGHT 20';
    const reordered = 'VIPADISTRIBUTE DEFINE DISTMETHOD WEIGHTEDACTIVE 10.40.1.4 PORT 9080 DESTIP 10.30.1.2 WEIGHT 20 10.30.1.1 WEIGHT 30';
    const reweighted = 'VIPADISTRIBUTE DEFINE DISTMETHOD WEIGHTEDACTIVE 10.40.1.4 PORT 9080 DESTIP 10.30.1.2 WEIGHT 10 10.30.1.1 WEIGHT 30';
    const files = (backupDist: string): Record<string, string> => ({
      'SYSA.tcpip': stack(1, { vipa: ['VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.4', owner] }),
      'SYSB.tcpip': stack(2, { vipa: ['VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.4', backupDist] }),
    });
    expect(check(files(reordered), 'backup-distribution-differs')).toEqual([]);
    const [d] = check(files(reweighted), 'backup-distribution-differs');
    expect(d!.message).toContain('SYSB WEIGHT 20 → WEIGHT 10');
    expect(d!.message).not.toContain('targets');
  });

  it('dvipa-conflicting-definitions compares the interface names of an IPv6 DVIPA', () => {
    const [d] = check(
      {
        'SYSA.tcpip': stack(1, {
          before: 'IPCONFIG6 DYNAMICXCF 2001:DB8:30::1',
          vipa: ['VIPADEFINE MOVEABLE IMMEDIATE CICSV6 2001:DB8:40::2', 'VIPADISTRIBUTE DEFINE DISTMETHOD ROUNDROBIN CICSV6 PORT 3000 DESTIP ALL'],
        }),
        'SYSB.tcpip': stack(2, {
          before: 'IPCONFIG6 DYNAMICXCF 2001:DB8:30::2',
          vipa: ['VIPABACKUP 100 MOVEABLE IMMEDIATE CICS6B 2001:DB8:40::2'],
        }),
      },
      'dvipa-conflicting-definitions',
    );
    expect(d!.file).toMatch(/SYSB\.tcpip$/);
    expect(d!.message).toContain('IPv6 interface name CICS6B instead of CICSV6');
  });

  it('duplicate-address ignores addresses given by unresolved system symbols', () => {
    const profile = (n: number): string =>
      stack(n).replace(`IPADDR 10.20.1.1${n}/24`, 'IPADDR &HOSTIP./24').replace(`IPADDR 10.21.1.1${n}`, 'IPADDR &SVIPA.');
    expect(check({ 'SYSA.tcpip': profile(1), 'SYSB.tcpip': profile(2) }, 'duplicate-address')).toEqual([]);
  });

  it('controlport-mismatch takes the first value on a tie', () => {
    const tier1 = (addr: string, group: string, port?: number): string[] => [
      `VIPADEFINE TIER1 MOVEABLE IMMEDIATE 255.255.255.255 ${addr}`,
      `VIPADISTRIBUTE DEFINE DISTMETHOD TARGCONTROLLED TIER1 ${group} GRE${port ? ` CONTROLPORT ${port}` : ''} ${addr} PORT 443 DESTIP 10.50.1.1`,
    ];
    const all = check(
      {
        'SYSA.tcpip': stack(1, { vipa: [...tier1('10.81.1.1', 'G1'), ...tier1('10.81.1.2', 'G2', 1703)] }),
        'SYSB.tcpip': stack(2, {
          vipa: [
            'VIPABACKUP 100 TIER1 MOVEABLE IMMEDIATE 255.255.255.255 10.81.1.1',
            'VIPABACKUP 100 TIER1 MOVEABLE IMMEDIATE 255.255.255.255 10.81.1.2',
          ],
        }),
      },
      'controlport-mismatch',
    );
    expect(all.map((d) => d.message.split(':')[1])).toEqual([
      " TIER1 VIPADISTRIBUTE 10.81.1.2 uses CONTROLPORT 1703, but SYSA's TIER1 10.81.1.1 uses 1702 (the default)",
    ]);
  });
});
