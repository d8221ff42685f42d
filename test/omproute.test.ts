/**
 * The OMPROUTE front end (grammar, keywords, values, positions, recovery), file-kind
 * detection and attachment, the routing model ("what does this stack advertise, how
 * and why") and the simulator's use of it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OmprouteParser } from '../grammar/omproute/parser.js';
import { compile } from '../src/engine/compile.js';
import { lint } from '../src/engine/lint.js';
import { systemNamesOf } from '../src/engine/omproute.js';
import { detectKind } from '../src/frontends/detect.js';
import { parseOmproute } from '../src/frontends/omproute/index.js';
import type { RoutedAddress } from '../src/model/routing.js';
import { Simulation } from '../src/sim/index.js';
import { sourceFromText } from '../src/sources/source-file.js';

const root = join(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'plexlint-omproute-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function parse(text: string, symbols: Record<string, string> = {}) {
  return parseOmproute(sourceFromText('SYSA.conf', text), { symbols: new Map(Object.entries(symbols)) });
}

function findings(text: string): string[] {
  return parse(text).findings.map((f) => `${f.loc.line}:${f.loc.column} ${f.ruleId}`);
}

let n = 0;
function estate(files: Record<string, string>): string {
  const dir = join(tmp, `e${n++}`);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

const PROFILE = [
  'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.1 255.255.255.0 1',
  'INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P0 IPADDR 10.20.1.11/24',
  'INTERFACE SVIPA1 DEFINE VIRTUAL IPADDR 10.21.1.11',
  'HOME',
  '   10.60.1.1    LOOPBACK',
  'VIPADYNAMIC',
  '   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 10.40.1.1',
  '   VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 10.40.2.1',
  '   VIPARANGE DEFINE MOVEABLE NONDISRUPTIVE 255.255.255.0 10.45.1.0',
  'ENDVIPADYNAMIC',
  'START OSAQDIO1',
  '',
].join('\n');

function routedOf(omproute: string, profile = PROFILE): Map<string, RoutedAddress> {
  const dir = estate({ 'SYSA.tcpip': profile, 'SYSA.omproute': omproute });
  const sys = compile(['.'], { cwd: dir }).estate.systems.find((s) => s.name === 'SYSA')!;
  expect(sys.routing, 'the OMPROUTE file is attached to SYSA').toBeDefined();
  return new Map(sys.routing!.addresses.map((a) => [`${a.address} ${a.role}`, a]));
}

describe('grammar', () => {
  it('passes Chevrotain grammar validation', () => {
    expect(() => new OmprouteParser(true)).not.toThrow();
  });
});

describe('front end', () => {
  it("reads IBM's sample configuration (mixed case, one parameter per line, blanks around '=') without findings", () => {
    const r = parse(
      [
        ';**********************************',
        '; OSPF Configuration Statements *',
        'OSPF',
        'RouterID=4.4.4.4;',
        'Area',
        'Area_Number = 0.0.0.0;',
        'OSPF_Interface',
        'IP_Address=9.67.108.4',
        'Name = CTC4TO2',
        'Subnet_Mask=255.255.255.0',
        'Attaches_To_Area=0.0.0.0',
        'MTU = 1024',
        'Cost0 = 1;',
        'IPv6_RIP_Filter=(noreceive,2001:0DB8:0:A1C::/64);',
        'IPv6_Default_Route',
        'Name=OSAQDIO46',
        'Next_Hop=FE80::1:2:3:4;',
      ].join('\n'),
    );
    expect(r.findings).toEqual([]);
    expect(r.ast.statements.map((s) => s.name)).toEqual(['OSPF', 'Area', 'OSPF_Interface', 'IPv6_RIP_Filter', 'IPv6_Default_Route']);
    const ospf = r.ast.statements[2]!;
    expect(ospf.params.map((p) => [p.name, p.value!.text])).toEqual([
      ['IP_Address', '9.67.108.4'],
      ['Name', 'CTC4TO2'],
      ['Subnet_Mask', '255.255.255.0'],
      ['Attaches_To_Area', '0.0.0.0'],
      ['MTU', '1024'],
      ['Cost0', '1'],
    ]);
    expect(r.ast.statements[3]!.value!.items!.map((i) => i.text)).toEqual(['noreceive', '2001:0DB8:0:A1C::/64']);
  });

  it('matches keywords in any case and keeps IBM spelling', () => {
    const r = parse('ospf_interface ip_address=10.1.1.1 NAME=a subnet_MASK=255.255.255.0;\nglobal_options IGNORE_UNDEFINED_INTERFACES=yes;');
    expect(r.findings).toEqual([]);
    expect(r.ast.statements.map((s) => [s.name, ...s.params.map((p) => p.name)])).toEqual([
      ['OSPF_Interface', 'IP_Address', 'Name', 'Subnet_Mask'],
      ['Global_Options', 'Ignore_Undefined_Interfaces'],
    ]);
  });

  it('gives exact 1-based positions: the value, the keyword, the statement up to its ;', () => {
    const r = parse('; comment\nOSPF_Interface IP_Address=10.1.1.1\n   Name=OSA1 Subnet_Mask=255.255.255.0; trailing comment\n');
    const s = r.ast.statements[0]!;
    expect(s.keywordLoc).toEqual({ file: 'SYSA.conf', line: 2, column: 1, endLine: 2, endColumn: 15 });
    expect(s.params[0]!.value!.loc).toEqual({ file: 'SYSA.conf', line: 2, column: 27, endLine: 2, endColumn: 35 });
    expect(s.loc).toEqual({ file: 'SYSA.conf', line: 2, column: 1, endLine: 3, endColumn: 40 });
  });

  it('reports a missing ; where it is missing and parses the next statement', () => {
    const r = parse('RIP_Interface IP_Address=10.1.1.1 Name=A Subnet_Mask=255.255.255.0\nInterface IP_Address=10.2.2.2 Name=B Subnet_Mask=255.255.255.0;');
    expect(r.findings.map((f) => `${f.loc.line}:${f.loc.column} ${f.ruleId}`)).toEqual(['1:54 syntax']);
    expect(r.findings[0]!.message).toMatch(/not ended by ';': OMPROUTE reads 'Interface' on line 2/);
    expect(r.ast.statements.map((s) => [s.name, s.rejected ?? 'ok'])).toEqual([
      ['RIP_Interface', "no ';'"],
      ['Interface', 'ok'],
    ]);
  });

  it("says a parameter after an early ';' is not a statement", () => {
    const r = parse('OSPF_Interface IP_Address=10.1.1.1 Subnet_Mask=255.255.255.0 ; the OSA\n   Name=OSA1;\n');
    const f = r.findings.find((x) => x.ruleId === 'syntax')!;
    expect(f.loc.line).toBe(2);
    expect(f.message).toMatch(/Name is a parameter, not a statement: the ';' on line 1 ended the statement before it/);
  });

  it('suggests the statement or parameter meant, as an error; an unknown word elsewhere is a warning', () => {
    const r = parse('Global_Option Ignore_Undefined_Interfaces=YES;\nOSPF_Interface IP_Adress=10.1.1.1 Name=A Subnet_Mask=255.255.255.0;\nFrobnicate X=1;');
    expect(r.findings.map((f) => [f.ruleId, f.severity ?? 'default', /Did you mean (\w+)/.exec(f.message)?.[1] ?? ''])).toEqual([
      ['omproute-unknown-statement', 'error', 'Global_Options'],
      ['omproute-unknown-parameter', 'error', 'IP_Address'],
      ['omproute-unknown-statement', 'default', ''],
    ]);
  });

  it('checks values by type; ranges inferred from the protocol are warnings', () => {
    const r = parse('OSPF_Interface IP_Address=10.1.1.* Name=A Subnet_Mask=255.255.255.0 Router_Priority=256 Hello_Interval=x Advertise_VIPA_Routes=host_only;');
    expect(r.findings.map((f) => [f.ruleId, f.severity])).toEqual([
      ['omproute-invalid-value', 'warning'],
      ['omproute-invalid-value', 'error'],
    ]);
  });

  it('substitutes system symbols and reports one that has no value', () => {
    const r = parse('OSPF_Interface IP_Address=&HOSTIP. Name=&SYSNAME.OSA Subnet_Mask=255.255.255.0;\nRouterID=&SVIPA.;', { HOSTIP: '10.20.1.11', SYSNAME: 'SYSA' });
    expect(r.ast.statements[0]!.params.map((p) => p.value!.text)).toEqual(['10.20.1.11', 'SYSAOSA', '255.255.255.0']);
    expect(r.findings.map((f) => [f.ruleId, f.loc.line])).toEqual([['unresolved-symbol', 2]]);
    expect(r.ast.statements[1]!.value!.symbolic).toBe(true);
  });

  it('reports control characters', () => {
    expect(findings('OSPF_Interface IP_Address=10.1.1.1\u0001 Name=A Subnet_Mask=255.255.255.0;')).toContain('1:35 syntax');
  });
});

describe('large and hostile input', () => {
  it('reads a megabyte-long word and 20 000 statements (bounded by the test timeout, no wall-clock assertion)', () => {
    const word = 'X'.repeat(1 << 20);
    const r = parse(`${word} IP_Address=${word};\nOSPF_Interface IP_Address=10.1.1.1 Name=${word} Subnet_Mask=255.255.255.0 ${word}=1;\n`);
    expect(r.findings.map((f) => f.ruleId)).toEqual(['omproute-unknown-statement', 'omproute-unknown-parameter']);
    const many = Array.from({ length: 20000 }, (_, i) => `OSPF_Interface IP_Address=10.${i >> 8}.${i & 255}.1 Name=I${i} Subnet_Mask=255.255.255.0;`).join('\n');
    const big = parse(many);
    expect(big.findings).toEqual([]);
    expect(big.ast.statements).toHaveLength(20000);
    expect(detectKind(sourceFromText('x', `${word}=1\n`))).not.toBe('omproute');
    expect(detectKind(sourceFromText('x', `RouterID=${word}`))).toBe('omproute');
  });
});

describe('file kind and attachment', () => {
  it('tells an OMPROUTE file from a TCP/IP profile by its content', () => {
    expect(detectKind(sourceFromText('a.txt', 'OSPF_Interface IP_Address=10.1.1.1\n  Name=A\n  Subnet_Mask=255.255.255.0;\n'))).toBe('omproute');
    expect(detectKind(sourceFromText('a.txt', 'RouterID=10.1.1.1;\n'))).toBe('omproute');
    expect(detectKind(sourceFromText('a.txt', 'Interface IP_Address=10.1.1.1 Name=A Subnet_Mask=255.255.255.0;\n'))).toBe('omproute');
    expect(detectKind(sourceFromText('SYSA.tcpip', 'INTERFACE OSA1 DEFINE IPAQENET PORTNAME P IPADDR 10.1.1.1/24\nHOME\n 10.1.1.2 LOOPBACK\nSTART OSA1\n'))).toBe('profile');
    expect(detectKind(sourceFromText('SYSA.omproute', '; nothing but a comment\n'))).toBe('omproute');
  });

  it('attaches a file named after a system', () => {
    expect(systemNamesOf('omproute/SYSA.conf')).toEqual(['SYSA', 'CONF']);
    expect(systemNamesOf('x/sysb.omproute')).toEqual(['SYSB', 'OMPROUTE']);
    expect(systemNamesOf('SYSC/omproute.conf')).toEqual(['OMPROUTE', 'SYSC', 'CONF']);
    // The system in another qualifier of a data set or file name.
    expect(systemNamesOf('TCPIP.SYSD.OMPROUTE')).toContain('SYSD');
    expect(systemNamesOf('routing/sysd_omproute.conf')).toContain('SYSD');
  });

  it('attaches a file whose name carries the system in another qualifier', () => {
    const dir = estate({ 'SYSA.tcpip': PROFILE, 'TCPIP.SYSA.OMPROUTE': 'Global_Options Ignore_Undefined_Interfaces=YES;\nRouterID=10.21.1.11;\nOSPF_Interface IP_Address=10.21.1.11 Name=SVIPA1 Subnet_Mask=255.255.255.0;\n' });
    const r = compile(['.'], { cwd: dir });
    expect(r.estate.systems[0]!.routing?.config).toMatchObject({ file: 'TCPIP.SYSA.OMPROUTE', attachedBy: 'file-name' });
  });

  it('attaches the file plexlint.yaml names under systems.<name>.omproute', () => {
    const dir = estate({
      'plexlint.yaml': 'systems:\n  SYSA: { profile: p/SYSA.tcpip, omproute: routing/main.conf }\n',
      'p/SYSA.tcpip': PROFILE,
      'routing/main.conf': 'Global_Options Ignore_Undefined_Interfaces=YES;\nRouterID=10.21.1.11;\nOSPF_Interface IP_Address=10.21.1.11 Name=SVIPA1 Subnet_Mask=255.255.255.0;\n',
    });
    const r = compile(['.'], { cwd: dir });
    const sys = r.estate.systems[0]!;
    expect(sys.routing?.config).toMatchObject({ file: 'routing/main.conf', attachedBy: 'manifest', ignoreUndefinedInterfaces: true, routerId: { address: '10.21.1.11', statement: 'RouterID' } });
    expect(r.kinds.get('routing/main.conf')).toBe('omproute');
  });

  it('reports a manifest omproute path that does not exist', () => {
    const dir = estate({ 'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip, omproute: nope.conf }\n', 'SYSA.tcpip': PROFILE });
    expect(lint(['.'], { cwd: dir }).diagnostics.map((d) => d.ruleId)).toContain('manifest-missing-file');
  });

  it("honours inline directives in the file's own comment syntax (;)", () => {
    // A definition for an address the profile does not have: reported in the OMPROUTE file.
    const omproute = 'RouterID=10.20.1.11;\nOSPF_Interface IP_Address=10.20.1.11 Name=OSAQDIO1 Subnet_Mask=255.255.255.0;\nInterface IP_Address=10.23.1.11 Name=CTC1 Subnet_Mask=255.255.255.0;\n';
    const dir = estate({ 'SYSA.tcpip': PROFILE, 'SYSA.omproute': omproute });
    const before = lint(['.'], { cwd: dir }).diagnostics.filter((d) => d.ruleId === 'omproute-definition-mismatch');
    expect(before.map((d) => `${d.file}:${d.line}`)).toEqual(['SYSA.omproute:3']);
    writeFileSync(join(dir, 'SYSA.omproute'), omproute.replace('Interface IP_Address=10.23', '; plexlint-disable-next-line omproute-definition-mismatch -- the CTC comes back next month\nInterface IP_Address=10.23'));
    const after = lint(['.'], { cwd: dir });
    expect(after.diagnostics.filter((d) => d.ruleId === 'omproute-definition-mismatch')).toEqual([]);
    expect(after.suppressed.map((d) => d.ruleId)).toContain('omproute-definition-mismatch');
  });

  it('checks only the syntax of a file given on its own, and says nothing about systems', () => {
    const dir = estate({ 'routing.conf': 'RouterID=10.1.1.1;\nOSPF_Interface IP_Address=10.1.1.1 Name=A Subnet_Mask=255.255.255.0;\n' });
    expect(lint(['routing.conf'], { cwd: dir }).diagnostics).toEqual([]);
  });
});

describe('omproute-dvipa-not-covered on a VIPARANGE', () => {
  it("is reported at the VIPARANGE, names the class mask OMPROUTE gives a DVIPA created in the range, and points at the OMPROUTE file", () => {
    const dir = estate({ 'SYSA.tcpip': PROFILE, 'SYSA.omproute': 'RouterID=10.21.1.11;\nOSPF_Interface IP_Address=10.21.1.11 Name=SVIPA1 Subnet_Mask=255.255.255.0;\n' });
    const range = lint(['.'], { cwd: dir }).diagnostics.find((d) => d.ruleId === 'omproute-dvipa-not-covered' && d.message.includes('VIPARANGE'))!;
    expect(range.file).toBe('SYSA.tcpip');
    expect(range.message).toContain('applications on this stack create DVIPAs in 10.45.1.0/24 (VIPARANGE)');
    expect(range.message).toContain('here MTU 576 and 255.0.0.0');
    expect(range.related!.map((r) => `${r.file}:${r.line} ${r.message}`)).toEqual(['SYSA.omproute:2 the last interface definition of SYSA.omproute; the missing one belongs after it']);
  });
});

describe('system symbols without a value', () => {
  it('a RouterID or an interface address plexlint cannot read is not reported as missing or as no address of the profile', () => {
    // As `plexlint init` leaves an estate until its symbols are filled in: the values are unknown, not absent.
    const profile = PROFILE.replace('IPADDR 10.20.1.11/24', 'IPADDR &HOSTIP./24').replace('IPADDR 10.21.1.11', 'IPADDR &SVIPA.');
    const omproute = 'RouterID=&SVIPA.;\nOSPF_Interface IP_Address=10.20.1.11 Name=OSAQDIO1 Subnet_Mask=255.255.255.0;\nOSPF_Interface IP_Address=10.21.1.11 Name=SVIPA1 Subnet_Mask=255.255.255.0;\n';
    const dir = estate({ 'SYSA.tcpip': profile, 'SYSA.omproute': omproute });
    const found = lint(['.'], { cwd: dir }).diagnostics.filter((d) => d.ruleId === 'omproute-router-id' || d.ruleId === 'omproute-definition-mismatch');
    expect(found.map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual([]);
    // With the values given, the same files are checked: a definition for an address the profile lacks is reported.
    const known = estate({
      'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip, omproute: SYSA.omproute, symbols: { HOSTIP: 10.20.1.11, SVIPA: 10.21.1.11 } }\n',
      'SYSA.tcpip': profile,
      'SYSA.omproute': omproute.replace('IP_Address=10.21.1.11', 'IP_Address=10.21.1.99'),
    });
    expect(lint(['.'], { cwd: known }).diagnostics.filter((d) => d.ruleId === 'omproute-definition-mismatch').map((d) => d.line)).toEqual([3]);
  });
});

describe('routing model: what is advertised, how and why', () => {
  const base = 'RouterID=10.21.1.11;\nOSPF_Interface IP_Address=10.20.1.11 Name=OSAQDIO1 Subnet_Mask=255.255.255.0;\n';

  it('an OSPF interface advertises its subnet; a VIPA goes out as a host route and its subnet unless HOST_ONLY', () => {
    const r = routedOf(base + 'OSPF_Interface IP_Address=10.21.1.11 Name=SVIPA1 Subnet_Mask=255.255.255.252 Advertise_VIPA_Routes=HOST_ONLY;\nOSPF_Interface IP_Address=10.40.1.0 Name=R Subnet_Mask=255.255.255.0;');
    expect(r.get('10.20.1.11 real')).toMatchObject({ advertised: true, via: { protocol: 'OSPF', routes: ['subnet'], subnet: '10.20.1.0/24' }, definition: { statement: 'OSPF_Interface', match: 'exact' } });
    expect(r.get('10.21.1.11 static-vipa')).toMatchObject({ advertised: true, via: { protocol: 'OSPF', routes: ['host'] } });
    expect(r.get('10.40.1.1 dvipa')).toMatchObject({ advertised: true, when: 'while-owner', via: { routes: ['host', 'subnet'], subnet: '10.40.1.0/24' }, definition: { match: 'range' } });
  });

  it('a range covers the host addresses of its subnet, for DVIPAs only; a VIPARANGE needs a range at least as wide', () => {
    const r = routedOf(base + 'OSPF_Interface IP_Address=10.40.2.0 Name=R1 Subnet_Mask=255.255.255.0;\nOSPF_Interface IP_Address=10.45.1.0 Name=R2 Subnet_Mask=255.255.255.128;\nOSPF_Interface IP_Address=10.60.1.0 Name=R3 Subnet_Mask=255.255.255.0;');
    expect(r.get('10.40.2.1 dvipa-backup')).toMatchObject({ advertised: true, when: 'after-takeover', definition: { match: 'range' } });
    expect(r.get('10.45.1.0/24 dvipa-range')?.definition).toBeUndefined();
    expect(r.get('10.60.1.1 loopback')).toMatchObject({ advertised: false });
    expect(r.get('10.60.1.1 loopback')?.definition).toBeUndefined();
  });

  it('an undefined interface: ignored with Ignore_Undefined_Interfaces=YES, else the class mask and MTU 576', () => {
    const yes = routedOf('Global_Options Ignore_Undefined_Interfaces=YES;\n' + base);
    expect(yes.get('10.30.1.1 dynamic-xcf')).toMatchObject({ advertised: false });
    expect(yes.get('10.30.1.1 dynamic-xcf')?.why).toMatch(/Ignore_Undefined_Interfaces=YES/);
    const no = routedOf(base);
    expect(no.get('10.30.1.1 dynamic-xcf')).toMatchObject({ advertised: false, defaults: { mask: '255.0.0.0', mtu: 576 } });
  });

  it('an Interface definition runs no protocol: advertised only as an imported direct route or by RIP', () => {
    const plain = routedOf(base + 'Interface IP_Address=10.30.1.* Name=XCF Subnet_Mask=255.255.255.0;');
    expect(plain.get('10.30.1.1 dynamic-xcf')).toMatchObject({ advertised: false, definition: { statement: 'Interface', match: 'wildcard' } });
    const imported = routedOf(base + 'AS_Boundary_Routing Import_Direct_Routes=YES;\nInterface IP_Address=10.30.1.1 Name=XCF Subnet_Mask=255.255.255.0;');
    expect(imported.get('10.30.1.1 dynamic-xcf')).toMatchObject({ advertised: true, via: { protocol: 'OSPF external' } });
    const rip = routedOf('RIP_Interface IP_Address=10.20.1.11 Name=OSAQDIO1 Subnet_Mask=255.255.255.0;\nInterface IP_Address=10.30.1.1 Name=XCF Subnet_Mask=255.255.255.0;');
    expect(rip.get('10.30.1.1 dynamic-xcf')).toMatchObject({ advertised: true, via: { protocol: 'RIP' } });
    expect(rip.get('10.20.1.11 real')).toMatchObject({ advertised: true, via: { protocol: 'RIP', routes: ['subnet'] } });
  });

  it('a target of a distributed DVIPA does not advertise it', () => {
    const dir = estate({
      'SYSA.tcpip': PROFILE.replace('ENDVIPADYNAMIC', '   VIPADISTRIBUTE DEFINE DISTMETHOD BASEWLM 10.40.1.1 PORT 80 DESTIP ALL\nENDVIPADYNAMIC'),
      'SYSB.tcpip': 'IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.2 255.255.255.0 1\nINTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME OSA1P1 IPADDR 10.20.1.12/24\nSTART OSAQDIO1\n',
      'SYSB.omproute': 'RouterID=10.20.1.12;\nOSPF_Interface IP_Address=10.20.1.12 Name=OSAQDIO1 Subnet_Mask=255.255.255.0;\nOSPF_Interface IP_Address=10.40.1.0 Name=R Subnet_Mask=255.255.255.0;\n',
    });
    const sysb = compile(['.'], { cwd: dir }).estate.systems.find((s) => s.name === 'SYSB')!;
    expect(sysb.routing!.addresses.find((a) => a.address === '10.40.1.1')).toMatchObject({ role: 'distribution-target', advertised: false });
  });
});

describe('simulator: after takeover, a DVIPA its new holder does not advertise is unreachable from outside', () => {
  it('refuses client connections with the reason in the trace, and keeps connections from inside the sysplex', () => {
    const { estate: e } = compile(['fixtures/estates/omproute-takeover'], { cwd: root });
    const sim = new Simulation(e, 1);
    expect(sim.distributor.connect('client', '10.40.1.1', 8080).outcome).toBe('distributed');
    sim.stackEvent('SYSA', false);
    const d = sim.distributor.connect('client', '10.40.1.1', 8080, true);
    expect(d).toMatchObject({ outcome: 'refused', reason: 'not advertised', distributor: 'SYSB' });
    expect(d.trace.find((t) => t.what === 'routing')?.detail).toMatch(/SYSB holds 10\.40\.1\.1, but .*SYSB\.conf does not advertise it/);
    expect(sim.distributor.connect('SYSB', '10.40.1.1', 8080).outcome).not.toBe('refused');
  });

  it('takes a holder without an OMPROUTE file to advertise the DVIPA', () => {
    const { estate: e } = compile(['fixtures/estates/omproute-takeover'], { cwd: root });
    delete e.systems.find((s) => s.name === 'SYSB')!.routing;
    const sim = new Simulation(e, 1);
    sim.distributor.connect('client', '10.40.1.1', 8080);
    sim.stackEvent('SYSA', false);
    expect(sim.distributor.connect('client', '10.40.1.1', 8080).outcome).toBe('distributed');
  });
});

describe("OMPROUTE's INCLUDEs, followed within the estate", () => {
  const omproute = (include: string): string =>
    `Global_Options Ignore_Undefined_Interfaces=YES;\nRouterID=10.21.1.11;\nOSPF_Interface IP_Address=10.21.1.11 Name=SVIPA1 Subnet_Mask=255.255.255.255;\n${include}\n`;
  const member = [
    'OSPF_Interface IP_Address=10.20.1.11 Name=OSAQDIO1 Subnet_Mask=255.255.255.0;',
    'Interface IP_Address=10.30.1.1 Name=DYNXCF Subnet_Mask=255.255.255.0;',
    'OSPF_Interface IP_Address=10.40.1.0 Name=DV1 Subnet_Mask=255.255.255.0;',
    'OSPF_Interface IP_Address=10.45.1.0 Name=DV2 Subnet_Mask=255.255.255.0;',
    '',
  ].join('\n');

  it("reads a member's definitions in place: they cover, and a finding in them is in the member", () => {
    const dir = estate({
      'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip, omproute: SYSA.omproute }\ndatasets:\n  SYS1.OMPROUTE: members\n',
      'SYSA.tcpip': PROFILE,
      'SYSA.omproute': omproute("INCLUDE //'SYS1.OMPROUTE(DVIPAS)'"),
      // A member with only interface statements and an INCLUDE reads like a profile on its own: it is OMPROUTE's.
      'members/DVIPAS': `${member}OSPF_Interface IP_Address=10.23.1.11 Name=CTC1 Subnet_Mask=255.255.255.0;\n`,
    });
    const r = lint(['.'], { cwd: dir });
    expect(r.compiled.kinds.get('members/DVIPAS')).toBe('omproute');
    const routing = r.compiled.estate.systems[0]!.routing!;
    expect(routing.config.includes).toEqual([]);
    expect(routing.addresses.find((a) => a.address === '10.40.1.1')?.definition?.loc.file).toBe('members/DVIPAS');
    // Only the VIPABACKUP 10.40.2.1 is left uncovered; the stale CTC1 definition is reported in the member.
    expect(r.diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`).sort()).toEqual(['SYSA.tcpip:8 omproute-dvipa-not-covered', 'members/DVIPAS:5 omproute-definition-mismatch']);
  });

  it('never reads a file outside the estate: the INCLUDE is reported, and the checks that need every definition are not made', () => {
    const outside = join(tmp, 'outside');
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'DVIPAS'), member);
    const dir = estate({
      'plexlint.yaml': `systems:\n  SYSA: { profile: SYSA.tcpip, omproute: SYSA.omproute }\ndatasets:\n  SYS1.OMPROUTE: ${outside}\n`,
      'SYSA.tcpip': PROFILE,
      'SYSA.omproute': omproute("INCLUDE //'SYS1.OMPROUTE(DVIPAS)'"),
    });
    const r = lint(['.'], { cwd: dir });
    expect(r.compiled.estate.files.some((f) => f.includes('plexlint-outside-'))).toBe(false);
    expect(r.diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual(['SYSA.omproute:4 omproute-include-not-read']);
    expect(r.diagnostics[0]!.message).toMatch(/outside the estate/);
  });

  it('a member that INCLUDEs the configuration again closes a cycle (include-cycle), and nothing is lost', () => {
    const dir = estate({
      'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip, omproute: routing/SYSA.conf }\n',
      'SYSA.tcpip': PROFILE,
      'routing/SYSA.conf': omproute('INCLUDE /etc/omproute/DVIPAS.conf'),
      'routing/DVIPAS.conf': `${member}INCLUDE /etc/omproute/SYSA.conf\n`,
    });
    const r = lint(['.'], { cwd: dir });
    expect(r.diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`)).toEqual(['SYSA.tcpip:8 omproute-dvipa-not-covered', 'routing/DVIPAS.conf:5 include-cycle']);
    expect(r.diagnostics[1]!.message).toMatch(/OMPROUTE would read it again and again/);
  });
});
