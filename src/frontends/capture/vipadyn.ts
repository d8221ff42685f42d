/**
 * NETSTAT VIPADYN / netstat -v / DISPLAY TCPIP,,NETSTAT,VIPADYN: the dynamic VIPAs of this stack now — their status
 * here (Active, Backup, Moving, …), how they were created and whether the stack distributes them (IBM IP System
 * Administrator's Commands, Netstat VIPADyn/-v report):
 *
 *   long format     IP Address/Prefixlen: 201.2.10.11/28       (IPv6: IntfName: DVIPA1, then IpAddr:)
 *                     Status: Active  Origin: VIPADefine  DistStat: Dist/Dest
 *   short format    IP Address  AddressMask  Status  Origination  DistStat
 *
 * The VIPA Route section that follows is not read.
 */
import type { DynDvipa, VipadynReport } from './ast.js';
import { OpenEntry, walkReport, type ReportContext } from './report.js';
import { columnIndex, LabelReader, rowCells, rowStart, type Column, type Labelled, type Line } from './text.js';

const LABELS = new LabelReader(['IP Address/Prefixlen', 'IpAddr/PrefixLen', 'IP Address', 'IntfName', 'IpAddr', 'Status', 'Origin', 'Origination', 'DistStat', 'ActTime']);

const DVIPA_SECTION = /^\s*Dynamic VIPA:\s*$/i;
const OTHER_SECTION = /^\s*VIPA Route:\s*$/i;

export function readVipadyn(ctx: ReportContext): VipadynReport {
  const report: VipadynReport = { kind: 'vipadyn', header: ctx.seg.header, dvipas: [] };
  const entry = new OpenEntry<DynDvipa>(ctx, 'dynamic VIPA entry', (e) => (!e.address ? 'address' : !e.status ? 'Status' : undefined), (e) => report.dvipas.push(e));
  const setAddress = (line: Line, f: Labelled): void => {
    const a = ctx.addressWithPrefix(line, f, 'which DVIPA this entry is');
    const cur = entry.current;
    if (!a || !cur) return;
    cur.address = a.address;
    if (a.prefix !== undefined) cur.prefix = a.prefix;
  };
  walkReport(ctx, {
    labels: LABELS,
    sections: [
      [DVIPA_SECTION, 'dvipa'],
      [OTHER_SECTION, null],
    ],
    fields(line, fields) {
      for (const f of fields) {
        const cur = entry.current;
        switch (f.label) {
          case 'IP Address/Prefixlen':
          case 'IpAddr/PrefixLen':
          case 'IP Address':
            // An IPv6 DVIPA is listed by its interface name first, its address on the next line.
            if (!(cur?.intfName !== undefined && cur.address === undefined)) entry.open(line, {});
            setAddress(line, f);
            break;
          case 'IntfName':
            entry.open(line, { intfName: f.value });
            break;
          case 'IpAddr':
            setAddress(line, f);
            break;
          case 'Status':
            if (cur && f.value) cur.status = ctx.text(line, f);
            break;
          case 'Origin':
          case 'Origination':
            if (cur && f.value) cur.origin = ctx.text(line, f);
            break;
          case 'DistStat':
            if (cur && f.value) cur.distStat = ctx.text(line, f);
            break;
          default:
            break;
        }
      }
    },
    row: (line, cols) => readRow(ctx, line, cols, report),
    end: entry.ender(report),
  });
  return report;
}

function readRow(ctx: ReportContext, line: Line, cols: Column[], report: VipadynReport): boolean {
  const cells = rowCells(line.text, cols);
  const iAddr = columnIndex(cols, 'ip address', 'ipaddr');
  const iStatus = columnIndex(cols, 'status');
  if (iAddr < 0 || iStatus < 0) return true;
  if (!rowStart(cells[iAddr])) return false;
  const address = ctx.cellAddress(line, cells[iAddr], 'IP Address', 'which DVIPA this row is');
  const status = cells[iStatus];
  if (!address) return true;
  if (!status) {
    ctx.problems.malformed(line, 0, line.text.trimEnd().length, `this dynamic VIPA row has no Status, so plexlint leaves it out.`);
    return true;
  }
  const entry: DynDvipa = { address, status: ctx.cellText(line, status), loc: ctx.lines.lineLoc(line) };
  const origin = cells[columnIndex(cols, 'origination', 'origin')];
  if (origin) entry.origin = ctx.cellText(line, origin);
  const dist = cells[columnIndex(cols, 'diststat')];
  if (dist) entry.distStat = ctx.cellText(line, dist);
  report.dvipas.push(entry);
  return true;
}
