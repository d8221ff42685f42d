/**
 * Captures → RunningState: which system or Load Balancer machine each report is about, and its facts in the
 * model's terms (canonical addresses, statuses, the stack a DestXCF address belongs to).
 *
 * A report is attached, in this order, to:
 * 1. the system (or machine) whose `state:` names the capture in plexlint.yaml;
 * 2. the system (or machine) whose name is a word of the capture's path (SYSA.vdpt.txt, state/SYSA/home.txt);
 * 3. the system the report itself names (DISPLAY TCPIP,,SYSPLEX,VIPADYN: "AT sysname"), or the one whose
 *    configuration it matches best and alone — the addresses of its home list, the DVIPAs it defines and
 *    distributes; for a Load Balancer, the machine whose non-forwarding address the HA status names, or the only
 *    one with the clusters of its manager report.
 * A report that needs a stack or a machine and has none is capture-unattached. DISPLAY TCPIP,,SYSPLEX,VIPADYN
 * names its stacks itself, and a destination port table names its targets by their dynamic XCF addresses: both are
 * read without one.
 */
import type { Finding } from '../../core/diagnostic.js';
import type { Loc } from '../../core/loc.js';
import { parseCidr, parseIp, subnetContains } from '../../core/ip.js';
import { REPORT_NAMES, type CaptureAst, type Report } from '../../frontends/capture/index.js';
import type { System } from '../estate.js';
import type { ExternalLb } from '../lb.js';
import { dvipaStatus, type RunningLb, type RunningLbServer, type RunningStack, type RunningState } from '../running.js';

export interface CaptureInput {
  ast: CaptureAst;
  /** The system or machine plexlint.yaml names the capture for. */
  owner?: { kind: 'system' | 'lb'; name: string };
}

/** The reports that describe one stack, and so need one. */
const STACK_REPORTS = new Set<Report['kind']>(['vipadcfg', 'vipadyn', 'home']);
const LB_REPORTS = new Set<Report['kind']>(['lb-manager', 'lb-server', 'lb-ha']);

export function buildRunningState(captures: CaptureInput[], systems: System[], lbs: ExternalLb[]): { running: RunningState; findings: Finding[] } {
  const findings: Finding[] = [];
  const running: RunningState = { files: captures.map((c) => c.ast.file), stacks: [], vdpt: [], vcrt: [], sysplex: [], lbs: [] };
  const byXcf = new Map<string, string>();
  for (const s of systems) for (const x of [s.stack.dynamicXcf.v4, s.stack.dynamicXcf.v6]) if (x) byXcf.set(x.address, s.name);
  const stackOf = (name: string, file: string): RunningStack => {
    let st = running.stacks.find((x) => x.system === name);
    if (!st) running.stacks.push((st = { system: name, files: [] }));
    if (!st.files.includes(file)) st.files.push(file);
    return st;
  };
  const lbOf = (name: string, file: string): RunningLb => {
    let lb = running.lbs.find((x) => x.lb === name);
    if (!lb) running.lbs.push((lb = { lb: name, files: [] }));
    if (!lb.files.includes(file)) lb.files.push(file);
    return lb;
  };
  for (const capture of captures) {
    const file = capture.ast.file;
    const fromPath = capture.owner ? undefined : ownersInPath(file, systems, lbs);
    for (const report of capture.ast.reports) {
      if (report.kind === 'other') continue;
      if (LB_REPORTS.has(report.kind)) {
        const lb = capture.owner?.kind === 'lb' ? capture.owner.name : (fromPath?.lb ?? lbByContent(report, lbs));
        if (!lb) {
          findings.push(unattached(report, 'Load Balancer machine', 'loadBalancers.<name>.state', lbs.map((l) => l.name)));
          continue;
        }
        addLbReport(lbOf(lb, file), report);
        continue;
      }
      const system =
        capture.owner?.kind === 'system' ? capture.owner.name : (fromPath?.system ?? (report.kind === 'sysplex-vipadyn' ? report.header.mvsName?.value : undefined) ?? systemByContent(report, systems));
      switch (report.kind) {
        case 'sysplex-vipadyn':
          running.sysplex.push({
            report: report.header.loc,
            ...(system ? { from: system } : {}),
            dvipas: report.dvipas.map((d) => ({
              address: d.address.value,
              loc: d.loc,
              rows: d.rows.map((r) => {
                const sys = systems.find((s) => s.name === r.mvsName.value.toUpperCase())?.name;
                return {
                  mvsName: r.mvsName.value.toUpperCase(),
                  tcpName: r.tcpName.value,
                  ...(sys ? { system: sys } : {}),
                  status: dvipaStatus(r.status.value),
                  statusText: r.status.value,
                  ...(r.rank ? { rank: r.rank.value } : {}),
                  ...(r.dist ? { dist: r.dist.value } : {}),
                  loc: r.loc,
                };
              }),
            })),
          });
          break;
        case 'vdpt':
          running.vdpt.push({
            report: report.header.loc,
            ...(system ? { system } : {}),
            entries: report.entries.map((e) => {
              const sys = byXcf.get(e.destXcf.value);
              const t: RunningState['vdpt'][number]['entries'][number] = { dvipa: e.dvipa.value, port: e.port.value, destXcf: e.destXcf.value, loc: e.loc };
              if (sys) t.system = sys;
              if (e.ready) {
                t.ready = e.ready.value;
                t.readyLoc = e.ready.loc;
              }
              if (e.wlm) {
                t.wlm = e.wlm.value;
                t.wlmLoc = e.wlm.loc;
              }
              if (e.tsr) t.tsr = e.tsr.value;
              if (e.sef) t.sef = e.sef.value;
              if (e.health) t.health = e.health.value;
              if (e.abnormal) t.abnormal = e.abnormal.value;
              if (e.method) t.method = e.method.value;
              return t;
            }),
          });
          break;
        case 'vcrt':
          running.vcrt.push({
            report: report.header.loc,
            ...(system ? { system } : {}),
            connections: report.entries.map((e) => {
              const sys = byXcf.get(e.destXcf.value);
              return { dvipa: e.dvipa.value, port: e.port.value, source: e.source.value, destXcf: e.destXcf.value, ...(sys ? { system: sys } : {}), loc: e.loc };
            }),
          });
          break;
        default: {
          if (!STACK_REPORTS.has(report.kind)) break;
          if (!system || !systems.some((s) => s.name === system)) {
            findings.push(unattached(report, 'system', 'systems.<name>.state', systems.map((s) => s.name)));
            break;
          }
          addStackReport(stackOf(system, file), report);
        }
      }
    }
  }
  return { running, findings };
}

function addStackReport(st: RunningStack, report: Report): void {
  if (report.kind === 'vipadcfg') {
    const cfg = (st.config ??= { report: report.header.loc, dvipas: [], distributions: [] });
    for (const [list, role] of [
      [report.defines, 'define'],
      [report.backups, 'backup'],
      [report.ranges, 'range'],
    ] as const) {
      for (const d of list) cfg.dvipas.push({ address: d.address.value, role, ...(d.prefix !== undefined ? { prefix: d.prefix } : {}), ...(d.rank ? { rank: d.rank.value } : {}), loc: d.loc });
    }
    for (const d of report.distributions) {
      cfg.distributions.push({ dvipa: d.dvipa.value, ...(d.port ? { port: d.port.value } : {}), target: d.destXcf.value, ...(d.method ? { method: d.method.value } : {}), loc: d.loc });
    }
  } else if (report.kind === 'vipadyn') {
    const dyn = (st.dynamic ??= { report: report.header.loc, dvipas: [] });
    for (const d of report.dvipas) {
      dyn.dvipas.push({
        address: d.address.value,
        status: dvipaStatus(d.status.value),
        statusText: d.status.value,
        ...(d.origin ? { origin: d.origin.value } : {}),
        ...(d.distStat ? { distStat: d.distStat.value } : {}),
        loc: d.loc,
      });
    }
  } else if (report.kind === 'home') {
    const home = (st.home ??= { report: report.header.loc, addresses: [] });
    for (const e of report.entries) home.addresses.push({ address: e.address.value, link: e.link.value, flags: e.flags, loc: e.loc });
  }
}

function addLbReport(lb: RunningLb, report: Report): void {
  if (report.kind === 'lb-manager') {
    const m = (lb.manager ??= { report: report.header.loc, servers: [] });
    for (const p of report.ports) for (const s of p.servers) m.servers.push({ cluster: p.cluster.value, port: p.port.value, server: s.server.value, weight: s.now.value, loc: s.loc });
  } else if (report.kind === 'lb-server') {
    const parts = report.target?.value.split(/[@:]/);
    const srv = (lb.servers ??= { report: report.header.loc, servers: [] });
    for (const r of report.rows) {
      if (!r.weight) continue;
      const one: RunningLbServer = { server: r.server.value, weight: r.weight.value, loc: r.loc };
      if (parts?.length === 3) {
        one.cluster = parts[0]!;
        const port = Number(parts[1]);
        if (Number.isInteger(port)) one.port = port;
      }
      srv.servers.push(one);
    }
  } else if (report.kind === 'lb-ha') {
    lb.ha = { report: report.header.loc, ...(report.state ? { state: report.state.value, stateLoc: report.state.loc } : {}), ...(report.role ? { role: report.role.value } : {}) };
  }
}

/** A system or machine name that is a word of the capture's path, when exactly one is. */
function ownersInPath(file: string, systems: System[], lbs: ExternalLb[]): { system?: string; lb?: string } {
  const words = new Set(file.split(/[\\/._\-\s]+/).filter(Boolean).map((w) => w.toUpperCase()));
  const sys = systems.filter((s) => words.has(s.name.toUpperCase()));
  const lb = lbs.filter((l) => words.has(l.name.toUpperCase()));
  const out: { system?: string; lb?: string } = {};
  if (sys.length === 1) out.system = sys[0]!.name;
  if (lb.length === 1) out.lb = lb[0]!.name;
  return out;
}

/** The addresses a report is about, to match against each system's configuration. */
function addressesOf(report: Report): string[] {
  switch (report.kind) {
    case 'vipadcfg':
      return [...report.defines, ...report.backups].map((d) => d.address.value).concat(report.distributions.map((d) => d.dvipa.value));
    case 'vipadyn':
      return report.dvipas.map((d) => d.address.value);
    case 'home':
      return report.entries.map((e) => e.address.value);
    case 'vdpt':
    case 'vcrt':
      return report.entries.map((e) => e.dvipa.value);
    default:
      return [];
  }
}

/** What a system's configuration says it has, in the report's terms. */
function configuredFor(kind: Report['kind'], s: System): (address: string) => boolean {
  if (kind === 'home') {
    const own = new Set<string>();
    for (const h of s.stack.home) if (h.kind !== 'loopback') own.add(h.address);
    for (const i of s.stack.interfaces) for (const a of i.addresses) own.add(a.address);
    for (const x of [s.stack.dynamicXcf.v4, s.stack.dynamicXcf.v6]) if (x) own.add(x.address);
    return (a) => own.has(a);
  }
  if (kind === 'vdpt' || kind === 'vcrt') {
    const distributed = new Set(s.stack.distributions.map((d) => d.dvipa));
    return (a) => distributed.has(a);
  }
  const dvipas = new Set(s.stack.dvipas.map((d) => d.address));
  const ranges = s.stack.vipaRanges.map((r) => parseCidr(r.subnet)).filter((r) => r !== undefined);
  return (a) => {
    if (dvipas.has(a)) return true;
    const ip = parseIp(a);
    return ip !== undefined && ranges.some((r) => subnetContains(r, ip));
  };
}

/** The one system whose configuration matches the report best (undefined: none, or a tie). */
function systemByContent(report: Report, systems: System[]): string | undefined {
  const addrs = [...new Set(addressesOf(report))];
  if (!addrs.length) return undefined;
  let best: string | undefined;
  let bestScore = 0;
  let tie = false;
  for (const s of systems) {
    const has = configuredFor(report.kind, s);
    const score = addrs.filter(has).length;
    if (score > bestScore) {
      best = s.name;
      bestScore = score;
      tie = false;
    } else if (score === bestScore && score > 0) tie = true;
  }
  return tie ? undefined : best;
}

/** The machine an HA status names by its non-forwarding address, or the only one with a manager report's clusters. */
function lbByContent(report: Report, lbs: ExternalLb[]): string | undefined {
  if (report.kind === 'lb-ha') {
    const own = [report.primaryHost?.value, ...report.heartbeats.map((h) => h.source.value)].filter((x): x is string => x !== undefined);
    const hit = lbs.filter((l) => l.executor.nfa && own.includes(l.executor.nfa.value));
    // The primary host is the primary's address: the heartbeat source is this machine's own.
    const bySource = lbs.filter((l) => l.executor.nfa && report.heartbeats.some((h) => h.source.value === l.executor.nfa!.value));
    if (bySource.length === 1) return bySource[0]!.name;
    return hit.length === 1 ? hit[0]!.name : undefined;
  }
  if (report.kind === 'lb-manager') {
    const clusters = new Set(report.ports.map((p) => p.cluster.value));
    const hit = lbs.filter((l) => l.clusters.some((c) => clusters.has(c.id) || (c.address !== undefined && clusters.has(c.address))));
    return hit.length === 1 ? hit[0]!.name : undefined;
  }
  return undefined;
}

function unattached(report: Report, what: string, key: string, names: string[]): Finding {
  const loc: Loc = report.header.loc;
  return {
    ruleId: 'capture-unattached',
    loc,
    message:
      `plexlint cannot tell which ${what} this ${REPORT_NAMES[report.kind]} report is from, so it does not compare it with the configuration. ` +
      `Name the capture under ${key} in plexlint.yaml, or put the ${what}'s name in the file's name (${names[0] ?? (what === 'system' ? 'SYSA' : 'edge1')}.${report.kind}.txt)` +
      `${names.length ? ` — the estate has ${names.join(', ')}` : ''}.`,
  };
}
