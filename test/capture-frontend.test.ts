/**
 * The capture front end (src/frontends/capture): IBM's documented report examples and the drift example's captures
 * (long and short Netstat formats, the console's EZD0101I and EZZ8260I, dscontrol reports) parse with exact
 * positions; what it cannot read is one finding at its line. Expected positions are worked out from the fixture's
 * own text (where the value is in its line), not from the parser.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Loc } from '../src/core/loc.js';
import type { Field, Report } from '../src/frontends/capture/ast.js';
import { looksLikeCapture, parseCapture } from '../src/frontends/capture/index.js';
import { detectKind } from '../src/frontends/detect.js';
import { sourceFromText } from '../src/sources/source-file.js';

const root = join(import.meta.dirname, '..');

function load(rel: string): { text: string; lines: string[]; reports: Report[]; findings: { ruleId: string; loc: Loc; message: string }[] } {
  const text = readFileSync(join(root, rel), 'utf8');
  const parsed = parseCapture(sourceFromText(rel, text));
  return { text, lines: text.split('\n'), reports: parsed.ast.reports, findings: parsed.findings };
}

/** Where `value` is in 1-based line `line` (its n-th occurrence): the Loc a field must have. */
function where(lines: string[], file: string, line: number, value: string, occurrence = 1): Loc {
  let at = -1;
  for (let i = 0; i < occurrence; i++) at = lines[line - 1]!.indexOf(value, at + 1);
  if (at < 0) throw new Error(`'${value}' is not on line ${line}: ${lines[line - 1]}`);
  return { file, line, column: at + 1, endLine: line, endColumn: at + 1 + value.length };
}

/** Where `value` is after `label` on 1-based line `line`. */
function after(lines: string[], file: string, line: number, label: string, value: string): Loc {
  const text = lines[line - 1]!;
  const from = text.indexOf(label);
  const at = from < 0 ? -1 : text.indexOf(value, from + label.length);
  if (at < 0) throw new Error(`'${label} ${value}' is not on line ${line}: ${text}`);
  return { file, line, column: at + 1, endLine: line, endColumn: at + 1 + value.length };
}

function field<T>(f: Field<T> | undefined): { value: T; loc: Loc } | undefined {
  return f ? { value: f.value, loc: f.loc } : undefined;
}

describe("IBM's documented report examples", () => {
  it('NETSTAT VDPT DETAIL, long format (IP Configuration Guide, Verifying sysplex distributor workload, V1R8)', () => {
    const f = 'fixtures/captures/ibm-examples/vdpt-detail-v1r8.txt';
    const { lines, reports, findings } = load(f);
    expect(findings).toEqual([]);
    expect(reports).toHaveLength(1);
    const r = reports[0]!;
    if (r.kind !== 'vdpt') throw new Error(r.kind);
    expect(r.header.release).toBe('V1R8');
    expect(field(r.header.tcpName)).toEqual({ value: 'TCPCS', loc: where(lines, f, 8, 'TCPCS') });
    expect(r.entries).toHaveLength(2);
    const [a, b] = r.entries;
    expect(field(a!.dvipa)).toEqual({ value: '201.2.10.11', loc: where(lines, f, 10, '201.2.10.11') });
    expect(field(a!.port)).toEqual({ value: 21, loc: where(lines, f, 10, '21') });
    expect(field(a!.destXcf)).toEqual({ value: '201.1.10.15', loc: where(lines, f, 11, '201.1.10.15') });
    expect(field(a!.totalConn)).toEqual({ value: 0, loc: where(lines, f, 12, '0000000000') });
    expect(field(a!.ready)).toEqual({ value: 1, loc: after(lines, f, 12, 'Rdy:', '001') });
    expect(field(a!.wlm)).toEqual({ value: 1, loc: after(lines, f, 12, 'WLM:', '01') });
    expect(field(a!.tsr)).toEqual({ value: 75, loc: after(lines, f, 12, 'TSR:', '075') });
    expect(a!.flags?.value).toBe('Dynamic, Roundrobin, Inactive');
    expect([a!.tcsr?.value, a!.cer?.value, a!.sef?.value, a!.abnormal?.value, a!.health?.value, a!.activeConn?.value]).toEqual([100, 75, 100, 0, 100, 0]);
    expect(field(a!.sef)).toEqual({ value: 100, loc: after(lines, f, 14, 'SEF:', '100') });
    expect(field(b!.dvipa)).toEqual({ value: '201.2.10.12', loc: where(lines, f, 19, '201.2.10.12') });
    expect(field(b!.port)).toEqual({ value: 4011, loc: where(lines, f, 19, '4011') });
    // The stored copy of the page ends at "TSR: 10": the value is read as printed.
    expect(field(b!.tsr)).toEqual({ value: 10, loc: after(lines, f, 21, 'TSR:', '10') });
    expect(b!.loc).toEqual({ file: f, line: 19, column: 1, endLine: 19, endColumn: lines[18]!.length + 1 });
  });

  it('NETSTAT VIPADCFG DETAIL, long format, from the z/OS UNIX shell (IP Configuration Guide, Verifying dynamic VIPA with Netstat, V1R12), cut inside VIPA Distribute', () => {
    const f = 'fixtures/captures/ibm-examples/vipadcfg-detail-v1r12.txt';
    const { lines, reports, findings } = load(f);
    expect(reports).toHaveLength(1);
    const r = reports[0]!;
    if (r.kind !== 'vipadcfg') throw new Error(r.kind);
    expect(field(r.header.tcpName)).toEqual({ value: 'TCPCS', loc: where(lines, f, 9, 'TCPCS') });
    expect(r.backups.map((d) => [d.address.value, d.rank?.value])).toEqual([
      ['201.2.10.13', 100],
      ['201.2.10.21', 80],
      ['201.2.10.22', 80],
    ]);
    expect(field(r.backups[0]!.address)).toEqual({ value: '201.2.10.13', loc: where(lines, f, 12, '201.2.10.13') });
    expect(field(r.backups[1]!.rank)).toEqual({ value: 80, loc: after(lines, f, 15, 'Rank:', '000080') });
    expect(r.defines.map((d) => [d.address.value, d.prefix, d.intfName, d.moveable])).toEqual([
      ['201.2.10.11', 28, undefined, 'Immediate'],
      ['201.2.10.12', 28, undefined, 'Immediate'],
      ['201.2.10.14', 28, undefined, 'Immediate'],
      ['201.2.10.15', 28, undefined, 'Immediate'],
      ['2001:db8:1::1', undefined, 'DVIPA1', 'Immediate'],
      ['2001:db8:2::2', undefined, 'DVIPA2', 'Immediate'],
    ]);
    // IPv6 written with leading zeros (2001:0DB8:1::1): the canonical address, at the position of the text.
    expect(field(r.defines[4]!.address)).toEqual({ value: '2001:db8:1::1', loc: where(lines, f, 28, '2001:0DB8:1::1') });
    expect(r.ranges.map((d) => [d.address.value, d.prefix, d.intfName])).toEqual([
      ['201.2.10.192', 26, undefined],
      ['2001:db8:3::1', 100, 'VRANGE1'],
    ]);
    expect(r.distributions).toEqual([]);
    // The copy ends at "Dest: 201.2.10.": one finding at the value, nothing else.
    expect(findings.map((x) => [x.ruleId, x.loc])).toEqual([['capture-malformed', where(lines, f, 40, '201.2.10.')]]);
    expect(findings[0]!.message).toMatch(/^Dest: '201\.2\.10\.' is not address\.\.port/);
  });
});

describe('the formats of each report', () => {
  const f = (name: string): string => `fixtures/drift/example/state/${name}`;

  it('VIPADCFG, short format (tables)', () => {
    const file = f('SYSB/vipadcfg.txt');
    const { lines, reports, findings } = load(file);
    expect(findings).toEqual([]);
    const r = reports[0]!;
    if (r.kind !== 'vipadcfg') throw new Error(r.kind);
    expect(r.backups.map((d) => [field(d.address), d.rank?.value])).toEqual([[{ value: '10.40.1.1', loc: where(lines, file, 6, '10.40.1.1') }, 100]]);
    expect(r.defines.map((d) => [d.address.value, d.prefix, d.moveable])).toEqual([['10.40.1.2', 24, 'Immediate']]);
    expect(r.distributions.map((d) => [field(d.dvipa), field(d.port), field(d.destXcf)])).toEqual([
      [{ value: '10.40.1.2', loc: where(lines, file, 14, '10.40.1.2') }, { value: 3000, loc: where(lines, file, 14, '03000') }, { value: 'ALL', loc: where(lines, file, 14, 'ALL') }],
    ]);
  });

  it('VIPADCFG and VIPADYN, long format', () => {
    const cfg = load(f('SYSA/vipadcfg.txt'));
    const r = cfg.reports[0]!;
    if (r.kind !== 'vipadcfg') throw new Error(r.kind);
    expect(r.distributions.map((d) => [d.dvipa.value, d.port?.value, d.destXcf.value, d.method?.value, d.optLocal?.value])).toEqual([
      ['10.40.1.1', 8080, '10.30.1.1', 'ServerWLM', 'No'],
      ['10.40.1.1', 8080, '10.30.1.2', 'ServerWLM', 'No'],
      ['10.40.1.1', 8080, '10.30.1.3', 'ServerWLM', 'No'],
    ]);
    const file = f('SYSA/vipadyn.txt');
    const dyn = load(file);
    const d = dyn.reports[0]!;
    if (d.kind !== 'vipadyn') throw new Error(d.kind);
    expect(d.dvipas.map((x) => [x.address.value, x.prefix, x.status.value, x.origin?.value, x.distStat?.value])).toEqual([
      ['10.40.1.1', 24, 'Active', 'VIPADefine', 'Dist/Dest'],
      ['10.40.1.2', 24, 'Backup', 'VIPABackup', 'Dest'],
    ]);
    expect(field(d.dvipas[1]!.status)).toEqual({ value: 'Backup', loc: where(dyn.lines, file, 7, 'Backup') });
  });

  it('VDPT, short format', () => {
    const file = f('SYSB/vdpt.txt');
    const { lines, reports, findings } = load(file);
    expect(findings).toEqual([]);
    const r = reports[0]!;
    if (r.kind !== 'vdpt') throw new Error(r.kind);
    expect(r.entries.map((e) => [e.dvipa.value, e.port.value, e.destXcf.value, e.ready?.value, e.totalConn?.value, e.wlm?.value, e.tsr?.value])).toEqual([
      ['10.40.1.2', 3000, '10.30.1.1', 1, 4410, 32, 100],
      ['10.40.1.2', 3000, '10.30.1.2', 1, 4388, 32, 100],
      ['10.40.1.2', 3000, '10.30.1.3', 1, 2209, 16, 100],
    ]);
    expect(field(r.entries[2]!.wlm)).toEqual({ value: 16, loc: after(lines, file, 7, '0000002209', '16') });
    expect(field(r.entries[2]!.destXcf)).toEqual({ value: '10.30.1.3', loc: where(lines, file, 7, '10.30.1.3') });
  });

  it('HOME: long, short, and the console (DISPLAY TCPIP,,NETSTAT,HOME: EZD0101I, capitals)', () => {
    const long = load(f('SYSA/home.txt')).reports[0]!;
    const short = load(f('SYSB/home.txt')).reports[0]!;
    const file = f('SYSC/home.console.txt');
    const consoleCapture = load(file);
    const console = consoleCapture.reports[0]!;
    if (long.kind !== 'home' || short.kind !== 'home' || console.kind !== 'home') throw new Error('home');
    expect(long.entries.map((e) => [e.address.value, e.link.value, e.flags])).toEqual([
      ['10.20.1.11', 'OSAQDIO1', ['Primary']],
      ['10.21.1.11', 'SVIPA1', []],
      ['10.60.1.1', 'LOOPBACK', []],
      ['10.30.1.1', 'EZASAMEMVS', []],
      ['10.40.1.1', 'VIPL0A280101', []],
      ['10.40.1.2', 'VIPL0A280102', ['Internal']],
      ['127.0.0.1', 'LOOPBACK', []],
      ['::1', 'LOOPBACK6', []],
    ]);
    expect(short.entries.map((e) => [e.address.value, e.link.value, e.flags])).toEqual([
      ['10.20.1.12', 'OSAQDIO1', ['Primary']],
      ['10.21.1.12', 'SVIPA1', []],
      ['10.60.1.1', 'LOOPBACK', []],
      ['10.30.1.2', 'EZASAMEMVS', []],
      ['10.40.1.2', 'VIPL0A280102', []],
      ['10.40.1.1', 'VIPL0A280101', ['Internal']],
      ['127.0.0.1', 'LOOPBACK', []],
    ]);
    expect(console.header.source).toBe('console');
    expect(field(console.header.tcpName)).toEqual({ value: 'TCPIP', loc: where(consoleCapture.lines, file, 2, 'TCPIP') });
    expect(console.entries.map((e) => e.address.value)).toEqual(['10.20.1.13', '10.21.1.13', '10.30.1.3', '10.40.1.1', '10.40.1.2', '127.0.0.1', '::1']);
    expect(console.entries[3]!.flags).toEqual(['Internal']);
    expect(field(console.entries[0]!.address)).toEqual({ value: '10.20.1.13', loc: where(consoleCapture.lines, file, 5, '10.20.1.13') });
    expect(consoleCapture.findings).toEqual([]);
  });

  it('DISPLAY TCPIP,,SYSPLEX,VIPADYN (EZZ8260I)', () => {
    const file = f('SYSC/sysplex-vipadyn.console.txt');
    const { lines, reports, findings } = load(file);
    expect(findings).toEqual([]);
    const r = reports[0]!;
    if (r.kind !== 'sysplex-vipadyn') throw new Error(r.kind);
    expect(field(r.header.mvsName)).toEqual({ value: 'SYSC', loc: where(lines, file, 3, 'SYSC') });
    expect(r.dvipas.map((d) => [d.address.value, d.origin?.value, d.rows.map((x) => [x.mvsName.value, x.status.value, x.rank?.value, x.dist?.value])])).toEqual([
      ['10.40.1.1', 'VIPADEFINE', [['SYSA', 'ACTIVE', undefined, 'BOTH'], ['SYSB', 'BACKUP', 100, 'DEST'], ['SYSC', 'BACKUP', 50, 'DEST']]],
      ['10.40.1.2', 'VIPADEFINE', [['SYSB', 'ACTIVE', undefined, 'BOTH'], ['SYSA', 'BACKUP', 100, 'DEST'], ['SYSC', 'BACKUP', 80, 'DEST']]],
    ]);
    expect(field(r.dvipas[1]!.rows[0]!.status)).toEqual({ value: 'ACTIVE', loc: where(lines, file, 15, 'ACTIVE') });
  });

  it('dscontrol manager report and highavailability status', () => {
    const file = f('edge1/manager-report.txt');
    const m = load(file);
    const r = m.reports[0]!;
    if (r.kind !== 'lb-manager') throw new Error(r.kind);
    expect(r.statuses.map((s) => [s.server.value, s.address?.value, s.status?.value])).toEqual([
      ['10.20.1.11', '10.20.1.11', 'ACTIVE'],
      ['10.20.1.12', '10.20.1.12', 'ACTIVE'],
    ]);
    expect(r.ports.map((p) => [p.cluster.value, p.port.value, p.servers.map((s) => [s.server.value, s.now.value, s.next?.value])])).toEqual([
      ['10.60.1.1', 80, [['10.20.1.11', 10, 10], ['10.20.1.12', 10, 10]]],
      ['10.60.1.1', 443, [['10.20.1.11', 10, 10], ['10.20.1.12', 10, 10]]],
    ]);
    expect(field(r.ports[0]!.servers[1]!.now)).toEqual({ value: 10, loc: after(m.lines, file, 26, '10.20.1.12  |', '10') });
    const ha = load(f('edge1/ha-status.txt'));
    const h = ha.reports[0]!;
    if (h.kind !== 'lb-ha') throw new Error(h.kind);
    expect([h.role?.value, h.recovery?.value, h.state?.value, h.subState?.value, h.port?.value, h.preferredTarget?.value]).toEqual(['primary', 'auto', 'Active', 'Synchronized', 12345, '10.20.1.52']);
    expect(field(h.state)).toEqual({ value: 'Active', loc: where(ha.lines, f('edge1/ha-status.txt'), 7, 'Active') });
    expect(h.heartbeats.map((x) => [x.source.value, x.destination.value])).toEqual([['10.20.1.51', '10.20.1.52']]);
  });

  it('dscontrol server report: a row per server, the columns by their headings', () => {
    const text = [
      '$ dscontrol server report 10.60.1.1@80@10.20.1.12',
      '------------------------------------------------------',
      '|     Server     |  Total  |  Active  |  Weight |',
      '------------------------------------------------------',
      '|    10.20.1.12  |   3120  |      0   |      0  |',
      '------------------------------------------------------',
    ].join('\n');
    const parsed = parseCapture(sourceFromText('s.txt', text));
    const r = parsed.ast.reports[0]!;
    if (r.kind !== 'lb-server') throw new Error(r.kind);
    expect(r.target?.value).toBe('10.60.1.1@80@10.20.1.12');
    expect(r.rows.map((x) => [x.server.value, x.total?.value, x.active?.value, x.weight?.value])).toEqual([['10.20.1.12', 3120, 0, 0]]);
    const row = text.split('\n')[4]!;
    const weightAt = row.lastIndexOf('0') + 1;
    expect(r.rows[0]!.weight!.loc).toEqual({ file: 's.txt', line: 5, column: weightAt, endLine: 5, endColumn: weightAt + 1 });
  });
});

describe('the other formats: VCRT long and short, VIPADYN short, the console in capitals', () => {
  it('VCRT, long format: Dest, Source, DestXCF', () => {
    const text = [
      'MVS TCP/IP NETSTAT CS V2R4       TCPIP Name: TCPIP           10:15:40',
      'Dynamic VIPA Connection Routing Table:',
      'Dest:        10.40.1.1..8080',
      '  Source:    192.0.2.10..50211',
      '  DestXCF:   10.30.1.2',
    ].join('\n');
    const lines = text.split('\n');
    const r = parseCapture(sourceFromText('v.txt', text)).ast.reports[0]!;
    if (r.kind !== 'vcrt') throw new Error(r.kind);
    expect(r.entries.map((e) => [field(e.dvipa), e.port.value, field(e.source), e.sourcePort?.value, field(e.destXcf)])).toEqual([
      [{ value: '10.40.1.1', loc: where(lines, 'v.txt', 3, '10.40.1.1') }, 8080, { value: '192.0.2.10', loc: where(lines, 'v.txt', 4, '192.0.2.10') }, 50211, { value: '10.30.1.2', loc: where(lines, 'v.txt', 5, '10.30.1.2') }],
    ]);
  });

  it('VCRT, short format', () => {
    const text = [
      'MVS TCP/IP NETSTAT CS V2R4       TCPIP Name: TCPIP           10:15:40',
      'Dynamic VIPA Connection Routing Table:',
      'Dest IPaddr     DPort Src IPaddr      SPort DestXCF Addr',
      '-----------     ----- ----------      ----- ------------',
      '10.40.1.1       08080 192.0.2.10      50211 10.30.1.2',
      '10.40.1.1       08080 192.0.2.11      50212 10.30.1.1',
    ].join('\n');
    const r = parseCapture(sourceFromText('v.txt', text)).ast.reports[0]!;
    if (r.kind !== 'vcrt') throw new Error(r.kind);
    expect(r.entries.map((e) => [e.dvipa.value, e.port.value, e.source.value, e.sourcePort?.value, e.destXcf.value])).toEqual([
      ['10.40.1.1', 8080, '192.0.2.10', 50211, '10.30.1.2'],
      ['10.40.1.1', 8080, '192.0.2.11', 50212, '10.30.1.1'],
    ]);
    expect(r.entries[1]!.destXcf.loc).toEqual({ file: 'v.txt', line: 6, column: 45, endLine: 6, endColumn: 54 });
  });

  it('VIPADYN, short format, with an ActTime line under each row', () => {
    const text = [
      'MVS TCP/IP NETSTAT CS V2R4       TCPIP Name: TCPIP           10:15:09',
      'Dynamic VIPA:',
      'IP Address      AddressMask     Status    Origination     DistStat',
      '----------      -----------     ------    -----------     --------',
      '10.40.1.1       255.255.255.0   Active    VIPADefine      Dist/Dest',
      '  ActTime:      11/18/2024 06:02:11',
      '10.45.1.7       255.255.255.0   Active    VIPARange Bind',
      '  ActTime:      11/18/2024 06:05:40',
    ].join('\n');
    const parsed = parseCapture(sourceFromText('d.txt', text));
    expect(parsed.findings).toEqual([]);
    const r = parsed.ast.reports[0]!;
    if (r.kind !== 'vipadyn') throw new Error(r.kind);
    expect(r.dvipas.map((d) => [d.address.value, d.status.value, d.origin?.value, d.distStat?.value])).toEqual([
      ['10.40.1.1', 'Active', 'VIPADefine', 'Dist/Dest'],
      ['10.45.1.7', 'Active', 'VIPARange Bind', undefined],
    ]);
  });

  it('the console: DISPLAY TCPIP,,NETSTAT,VDPT in capitals, EZZ2500I as older releases print it, a log prefix in front of each line', () => {
    const prefix = 'N 0000000 SYSA     24323 10:15:44.12 STC00042 00000090  ';
    const text = [
      'EZZ2500I NETSTAT CS V1R13 TCPCS 512',
      'DYNAMIC VIPA DESTINATION PORT TABLE FOR TCP/IP STACKS:',
      'DEST:        10.40.1.1..8080',
      '  DESTXCF:   10.30.1.2',
      '  TOTALCONN: 0000000042  RDY: 001  WLM: 12  TSR: 100',
      '  DISTMETHOD: SERVERWLM',
      '1 OF 1 RECORDS DISPLAYED',
      'END OF THE REPORT',
    ]
      .map((l) => prefix + l)
      .join('\n');
    const lines = text.split('\n');
    const parsed = parseCapture(sourceFromText('c.txt', text));
    expect(parsed.findings).toEqual([]);
    const r = parsed.ast.reports[0]!;
    if (r.kind !== 'vdpt') throw new Error(r.kind);
    expect(r.header.source).toBe('console');
    expect(r.header.tcpName?.value).toBe('TCPCS');
    expect(r.entries.map((e) => [e.dvipa.value, e.port.value, e.destXcf.value, e.ready?.value, e.wlm?.value, e.method?.value])).toEqual([['10.40.1.1', 8080, '10.30.1.2', 1, 12, 'SERVERWLM']]);
    expect(field(r.entries[0]!.wlm)).toEqual({ value: 12, loc: after(lines, 'c.txt', 5, 'WLM:', '12') });
  });
});

describe('one capture, several reports; what is not a report', () => {
  it('reads each report of a TSO session and nothing between them', () => {
    const text = [
      'READY',
      'netstat vdpt',
      readFileSync(join(root, 'fixtures/drift/example/state/SYSB/vdpt.txt'), 'utf8').trimEnd(),
      'READY',
      'netstat home',
      readFileSync(join(root, 'fixtures/drift/example/state/SYSB/home.txt'), 'utf8').trimEnd(),
      'READY',
    ].join('\n');
    const parsed = parseCapture(sourceFromText('session.txt', text));
    expect(parsed.findings).toEqual([]);
    expect(parsed.ast.reports.map((r) => r.kind)).toEqual(['vdpt', 'home']);
    const home = parsed.ast.reports[1]!;
    if (home.kind !== 'home') throw new Error(home.kind);
    expect(home.entries).toHaveLength(7);
    expect(home.header.loc.line).toBe(12);
  });

  it('a report plexlint does not read, an empty file and a file of prose are one finding each', () => {
    const conn = parseCapture(sourceFromText('c.txt', 'MVS TCP/IP NETSTAT CS V2R4       TCPIP Name: TCPIP           10:15:30\nUser Id  Conn     State\n'));
    expect(conn.findings.map((x) => [x.ruleId, x.loc.line])).toEqual([['capture-not-a-report', 1]]);
    expect(parseCapture(sourceFromText('e.txt', '')).findings.map((x) => [x.ruleId, x.message.includes('it is empty')])).toEqual([['capture-not-a-report', true]]);
    const prose = parseCapture(sourceFromText('p.txt', '\n\nThe stack was restarted on Tuesday.\n'));
    expect(prose.findings.map((x) => [x.ruleId, x.loc.line])).toEqual([['capture-not-a-report', 3]]);
  });

  it('an entry cut at the end of the capture is one finding where it starts', () => {
    const text = 'MVS TCP/IP NETSTAT CS V2R4       TCPIP Name: TCPIP           10:15:30\nDynamic VIPA Destination Port Table for TCP/IP stacks:\nDest:        10.40.1.1..8080\n';
    const parsed = parseCapture(sourceFromText('t.txt', text));
    expect(parsed.findings.map((x) => [x.ruleId, x.loc.line, x.message.startsWith('the report ends inside this entry')])).toEqual([['capture-malformed', 3, true]]);
    const r = parsed.ast.reports[0]!;
    if (r.kind !== 'vdpt') throw new Error(r.kind);
    expect(r.entries).toEqual([]);
    expect(r.truncated?.line).toBe(3);
  });

  it('fields IBM adds in later releases are skipped, not findings', () => {
    const text = [
      'MVS TCP/IP NETSTAT CS V3R1       TCPIP Name: TCPIP           10:15:30',
      'Dynamic VIPA Destination Port Table for TCP/IP stacks:',
      'Dest:        10.40.1.1..8080',
      '  DestXCF:   10.30.1.1',
      '  TotalConn: 0000000010  Rdy: 001  WLM: 10  TSR: 100  NewField: 42',
      '  FutureThing: yes',
    ].join('\n');
    const parsed = parseCapture(sourceFromText('n.txt', text));
    expect(parsed.findings).toEqual([]);
    const r = parsed.ast.reports[0]!;
    if (r.kind !== 'vdpt') throw new Error(r.kind);
    expect(r.entries[0]!.tsr?.value).toBe(100);
  });

  it('a character whose lower case is longer (İ) does not move the positions of the labels after it', () => {
    const lines = [
      'MVS TCP/IP NETSTAT CS V3R1       TCPIP Name: TCPIP           10:15:30',
      'Dynamic VIPA Destination Port Table for TCP/IP stacks:',
      'Dest:        10.40.1.1..8080',
      '  DestXCF:   10.30.1.1',
      '  İİİ TotalConn: 0000000010  Rdy: 001  WLM: 10  TSR: 100',
    ];
    const parsed = parseCapture(sourceFromText('n.txt', lines.join('\n')));
    const r = parsed.ast.reports[0]!;
    if (r.kind !== 'vdpt') throw new Error(r.kind);
    expect(field(r.entries[0]!.tsr)).toEqual({ value: 100, loc: after(lines, 'n.txt', 5, 'TSR:', '100') });
  });
});

describe('file kind', () => {
  it('every capture fixture is a capture; configuration files that mention a report are not', () => {
    for (const rel of ['fixtures/captures/ibm-examples/vdpt-detail-v1r8.txt', 'fixtures/captures/ibm-examples/vipadcfg-detail-v1r12.txt', 'fixtures/drift/example/state/SYSC/home.console.txt', 'fixtures/drift/example/state/edge1/ha-status.txt', 'fixtures/drift/example/state/edge1/manager-report.txt', 'fixtures/drift/example/state/SYSB/vdpt.txt']) {
      expect(detectKind(sourceFromText(rel, readFileSync(join(root, rel), 'utf8'))), rel).toBe('capture');
    }
    const profile = '; compare with: MVS TCP/IP NETSTAT CS V2R4 TCPIP Name: TCPIP 10:15:30\nTCPCONFIG RESTRICTLOWPORTS\nUDPCONFIG RESTRICTLOWPORTS\nHOME 10.1.1.1 L1\n';
    expect(detectKind(sourceFromText('SYSA.tcpip', profile))).toBe('profile');
    const cfg = '# dscontrol manager report shows the weights\ndscontrol executor start\ndscontrol cluster add 10.60.1.1\n';
    expect(looksLikeCapture(cfg)).toBe(false);
    expect(detectKind(sourceFromText('edge1.cfg', cfg))).toBe('dscontrol');
  });
});
