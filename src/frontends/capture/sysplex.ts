/**
 * DISPLAY TCPIP,,SYSPLEX,VIPADYN (message EZZ8260I): for every DVIPA of the sysplex, each stack's status for it —
 * which stack has it ACTIVE, which are BACKUP with their rank, which are MOVING — and whether it distributes
 * (DIST), is a target (DEST) or both (IBM IP System Administrator's Commands, DISPLAY TCPIP,,SYSPLEX; "For a
 * description of all the fields displayed on the report, see the output examples for the Netstat VIPADyn/-v
 * report"):
 *
 *   EZZ8260I SYSPLEX CS V2R4 138
 *   VIPA DYNAMIC DISPLAY FROM TCPCS    AT VIC134
 *   IPADDR: 201.2.10.11  LINKNAME: VIPL0C020A0B            (IPv6: INTFNAME: DVIPA1  IPADDR: …)
 *     ORIGIN: VIPADEFINE
 *     TCPNAME  MVSNAME  STATUS RANK DIST
 *     -------- -------- ------ ---- ----
 *     TCPCS    VIC134   ACTIVE      BOTH
 *     TCPCS2   VIC135   BACKUP 100  DEST
 */
import type { SysplexDvipa, SysplexRow, SysplexVipadynReport } from './ast.js';
import { isMessage, isTrailer, type ReportContext } from './report.js';
import { columnIndex, isDashLine, LabelReader, rowCells, tableColumns, type Column, type Line } from './text.js';

const LABELS = new LabelReader(['IPADDR', 'LINKNAME', 'INTFNAME', 'ORIGIN']);

export function readSysplexVipadyn(ctx: ReportContext): SysplexVipadynReport {
  const report: SysplexVipadynReport = { kind: 'sysplex-vipadyn', header: ctx.seg.header, dvipas: [] };
  let cur: SysplexDvipa | undefined;
  let pendingIntf: { name: string; loc: SysplexDvipa['loc'] } | undefined;
  let cols: Column[] | undefined;
  let heading: Line | undefined;
  const close = (): void => {
    if (cur && cur.rows.length === 0) ctx.problems.at(cur.loc, `no stack's row follows this DVIPA (TCPNAME, MVSNAME, STATUS): the capture was cut or a line is damaged, so plexlint does not know who holds it.`);
    cur = undefined;
    cols = undefined;
  };
  for (const line of ctx.body()) {
    const t = line.text;
    if (!t.trim() || isTrailer(t) || isMessage(t) || /^\s*VIPA DYNAMIC DISPLAY FROM\b/i.test(t)) continue;
    const fields = LABELS.read(t);
    if (fields.length) {
      for (const f of fields) {
        if (f.label === 'INTFNAME') {
          close();
          pendingIntf = { name: f.value, loc: ctx.lines.lineLoc(line) };
        } else if (f.label === 'IPADDR') {
          if (!pendingIntf) close();
          const a = ctx.address(line, f, 'which DVIPA this part of the display is about');
          if (a) {
            cur = { address: a, rows: [], loc: pendingIntf?.loc ?? ctx.lines.lineLoc(line) };
            if (pendingIntf) cur.intfName = pendingIntf.name;
            report.dvipas.push(cur);
          }
          pendingIntf = undefined;
        } else if (f.label === 'ORIGIN' && cur && f.value) cur.origin = ctx.text(line, f);
      }
      continue;
    }
    if (isDashLine(t) && heading) {
      cols = tableColumns(heading.text, t);
      continue;
    }
    if (cols && cur) {
      const row = readRow(ctx, line, cols);
      if (row === 'end') cols = heading = undefined;
      else if (row) cur.rows.push(row);
      continue;
    }
    heading = line;
  }
  if (cur && cur.rows.length === 0) report.truncated = ctx.truncated(cur.loc, "no stack's row");
  return report;
}

function readRow(ctx: ReportContext, line: Line, cols: Column[]): SysplexRow | 'end' | undefined {
  const cells = rowCells(line.text, cols);
  const tcp = cells[columnIndex(cols, 'tcpname')];
  const mvs = cells[columnIndex(cols, 'mvsname')];
  const status = cells[columnIndex(cols, 'status')];
  if (!tcp || !mvs || !status) {
    // Fewer words than a row has: the table has ended (a message, a command typed), no row is wrong.
    if (line.text.trim().split(/\s+/).length < 3) return 'end';
    ctx.problems.malformed(line, 0, line.text.trimEnd().length, `this row does not have the TCPNAME, MVSNAME and STATUS columns, so plexlint cannot tell which stack it is about and leaves it out.`);
    return undefined;
  }
  const row: SysplexRow = { tcpName: ctx.cellText(line, tcp), mvsName: ctx.cellText(line, mvs), status: ctx.cellText(line, status), loc: ctx.lines.lineLoc(line) };
  const rank = ctx.cellNumber(line, cells[columnIndex(cols, 'rank')], 'RANK', 'a VIPABACKUP rank', 254);
  if (rank) row.rank = rank;
  const dist = cells[columnIndex(cols, 'dist')];
  if (dist) row.dist = ctx.cellText(line, dist);
  return row;
}
