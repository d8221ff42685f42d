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
import { OpenEntry, walkReport, type ReportContext } from './report.js';
import { columnIndex, LabelReader, rowCells, rowStart, type Column, type Line } from './text.js';

const LABELS = new LabelReader(['Dest', 'Source', 'DestXCF']);

export function readVcrt(ctx: ReportContext): VcrtReport {
  const report: VcrtReport = { kind: 'vcrt', header: ctx.seg.header, entries: [] };
  const entry = new OpenEntry<VcrtEntry>(ctx, 'Dest entry', (e) => (!e.source ? 'Source' : !e.destXcf ? 'DestXCF' : undefined), (e) => report.entries.push(e));
  walkReport(ctx, {
    labels: LABELS,
    skip: /^\s*Dynamic VIPA Connection Routing Table:\s*$/i,
    fields(line, fields) {
      for (const f of fields) {
        const cur = entry.current;
        if (f.label === 'Dest') {
          entry.close(false);
          const s = ctx.socket(line, f, 'which DVIPA and port this connection is to');
          if (s?.port) entry.open(line, { dvipa: s.address, port: s.port });
          else if (s) ctx.problems.malformed(line, f.start, f.start + f.value.length, `Dest ${f.value} has no port, so plexlint leaves this connection out.`);
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
    },
    row: (line, cols) => readRow(ctx, line, cols, report),
    end: entry.ender(report),
  });
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
