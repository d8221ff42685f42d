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
import { OpenEntry, walkReport, type ReportContext } from './report.js';
import { columnIndex, LabelReader, rowCells, rowStart, type Column, type Line } from './text.js';
import { nameTable } from '../../core/record.js';

const LABELS = new LabelReader(['LinkName', 'IntfName', 'Address', 'Flags', 'Type']);

/** The short format's flag letters, in the long format's words. */
const FLAG_LETTERS: Record<string, string> = nameTable({ P: 'Primary', I: 'Internal' });

export function readHome(ctx: ReportContext): HomeReport {
  const report: HomeReport = { kind: 'home', header: ctx.seg.header, entries: [] };
  const entry = new OpenEntry<HomeEntry>(ctx, 'home list entry', (e) => (e.address ? undefined : 'Address'), (e) => report.entries.push(e));
  walkReport(ctx, {
    labels: LABELS,
    skip: /^\s*Home address list:\s*$/i,
    fields(line, fields) {
      for (const f of fields) {
        const cur = entry.current;
        if (f.label === 'LinkName' || f.label === 'IntfName') entry.open(line, { link: ctx.text(line, f), flags: [] });
        else if (cur && f.label === 'Address') {
          const a = ctx.address(line, f, 'which address this entry is');
          if (a) cur.address = a;
        } else if (cur && f.label === 'Flags' && f.value) {
          cur.flags = f.value.split(/[\s,]+/).filter(Boolean).map((x) => x[0]!.toUpperCase() + x.slice(1).toLowerCase());
        }
      }
    },
    row: (line, cols) => readRow(ctx, line, cols, report),
    end: entry.ender(report),
  });
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
