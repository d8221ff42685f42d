/**
 * NETSTAT VIPADCFG / netstat -F / DISPLAY TCPIP,,NETSTAT,VIPADCFG: the dynamic VIPA configuration the stack holds
 * now — its VIPADYNAMIC block as the initial profile and every VARY TCPIP,,OBEYFILE since have left it (IBM IP
 * System Administrator's Commands, Netstat VIPADCFG/-F report; IP Configuration Guide, "Verifying dynamic VIPA
 * with Netstat"):
 *
 *   Dynamic VIPA Information:
 *     VIPA Backup:      IpAddr/PrefixLen: 201.2.10.13          Rank: 000100  Moveable:  SrvMgr:
 *     VIPA Define:      IpAddr/PrefixLen: 201.2.10.11/28       Moveable: Immediate  SrvMgr: No
 *                       IntfName: DVIPA1  IpAddr: 2001:0DB8:1::1   (IPv6)
 *     VIPA Range:       IpAddr/PrefixLen: 201.2.10.192/26      Moveable: NonDisr
 *     VIPA Distribute:  Dest: 201.2.10.11..20  DestXCF: 201.1.10.15  (DistMethod:, SysPt:, TimAff:, Flg:, OptLoc:)
 *
 * The short format prints each section as a table (IP Address, Rank; IP Address, AddressMask, Moveable, SrvMgr;
 * AddressMask, IP Address, Moveable; IP Address, Port, XCF Address, SysPt, TimAff, Flg). The VIPA Route, VIPA
 * Service Manager and Deactivated Dynamic VIPA sections are not read.
 */
import type { CfgDistribution, CfgDvipa, VipadcfgReport } from './ast.js';
import { OpenEntry, walkReport, type ReportContext } from './report.js';
import { maskToPrefix, parseIp } from '../../core/ip.js';
import { columnIndex, LabelReader, rowCells, rowStart, type Column, type Labelled, type Line } from './text.js';

const LABELS = new LabelReader(['IpAddr/PrefixLen', 'IP Address/Prefixlen', 'IntfName', 'IpAddr', 'Rank', 'Moveable', 'SrvMgr', 'Flg', 'Dest', 'DestXCF', 'DistMethod', 'SysPt', 'TimAff', 'OptLoc']);

type Section = 'backup' | 'define' | 'range' | 'distribute';

const SECTIONS: [RegExp, Section | null][] = [
  [/^\s*VIPA Backup:\s*$/i, 'backup'],
  [/^\s*VIPA Define:\s*$/i, 'define'],
  [/^\s*VIPA Range:\s*$/i, 'range'],
  [/^\s*VIPA Distribute:\s*$/i, 'distribute'],
  [/^\s*(?:VIPA Route|VIPA Service Manager|Deactivated Dynamic VIPA Information):\s*$/i, null],
];

export function readVipadcfg(ctx: ReportContext): VipadcfgReport {
  const report: VipadcfgReport = { kind: 'vipadcfg', header: ctx.seg.header, defines: [], backups: [], ranges: [], distributions: [] };
  let section: Section | undefined;
  const listOf = (s: Section | undefined): CfgDvipa[] => (s === 'backup' ? report.backups : s === 'define' ? report.defines : report.ranges);
  const dvipa = new OpenEntry<CfgDvipa>(ctx, 'dynamic VIPA entry', (e) => (e.address ? undefined : 'address'), (e) => listOf(section).push(e));
  const dist = new OpenEntry<CfgDistribution>(ctx, 'VIPA Distribute entry', (e) => (e.destXcf ? undefined : 'DestXCF'), (e) => report.distributions.push(e));
  walkReport(ctx, {
    labels: LABELS,
    sections: SECTIONS,
    inSectionsOnly: true,
    skip: /^\s*Dynamic VIPA Information:\s*$/i,
    fields(line, fields, name) {
      section = name as Section;
      for (const f of fields) {
        if (section === 'distribute') {
          if (f.label === 'Dest') {
            dist.close(false);
            // An entry whose Dest cannot be read is left out with that one finding.
            const s = ctx.socket(line, f, 'which DVIPA and port this distribution is for');
            if (s) dist.open(line, s.port ? { dvipa: s.address, port: s.port } : { dvipa: s.address });
          } else if (dist.current) distributionField(ctx, line, dist.current, f);
          continue;
        }
        const cur = dvipa.current;
        // An IPv6 DVIPA is listed by its interface name first, its address on the next line.
        const namedOnly = cur?.intfName !== undefined && cur.address === undefined;
        if (f.label === 'IpAddr/PrefixLen' || f.label === 'IP Address/Prefixlen' || f.label === 'IpAddr') {
          addressOf(ctx, line, namedOnly ? cur : dvipa.open(line, {}), f);
        } else if (f.label === 'IntfName') dvipa.open(line, { intfName: f.value });
        else if (cur && f.label === 'Rank') {
          const r = ctx.number(line, f, 'a VIPABACKUP rank (1–254)', 254);
          if (r) cur.rank = r;
        } else if (cur && f.label === 'Moveable' && f.value) cur.moveable = f.value;
      }
    },
    row: (line, cols, name) => readRow(ctx, line, cols, name as Section, report),
    end(atEnd) {
      const cut = dvipa.close(atEnd) ?? dist.close(atEnd);
      if (cut) report.truncated = cut;
    },
  });
  return report;
}

function addressOf(ctx: ReportContext, line: Line, dvipa: Partial<CfgDvipa>, f: Labelled): void {
  const a = ctx.addressWithPrefix(line, f, 'which DVIPA this entry is');
  if (!a) return;
  dvipa.address = a.address;
  if (a.prefix !== undefined) dvipa.prefix = a.prefix;
}

function distributionField(ctx: ReportContext, line: Line, dist: Partial<CfgDistribution>, f: Labelled): void {
  if (f.label === 'DestXCF') {
    const word = f.value.split(/\s+/)[0] ?? '';
    if (/^ALL$/i.test(word)) dist.destXcf = ctx.lines.field(line, 'ALL', f.start, word.length);
    else {
      const a = ctx.address(line, f, 'which target this distribution names');
      if (a) dist.destXcf = a;
    }
  } else if (f.label === 'DistMethod' && f.value) dist.method = ctx.text(line, f);
  else if (f.label === 'OptLoc' && f.value) dist.optLocal = ctx.text(line, f);
}

function readRow(ctx: ReportContext, line: Line, cols: Column[], section: Section, report: VipadcfgReport): boolean {
  const cells = rowCells(line.text, cols);
  const iAddr = columnIndex(cols, 'ip address', 'ipaddr');
  if (iAddr < 0) return true;
  if (!rowStart(cells[iAddr])) return false;
  const addr = ctx.cellAddress(line, cells[iAddr], 'IP Address', 'which DVIPA this row is');
  if (!addr) return true;
  const loc = ctx.lines.lineLoc(line);
  if (section === 'distribute') {
    const iXcf = columnIndex(cols, 'xcf address', 'destxcf', 'destxcf addr');
    const xcfCell = iXcf >= 0 ? cells[iXcf] : undefined;
    if (!xcfCell) {
      ctx.problems.malformed(line, 0, line.text.trimEnd().length, 'this VIPA Distribute row has no XCF Address, so plexlint cannot tell which target it names and leaves it out.');
      return true;
    }
    const xcf = /^ALL$/i.test(xcfCell.text) ? ctx.lines.field(line, 'ALL', xcfCell.start, xcfCell.text.length) : ctx.cellAddress(line, xcfCell, 'XCF Address', 'which target this distribution names');
    if (!xcf) return true;
    const d: CfgDistribution = { dvipa: addr, destXcf: xcf, loc };
    const iPort = columnIndex(cols, 'port', 'dport');
    const port = iPort >= 0 ? ctx.cellNumber(line, cells[iPort], 'Port', 'a port', 65535) : undefined;
    if (port) d.port = port;
    report.distributions.push(d);
    return true;
  }
  const entry: CfgDvipa = { address: addr, loc };
  const mask = cells[columnIndex(cols, 'addressmask')];
  const maskAddr = mask ? parseIp(mask.text) : undefined;
  const prefix = maskAddr ? maskToPrefix(maskAddr) : undefined;
  if (prefix !== undefined) entry.prefix = prefix;
  const rank = ctx.cellNumber(line, cells[columnIndex(cols, 'rank')], 'Rank', 'a VIPABACKUP rank', 254);
  if (rank) entry.rank = rank;
  const moveable = cells[columnIndex(cols, 'moveable')];
  if (moveable) entry.moveable = moveable.text;
  (section === 'backup' ? report.backups : section === 'define' ? report.defines : report.ranges).push(entry);
  return true;
}
