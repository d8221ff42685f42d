/**
 * NETSTAT VCRT / netstat -V / DISPLAY TCPIP,,NETSTAT,VCRT: the dynamic VIPA connection routing table — on a
 * distributing stack every connection it routes, on a target stack every connection that ends there (IBM IP System
 * Administrator's Commands, Netstat VCRT/-V report):
 *
 *   long format     Dest:      201.2.10.11..21
 *                     Source:  201.1.10.85..1038
 *                     DestXCF: 201.1.10.15
 *   short format    Dest IPaddr  DPort Src IPaddr  SPort DestXCF Addr
 */
import type { VcrtEntry, VcrtReport } from './ast.js';
import { isMessage, isTrailer, type ReportContext } from './report.js';
import { columnIndex, isDashLine, LabelReader, rowCells, rowStart, tableColumns, type Column, type Line } from './text.js';

const LABELS = new LabelReader(['Dest', 'Source', 'DestXCF']);

export function readVcrt(ctx: ReportContext): VcrtReport {
  const report: VcrtReport = { kind: 'vcrt', header: ctx.seg.header, entries: [] };
  let cur: Partial<VcrtEntry> | undefined;
  let curLoc: VcrtEntry['loc'] | undefined;
  let cols: Column[] | undefined;
  let heading: Line | undefined;
  const close = (atEnd: boolean): void => {
    if (!cur || !curLoc) return;
    if (cur.dvipa && cur.port && cur.source && cur.destXcf) report.entries.push({ ...cur, loc: curLoc } as VcrtEntry);
    else if (atEnd) report.truncated = ctx.truncated(curLoc, cur.source ? 'no DestXCF' : 'no Source');
    else ctx.problems.at(curLoc, `this Dest entry has no ${cur.source ? 'DestXCF' : 'Source'} before the next one, so plexlint leaves it out.`);
    cur = undefined;
  };
  for (const line of ctx.body()) {
    const t = line.text;
    if (!t.trim() || isTrailer(t) || isMessage(t) || /^\s*Dynamic VIPA Connection Routing Table:\s*$/i.test(t)) continue;
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
      if (f.label === 'Dest') {
        close(false);
        const s = ctx.socket(line, f, 'which DVIPA and port this connection is to');
        if (s?.port) {
          cur = { dvipa: s.address, port: s.port };
          curLoc = ctx.lines.lineLoc(line);
        } else if (s) ctx.problems.malformed(line, f.start, f.start + f.value.length, `Dest ${f.value} has no port, so plexlint leaves this connection out.`);
      } else if (cur && f.label === 'Source') {
        const s = ctx.socket(line, f, 'which client this connection is from');
        if (s) {
          cur.source = s.address;
          if (s.port) cur.sourcePort = s.port;
        }
      } else if (cur && f.label === 'DestXCF') {
        const a = ctx.address(line, f, 'which target stack this connection ends on');
        if (a) cur.destXcf = a;
      }
    }
  }
  close(true);
  return report;
}

function readRow(ctx: ReportContext, line: Line, cols: Column[], report: VcrtReport): boolean {
  const cells = rowCells(line.text, cols);
  const iDest = columnIndex(cols, 'dest ipaddr', 'dest');
  const iPort = columnIndex(cols, 'dport');
  const iSrc = columnIndex(cols, 'src ipaddr', 'source ipaddr', 'src');
  const iSport = columnIndex(cols, 'sport');
  const iXcf = columnIndex(cols, 'destxcf addr', 'destxcf');
  if (iDest < 0 || iPort < 0 || iSrc < 0 || iXcf < 0) return true;
  if (!rowStart(cells[iDest])) return false;
  const dvipa = ctx.cellAddress(line, cells[iDest], 'Dest IPaddr', 'which DVIPA this connection is to');
  const port = ctx.cellNumber(line, cells[iPort], 'DPort', 'a port', 65535);
  const source = ctx.cellAddress(line, cells[iSrc], 'Src IPaddr', 'which client this connection is from');
  const destXcf = ctx.cellAddress(line, cells[iXcf], 'DestXCF Addr', 'which target stack this connection ends on');
  if (!dvipa || !port || !source || !destXcf) return true;
  const entry: VcrtEntry = { dvipa, port, source, destXcf, loc: ctx.lines.lineLoc(line) };
  const sport = iSport >= 0 ? ctx.cellNumber(line, cells[iSport], 'SPort', 'a port', 65535) : undefined;
  if (sport) entry.sourcePort = sport;
  report.entries.push(entry);
  return true;
}
