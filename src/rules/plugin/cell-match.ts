/**
 * A plug-in file against the WAS cell it routes into (the plugin-stale-* and plugin-missing-member rules).
 *
 * WAS generates the plug-in file from the cell (IBM WAS, "plugin-cfg.xml file", "Update the global web server
 * plug-in configuration setting"): each cluster a ServerCluster of the cluster's name, each member a Server named
 * <node>_<server>, its Transports the server's web container end points — WC_defaulthost for http and
 * WC_defaulthost_secure for https — at the end point's host, or the node's host name when the end point listens on
 * every address (`*`); each virtual host a VirtualHostGroup of its name with a VirtualHost per host alias.
 *
 * The cell of a plug-in file is the one whose servers its Server names are; when they name none, the one cell the
 * estate has documents of. Servers that are ODRs (plug-in files an ODR generates) are not compared: their end points
 * are the ODR's, not a web container's.
 */
import type { Estate } from '../../model/estate.js';
import type { PluginCluster, PluginConfig, PluginServer, PluginTransport, WasCluster, WasClusterMember, WasServer, WasVirtualHost } from '../../model/web.js';

export interface CellMatch {
  /** The cell the plug-in file routes into, when plexlint can tell. */
  cell?: string;
  /** The WAS server a plug-in Server is (by its generated name), per Server. */
  server: Map<PluginServer, WasServer>;
}

const memo = new WeakMap<Estate, Map<PluginConfig, CellMatch>>();

/** `<node>_<server>`: the name WAS gives the plug-in Server of a server. */
export function generatedName(node: string, server: string): string {
  return `${node}_${server}`;
}

/** The cells the estate has documents of (serverindex.xml, virtualhosts.xml, cluster.xml). */
function documentedCells(estate: Estate): Set<string> {
  const web = estate.web;
  const out = new Set<string>();
  for (const x of [...web.servers, ...web.virtualHosts, ...web.clusters]) if (x.cell !== undefined) out.add(x.cell);
  return out;
}

export function matchCell(estate: Estate, plugin: PluginConfig): CellMatch {
  let byPlugin = memo.get(estate);
  if (!byPlugin) memo.set(estate, (byPlugin = new Map()));
  const known = byPlugin.get(plugin);
  if (known) return known;
  const web = estate.web;
  const byName = new Map<string, WasServer[]>();
  for (const s of web.servers) {
    const key = generatedName(s.node, s.name);
    const list = byName.get(key) ?? [];
    list.push(s);
    byName.set(key, list);
  }
  const servers = plugin.clusters.flatMap((c) => c.servers).filter((s) => !s.odr);
  const cells = new Set<string>();
  for (const s of servers) for (const w of byName.get(s.name) ?? []) if (w.cell !== undefined) cells.add(w.cell);
  const documented = documentedCells(estate);
  const cell = cells.size === 1 ? [...cells][0] : cells.size === 0 && documented.size === 1 ? [...documented][0] : undefined;
  const server = new Map<PluginServer, WasServer>();
  for (const s of servers) {
    const candidates = (byName.get(s.name) ?? []).filter((w) => cell === undefined || w.cell === undefined || w.cell === cell);
    if (candidates.length === 1) server.set(s, candidates[0]!);
  }
  const match: CellMatch = { server };
  if (cell !== undefined) match.cell = cell;
  byPlugin.set(plugin, match);
  return match;
}

/** The cluster.xml cluster a plug-in ServerCluster stands for: same name, in the plug-in's cell (or the only one of that name). */
export function wasClusterOf(estate: Estate, match: CellMatch, name: string): WasCluster | undefined {
  const same = estate.web.clusters.filter((c) => c.name === name);
  const inCell = match.cell === undefined ? same : same.filter((c) => c.cell === match.cell || c.cell === undefined);
  return inCell.length === 1 ? inCell[0] : undefined;
}

/** The WAS server a cluster member is, from its node's serverindex.xml. */
export function serverOfMember(estate: Estate, cell: string | undefined, node: string, name: string): WasServer | undefined {
  const hits = estate.web.servers.filter((s) => s.node === node && s.name === name && (cell === undefined || s.cell === undefined || s.cell === cell));
  return hits.length === 1 ? hits[0] : undefined;
}

/** The web container end point a Transport of this protocol is generated from. */
export function endpointName(protocol: string): string | undefined {
  const p = protocol.trim().toLowerCase();
  return p === 'http' ? 'WC_defaulthost' : p === 'https' ? 'WC_defaulthost_secure' : undefined;
}

/** Where an end point is reached: its host, or the node's host name when it listens on every address. */
export function endpointHost(server: WasServer, host: string): string | undefined {
  return host.trim() === '*' || host.trim() === '' ? server.hostName : host;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Whether two host names can be told apart from the files alone: a name and an address (or two names of which one
 * is the other's first label, the short and the fully qualified name) may be the same host, which only DNS says.
 */
export function hostsDiffer(a: string, b: string): boolean {
  const x = a.trim().toLowerCase();
  const y = b.trim().toLowerCase();
  if (x === y) return false;
  if (IPV4.test(x) !== IPV4.test(y) || x.includes(':') !== y.includes(':')) return false;
  if (IPV4.test(x) || x.includes(':')) return true;
  const short = (h: string): string => h.split('.')[0]!;
  return !(x.startsWith(`${y}.`) || y.startsWith(`${x}.`) || (short(x) === short(y) && (!x.includes('.') || !y.includes('.'))));
}

/** Whether a Transport reaches one of the server's web container end points. */
export function transportReaches(server: WasServer, t: PluginTransport): boolean {
  const name = endpointName(t.protocol);
  const e = server.endpoints.find((x) => x.name === name);
  if (!e || e.port !== t.port) return false;
  const host = endpointHost(server, e.host);
  return host === undefined || !hostsDiffer(host, t.hostname);
}

/** The virtual hosts of a cell (or of the estate, when the cell is not known and only one cell has any). */
export function virtualHostsOf(estate: Estate, cell: string | undefined): WasVirtualHost[] {
  const all = estate.web.virtualHosts;
  if (cell !== undefined) return all.filter((v) => v.cell === cell || v.cell === undefined);
  const cells = new Set(all.map((v) => v.cell));
  return cells.size === 1 ? all : [];
}

/** A plug-in ServerCluster and the cluster.xml cluster it stands for, with each member's generated name and server. */
export interface ClusterPair {
  plugin: PluginConfig;
  cluster: PluginCluster;
  was: WasCluster;
  cell?: string;
  members: { member: WasClusterMember; name: string; server?: WasServer }[];
}

/** Every plug-in ServerCluster of the estate that stands for a cluster.xml cluster of its cell. */
export function clusterPairs(estate: Estate): ClusterPair[] {
  const out: ClusterPair[] = [];
  for (const plugin of estate.web.plugins) {
    const match = matchCell(estate, plugin);
    for (const cluster of plugin.clusters) {
      const was = wasClusterOf(estate, match, cluster.name);
      if (!was) continue;
      const cell = was.cell ?? match.cell;
      const members = was.members.map((member) => {
        const server = serverOfMember(estate, cell, member.nodeName, member.memberName);
        return { member, name: generatedName(member.nodeName, member.memberName), ...(server ? { server } : {}) };
      });
      out.push({ plugin, cluster, was, ...(cell !== undefined ? { cell } : {}), members });
    }
  }
  return out;
}

/** Whether a plug-in Server is this member: its generated name, or a Transport that reaches the member's end point. */
export function isMember(s: PluginServer, m: ClusterPair['members'][number]): boolean {
  return s.name === m.name || (m.server !== undefined && s.transports.some((t) => transportReaches(m.server!, t)));
}
