/**
 * The capture front end: a text file of reports → the reports plexlint reads, with positions, and the problems
 * it finds in them (capture-malformed, capture-not-a-report). Never throws; linear in the size of the file.
 *
 * A capture is cut into reports where one starts:
 * - a Netstat banner, `MVS TCP/IP NETSTAT CS V2R4  TCPIP Name: TCPCS  14:34:37` (TSO NETSTAT and z/OS UNIX netstat
 *   print the same report), and the title that follows says which report it is (Dynamic VIPA Information:,
 *   Dynamic VIPA:, Dynamic VIPA Destination Port Table…, Dynamic VIPA Connection Routing Table:, Home address list:);
 * - the console's `EZD0101I NETSTAT CS V2R4 TCPCS 378` (DISPLAY TCPIP,,NETSTAT,…; EZZ2500I in older releases), the
 *   same report in capitals;
 * - `EZZ8260I SYSPLEX CS V2R4` (DISPLAY TCPIP,,SYSPLEX,VIPADYN);
 * - a dscontrol report: its command (`dscontrol manager report`), or its first table or title.
 * What comes before the first report, or between reports (prompts, READY, the commands typed) is not read.
 */
import type { Finding } from '../../core/diagnostic.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { CaptureAst, CaptureSource, Report, ReportHeader } from './ast.js';
import { readHaStatus, readManagerReport, readServerReport } from './dscontrol.js';
import { readHome } from './home.js';
import { isMessage, ReportContext, type Segment } from './report.js';
import { readSysplexVipadyn } from './sysplex.js';
import { CaptureLines, CaptureProblems, MAX_EXAMINED, type Line } from './text.js';
import { readVcrt } from './vcrt.js';
import { readVdpt } from './vdpt.js';
import { readVipadcfg } from './vipadcfg.js';
import { readVipadyn } from './vipadyn.js';

export type { CaptureAst, Report } from './ast.js';
export { REPORT_NAMES } from './ast.js';

const NETSTAT_BANNER = /\bMVS\s+TCP\/IP\s+(?:NETSTAT|onetstat|netstat)\s+CS\s+(\S+)\s+TCPIP\s+Name:\s*(\S+)/i;
/** The console's Netstat display: EZD0101I (EZZ2500I in the releases before it). */
const CONSOLE_BANNER = /\b(?:EZD0101I|EZZ2500I)\s+NETSTAT\s+CS\s+(\S+)\s+(\S+)/i;
const SYSPLEX_BANNER = /\bEZZ8260I\s+SYSPLEX\s+CS\s+(\S+)/i;
const SYSPLEX_FROM = /\bVIPA\s+DYNAMIC\s+DISPLAY\s+FROM\s+(\S+)\s+AT\s+(\S+)/di;
const DSCONTROL_COMMAND = /(?:^|[\s$#>])dscontrol\s+(manager|server|highavailability|high)\s+(report|status)\b(?:\s+(\S+))?/i;
const HA_TITLE = /^\s*High Availability Status:\s*$/i;
const MANAGER_TABLE = /^\s*\|\s*SERVER\s*\|\s*IP ADDRESS\s*\|\s*STATUS\s*\|/i;
const SERVER_TABLE = /^\s*\|\s*Server\s*\|.*\|/i;

type NetstatKind = 'vipadcfg' | 'vipadyn' | 'vdpt' | 'vcrt' | 'home';

/** The title line of each Netstat report plexlint reads. */
const TITLES: [RegExp, NetstatKind][] = [
  [/^\s*Dynamic VIPA Information:\s*$/i, 'vipadcfg'],
  [/^\s*Dynamic VIPA:\s*$/i, 'vipadyn'],
  [/^\s*VIPA Route:\s*$/i, 'vipadyn'],
  [/^\s*Dynamic VIPA Destination Port Table\b/i, 'vdpt'],
  [/^\s*Dynamic VIPA Connection Routing Table:\s*$/i, 'vcrt'],
  [/^\s*Home address list:\s*$/i, 'home'],
];

interface Start {
  line: Line;
  header: ReportHeader;
  /** Columns in front of the console's message id (a log's prefix). */
  prefix?: number;
  kind: 'netstat' | 'sysplex-vipadyn' | 'lb-manager' | 'lb-server' | 'lb-ha' | 'lb-other';
  /** The dscontrol command's argument (server report: cluster@port@server). */
  target?: { text: string; line: Line; start: number };
}

/** The report a line starts, if it starts one. */
function startOf(lines: CaptureLines, line: Line, inDscontrol: boolean): Start | undefined {
  const t = line.text;
  let m = NETSTAT_BANNER.exec(t);
  if (m && plainPrefix(t, m.index)) return { line, kind: 'netstat', header: header(lines, line, 'netstat', m[1]!, m[2]!, m.index + m[0].length - m[2]!.length) };
  m = CONSOLE_BANNER.exec(t);
  if (m && plainPrefix(t, m.index)) return { line, kind: 'netstat', prefix: m.index, header: header(lines, line, 'console', m[1]!, m[2]!, m.index + m[0].length - m[2]!.length) };
  m = SYSPLEX_BANNER.exec(t);
  if (m && plainPrefix(t, m.index)) return { line, kind: 'sysplex-vipadyn', prefix: m.index, header: { loc: lines.lineLoc(line), source: 'console', release: m[1]! } };
  m = DSCONTROL_COMMAND.exec(t);
  if (m) {
    const what = `${m[1]!.toLowerCase()} ${m[2]!.toLowerCase()}`;
    const kind = what === 'manager report' ? 'lb-manager' : what === 'server report' ? 'lb-server' : what === 'highavailability status' || what === 'high status' ? 'lb-ha' : 'lb-other';
    const start: Start = { line, kind, header: { loc: lines.lineLoc(line), source: 'dscontrol' } };
    if (m[3]) start.target = { text: m[3], line, start: m.index + m[0].length - m[3].length };
    return start;
  }
  // A report saved without its command: known by its title or its first table.
  if (inDscontrol) return undefined;
  if (HA_TITLE.test(t)) return { line, kind: 'lb-ha', header: { loc: lines.lineLoc(line), source: 'dscontrol' } };
  if (MANAGER_TABLE.test(t)) return { line, kind: 'lb-manager', header: { loc: lines.lineLoc(line), source: 'dscontrol' } };
  if (SERVER_TABLE.test(t) && /\|\s*(?:Weight|Total|Active|CPS|KBPS)\s*\|/i.test(t)) return { line, kind: 'lb-server', header: { loc: lines.lineLoc(line), source: 'dscontrol' } };
  return undefined;
}

function header(lines: CaptureLines, line: Line, source: CaptureSource, release: string, tcpName: string, at: number): ReportHeader {
  return { loc: lines.lineLoc(line), source, release, tcpName: lines.field(line, tcpName.toUpperCase(), at, tcpName.length) };
}

/** Text in front of a banner that a console log or a terminal puts there, but not a comment of a configuration file. */
function plainPrefix(line: string, at: number): boolean {
  return !/[;#*<"']/.test(line.slice(0, at));
}

/** Whether the text holds a report plexlint reads (file-kind detection, src/frontends/detect.ts). */
export function looksLikeCapture(text: string): boolean {
  // The banner of a report is near the start of a capture: its first 64 K characters (a few hundred lines).
  const head = text.length > 1 << 16 ? text.slice(0, 1 << 16) : text;
  // Most files are not captures: one look for the words every report has spares the line-by-line scan.
  if (!/NETSTAT|EZZ8260I|High Availability Status|\|/i.test(head)) return false;
  let start = 0;
  for (let n = 0; start < head.length && n < 2000; n++) {
    let end = head.indexOf('\n', start);
    if (end < 0) end = head.length;
    const line = head.slice(start, Math.min(end, start + MAX_EXAMINED));
    start = end + 1;
    const banner = NETSTAT_BANNER.exec(line) ?? CONSOLE_BANNER.exec(line) ?? SYSPLEX_BANNER.exec(line);
    if (banner && plainPrefix(line, banner.index)) return true;
    if (HA_TITLE.test(line) || MANAGER_TABLE.test(line)) return true;
    if (SERVER_TABLE.test(line) && /\|\s*(?:Weight|Total|Active|CPS|KBPS)\s*\|/i.test(line)) return true;
  }
  return false;
}

export interface ParsedCapture {
  ast: CaptureAst;
  findings: Finding[];
}

export function parseCapture(file: SourceFile): ParsedCapture {
  const lines = new CaptureLines(file);
  const problems = new CaptureProblems(lines);
  const starts: Start[] = [];
  let inDscontrol = false;
  for (let i = 0; i < lines.count; i++) {
    const line = lines.line(i);
    const s = startOf(lines, line, inDscontrol);
    if (!s) continue;
    starts.push(s);
    inDscontrol = s.header.source === 'dscontrol';
  }
  const reports: Report[] = [];
  starts.forEach((s, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.line.index : lines.count;
    const seg: Segment = { header: s.header, body: s.line.index + 1, end, ...(s.prefix ? { prefix: s.prefix } : {}) };
    const ctx = new ReportContext(lines, problems, seg);
    switch (s.kind) {
      case 'netstat':
        reports.push(netstatReport(ctx));
        break;
      case 'sysplex-vipadyn': {
        const from = firstMatch(lines, seg, SYSPLEX_FROM);
        if (from) {
          s.header.tcpName = lines.field(from.line, from.m[1]!.toUpperCase(), from.m.indices![1]![0], from.m[1]!.length);
          s.header.mvsName = lines.field(from.line, from.m[2]!.toUpperCase(), from.m.indices![2]![0], from.m[2]!.length);
        }
        reports.push(readSysplexVipadyn(ctx));
        break;
      }
      case 'lb-manager':
        // A report saved without its command starts at its first table: that line is part of it.
        reports.push(readManagerReport(s.header.source === 'dscontrol' && MANAGER_TABLE.test(s.line.text) ? new ReportContext(lines, problems, { ...seg, body: s.line.index }) : ctx));
        break;
      case 'lb-server':
        reports.push(readServerReport(SERVER_TABLE.test(s.line.text) && !DSCONTROL_COMMAND.test(s.line.text) ? new ReportContext(lines, problems, { ...seg, body: s.line.index }) : ctx, s.target));
        break;
      case 'lb-ha':
        reports.push(readHaStatus(ctx));
        break;
      case 'lb-other':
        reports.push({ kind: 'other', header: s.header, what: `This is the output of '${s.line.text.trim().slice(0, 60)}'` });
        break;
    }
  });
  if (reports.length === 0) problems.findings.push(notAReport(file, lines));
  for (const r of reports) {
    if (r.kind === 'other') problems.findings.push({ ruleId: 'capture-not-a-report', loc: r.header.loc, message: `${r.what}: plexlint reads NETSTAT VIPADCFG, VIPADYN, VDPT, VCRT and HOME, DISPLAY TCPIP,,SYSPLEX,VIPADYN and the dscontrol manager report, server report and highavailability status (docs/drift.md), so it does not use this report.` });
  }
  return { ast: { file: file.path, reports }, findings: problems.findings };
}

function firstMatch(lines: CaptureLines, seg: Segment, re: RegExp): { line: Line; m: RegExpExecArray } | undefined {
  for (let i = seg.body; i < Math.min(seg.end, seg.body + 5); i++) {
    const line = lines.line(i);
    const m = re.exec(line.text);
    if (m) return { line, m };
  }
  return undefined;
}

/** A Netstat report: its title says which. */
function netstatReport(ctx: ReportContext): Report {
  const { seg } = ctx;
  for (const line of ctx.body()) {
    const t = line.text;
    if (!t.trim() || isMessage(t)) continue;
    const title = TITLES.find(([re]) => re.test(t));
    if (!title) {
      const what = t.trim();
      return { kind: 'other', header: seg.header, what: `This Netstat report starts with '${what.length > 60 ? `${what.slice(0, 57)}…` : what}'` };
    }
    switch (title[1]) {
      case 'vipadcfg':
        return readVipadcfg(ctx);
      case 'vipadyn':
        return readVipadyn(ctx);
      case 'vdpt':
        return readVdpt(ctx);
      case 'vcrt':
        return readVcrt(ctx);
      case 'home':
        return readHome(ctx);
    }
  }
  // A banner and nothing after it: the capture was cut right after it.
  return { kind: 'other', header: seg.header, what: 'This Netstat report has no title line after its banner (the capture was cut)' };
}

/** One finding for a file that holds no report plexlint knows: what it looks like instead. */
function notAReport(file: SourceFile, lines: CaptureLines): Finding {
  let first: Line | undefined;
  for (let i = 0; i < Math.min(lines.count, 200); i++) {
    const l = lines.line(i);
    if (l.text.trim()) {
      first = l;
      break;
    }
  }
  const loc = first ? lines.lineLoc(first) : file.lines.loc(file.path, 0, 0);
  const what = first ? `it starts with '${first.text.trim().slice(0, 60)}'` : 'it is empty';
  return {
    ruleId: 'capture-not-a-report',
    loc,
    message: `plexlint finds no report it reads in this file (${what}): a capture starts with the report's banner — MVS TCP/IP NETSTAT …, EZD0101I or EZZ8260I — or a dscontrol report's command or first table (docs/drift.md), so plexlint does not use it.`,
  };
}
