/** Shared pieces of the load-balancer rules. */
import { parseCidr, parseIp, SubnetTable } from '../../core/ip.js';
import type { Loc } from '../../core/loc.js';
import type { System } from '../../model/estate.js';
import type { ExternalLb, LbCluster, LbPort, LbServer } from '../../model/lb.js';
import type { ViparangeDef } from '../../model/stack.js';
import { rel } from '../helpers.js';
import type { RuleContext } from '../rule.js';

export const LINE_NAMES = {
  ipv4: 'Load Balancer for IPv4',
  ipv4v6: 'Load Balancer for IPv4 and IPv6',
  unknown: 'Load Balancer',
} as const;

/** Rule `check` of the rules whose findings the model builder records as rejected by dscontrol: reports them. */
export function reportLbRejections(ctx: RuleContext): void {
  for (const lb of ctx.estate.loadBalancers) {
    for (const r of lb.rejections) {
      if (r.ruleId !== ctx.ruleId) continue;
      const finding: Parameters<RuleContext['report']>[0] = { loc: r.loc, message: `${lb.name}: ${r.message}`, subject: `${lb.name} ${r.message.split(':')[0]}` };
      if (r.related?.length) finding.related = r.related.map((x) => rel(x.loc, x.message));
      if (r.fix) finding.fix = r.fix;
      ctx.report(finding);
    }
  }
}

export interface ServerRef {
  lb: ExternalLb;
  cluster: LbCluster;
  port: LbPort;
  server: LbServer;
}

export function* servers(lbs: readonly ExternalLb[]): Generator<ServerRef> {
  for (const lb of lbs) for (const cluster of lb.clusters) for (const port of cluster.ports) for (const server of port.servers) yield { lb, cluster, port, server };
}

export function sep(lb: ExternalLb): string {
  return lb.productLine === 'ipv4' ? ':' : '@';
}

export function serverName(r: ServerRef): string {
  const s = sep(r.lb);
  return `${r.cluster.id}${s}${r.port.port}${s}${r.server.id}`;
}

export function haConfigured(lb: ExternalLb): boolean {
  return lb.ha?.backup !== undefined;
}

/** How a stack holds an address. */
export interface Presence {
  kind: 'loopback' | 'real' | 'static-vipa' | 'dvipa' | 'dvipa-backup' | 'dynamic-xcf' | 'unknown';
  /** "HOME … LOOPBACK", "INTERFACE OSAQDIO1", "VIPADEFINE", … */
  what: string;
  loc: Loc;
}

/** Every address a stack holds, with how (a look-up per address instead of a scan of the stack per question). */
const presences = new WeakMap<System['stack'], Map<string, Presence[]>>();

function presenceIndex(system: System): Map<string, Presence[]> {
  const st = system.stack;
  let index = presences.get(st);
  if (index) return index;
  index = new Map();
  const put = (address: string, p: Presence): void => {
    const list = index!.get(address);
    if (list) list.push(p);
    else index!.set(address, [p]);
  };
  for (const h of st.home) put(h.address, { kind: h.kind === 'unknown' ? 'unknown' : h.kind, what: h.kind === 'loopback' ? 'HOME … LOOPBACK' : `HOME on link ${h.link}`, loc: h.loc });
  for (const i of st.interfaces) {
    for (const a of i.addresses) put(a.address, { kind: i.kind, what: `INTERFACE ${i.name}${i.kind === 'static-vipa' ? ' (static VIPA)' : ''}`, loc: a.loc });
  }
  for (const d of st.dvipas) put(d.address, { kind: d.role === 'define' ? 'dvipa' : 'dvipa-backup', what: d.role === 'define' ? 'VIPADEFINE (a dynamic VIPA)' : 'VIPABACKUP (a dynamic VIPA)', loc: d.loc });
  const xcfAt = new Map<string, Loc>();
  for (const x of [st.dynamicXcf.v4, st.dynamicXcf.v6]) if (x && !xcfAt.has(x.address)) xcfAt.set(x.address, x.loc);
  for (const [address, loc] of xcfAt) put(address, { kind: 'dynamic-xcf', what: 'IPCONFIG DYNAMICXCF', loc });
  presences.set(st, index);
  return index;
}

/** How a stack holds an address: its HOME entries, interfaces, DVIPAs and dynamic XCF address, in that order. */
export function presence(system: System, address: string): Presence[] {
  return [...(presenceIndex(system).get(address) ?? [])];
}

/** VIPARANGE subnets of a stack, in the order written (the first that holds an address is the one reported). */
const ranges = new WeakMap<System['stack'], SubnetTable<ViparangeDef>>();

export function rangeHolding(system: System, address: string): ViparangeDef | undefined {
  const ip = parseIp(address);
  if (!ip) return undefined;
  let table = ranges.get(system.stack);
  if (!table) {
    table = new SubnetTable();
    for (const r of system.stack.vipaRanges) {
      const net = parseCidr(r.subnet);
      if (net) table.add(net, r);
    }
    ranges.set(system.stack, table);
  }
  return table.firstAdded(ip);
}

/** Where to put a finding about something missing from a system's profile: its last HOME entry, else its first interface, else line 1. */
export function homeAnchor(system: System): { loc: Loc; hint: string } {
  const home = system.stack.home.at(-1);
  if (home) return { loc: home.loc, hint: 'after this HOME entry' };
  const intf = system.stack.interfaces[0];
  if (intf) return { loc: intf.loc, hint: 'in a HOME statement after the interface definitions' };
  return { loc: { file: system.profile, line: 1, column: 1, endLine: 1, endColumn: 1 }, hint: 'in a HOME statement' };
}

export function systemByName(systems: readonly System[], name: string): System | undefined {
  return systems.find((s) => s.name === name);
}

/**
 * The servers a balancer reaches with MAC (or encapsulated MAC) forwarding,
 * grouped by target system and cluster address: the packets keep the cluster
 * address as destination, so that is what the target must own (and how).
 */
export function dispatchTargets(lbs: ExternalLb[]): { system: string; address: string; refs: ServerRef[] }[] {
  const byTarget = new Map<string, { system: string; address: string; refs: ServerRef[] }>();
  for (const r of servers(lbs)) {
    if (r.server.forwarding !== 'mac' && r.server.forwarding !== 'encap') continue;
    const address = r.cluster.address;
    const system = r.server.target?.system;
    if (!address || !system) continue;
    const k = `${system} ${address}`;
    const entry = byTarget.get(k) ?? { system, address, refs: [] };
    entry.refs.push(r);
    byTarget.set(k, entry);
  }
  return [...byTarget.values()];
}
