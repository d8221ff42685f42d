/**
 * Where profile text comes from: static system symbols (resolved from
 * plexlint.yaml systems.<name>.symbols) and INCLUDEd members (nested, cyclic,
 * outside the estate, mapped through plexlint.yaml datasets).
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/engine/lint.js';
import { compileEstate, estate, lintEstate, lintProfile, profile, ranges, systemStack } from './support/profile.js';

const MANIFEST = (symbols: string, datasets = true) =>
  [
    'systems:',
    '  SYSA:',
    '    profile: profiles/SYSA.tcpip',
    `    symbols: { ${symbols} }`,
    ...(datasets ? ['datasets:', '  USER.TCPPARMS: profiles/tcpparms'] : []),
    '',
  ].join('\n');

describe('static system symbols', () => {
  const sysa = profile(
    'IPCONFIG SYSPLEXROUTING DYNAMICXCF &XCFIP 255.255.255.0 1',
    'INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME &OSAPORT. IPADDR &HOSTIP./24',
    'PORT 23 TCP &SYSNAME.TN',
    'START OSAQDIO1',
  );

  it('&NAME. and &NAME are resolved from systems.<name>.symbols; &SYSNAME. is the system name', () => {
    const { result } = compileEstate({
      'plexlint.yaml': MANIFEST('HOSTIP: 10.20.1.11, XCFIP: 10.30.1.1, osaport: OSA1P0', false),
      'profiles/SYSA.tcpip': sysa,
    });
    expect(result.findings).toEqual([]);
    const stack = systemStack(result, 'SYSA');
    expect(stack.dynamicXcf.v4?.address).toBe('10.30.1.1');
    expect(stack.interfaces[0]).toMatchObject({ name: 'OSAQDIO1', portName: 'OSA1P0', addresses: [{ address: '10.20.1.11', prefix: 24 }] });
    expect(stack.ports).toMatchObject([{ port: 23, job: 'SYSATN' }]);
  });

  it('an unresolved symbol is an info finding on the symbol itself, and the operand stays symbolic', () => {
    const { diagnostics } = lintEstate({ 'plexlint.yaml': MANIFEST('HOSTIP: 10.20.1.11', false), 'profiles/SYSA.tcpip': sysa });
    expect(ranges(diagnostics)).toEqual(['1:36-1:42 unresolved-symbol', '2:45-2:54 unresolved-symbol']);
    expect(diagnostics.every((d) => d.severity === 'info')).toBe(true);
    expect(diagnostics[0]!.message).toContain('&XCFIP.');
    const stack = systemStack(compileEstate({ 'plexlint.yaml': MANIFEST('HOSTIP: 10.20.1.11', false), 'profiles/SYSA.tcpip': sysa }).result, 'SYSA');
    expect(stack.dynamicXcf.v4).toBeUndefined();
    expect(stack.interfaces[0]).toMatchObject({ addresses: [{ address: '10.20.1.11' }] });
  });

  it('a value that is wrong only once its symbol is substituted names the substituted text too', () => {
    const text = profile('HOME 10.20.2.&CLONE. LOOPBACK', 'INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.20.1.&CLONE./24');
    const { diagnostics } = lintEstate({ 'plexlint.yaml': MANIFEST('CLONE: "0A"', false), 'profiles/SYSA.tcpip': text });
    expect(ranges(diagnostics)).toEqual(['1:6-1:21 invalid-address', '2:59-2:77 invalid-address']);
    expect(diagnostics[0]!.message).toContain("HOME entry '10.20.2.&CLONE.' (10.20.2.0A with the system symbols) is not a dotted-decimal IPv4 address");
    expect(diagnostics[1]!.message).toContain("'10.20.1.&CLONE./24' (10.20.1.0A/24 with the system symbols)");
  });

  // A real template profile (a public repository) codes IPADDR &HOMEIPADDRESS1, PORTNAME &OSAPORTNAME and ROUTE DEFAULT
  // &DEFAULTROUTEADDR: names longer than the 8 characters of a system symbol (IEASYMxx), filled in by a tool.
  const template = profile(
    'INTERFACE OSA1500 DEFINE IPAQENET IPADDR &HOMEIPADDRESS1 PORTNAME &OSAPORTNAME',
    'BEGINROUTES',
    'ROUTE DEFAULT &DEFAULTROUTEADDR OSA1500 MTU 1500',
    'ENDROUTES',
    'PORT 23 TCP &SYSCLONEA',
  );

  it('a name longer than 8 characters is read whole: a placeholder the manifest may give a value for', () => {
    const { result } = compileEstate({
      'plexlint.yaml': MANIFEST('HOMEIPADDRESS1: 10.1.1.5/24, OSAPORTNAME: OSA1P0, DEFAULTROUTEADDR: 10.1.1.1, SYSCLONE: "0A"', false),
      'profiles/SYSA.tcpip': template,
    });
    expect(result.findings).toEqual([]);
    const stack = systemStack(result, 'SYSA');
    expect(stack.interfaces[0]).toMatchObject({ name: 'OSA1500', portName: 'OSA1P0', addresses: [{ address: '10.1.1.5' }] });
    expect(stack.routes.map((r) => r.firstHop)).toEqual(['10.1.1.1']);
    // &SYSCLONEA is the system symbol &SYSCLONE followed by A, as the stack reads it.
    expect(stack.ports).toMatchObject([{ port: 23, job: '0AA' }]);
  });

  it('an unresolved placeholder is named whole, and the message says it is no system symbol', () => {
    const { diagnostics } = lintEstate({ 'plexlint.yaml': MANIFEST('SYSCLONE: "0A"', false), 'profiles/SYSA.tcpip': template });
    expect(ranges(diagnostics)).toEqual(['1:42-1:57 unresolved-symbol', '1:67-1:79 unresolved-symbol', '3:15-3:32 unresolved-symbol']);
    expect(diagnostics[0]!.message).toMatch(
      /^placeholder &HOMEIPADDRESS1 has no value here \(its name is longer than the 8 characters of a z\/OS system symbol name, so the stack itself does not substitute it/,
    );
  });

  it('without a manifest only &SYSNAME. has a value (the file name)', () => {
    expect(ranges(lintProfile(profile('HOME 10.60.1.&LAST. LOOPBACK', 'PORT 23 TCP &SYSNAME.TN')))).toEqual(['1:14-1:20 unresolved-symbol']);
  });
});

describe('INCLUDE', () => {
  const common = profile('; USER.TCPPARMS(COMMON)', 'TCPCONFIG RESTRICTLOWPORTS', 'PORT 21 TCP FTPD1', 'INCLUDE USER.TCPPARMS(VIPARNG)');
  const viparng = profile('VIPADYNAMIC', '   VIPARANGE DEFINE MOVEABLE NONDISRUPTIVE 255.255.255.0 10.45.1.0', 'ENDVIPADYNAMIC');
  const sysa = profile('IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1', 'INCLUDE USER.TCPPARMS(COMMON)', 'PORT 23 TCP TN3270');

  it('nested INCLUDEs are expanded in place, through the datasets mapping', () => {
    const { result } = compileEstate({
      'plexlint.yaml': MANIFEST('HOSTIP: 10.20.1.11'),
      'profiles/SYSA.tcpip': sysa,
      'profiles/tcpparms/COMMON': common,
      'profiles/tcpparms/VIPARNG': viparng,
    });
    expect(result.findings).toEqual([]);
    // Members are not stacks of their own.
    expect(result.estate.systems.map((s) => s.name)).toEqual(['SYSA']);
    const stack = systemStack(result, 'SYSA');
    expect(stack.ports.map((p) => p.port)).toEqual([21, 23]);
    expect(stack.vipaRanges.map((r) => r.subnet)).toEqual(['10.45.1.0/24']);
    expect(result.estate.systems[0]!.files).toEqual(['profiles/SYSA.tcpip', 'profiles/tcpparms/COMMON', 'profiles/tcpparms/VIPARNG']);
  });

  it('definitions in an INCLUDEd member count where the INCLUDE is', () => {
    const devs = profile('DEVICE OSADEV1 MPCIPA', 'LINK OSALNK1 IPAQENET OSADEV1');
    const before = lintEstate({
      'plexlint.yaml': MANIFEST('HOSTIP: 10.20.1.11'),
      'profiles/SYSA.tcpip': profile('INCLUDE USER.TCPPARMS(DEVS)', 'HOME 10.20.1.11 OSALNK1', 'START OSADEV1'),
      'profiles/tcpparms/DEVS': devs,
    });
    expect(before.diagnostics).toEqual([]);
    const after = lintEstate({
      'plexlint.yaml': MANIFEST('HOSTIP: 10.20.1.11'),
      'profiles/SYSA.tcpip': profile('HOME 10.20.1.11 OSALNK1', 'INCLUDE USER.TCPPARMS(DEVS)', 'START OSADEV1'),
      'profiles/tcpparms/DEVS': devs,
    });
    expect(ranges(after.diagnostics)).toEqual(['1:17-1:24 undefined-reference']);
    expect(after.diagnostics[0]!.related?.[0]).toMatchObject({ file: 'profiles/tcpparms/DEVS', line: 2 });
  });

  it('findings in a member point into the member', () => {
    const { diagnostics } = lintEstate({
      'plexlint.yaml': MANIFEST('HOSTIP: 10.20.1.11'),
      'profiles/SYSA.tcpip': sysa,
      'profiles/tcpparms/COMMON': common.replace('PORT 21 TCP FTPD1', 'PORT 21 TCP FTPD1 NOAUTOLG'),
      'profiles/tcpparms/VIPARNG': viparng,
    });
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`)).toEqual(['profiles/tcpparms/COMMON:3:19 unknown-operand']);
  });

  it('a cycle is reported at the INCLUDE that closes it', () => {
    const { diagnostics } = lintEstate({
      'plexlint.yaml': MANIFEST('HOSTIP: 10.20.1.11'),
      'profiles/SYSA.tcpip': sysa,
      'profiles/tcpparms/COMMON': common,
      'profiles/tcpparms/VIPARNG': viparng + 'INCLUDE USER.TCPPARMS(COMMON)\n',
    });
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId}`)).toEqual([
      'profiles/tcpparms/VIPARNG:4:9-4:30 include-cycle',
    ]);
    expect(diagnostics[0]!.message).toContain('(COMMON → VIPARNG → COMMON)');
  });

  it('a member of a missing data set or member is include-not-found, on the data set name', () => {
    const { diagnostics } = lintEstate({
      'plexlint.yaml': MANIFEST('HOSTIP: 10.20.1.11'),
      'profiles/SYSA.tcpip': profile('INCLUDE USER.TCPPARMS(NOSUCH)', "INCLUDE 'SYS1.TCPPARMS(OTHER)'"),
      'profiles/tcpparms/COMMON': common,
      'profiles/tcpparms/VIPARNG': viparng,
    });
    expect(ranges(diagnostics)).toEqual(['1:9-1:30 include-not-found', '2:9-2:31 include-not-found']);
  });

  it('without a mapping, a member is found by its name among the estate files; quotes and lower case are allowed', () => {
    const { result } = compileEstate({
      'SYSA.tcpip': profile("include 'user.tcpparms(common)'", 'PORT 23 TCP TN3270'),
      'members/COMMON.tcpip': profile('PORT 21 TCP FTPD1'),
    });
    expect(result.findings).toEqual([]);
    expect(systemStack(result, 'SYSA').ports.map((p) => p.port)).toEqual([21, 23]);
  });

  describe('INCLUDE of a z/OS UNIX file', () => {
    it('is a warning, not a syntax error, and is followed through the datasets key of its folder', () => {
      const { result } = compileEstate({
        'plexlint.yaml': ['systems:', '  SYSA: { profile: SYSA.tcpip }', 'datasets:', '  /etc/tcpip: etc', ''].join('\n'),
        'SYSA.tcpip': profile('INCLUDE /etc/tcpip/common.prof', 'PORT 23 TCP TN3270'),
        'etc/common.prof': profile('PORT 21 TCP FTPD1'),
      });
      expect(result.findings.map((f) => `${f.loc.line}:${f.loc.column} ${f.ruleId}`)).toEqual(['1:9 include-unix-file']);
      expect(result.findings[0]!.message).toContain('z/OS UNIX file /etc/tcpip/common.prof');
      expect(systemStack(result, 'SYSA').ports.map((p) => p.port)).toEqual([21, 23]);
    });

    it('without a mapping, is the one file of the estate with its name; a missing one is include-not-found', () => {
      const found = compileEstate({
        'SYSA.tcpip': profile("INCLUDE '/etc/tcpip/common.prof'", 'PORT 23 TCP TN3270'),
        'etc/common.prof': profile('PORT 21 TCP FTPD1'),
      });
      expect(systemStack(found.result, 'SYSA').ports.map((p) => p.port)).toEqual([21, 23]);
      const { diagnostics } = lintEstate({ 'SYSA.tcpip': profile('INCLUDE /etc/tcpip/nosuch.prof', 'PORT 23 TCP TN3270') });
      expect(ranges(diagnostics)).toEqual(['1:9-1:31 include-not-found', '1:9-1:31 include-unix-file']);
      expect(diagnostics.find((d) => d.ruleId === 'include-not-found')!.message).toContain('map its folder in plexlint.yaml (datasets: { /etc/tcpip: <folder> })');
    });

    it('a path that climbs out of the mapped folder with .. is include-outside-estate', () => {
      const dir = estate({
        'estate/plexlint.yaml': ['systems:', '  SYSA: { profile: SYSA.tcpip }', 'datasets:', '  /etc/tcpip: etc', ''].join('\n'),
        'estate/SYSA.tcpip': profile('INCLUDE /etc/tcpip/../../../outside/COMMON', 'PORT 23 TCP TN3270'),
        'estate/etc/README': 'the shared files\n',
        'outside/COMMON': profile('PORT 21 TCP FTPD1 NOAUTOLG'),
      });
      const result = lint([join(dir, 'estate')], { cwd: dir });
      expect(result.diagnostics.map((d) => d.ruleId).sort()).toEqual(['include-outside-estate', 'include-unix-file']);
      expect(result.compiled.sources.has('outside/COMMON')).toBe(false);
    });
  });

  it('two files that could be the member are ambiguous', () => {
    const { diagnostics } = lintEstate({
      'SYSA.tcpip': profile('INCLUDE USER.TCPPARMS(COMMON)', 'PORT 23 TCP TN3270'),
      'a/COMMON': profile('PORT 21 TCP FTPD1'),
      'b/COMMON': profile('PORT 21 TCP FTPD1'),
    });
    expect(ranges(diagnostics)).toEqual(['1:9-1:30 include-not-found']);
    expect(diagnostics[0]!.message).toContain('2 files of the estate could be member COMMON');
  });

  it('a mapping that leaves the estate with .. is include-outside-estate, and nothing outside is read', () => {
    const dir = estate({
      'estate/plexlint.yaml': ['systems:', '  SYSA: { profile: SYSA.tcpip }', 'datasets:', '  USER.TCPPARMS: ../outside', ''].join('\n'),
      'estate/SYSA.tcpip': profile('INCLUDE USER.TCPPARMS(COMMON)', 'PORT 23 TCP TN3270'),
      'outside/COMMON': profile('PORT 21 TCP FTPD1 NOAUTOLG'),
    });
    const result = lint([join(dir, 'estate')], { cwd: dir });
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`)).toEqual(['estate/SYSA.tcpip:1:9 include-outside-estate']);
    expect(result.diagnostics[0]!.message).toBe(
      'INCLUDE USER.TCPPARMS(COMMON): plexlint.yaml maps USER.TCPPARMS to outside, which is outside the estate (the folder estate/); plexlint does not look at files outside the estate it was given.',
    );
    expect(result.compiled.sources.has('outside/COMMON')).toBe(false);
  });

  it('a symbolic link to a file outside the estate is not followed', () => {
    const dir = estate({
      'estate/plexlint.yaml': ['systems:', '  SYSA: { profile: SYSA.tcpip }', 'datasets:', '  USER.TCPPARMS: tcpparms', ''].join('\n'),
      'estate/SYSA.tcpip': profile('INCLUDE USER.TCPPARMS(COMMON)', 'PORT 23 TCP TN3270'),
      'estate/tcpparms/README': 'the members of USER.TCPPARMS\n',
      'outside/COMMON': profile('PORT 21 TCP FTPD1 NOAUTOLG'),
    });
    symlinkSync(join(dir, 'outside', 'COMMON'), join(dir, 'estate', 'tcpparms', 'COMMON'));
    const result = lint([join(dir, 'estate')], { cwd: dir });
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`)).toEqual([
      'estate/SYSA.tcpip:1:9 include-outside-estate',
      'estate/tcpparms/COMMON:1:1 unreadable-file',
    ]);
    expect(result.diagnostics[0]!.message).toContain('estate/tcpparms/COMMON is a symbolic link that leads out of the estate');
    expect(result.diagnostics[0]!.message).not.toContain('outside/COMMON');
    expect(result.compiled.sources.has('outside/COMMON')).toBe(false);
  });
});
