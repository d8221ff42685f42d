/**
 * One cause, one finding (docs/model.md, "Rejected definitions"): what names a definition the product rejects is
 * listed in the related locations of the finding that rejects it, not reported again — in profiles, across stacks,
 * in plug-in files and in dscontrol configurations; and the engine pass that does it (src/engine/dependents.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic, Finding } from '../src/core/diagnostic.js';
import { attachDependents } from '../src/engine/dependents.js';
import { lintEstate, lintProfile, profile } from './support/profile.js';

const related = (d: Diagnostic): string[] => (d.related ?? []).map((r) => `${r.line}:${r.column} ${r.message}`);
const brief = (ds: Diagnostic[]): string[] => ds.map((d) => `${d.file}:${d.line} ${d.severity} ${d.ruleId}`);

describe('a rejected definition in a profile', () => {
  it('DEVICE CTCD1 CTC 0E2G (no device address): one finding, which lists the LINK, HOME and START that name it', () => {
    const d = lintProfile(profile('DEVICE CTCD1 CTC 0E2G', 'LINK CTCL1 CTC 0 CTCD1', 'HOME 10.1.1.1 CTCL1', 'START CTCD1'));
    expect(brief(d)).toEqual(['SYSA.tcpip:1 error syntax']);
    expect(related(d[0]!)).toEqual([
      '2:18 LINK CTCL1 names DEVICE CTCD1 (line 2) and fails with it',
      '3:15 HOME names LINK CTCL1 (line 3) and fails with it',
      '4:7 START names DEVICE CTCD1 (line 4) and fails with it',
    ]);
  });

  it('a word DEVICE\'s table does not know is a warning (the table is not confirmed): the DEVICE is kept, and what names it does not fail', () => {
    const d = lintProfile(profile('DEVICE OSAD1 MPCIPA NONROUTER FOOBAR', 'LINK OSAL1 IPAQENET OSAD1', 'HOME 10.1.1.1 OSAL1', 'START OSAD1'));
    expect(brief(d)).toEqual(['SYSA.tcpip:1 warning unknown-operand']);
    expect(related(d[0]!)).toEqual([]);
  });

  it('PRIMARYINTERFACE, STOP and a ROUTE of a rejected INTERFACE fail with it too', () => {
    const d = lintProfile(
      profile(
        'INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSAPRT1 IPADDR 10.20.1.300/24',
        'PRIMARYINTERFACE OSAQDIO1',
        'BEGINROUTES',
        '   ROUTE DEFAULT 10.20.1.1 OSAQDIO1 MTU 1492',
        'ENDROUTES',
        'STOP OSAQDIO1',
      ),
    );
    expect(brief(d)).toEqual(['SYSA.tcpip:1 error invalid-address']);
    expect(related(d[0]!).map((r) => r.split(' ').slice(0, 2).join(' '))).toEqual(['2:18 PRIMARYINTERFACE', '4:28 ROUTE', '6:6 STOP']);
  });

  it('a name defined by no statement is still a finding of its own, one per reference', () => {
    expect(brief(lintProfile(profile('START OSAD9', 'STOP OSAD9')))).toEqual(['SYSA.tcpip:1 error undefined-reference', 'SYSA.tcpip:2 error undefined-reference']);
  });

  it('a DESTIP that names the dynamic XCF address of another stack\'s rejected IPCONFIG fails with that IPCONFIG', () => {
    const { diagnostics } = lintEstate({
      'SYSA.tcpip': profile(
        'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1',
        'VIPADYNAMIC',
        '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1',
        '   VIPADISTRIBUTE DEFINE DISTMETHOD ROUNDROBIN 10.40.1.1 PORT 8080 DESTIP 10.30.1.1 10.30.1.2',
        'ENDVIPADYNAMIC',
      ),
      'SYSB.tcpip': profile('IPCONFIG SYSPLEXROUTING SYSPLEXROUTNG DYNAMICXCF 10.30.1.2 255.255.255.0 1'),
      // z/OS 2.4: plexlint's table of IPCONFIG is confirmed for it (IBM's z/OS 2.4 page), so SYSPLEXROUTNG gets it rejected.
      'plexlint.yaml': 'release: "2.4"\nsystems:\n  SYSA: { profile: SYSA.tcpip }\n  SYSB: { profile: SYSB.tcpip }\n',
    });
    const root = diagnostics.find((x) => x.file === 'SYSB.tcpip')!;
    expect(root.ruleId).toBe('unknown-operand');
    expect(diagnostics.filter((x) => x.ruleId === 'destip-not-xcf')).toEqual([]);
    expect(root.related?.map((r) => `${r.file}:${r.line}`)).toContain('SYSA.tcpip:4');
  });
});

describe('a rejected definition in a plug-in file', () => {
  const plugin = (cluster: string, group: string): Record<string, string> => ({
    'plugin-cfg.xml': [
      '<?xml version="1.0" encoding="ISO-8859-1"?>',
      '<Config>',
      '   <VirtualHostGroup Name="default_host"><VirtualHost Name="*:80"/></VirtualHostGroup>',
      `   ${cluster}`,
      '      <Server CloneID="a1b2c3d4" Name="node1_server1"><Transport Hostname="app1.example.com" Port="9080" Protocol="http"/></Server>',
      '   </ServerCluster>',
      `   ${group}`,
      '   <Route ServerCluster="AppCluster" UriGroup="AppCluster_URIs" VirtualHostGroup="default_host"/>',
      '</Config>',
      '',
    ].join('\n'),
  });
  const uriGroup = '<UriGroup Name="AppCluster_URIs"><Uri Name="/app/*"/></UriGroup>';

  it('a Name attribute spelt wrong: one finding (missing Name, with the rename), which lists the Route', () => {
    const { diagnostics } = lintEstate(plugin('<ServerCluster LoadBalance="Round Robin" Nmae="AppCluster">', uriGroup));
    expect(brief(diagnostics)).toEqual(['plugin-cfg.xml:4 error plugin-missing-required']);
    expect(diagnostics[0]!.message).toContain('(Nmae="AppCluster" is not one)');
    expect(diagnostics[0]!.fix?.description).toBe('rename Nmae to Name');
    expect(related(diagnostics[0]!)).toEqual(["8:26 Route (line 8) names ServerCluster 'AppCluster' and fails with it"]);
  });

  it('an element the plug-in does not know: its finding lists the Route, and is as severe as the Route\'s would be', () => {
    const { diagnostics } = lintEstate(plugin('<ServerCluster LoadBalance="Round Robin" Name="AppCluster">', '<UriGrop Name="AppCluster_URIs"><Uri Name="/app/*"/></UriGrop>'));
    expect(brief(diagnostics)).toEqual(['plugin-cfg.xml:7 error plugin-unknown-element']);
    expect(related(diagnostics[0]!)).toEqual(["8:48 Route (line 8) names UriGroup 'AppCluster_URIs' and fails with it"]);
  });
});

describe('a refused dscontrol add', () => {
  it('the port add and server add on a cluster whose add was refused fail with it', () => {
    const { diagnostics } = lintEstate({
      'edge1.cfg': [
        'dscontrol executor start',
        'dscontrol executor set nfa 10.20.1.51',
        'dscontrol cluster add 10.60.1.1 proportions 49 50 1 0 foo',
        'dscontrol port add 10.60.1.1:80',
        'dscontrol server add 10.60.1.1:80:10.40.1.1',
        '',
      ].join('\n'),
    });
    expect(brief(diagnostics)).toEqual(['edge1.cfg:3 error dscontrol-unknown-option']);
    expect(related(diagnostics[0]!).map((r) => r.split(' (')[0])).toEqual(['4:20 port add', '5:22 server add']);
  });
});

describe('the engine pass', () => {
  const at = (line: number, column: number) => ({ file: 'a', line, column, endLine: line, endColumn: column + 3 });
  const f = (ruleId: Finding['ruleId'], line: number, column: number, extra: Partial<Finding> = {}): Finding => ({ ruleId, loc: at(line, column), message: `${ruleId} at ${line}`, ...extra });
  const severityOf = (x: Finding) => x.severity ?? 'error';

  it('leaves the findings alone when the root finding is not there', () => {
    const findings = [f('undefined-reference', 2, 1)];
    expect(attachDependents(findings, [{ cause: at(1, 1), loc: at(2, 1), message: 'm' }], severityOf)).toEqual(findings);
  });

  it('attaches to the root of the dependent\'s stack, and never changes the findings it was given', () => {
    const sysa = f('not-in-release', 1, 1, { system: 'SYSA' });
    const sysb = f('not-in-release', 1, 1, { system: 'SYSB', severity: 'warning' });
    const dependent = f('undefined-reference', 2, 1, { system: 'SYSA', severity: 'warning' });
    const out = attachDependents([sysb, sysa, dependent], [{ cause: at(1, 1), loc: at(2, 1), message: 'START fails with it', system: 'SYSA' }], severityOf);
    expect(out.map((x) => [x.system, x.related?.length ?? 0])).toEqual([
      ['SYSB', 0],
      ['SYSA', 1],
    ]);
    expect(sysa.related).toBeUndefined();
  });

  it('raises the root to the most severe of the findings it replaces', () => {
    const root = f('plugin-unknown-element', 1, 1, { severity: 'warning' });
    const out = attachDependents([root, f('plugin-undefined-reference', 2, 5)], [{ cause: at(1, 1), loc: at(2, 5), message: 'Route fails with it' }], severityOf);
    expect(out).toHaveLength(1);
    expect(out[0]!.severity).toBe('error');
  });
});
