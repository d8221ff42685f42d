#!/usr/bin/env node
// Writes the large fixtures of the dvipa-limit, viparange-limit and
// omproute-too-many-interfaces rules (fixtures/rules/<rule>/*). The generated files are
// committed: the tests read them and never run this script. Run it again only
// to change them on purpose:  node test/tools/generate-limit-fixtures.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'rules');

/** A generated line, with the fixture's expectation comment when it is the one the rule reports. */
function marked(line, hit, rule, width = 64) {
  return hit ? `${line.padEnd(width)} ; expect: ${rule}` : line;
}

function write(path, lines) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, lines.join('\n') + '\n');
}

/** The n-th address of a block of /32 DVIPAs: 10.<b>.<n div 250>.<n mod 250 + 1>. */
function dvipa(block, n) {
  return `10.${block}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

function stackHead(sys, xcf, osaPort, comment) {
  return [
    `; PROFILE.TCPIP for ${sys} - ${comment[0]}`,
    ...comment.slice(1).map((c) => `; ${c}`),
    'IPCONFIG SYSPLEXROUTING SOURCEVIPA',
    `         DYNAMICXCF 10.30.1.${xcf} 255.255.255.0 1`,
    `INTERFACE OSAQDIO1 DEFINE IPAQENET PORTNAME ${osaPort}`,
    `          IPADDR 10.20.1.1${xcf}/24`,
    '          PRIROUTER',
    `INTERFACE SVIPA1 DEFINE VIRTUAL IPADDR 10.21.1.1${xcf}`,
    'BEGINROUTES',
    '   ROUTE 10.20.1.0/24  =           OSAQDIO1  MTU 1492',
    '   ROUTE DEFAULT       10.20.1.1   OSAQDIO1  MTU 1492',
    'ENDROUTES',
  ];
}

/** A member with one VIPADEFINE per application DVIPA (one per CICS region, MQ queue manager, …). */
function dvipaMember(count, expectAt) {
  const lines = [
    `; USER.TCPPARMS(APPDVIPA) - one DVIPA per application instance on this`,
    `; image (${count} DVIPAs), generated from the application inventory.`,
    'VIPADYNAMIC',
  ];
  for (let i = 0; i < count; i++) {
    const line = `   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 ${dvipa(41, i)}`;
    lines.push(marked(line, i + 1 === expectAt, 'dvipa-limit'));
  }
  lines.push('ENDVIPADYNAMIC');
  return lines;
}

function dvipaLimit() {
  const dir = join(root, 'dvipa-limit');
  rmSync(dir, { recursive: true, force: true });

  // bad-defined: one stack defines 1030 DVIPAs; the 1025th is the first beyond the limit.
  write(join(dir, 'bad-defined', 'SYSA.tcpip'), [
    ...stackHead('SYSA', 1, 'OSA1P0', [
      'application server image with one DVIPA per application',
      'instance. The inventory has grown to 1030 instances: the stack supports',
      'at most 1024 configured and target DVIPAs.',
    ]),
    'INCLUDE USER.TCPPARMS(APPDVIPA)',
    'START OSAQDIO1',
  ]);
  write(join(dir, 'bad-defined', 'tcpparms', 'APPDVIPA'), dvipaMember(1030, 1025));

  // bad-targets: SYSA defines 1000 and is a DESTIP ALL target of 30 more.
  const distributed = 30;
  const head = (sys, xcf, port, comment, expect) => {
    const h = stackHead(sys, xcf, port, comment);
    if (expect) h[h.findIndex((l) => l.startsWith('IPCONFIG'))] = 'IPCONFIG SYSPLEXROUTING SOURCEVIPA   ; expect: dvipa-limit';
    return h;
  };
  const distributor = (sys, n, comment) => {
    const lines = [...head(sys, 2, 'OSA1P1', comment, false), 'VIPADYNAMIC'];
    for (let i = 0; i < n; i++) {
      lines.push(`   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 ${dvipa(42, i)}`);
      lines.push(`   VIPADISTRIBUTE DEFINE DISTMETHOD BASEWLM ${dvipa(42, i)} PORT ${8000 + i} DESTIP ALL`);
    }
    lines.push('ENDVIPADYNAMIC', 'START OSAQDIO1');
    return lines;
  };
  const backup = (sys, n) => {
    const lines = [...head(sys, 3, 'OSA2P0', ['backup distributor for SYSB\'s service DVIPAs.'], false), 'VIPADYNAMIC'];
    for (let i = 0; i < n; i++) lines.push(`   VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 ${dvipa(42, i)}`);
    lines.push('ENDVIPADYNAMIC', 'START OSAQDIO1');
    return lines;
  };
  const targetStack = (count, expect, comment) => [
    ...head('SYSA', 1, 'OSA1P0', comment, expect),
    'INCLUDE USER.TCPPARMS(APPDVIPA)',
    'START OSAQDIO1',
  ];
  write(
    join(dir, 'bad-targets', 'SYSA.tcpip'),
    targetStack(1000, true, [
      'application server image with 1000 DVIPAs of its own,',
      `and a DESTIP ALL target of the ${distributed} service DVIPAs SYSB distributes:`,
      `${1000 + distributed} DVIPAs on one stack, over the limit of 1024.`,
    ]),
  );
  write(join(dir, 'bad-targets', 'tcpparms', 'APPDVIPA'), dvipaMember(1000, 0));
  write(join(dir, 'bad-targets', 'SYSB.tcpip'), distributor('SYSB', distributed, ['distributor of the service DVIPAs (DESTIP ALL).']));
  write(join(dir, 'bad-targets', 'SYSC.tcpip'), backup('SYSC', distributed));

  // good: 1000 of its own plus 24 as a target is exactly the limit.
  write(
    join(dir, 'good', 'SYSA.tcpip'),
    targetStack(1000, false, [
      'application server image with 1000 DVIPAs of its own,',
      'and a DESTIP ALL target of the 24 service DVIPAs SYSB distributes:',
      '1024 DVIPAs, exactly the limit.',
    ]),
  );
  write(join(dir, 'good', 'tcpparms', 'APPDVIPA'), dvipaMember(1000, 0));
  write(join(dir, 'good', 'SYSB.tcpip'), distributor('SYSB', 24, ['distributor of the service DVIPAs (DESTIP ALL).']));
  write(join(dir, 'good', 'SYSC.tcpip'), backup('SYSC', 24));
}

/** /28 application ranges: 10.64.0.0/28, 10.64.0.16/28, … */
function range(n) {
  const v = (64 << 16) + n * 16;
  return `10.${v >> 16}.${(v >> 8) & 255}.${v & 255}`;
}

function viparangeLimit() {
  const dir = join(root, 'viparange-limit');
  rmSync(dir, { recursive: true, force: true });
  const profile = (count, expectAt, comment) => {
    const lines = [...stackHead('SYSA', 1, 'OSA1P0', comment), 'VIPADYNAMIC'];
    for (let i = 0; i < count; i++) {
      const line = `   VIPARANGE DEFINE MOVEABLE NONDISRUPTIVE 255.255.255.240 ${range(i)}`;
      lines.push(marked(line, i + 1 === expectAt, 'viparange-limit'));
    }
    lines.push('ENDVIPADYNAMIC', 'START OSAQDIO1');
    return lines;
  };
  write(
    join(dir, 'bad-before-v2r3', 'SYSA.tcpip'),
    profile(1030, 1025, [
      'one /28 application range per application group (1030',
      'ranges). z/OS V2R3 and later accept 4096 VIPARANGE statements, V2R1 only',
      '1024: a warning, in case the stack runs an older release.',
    ]),
  );
  write(
    join(dir, 'bad-over-4096', 'SYSA.tcpip'),
    profile(4100, 4097, ['one /28 application range per application group (4100', 'ranges), more than any release accepts (4096).']),
  );
  write(join(dir, 'good', 'SYSA.tcpip'), profile(1024, 0, ['one /28 application range per application group (1024', 'ranges), within the limit of every release.']));
}

/** The n-th VLAN interface (1-based) on the OSA port: 10.100.1.11 … 10.100.255.11, then 10.101.x.11. */
function vlanAddress(n) {
  return n <= 255 ? `10.100.${n}.11` : `10.101.${n - 255}.11`;
}

function omprouteTooManyInterfaces() {
  const dir = join(root, 'omproute-too-many-interfaces');
  rmSync(dir, { recursive: true, force: true });
  // SYSA has OSAQDIO1 and `vlans` VLAN interfaces on the same OSA port; the static VIPA does not count.
  const profile = (vlans, expectAt, comment) => {
    const lines = stackHead('SYSA', 1, 'OSA1P0', comment);
    for (let n = 1; n <= vlans; n++) {
      const line = `INTERFACE OSAV${n} DEFINE IPAQENET PORTNAME OSA1P0 VLANID ${n + 100} IPADDR ${vlanAddress(n)}/24`;
      lines.push(marked(line, n + 1 === expectAt, 'omproute-too-many-interfaces', 80));
    }
    lines.push('START OSAQDIO1');
    return lines;
  };
  const omproute = [
    '; OMPROUTE for SYSA: OSPF over every VLAN interface (two wildcard definitions).',
    'Global_Options Ignore_Undefined_Interfaces=YES;',
    'RouterID=10.21.1.11;',
    'OSPF_Interface IP_Address=10.20.1.11 Name=OSAQDIO1 Subnet_Mask=255.255.255.0;',
    'OSPF_Interface IP_Address=10.21.1.11 Name=SVIPA1 Subnet_Mask=255.255.255.0;',
    'OSPF_Interface IP_Address=10.100.*.* Name=OSAV Subnet_Mask=255.255.255.0;',
    'OSPF_Interface IP_Address=10.101.*.* Name=OSAV2 Subnet_Mask=255.255.255.0;',
  ];
  write(
    join(dir, 'bad', 'SYSA.tcpip'),
    profile(259, 256, ['a VLAN interface per customer network: 260 real IPv4', 'interfaces, and OMPROUTE supports at most 255 (VIPAs do not count).']),
  );
  write(join(dir, 'bad', 'SYSA.omproute'), omproute);
  write(join(dir, 'good', 'SYSA.tcpip'), profile(254, 0, ['a VLAN interface per customer network: 255 real IPv4', 'interfaces, exactly what OMPROUTE supports.']));
  write(join(dir, 'good', 'SYSA.omproute'), omproute);
}

dvipaLimit();
viparangeLimit();
omprouteTooManyInterfaces();
