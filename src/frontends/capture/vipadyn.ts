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
import { isMessage, isTrailer, type ReportContext } from './report.js';
import { columnIndex, isDashLine, LabelReader, rowCells, rowStart, tableColumns, type Column, type Line } from './text.js';

const LABELS = new LabelReader(['IP Address/Prefixlen', 'IpAddr/PrefixLen', 'IP Address', 'IntfName', 'IpAddr', 'Status', 'Origin', 'Origination', 'DistStat', 'ActTime']);

const DVIPA_SECTION = /^\s*Dynamic VIPA:\s*$/i;
const OTHER_SECTION = /^\s*VIPA Route:\s*$/i;

export function readVipadyn(ctx: ReportContext): VipadynReport {
  const report: VipadynReport = { kind: 'vipadyn', header: ctx.seg.header, dvipas: [] };
  let cur: Partial<DynDvipa> | undefined;
  let curLoc: DynDvipa['loc'] | undefined;
  let cols: Column[] | undefined;
  let heading: Line | undefined;
  let skipping = false;
  const close = (atEnd: boolean): void => {
    if (!cur || !curLoc) return;
    if (cur.address && cur.status) report.dvipas.push({ ...cur, loc: curLoc } as DynDvipa);
    else if (atEnd) report.truncated = ctx.truncated(curLoc, cur.address ? 'no Status' : 'no address');
    else ctx.problems.at(curLoc, `this dynamic VIPA entry has no ${cur.address ? 'Status' : 'address'} before the next one, so plexlint leaves it out.`);
    cur = undefined;
  };
  for (const line of ctx.body()) {
    const t = line.text;
    if (!t.trim() || isTrailer(t) || isMessage(t)) continue;
    if (DVIPA_SECTION.test(t)) {
      close(false);
      skipping = false;
      cols = undefined;
      continue;
    }
    if (OTHER_SECTION.test(t)) {
      close(false);
      skipping = true;
      continue;
    }
    if (skipping) continue;
    if (isDashLine(t) && heading) {
      cols = tableColumns(heading.text, t);
      continue;
    }
    const fields = LABELS.read(t);
    if (cols) {
      if (!fields.length && !readRow(ctx, line, cols, report)) cols = heading = undefined;
      continue;
    }
    if (!fields.length) {
      heading = line;
      continue;
    }
    for (const f of fields) {
      switch (f.label) {
        case 'IP Address/Prefixlen':
        case 'IpAddr/PrefixLen':
        case 'IP Address': {
          // An IPv6 DVIPA is listed by its interface name first, its address on the next line.
          if (!(cur?.intfName !== undefined && cur.address === undefined)) {
            close(false);
            cur = {};
            curLoc = ctx.lines.lineLoc(line);
          }
          const a = ctx.addressWithPrefix(line, f, 'which DVIPA this entry is');
          if (a && cur) {
            cur.address = a.address;
            if (a.prefix !== undefined) cur.prefix = a.prefix;
          }
          break;
        }
        case 'IntfName':
          close(false);
          cur = { intfName: f.value };
          curLoc = ctx.lines.lineLoc(line);
          break;
        case 'IpAddr':
          if (cur) {
            const a = ctx.addressWithPrefix(line, f, 'which DVIPA this entry is');
            if (a) {
              cur.address = a.address;
              if (a.prefix !== undefined) cur.prefix = a.prefix;
            }
          }
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
  }
  close(true);
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
