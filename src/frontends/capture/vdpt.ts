/**
 * NETSTAT VDPT / netstat -O / DISPLAY TCPIP,,NETSTAT,VDPT: the dynamic VIPA destination port table of a
 * distributing stack, one entry per DVIPA, port and target (IBM IP System Administrator's Commands, Netstat VDPT/-O
 * report; IP Configuration Guide, "Verifying sysplex distributor workload"):
 *
 *   long (IPv6-enabled) format           Dest:        201.2.10.11..21
 *                                          DestXCF:   201.1.10.15
 *                                          TotalConn: 0000000000  Rdy: 001  WLM: 01  TSR: 075
 *                                          Flg: …   (DETAIL: TCSR CER SEF, Abnorm Health, ActConn/ActiveConn)
 *   short format                          Dest IPaddr  DPort DestXCF Addr  Rdy TotalConn  WLM TSR Flg
 *
 * "The RDY field indicates how many, if any, applications the target TCP/IP, identified by its DestXCF Addr, has
 * bound to DPort. If none, then this target TCP/IP will not receive any connection workload." The section for
 * non-z/OS (GRE) targets is not read.
 */
import type { VdptEntry, VdptReport } from './ast.js';
import { OpenEntry, walkReport, type ReportContext } from './report.js';
import { columnIndex, LabelReader, rowCells, rowStart, type Column, type Labelled, type Line } from './text.js';
import { nameTable } from '../../core/record.js';

const LABELS = new LabelReader(['Dest', 'DestXCF', 'TotalConn', 'Rdy', 'WLM', 'TSR', 'DistMethod', 'Flg', 'TCSR', 'CER', 'SEF', 'Abnorm', 'Health', 'ActConn', 'ActiveConn']);

const TCPIP_SECTION = /^\s*Dynamic VIPA Destination Port Table(?: for TCP\/IP stacks)?:\s*$/i;
const NON_ZOS_SECTION = /^\s*Dynamic VIPA Destination Port Table for non-z\/OS targets:\s*$/i;

export function readVdpt(ctx: ReportContext): VdptReport {
  const report: VdptReport = { kind: 'vdpt', header: ctx.seg.header, entries: [] };
  const entry = new OpenEntry<VdptEntry>(ctx, 'Dest entry', (e) => (e.destXcf ? undefined : 'DestXCF'), (e) => report.entries.push(e));
  walkReport(ctx, {
    labels: LABELS,
    sections: [
      [TCPIP_SECTION, 'stacks'],
      [NON_ZOS_SECTION, null],
    ],
    fields(line, fields) {
      for (const f of fields) {
        if (f.label !== 'Dest') {
          if (entry.current) apply(ctx, line, entry.current, f);
          continue;
        }
        entry.close(false);
        // An entry whose Dest cannot be read is left out with that one finding.
        const s = ctx.socket(line, f, 'which DVIPA and port this entry is about');
        if (s && !s.port) ctx.problems.malformed(line, f.start, f.start + f.value.length, `Dest ${f.value} has no port: a destination port table entry is for one DVIPA and port (address..port), so plexlint leaves it out.`);
        if (s?.port) entry.open(line, { dvipa: s.address, port: s.port });
      }
    },
    row: (line, cols) => readRow(ctx, line, cols, report),
    // The short format's DETAIL lines (TCSR:, Abnorm:, …) follow the row they belong to.
    rowFields(line, fields) {
      const last = report.entries[report.entries.length - 1];
      if (last) for (const f of fields) apply(ctx, line, last, f);
    },
    end: entry.ender(report),
  });
  return report;
}

/** The numbers of an entry: the label, the entry's field, what it is (for messages) and its highest value. */
type NumberField = 'totalConn' | 'ready' | 'wlm' | 'tsr' | 'tcsr' | 'cer' | 'sef' | 'abnormal' | 'health' | 'activeConn';

const NUMBERS: Record<string, [NumberField, string, number?]> = nameTable({
  TotalConn: ['totalConn', 'a connection count'],
  Rdy: ['ready', 'a count of ready servers'],
  WLM: ['wlm', 'a WLM weight'],
  TSR: ['tsr', 'a target server responsiveness (0–100)', 100],
  TCSR: ['tcsr', 'a percentage', 100],
  CER: ['cer', 'a percentage', 100],
  SEF: ['sef', 'a server accept efficiency (0–100)', 100],
  Abnorm: ['abnormal', 'an abnormal completion rate (0–1000)', 1000],
  Health: ['health', 'a health (0–100)', 100],
  ActConn: ['activeConn', 'a connection count'],
  ActiveConn: ['activeConn', 'a connection count'],
});

/** One `Label: value` of an entry. */
function apply(ctx: ReportContext, line: Line, e: Partial<VdptEntry>, f: Labelled): void {
  if (f.label === 'DestXCF') {
    const a = ctx.address(line, f, 'which target stack this entry is about');
    if (a) e.destXcf = a;
  } else if (f.label === 'DistMethod' || f.label === 'Flg') {
    if (f.value) e[f.label === 'Flg' ? 'flags' : 'method'] = ctx.text(line, f);
  } else {
    const number = NUMBERS[f.label];
    const value = number && ctx.number(line, f, number[1], number[2]);
    if (number && value) e[number[0]] = value;
  }
}

function set<K extends keyof VdptEntry>(e: Partial<VdptEntry>, key: K, v: VdptEntry[K] | undefined): void {
  if (v !== undefined) e[key] = v;
}

/** A row of the short format: Dest IPaddr, DPort, DestXCF Addr, Rdy, TotalConn, WLM, TSR, Flg. */
function readRow(ctx: ReportContext, line: Line, cols: Column[], report: VdptReport): boolean {
  const cells = rowCells(line.text, cols);
  const at = (...names: string[]): number => columnIndex(cols, ...names);
  const iDest = at('dest ipaddr', 'dest ip addr', 'dest');
  const iPort = at('dport');
  const iXcf = at('destxcf addr', 'destxcf', 'xcf addr');
  if (iDest < 0 || iPort < 0 || iXcf < 0) return true;
  if (!rowStart(cells[iDest])) return false;
  const dvipa = ctx.cellAddress(line, cells[iDest], 'Dest IPaddr', 'which DVIPA this row is about');
  const port = ctx.cellNumber(line, cells[iPort], 'DPort', 'a port', 65535);
  const destXcf = ctx.cellAddress(line, cells[iXcf], 'DestXCF Addr', 'which target stack this row is about');
  if (!dvipa || !port || !destXcf) return true;
  const entry: VdptEntry = { dvipa, port, destXcf, loc: ctx.lines.lineLoc(line) };
  const num = (names: string[], heading: string, what: string, max?: number): ReturnType<ReportContext['cellNumber']> => {
    const i = at(...names);
    return i < 0 ? undefined : ctx.cellNumber(line, cells[i], heading, what, max);
  };
  set(entry, 'ready', num(['rdy'], 'Rdy', 'a count of ready servers'));
  set(entry, 'totalConn', num(['totalconn'], 'TotalConn', 'a connection count'));
  set(entry, 'wlm', num(['wlm'], 'WLM', 'a WLM weight'));
  set(entry, 'tsr', num(['tsr'], 'TSR', 'a target server responsiveness', 100));
  const iFlg = at('flg');
  const flg = iFlg >= 0 ? cells[iFlg] : undefined;
  if (flg) entry.flags = ctx.cellText(line, flg);
  report.entries.push(entry);
  return true;
}
