/**
 * The Load Balancer's reports (IBM WebSphere Edge Components Load Balancer, dscontrol manager, dscontrol server,
 * dscontrol highavailability; "Managing traffic with server weights"; High Availability Status field help):
 *
 * - `dscontrol manager report`: a table of servers (SERVER | IP ADDRESS | STATUS), the legend, then per cluster and
 *   port the servers with the weight in force (NOW) and the next one (NEW). "If an advisor finds that a server has
 *   gone down, it tells the manager, which sets the weight for the server to zero" — a server can have "a weight
 *   of 1, 0 if quiesced, or -1 if marked down".
 * - `dscontrol server report cluster@port@server`: a table with a row per server.
 * - `dscontrol highavailability status`: Role, Recovery strategy, State (Active, Standby, Idle, Listen),
 *   Sub-state (Synchronized, Not Synchronized), the heartbeat pairs and the reach targets.
 */
import type { LbHaStatus, LbManagerReport, LbServerReport, ManagerPort } from './ast.js';
import type { ReportContext } from './report.js';
import { address, type Line, shown } from './text.js';

interface TableCell {
  text: string;
  start: number;
}

/** The cells of a `|`-separated table row (undefined: not a table row). */
function pipeCells(text: string): TableCell[] | undefined {
  const first = text.indexOf('|');
  if (first < 0) return undefined;
  const cells: TableCell[] = [];
  let at = first + 1;
  for (let bar = text.indexOf('|', at); bar >= 0; bar = text.indexOf('|', at)) {
    const raw = text.slice(at, bar);
    const lead = raw.length - raw.trimStart().length;
    cells.push({ text: raw.trim(), start: at + lead });
    at = bar + 1;
  }
  return cells.length ? cells : undefined;
}

const LEGEND_KEYS = new Set(['ACTV', 'NEWC', 'SYS', 'NOW', 'NEW', 'WT', 'CONN', 'MANAGER REPORT LEGEND']);

/** A signed whole number (a weight of -1 marks a server down). */
function signed(text: string): number | undefined {
  return /^-?\d{1,6}$/.test(text) ? Number(text) : undefined;
}

export function readManagerReport(ctx: ReportContext): LbManagerReport {
  const report: LbManagerReport = { kind: 'lb-manager', header: ctx.seg.header, statuses: [], ports: [] };
  let part: 'start' | 'servers' | 'ports' | 'advisors' = 'start';
  let cluster: { text: string; line: Line; start: number } | undefined;
  let port: ManagerPort | undefined;
  for (const line of ctx.body()) {
    const cells = pipeCells(line.text);
    if (!cells) continue;
    const first = cells[0]!.text;
    const upper = first.toUpperCase();
    if (cells.every((c) => c.text === '' || /^-+$/.test(c.text))) continue;
    if (upper === 'SERVER' && cells[1]?.text.toUpperCase() === 'IP ADDRESS') {
      part = 'servers';
      continue;
    }
    if (LEGEND_KEYS.has(upper)) {
      part = 'ports';
      continue;
    }
    if (upper === 'ADVISOR') {
      part = 'advisors';
      continue;
    }
    if (part === 'servers') {
      if (!first) continue;
      const row: LbManagerReport['statuses'][number] = { server: ctx.lines.field(line, first, cells[0]!.start, first.length), loc: ctx.lines.lineLoc(line) };
      const addr = cells[1] ? address(cells[1].text) : undefined;
      if (addr) row.address = ctx.lines.field(line, addr, cells[1]!.start, cells[1]!.text.length);
      if (cells[2]?.text) row.status = ctx.lines.field(line, cells[2].text, cells[2].start, cells[2].text.length);
      report.statuses.push(row);
      continue;
    }
    if (part !== 'ports') continue;
    const portMatch = /^PORT:\s*(\d{1,5})$/i.exec(first);
    if (portMatch) {
      if (!cluster) {
        ctx.problems.malformed(line, cells[0]!.start, cells[0]!.start + first.length, 'this PORT: row has no cluster row above it, so plexlint cannot tell which cluster the weights below belong to.');
        port = undefined;
        continue;
      }
      const num = Number(portMatch[1]);
      const at = cells[0]!.start + first.length - portMatch[1]!.length;
      port = { cluster: ctx.lines.field(cluster.line, cluster.text, cluster.start, cluster.text.length), port: ctx.lines.field(line, num, at, portMatch[1]!.length), servers: [], loc: ctx.lines.lineLoc(line) };
      report.ports.push(port);
      continue;
    }
    if (/^PORT TOTAL:?$/i.test(first)) continue;
    const rest = cells.slice(1).map((c) => c.text);
    if (first && rest.every((c) => c === '')) {
      // A cluster's row: its name alone, the port rows follow.
      cluster = { text: first, line, start: cells[0]!.start };
      port = undefined;
      continue;
    }
    if (!first || !port) continue;
    const weights = cells[1];
    const words = weights ? weights.text.split(/\s+/).filter(Boolean) : [];
    const now = words[0] !== undefined ? signed(words[0]) : undefined;
    if (now === undefined || !weights) {
      ctx.problems.malformed(line, weights?.start ?? cells[0]!.start, (weights?.start ?? cells[0]!.start) + Math.max(1, weights?.text.length ?? first.length), `the weights of server ${shown(first)} (NOW NEW) are not numbers, so plexlint does not know the weight the manager gives it.`);
      continue;
    }
    const nowAt = weights.start + weights.text.indexOf(words[0]!);
    const server: ManagerPort['servers'][number] = { server: ctx.lines.field(line, first, cells[0]!.start, first.length), now: ctx.lines.field(line, now, nowAt, words[0]!.length), loc: ctx.lines.lineLoc(line) };
    const next = words[1] !== undefined ? signed(words[1]) : undefined;
    if (next !== undefined) server.next = ctx.lines.field(line, next, weights.start + weights.text.indexOf(words[1]!, nowAt - weights.start + words[0]!.length), words[1]!.length);
    port.servers.push(server);
  }
  return report;
}

export function readServerReport(ctx: ReportContext, target?: { text: string; line: Line; start: number }): LbServerReport {
  const report: LbServerReport = { kind: 'lb-server', header: ctx.seg.header, rows: [] };
  if (target) report.target = ctx.lines.field(target.line, target.text, target.start, target.text.length);
  let heads: string[] | undefined;
  for (const line of ctx.body()) {
    const cells = pipeCells(line.text);
    if (!cells || cells.every((c) => c.text === '' || /^-+$/.test(c.text))) continue;
    if (!heads) {
      if (cells.some((c) => /^server$/i.test(c.text))) heads = cells.map((c) => c.text.toLowerCase());
      continue;
    }
    const col = (...names: string[]): number => heads!.findIndex((h) => names.includes(h));
    const iServer = col('server');
    const server = cells[iServer];
    if (!server || !server.text) continue;
    const row: LbServerReport['rows'][number] = { server: ctx.lines.field(line, server.text, server.start, server.text.length), loc: ctx.lines.lineLoc(line) };
    const num = (i: number, what: string): LbServerReport['rows'][number]['weight'] => {
      const c = i >= 0 ? cells[i] : undefined;
      if (!c || c.text === '') return undefined;
      const n = signed(c.text);
      if (n === undefined) {
        ctx.problems.malformed(line, c.start, c.start + c.text.length, `${heads![i]} ${shown(c.text)} is not ${what} (a whole number), so plexlint does not use it.`);
        return undefined;
      }
      return ctx.lines.field(line, n, c.start, c.text.length);
    };
    const weight = num(col('weight', 'wt'), 'a weight');
    if (weight) row.weight = weight;
    const active = num(col('active', 'actv'), 'a connection count');
    if (active) row.active = active;
    const total = num(col('total'), 'a connection count');
    if (total) row.total = total;
    report.rows.push(row);
  }
  return report;
}

const HA_LABELS = /^\s*([A-Za-z][A-Za-z /-]{0,40}?)\s*\.{2,}[ \t]*(\S.*)?$/d;

export function readHaStatus(ctx: ReportContext): LbHaStatus {
  const report: LbHaStatus = { kind: 'lb-ha', header: ctx.seg.header, heartbeats: [] };
  for (const line of ctx.body()) {
    const m = HA_LABELS.exec(line.text);
    if (!m) continue;
    const label = m[1]!.toLowerCase();
    const value = (m[2] ?? '').trimEnd();
    const start = m.indices?.[2]?.[0] ?? line.text.length;
    const field = ctx.lines.field(line, value, start, value.length);
    switch (label) {
      case 'role':
        report.role = field;
        break;
      case 'recovery strategy':
        report.recovery = field;
        break;
      case 'state':
        report.state = field;
        break;
      case 'sub-state':
      case 'substate':
        report.subState = field;
        break;
      case 'primary host':
        report.primaryHost = field;
        break;
      case 'preferred target':
        report.preferredTarget = field;
        break;
      case 'port': {
        const p = /^\d{1,5}$/.test(value) ? Number(value) : undefined;
        if (p === undefined) ctx.problems.malformed(line, start, start + Math.max(1, value.length), `Port ${shown(value)} is not a port number.`);
        else report.port = ctx.lines.field(line, p, start, value.length);
        break;
      }
      case 'source/destination': {
        const [src, dst] = value.split('/');
        if (src && dst) report.heartbeats.push({ source: ctx.lines.field(line, src, start, src.length), destination: ctx.lines.field(line, dst, start + src.length + 1, dst.length) });
        break;
      }
      default:
        break;
    }
  }
  return report;
}
