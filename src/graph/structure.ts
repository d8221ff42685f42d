/**
 * The estate's structure as graph nodes and groups: what is there, before any
 * traffic. Every node names the model elements it stands for as JSON pointers
 * into `plexlint compile` output, and keeps their source locations so that
 * findings can be put on it (./findings.ts).
 *
 * Groups: the sysplex with a group per CPC, a group per Load Balancer HA pair
 * (or stand-alone machine), a group per plug-in file, a group per WAS cell.
 */
import { plural } from '../core/list-text.js';
import type { Loc } from '../core/loc.js';
import type { Distribution, Estate, SysplexDvipa } from '../model/estate.js';
import { estateFolder, estateRelative } from '../model/files.js';
import type { ExternalLb, LbCluster } from '../model/lb.js';
import { webIndexOf, type PluginIx, type ServerIx } from '../sim/web-index.js';
import { positionsBy } from './positions.js';
import type { GraphEdge, GraphGroup, GraphNode, NodeKind } from './types.js';
import { nameTable } from '../core/record.js';

/** The key the plug-in's routes are grouped by (./positions.ts). */
const routeCluster = (r: PluginIx['routes'][number]): unknown => r.cluster;

export const CLIENT = 'client';

function portsText(ports: { from: number; to: number }[]): string {
  return ports.map((p) => (p.from === p.to ? String(p.from) : `${p.from}-${p.to}`)).join(', ');
}

/** The nodes, groups and edges of one estate, with the look-ups the flows and the findings need. */
export class GraphParts {
  readonly nodes = new Map<string, GraphNode>();
  readonly groups = new Map<string, GraphGroup>();
  readonly edges: GraphEdge[] = [];
  /** Source locations of each node's model elements (findings on them mark the node). */
  readonly locs = new Map<string, Loc[]>();
  /** A file → the node or group its findings fall back to. */
  readonly fileOwners = new Map<string, string>();
  /** Load Balancer machine name → the id of its group (HA pair or machine). */
  readonly lbGroupOf = new Map<string, string>();
  /** Plug-in server (by its place in the web index) → its node. */
  readonly serverNode = new Map<ServerIx, string>();
  readonly folder: string;
  private readonly distributions: Map<string, { d: Distribution; index: number }>;

  constructor(readonly estate: Estate) {
    this.folder = estateFolder(estate);
    this.distributions = new Map(estate.sysplex.distributions.map((d, index) => [d.id, { d, index }]));
  }

  /** A distribution by its id, with its place in the model. */
  distribution(id: string): { d: Distribution; index: number } | undefined {
    return this.distributions.get(id);
  }

  /** A file's path below the estate's folder: what node ids use, so that both sides of a diff agree. */
  key(file: string): string {
    return estateRelative(this.estate, file, this.folder);
  }

  group(g: GraphGroup): string {
    if (!this.groups.has(g.id)) this.groups.set(g.id, g);
    return g.id;
  }

  node(kind: NodeKind, id: string, label: string, init: Partial<GraphNode> = {}, locs: Loc[] = []): GraphNode {
    let n = this.nodes.get(id);
    if (!n) {
      n = { id, kind, label, details: [], model: [], names: [], ...init };
      this.nodes.set(id, n);
    } else {
      for (const m of init.model ?? []) if (!n.model.includes(m)) n.model.push(m);
      for (const x of init.names ?? []) if (!n.names.includes(x)) n.names.push(x);
    }
    if (locs.length) this.locs.set(id, [...(this.locs.get(id) ?? []), ...locs]);
    return n;
  }

  systemNode(name: string): string {
    return `system:${name}`;
  }

  /** The node a target key of the simulator names: a system of the estate, else an address outside it. */
  targetNode(key: string, model: string[]): string {
    if (this.nodes.has(this.systemNode(key))) return this.systemNode(key);
    const id = `target:${key}`;
    this.node('external-target', id, key, { details: ['not a z/OS stack of the estate'], model, names: [key] });
    return id;
  }
}

function dvipaDetails(dv: SysplexDvipa, dists: Distribution[]): string[] {
  const out: string[] = [];
  for (const d of dists) {
    if (d.system !== (dv.owners[0]?.system ?? d.system)) continue;
    const parts = [d.method, d.optLocal === undefined ? '' : `OPTLOCAL ${d.optLocal}`, d.tier ? `${d.tier.tier} ${d.tier.group}` : '', d.routing ?? '', d.timedAffinity ? `TIMEDAFFINITY ${d.timedAffinity}` : ''];
    out.push(`${d.ports.length ? `port ${portsText(d.ports)}` : 'every port'}: ${parts.filter(Boolean).join(' · ')}`);
  }
  const owner = dv.owners.map((o) => o.system).join(', ');
  const backups = dv.backups.map((b) => `${b.system} ${b.rank}`).join(', ');
  out.push([owner ? `owner ${owner}` : 'no owner', backups ? `backups ${backups}` : ''].filter(Boolean).join(' · '));
  return out;
}

const ROUTING_NAMES: Record<string, string> = nameTable({ ospf: 'OSPF', rip: 'RIP', ipv6Ospf: 'IPv6 OSPF', ipv6Rip: 'IPv6 RIP' });

/**
 * The part of an estate a picture needs, when it draws a few flows of a large estate (the picture of a diff): the
 * DVIPAs by address and the plug-in files by their path below the estate's folder. Everything else is drawn whole
 * (systems, balancers and cells are few).
 */
export interface StructureScope {
  dvipas: ReadonlySet<string>;
  plugins: ReadonlySet<string>;
}

function sysplex(parts: GraphParts, scope: StructureScope | undefined): void {
  const { estate } = parts;
  const members = new Set(estate.sysplex.members);
  const plex = members.size ? parts.group({ id: 'sysplex', kind: 'sysplex', label: `sysplex: ${plural(estate.sysplex.members.length, 'system')}` }) : undefined;
  estate.systems.forEach((s, i) => {
    let group = members.has(s.name) ? plex : undefined;
    if (group && s.cpc) group = parts.group({ id: `cpc:${s.cpc}`, kind: 'cpc', label: `CPC ${s.cpc}`, parent: group });
    const xcf = s.stack.dynamicXcf.v4?.address ?? s.stack.dynamicXcf.v6?.address;
    const details = xcf ? [`XCF ${xcf}`] : [];
    const protocols = s.routing ? Object.entries(s.routing.config.protocols).flatMap(([p, on]) => (on ? [ROUTING_NAMES[p] ?? p] : [])) : [];
    if (s.routing) details.push(`OMPROUTE${protocols.length ? ` ${protocols.join(', ')}` : ''}`);
    const n = parts.node('system', parts.systemNode(s.name), s.name, { details, model: [`/systems/${i}`], names: [s.name] });
    if (group) n.group = group;
    for (const f of [...s.files, ...(s.routing ? [s.routing.config.file] : [])]) if (!parts.fileOwners.has(f)) parts.fileOwners.set(f, n.id);
  });
  estate.sysplex.dvipas.forEach((dv, i) => {
    if (scope && !scope.dvipas.has(dv.address)) return;
    const dists = dv.distributions.flatMap((id) => {
      const found = parts.distribution(id);
      return found ? [{ d: found.d, k: found.index }] : [];
    });
    const n = parts.node(
      'dvipa',
      `dvipa:${dv.address}`,
      `DVIPA ${dv.address}`,
      { details: dvipaDetails(dv, dists.map(({ d }) => d)), model: [`/sysplex/dvipas/${i}`, ...dists.map(({ k }) => `/sysplex/distributions/${k}`)], names: [dv.address] },
      [...dv.owners.map((o) => o.loc), ...dv.backups.map((b) => b.loc), ...dists.flatMap(({ d }) => [d.loc, ...d.targets.map((t) => t.loc)])],
    );
    if (plex) n.group = plex;
  });
}

function lbGroupId(lb: ExternalLb, estate: Estate): { id: string; label: string } {
  const partner = lb.ha?.partner ? estate.loadBalancers.find((x) => x.name === lb.ha!.partner!.name) : undefined;
  if (!partner) return { id: `lb:${lb.name}`, label: `Load Balancer ${lb.name}` };
  const pair = [lb.name, partner.name].sort();
  return { id: `lb:${pair.join('+')}`, label: `Load Balancer HA pair ${pair.join(' ⇄ ')}` };
}

function clusterDetails(clusters: LbCluster[]): string[] {
  const ports = [...new Set(clusters.flatMap((c) => c.ports.map((p) => p.port)))].sort((a, b) => a - b);
  const forwarding = [...new Set(clusters.flatMap((c) => c.ports.flatMap((p) => p.servers.map((s) => s.forwarding))))];
  const names: Record<string, string> = nameTable({ mac: 'MAC forwarding', nat: 'NAT', cbr: 'content-based routing', encap: 'encapsulated MAC' });
  const out = [`port ${ports.map((p) => (p === 0 ? 'every port' : String(p))).join(', ')}`];
  if (forwarding.length) out.push(forwarding.map((f) => names[f] ?? f).join(', '));
  return out;
}

function loadBalancers(parts: GraphParts): void {
  const { estate } = parts;
  const byGroup = new Map<string, Map<string, { lb: number; c: number; cluster: LbCluster }[]>>();
  estate.loadBalancers.forEach((lb, i) => {
    const g = lbGroupId(lb, estate);
    const group = parts.group({ id: g.id, kind: 'lb', label: g.label });
    parts.lbGroupOf.set(lb.name, group);
    const role = lb.ha?.role?.value;
    const details = [role ? `HA ${role}` : lb.ha?.backup ? 'HA' : 'no HA partner', lb.executor.nfa ? `NFA ${lb.executor.nfa.value}` : ''].filter(Boolean);
    const n = parts.node('lb-machine', `lbm:${lb.name}`, `Load Balancer ${lb.name}`, { details: [details.join(' · ')], model: [`/loadBalancers/${i}`], names: [lb.name], group });
    for (const f of [lb.config, ...lb.scripts.flatMap((s) => [s.file, ...s.sources])]) if (!parts.fileOwners.has(f)) parts.fileOwners.set(f, n.id);
    const clusters = byGroup.get(group) ?? new Map<string, { lb: number; c: number; cluster: LbCluster }[]>();
    byGroup.set(group, clusters);
    lb.clusters.forEach((cluster, c) => {
      const address = cluster.address ?? cluster.id;
      clusters.set(address, [...(clusters.get(address) ?? []), { lb: i, c, cluster }]);
    });
  });
  for (const [group, clusters] of byGroup) {
    for (const [address, defs] of clusters) {
      parts.node(
        'lb-cluster',
        lbClusterNode(group, address),
        `cluster ${address}`,
        {
          details: clusterDetails(defs.map((d) => d.cluster)),
          model: defs.map((d) => `/loadBalancers/${d.lb}/clusters/${d.c}`),
          names: [...new Set([address, ...defs.map((d) => d.cluster.id)])],
          group,
        },
        defs.flatMap((d) => [d.cluster.loc, ...d.cluster.ports.flatMap((p) => [p.loc, ...p.servers.map((s) => s.loc)])]),
      );
    }
  }
}

export function lbClusterNode(group: string, address: string): string {
  return `lbc:${group.slice('lb:'.length)}:${address}`;
}

function web(parts: GraphParts, scope: StructureScope | undefined): void {
  const { estate } = parts;
  const ix = webIndexOf(estate);
  const cellGroup = (cell: string): string => parts.group({ id: `cell:${cell}`, kind: 'cell', label: `cell ${cell}` });
  estate.web.cells.forEach((cell, ci) => {
    const group = cellGroup(cell.name);
    cell.odrs.forEach((o, oi) => {
      const tier = o.tier ? parts.group({ id: `tier:${cell.name}/${o.tier}`, kind: 'tier', label: `tier ${o.tier}`, parent: group }) : group;
      parts.node('odr', `odr:${cell.name}/${o.name}`, `ODR ${o.name}`, { details: [`${o.host}:${o.port}`], model: [`/web/cells/${ci}/odrs/${oi}`], names: [o.name, `${cell.name}/${o.name}`], group: tier }, [o.loc]);
    });
    cell.gscs.forEach((g, gi) => {
      const id = `gsc:${cell.name}/${g.name}`;
      parts.node('gsc', id, `GSC ${g.name}`, { details: g.tier ? [`tier ${g.tier}`] : [], model: [`/web/cells/${ci}/gscs/${gi}`], names: [g.name, `${cell.name}/${g.name}`], group }, [g.loc]);
      g.members.forEach((m, mi) => {
        if (!m.odr) return;
        parts.edges.push({ from: id, to: `odr:${m.odr.cell}/${m.odr.name}`, kind: 'gsc-member', label: `weight ${m.weight}`, model: [`/web/cells/${ci}/gscs/${gi}/members/${mi}`] });
      });
    });
  });
  const wasIndex = new Map(estate.web.clusters.map((c, i) => [c, i]));
  for (const wx of ix.wasClusters) {
    const ci = wasIndex.get(wx.c)!;
    const group = wx.cell ? cellGroup(wx.cell) : undefined;
    const n = parts.node(
      'was-cluster',
      `wc:${wx.key}`,
      `WAS cluster ${wx.c.name}`,
      { details: [wx.c.preferLocal ? 'prefer local' : 'no prefer local'], model: [`/web/clusters/${ci}`], names: [wx.c.name, wx.key] },
      [wx.c.loc],
    );
    if (group) n.group = group;
    if (!parts.fileOwners.has(wx.c.file)) parts.fileOwners.set(wx.c.file, n.id);
    wx.members.forEach((mx, mi) => {
      const m = parts.node(
        'member',
        memberNode(mx.cluster.key, mx.m.nodeName, mx.m.memberName),
        `${mx.m.memberName} on ${mx.m.nodeName}`,
        { details: [`weight ${mx.weight}`], model: [`/web/clusters/${ci}/members/${mi}`], names: [mx.display, mx.m.memberName, `${mx.m.nodeName}/${mx.m.memberName}`, `${mx.cluster.key}/${mx.display}`, `${mx.cluster.key}/${mx.m.nodeName}/${mx.m.memberName}`] },
        [mx.m.loc],
      );
      if (group) m.group = group;
    });
  }
  ix.plugins.forEach((p, pi) => {
    const key = parts.key(p.p.file);
    if (scope && !scope.plugins.has(key)) return;
    const group = parts.group({ id: `plugin:${key}`, kind: 'plugin', label: `plug-in ${key}` });
    parts.fileOwners.set(p.p.file, group);
    p.clusters.forEach((c, ci) => {
      const uris = positionsBy(p.routes, routeCluster, c).flatMap((r) => p.routes[r]!.uris.map((u) => u.pattern));
      const details = [c.random ? 'Random' : c.unknownLoadBalance ? `LoadBalance ${c.unknownLoadBalance}` : 'Round Robin'];
      if (uris.length) details.push(uris.length > 3 ? `${uris.slice(0, 3).join(', ')} and ${uris.length - 3} more` : uris.join(', '));
      parts.node('plugin-cluster', pluginClusterNode(key, c.name), `ServerCluster ${c.name}`, { details, model: [`/web/plugins/${pi}/clusters/${ci}`], names: [c.name], group }, [c.c.loc]);
      c.servers.forEach((s, si) => {
        const pointer = `/web/plugins/${pi}/clusters/${ci}/servers/${si}`;
        const t = s.s.transports[0];
        const where = t ? `${t.hostname}:${t.port}` : 'no transport';
        const role = s.backupRank >= 0 ? 'backup' : s.primary ? `weight ${s.s.weight}` : 'not a primary';
        let id: string;
        if (s.odr) {
          id = `odr:${s.odr.key}`;
          parts.node('odr', id, `ODR ${s.odr.odr.name}`, { model: [pointer], names: [s.name] }, [s.s.loc]);
        } else if (s.member) {
          id = memberNode(s.member.cluster.key, s.member.m.nodeName, s.member.m.memberName);
          const m = parts.node('member', id, '', { model: [pointer], names: [s.name] }, [s.s.loc]);
          m.details.push(`plug-in ${s.name} ${where}`);
        } else {
          id = `ps:${key}#${c.name}#${s.name}`;
          parts.node('plugin-server', id, s.name, { details: [`${where} · ${role}`], model: [pointer], names: [s.name], group }, [s.s.loc]);
        }
        parts.serverNode.set(s, id);
      });
    });
  });
}

export function memberNode(clusterKey: string, node: string, member: string): string {
  return `m:${clusterKey}/${node}/${member}`;
}

export function pluginClusterNode(pluginKey: string, cluster: string): string {
  return `pc:${pluginKey}#${cluster}`;
}

/** The structure of an estate: the client, the sysplex, the balancers and the WebSphere tier (or the part in `scope`). */
export function structure(estate: Estate, scope?: StructureScope): GraphParts {
  const parts = new GraphParts(estate);
  parts.node('client', CLIENT, 'clients', { details: ['outside the sysplex'] });
  loadBalancers(parts);
  web(parts, scope);
  sysplex(parts, scope);
  return parts;
}
