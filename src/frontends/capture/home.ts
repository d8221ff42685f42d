/**
 * NETSTAT HOME / netstat -h / DISPLAY TCPIP,,NETSTAT,HOME: every home address of the stack with its link or
 * interface (IBM IP System Administrator's Commands, Netstat HOme/-h report):
 *
 *   long format     LinkName:  LOOPBACK          (or IntfName: for an interface)
 *                     Address: 127.0.0.1
 *                       Flags: Primary          (Internal: a target DVIPA, "Flag I (internal only)")
 *   short format    Address  Link  Flg          (P primary, I internal)
 */
import type { HomeEntry, HomeReport } from './ast.js';
import { isMessage, isTrailer, type ReportContext } from './report.js';
import { columnIndex, isDashLine, LabelReader, rowCells, rowStart, tableColumns, type Column, type Line } from './text.js';

const LABELS = new LabelReader(['LinkName', 'IntfName', 'Address', 'Flags', 'Type']);

/** The short format's flag letters, in the long format's words. */
const FLAG_LETTERS: Record<string, string> = { P: 'Primary', I: 'Internal' };

export function readHome(ctx: ReportContext): HomeReport {
  const report: HomeReport = { kind: 'home', header: ctx.seg.header, entries: [] };
  let cur: Partial<HomeEntry> | undefined;
  let curLoc: HomeEntry['loc'] | undefined;
  let cols: Column[] | undefined;
  let heading: Line | undefined;
  const close = (atEnd: boolean): void => {
    if (!cur || !curLoc) return;
    if (cur.link && cur.address) report.entries.push({ flags: [], ...cur, loc: curLoc } as HomeEntry);
    else if (atEnd) report.truncated = ctx.truncated(curLoc, 'no Address');
    else ctx.problems.at(curLoc, `this home list entry has no Address before the next one, so plexlint leaves it out.`);
    cur = undefined;
  };
  for (const line of ctx.body()) {
    const t = line.text;
    if (!t.trim() || isTrailer(t) || isMessage(t) || /^\s*Home address list:\s*$/i.test(t)) continue;
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
      if (f.label === 'LinkName' || f.label === 'IntfName') {
        close(false);
        cur = { link: ctx.text(line, f), flags: [] };
        curLoc = ctx.lines.lineLoc(line);
      } else if (cur && f.label === 'Address') {
        const a = ctx.address(line, f, 'which address this entry is');
        if (a) cur.address = a;
      } else if (cur && f.label === 'Flags' && f.value) {
        cur.flags = f.value.split(/[\s,]+/).filter(Boolean).map((x) => x[0]!.toUpperCase() + x.slice(1).toLowerCase());
      }
    }
  }
  close(true);
  return report;
}

function readRow(ctx: ReportContext, line: Line, cols: Column[], report: HomeReport): boolean {
  const cells = rowCells(line.text, cols);
  const iAddr = columnIndex(cols, 'address', 'ip address');
  const iLink = columnIndex(cols, 'link', 'linkname', 'intfname');
  if (iAddr < 0 || iLink < 0) return true;
  if (!rowStart(cells[iAddr])) return false;
  const address = ctx.cellAddress(line, cells[iAddr], 'Address', 'which address this row is');
  const link = cells[iLink];
  if (!address) return true;
  if (!link) {
    ctx.problems.malformed(line, 0, line.text.trimEnd().length, `this home list row has no Link, so plexlint leaves it out.`);
    return true;
  }
  const iFlg = columnIndex(cols, 'flg', 'flags');
  const letters = iFlg >= 0 ? (cells[iFlg]?.text ?? '') : '';
  report.entries.push({ address, link: ctx.cellText(line, link), flags: [...letters].map((c) => FLAG_LETTERS[c.toUpperCase()] ?? c), loc: ctx.lines.lineLoc(line) });
  return true;
}
