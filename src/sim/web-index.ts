/**
 * Look-up tables over the WebSphere tier of one estate, built once (like
 * sysplex-index.ts) and shared by the plug-in, ODR and EJB engines:
 * plug-in files → routes → clusters → servers, ODRs and their cells and GSCs,
 * cluster.xml clusters and members, and the runtime-state keys that name them.
 *
 * Runtime-state keys (docs/scenarios.md "Runtime state"):
 * - plug-in servers: "<plugin file>#<Server Name>", the file as shown in
 *   findings or any tail of it ("web/plugin-cfg.xml#SYSANODE_shop1");
 * - cluster.xml members: "CELL/Cluster/member", or "CELL/Cluster/NODE/member"
 *   when several nodes run a member of that name;
 * - ODRs: the ODR's name from the manifest, or "CELL/name".
 *
 * A plug-in server and a cluster.xml member are the same JVM when the plug-in
 * ServerCluster has the cluster's name and the Server is named
 * "<node>_<member>" — the names WAS generates for the plug-in configuration.
 * Such a pair goes down and up together, whichever key the scenario uses.
 */
import { compileWildcard, type Wildcard } from '../core/wildcard.js';
import type { Estate } from '../model/estate.js';
import type {
  Cell,
  GenericServerCluster,
  GscMember,
  Odr,
  PluginCluster,
  PluginConfig,
  PluginRoute,
  PluginServer,
  PluginUri,
  VirtualHost,
  WasCluster,
  WasClusterMember,
} from '../model/web.js';
import type { ReadonlyState } from './state.js';
import { pushTo } from '../core/append.js';

export interface ServerIx {
  /** Position in WebIndex.servers. */
  gid: number;
  plugin: PluginConfig;
  cluster: ClusterIx;
  s: PluginServer;
  name: string;
  /** Position in ClusterIx.servers. */
  pos: number;
  /** Position in ClusterIx.primaries, -1 when not a primary. */
  ppos: number;
  /** The JVM behind the server ("host:port" of its first transport): sessions live there, whichever plug-in sent the request. */
  identity: string;
  primary: boolean;
  /** Position in the BackupServers list, -1 when not a backup. */
  backupRank: number;
  odr?: OdrIx;
  member?: MemberIx;
}

export interface ClusterIx {
  plugin: PluginConfig;
  c: PluginCluster;
  name: string;
  servers: ServerIx[];
  /** The servers the plug-in balances over: the PrimaryServers list, else every server. */
  primaries: ServerIx[];
  /** BackupServers in list order. */
  backups: ServerIx[];
  /** LoadBalanceWeight of each primary (whole, ≥ 0), aligned with primaries. */
  weights: number[];
  /** ... divided by the GCD of the primaries' weights. */
  reduced: number[];
  gcd: number;
  random: boolean;
  /** LoadBalance as written when it is neither "Round Robin" nor "Random". */
  unknownLoadBalance?: string;
  /** ':' or '+' (CloneSeparatorChange, ). */
  separator: string;
  byClone: Map<string, ServerIx>;
  /** No server has a CloneID: the plug-in assumes no affinity and only balances. */
  noClones: boolean;
  /** Some servers are ODRs: a bare affinity value is an ODR's server ID, not a session. */
  odrs: boolean;
}

export interface RouteIx {
  route: PluginRoute;
  cluster?: ClusterIx;
  uriGroup?: string;
  vhostGroup?: string;
  uris: PluginUri[];
  hosts: VhostIx[];
}

export interface VhostIx {
  vh: VirtualHost;
  /** Host pattern (lower case) as a regular expression; `*` matches any host. */
  /** The host part of the VirtualHost Name, `*` a wildcard (linear-time, src/core/wildcard.ts). */
  host: Wildcard;
  exact: boolean;
}

export interface PluginIx {
  p: PluginConfig;
  clusters: ClusterIx[];
  byName: Map<string, ClusterIx>;
  routes: RouteIx[];
  /** Server Name → the servers of that name (in any cluster). */
  serversByName: Map<string, ServerIx[]>;
}

export interface OdrIx {
  gid: number;
  odr: Odr;
  cell: CellIx;
  /** "CELL/name". */
  key: string;
}

export interface GscIx {
  gsc: GenericServerCluster;
  members: { m: GscMember; odr?: OdrIx }[];
}

export interface CellIx {
  cell: Cell;
  name: string;
  odrs: OdrIx[];
  gscs: GscIx[];
  /** Cells this one is bridged with (either side listing the other, ). */
  bridged: Set<string>;
}

export interface WasClusterIx {
  c: WasCluster;
  cell: string;
  /** "CELL/Cluster". */
  key: string;
  members: MemberIx[];
}

export interface MemberIx {
  gid: number;
  cluster: WasClusterIx;
  m: WasClusterMember;
  /** memberName, or "NODE/memberName" when several nodes run a member of that name. */
  display: string;
  /** Member weight (0–20); the console default 2 when cluster.xml gives none or an invalid one. */
  weight: number;
  servers: ServerIx[];
}

export interface WebIndex {
  plugins: PluginIx[];
  servers: ServerIx[];
  odrs: OdrIx[];
  odrByName: Map<string, OdrIx[]>;
  odrByKey: Map<string, OdrIx>;
  /** The ODR a value of the ODR session cookie names: the CloneID of a plug-in server that is the ODR, or the ODR's name. */
  odrById: Map<string, OdrIx>;
  cells: Map<string, CellIx>;
  wasClusters: WasClusterIx[];
  wasByKey: Map<string, WasClusterIx>;
  members: MemberIx[];
  /** The plug-in servers that are ODRs. */
  odrServers: ServerIx[];
}

export function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

function clusterIx(plugin: PluginConfig, c: PluginCluster, servers: ServerIx[]): ClusterIx {
  const lb = c.loadBalance.trim();
  const random = /^random$/i.test(lb);
  const ix: ClusterIx = {
    plugin,
    c,
    name: c.name,
    servers: [],
    primaries: [],
    backups: [],
    weights: [],
    reduced: [],
    gcd: 1,
    random,
    separator: c.cloneSeparatorChange ? '+' : ':',
    byClone: new Map(),
    noClones: !c.servers.some((s) => s.cloneId),
    odrs: false,
  };
  if (!random && !/^round robin$/i.test(lb)) ix.unknownLoadBalance = c.loadBalance;
  const primaryNames = c.primaryServers ? new Set(c.primaryServers.map((r) => r.name)) : undefined;
  const backupNames = (c.backupServers ?? []).map((r) => r.name);
  for (const s of c.servers) {
    const t = s.transports.find((x) => x.protocol.toLowerCase() === 'http') ?? s.transports[0];
    const sx: ServerIx = {
      gid: servers.length,
      plugin,
      cluster: ix,
      s,
      name: s.name,
      pos: ix.servers.length,
      ppos: -1,
      identity: t ? `${t.hostname.trim().toLowerCase()}:${t.port}` : `${plugin.file}#${c.name}#${s.name}`,
      primary: primaryNames ? primaryNames.has(s.name) : true,
      backupRank: backupNames.indexOf(s.name),
    };
    servers.push(sx);
    ix.servers.push(sx);
    if (s.cloneId && !ix.byClone.has(s.cloneId)) ix.byClone.set(s.cloneId, sx);
  }
  // PrimaryServers order is the list order; servers named twice count once.
  if (c.primaryServers) {
    for (const r of c.primaryServers) {
      const sx = ix.servers.find((x) => x.name === r.name);
      if (sx && !ix.primaries.includes(sx)) ix.primaries.push(sx);
    }
  } else ix.primaries = [...ix.servers];
  for (const name of backupNames) {
    const sx = ix.servers.find((x) => x.name === name);
    if (sx && !ix.backups.includes(sx) && !ix.primaries.includes(sx)) ix.backups.push(sx);
  }
  ix.primaries.forEach((p, j) => (p.ppos = j));
  ix.weights = ix.primaries.map((p) => Math.max(0, Math.floor(p.s.weight)));
  ix.gcd = ix.weights.reduce((g, w) => gcd(g, w), 0) || 1;
  ix.reduced = ix.weights.map((w) => w / ix.gcd);
  return ix;
}

const indexes = new WeakMap<Estate, WebIndex>();

export function webIndexOf(estate: Estate): WebIndex {
  let ix = indexes.get(estate);
  if (ix) return ix;
  const web = estate.web;
  const cells = new Map<string, CellIx>();
  const odrs: OdrIx[] = [];
  const odrByName = new Map<string, OdrIx[]>();
  const odrByKey = new Map<string, OdrIx>();
  const odrByEndpoint = new Map<string, OdrIx>();
  for (const cell of web.cells) {
    const cx: CellIx = { cell, name: cell.name, odrs: [], gscs: [], bridged: new Set(cell.bridgedWith.map((b) => b.name)) };
    cells.set(cell.name, cx);
    for (const o of cell.odrs) {
      const ox: OdrIx = { gid: odrs.length, odr: o, cell: cx, key: `${cell.name}/${o.name}` };
      odrs.push(ox);
      cx.odrs.push(ox);
      odrByKey.set(ox.key, ox);
      pushTo(odrByName, o.name, ox);
      const ep = `${o.host.trim().toLowerCase()}:${o.port}`;
      if (!odrByEndpoint.has(ep)) odrByEndpoint.set(ep, ox);
    }
  }
  for (const cx of cells.values()) for (const b of cx.bridged) cells.get(b)?.bridged.add(cx.name);
  for (const cx of cells.values()) {
    for (const g of cx.cell.gscs) {
      cx.gscs.push({
        gsc: g,
        members: g.members.map((m) => {
          const odr = m.odr ? odrByKey.get(`${m.odr.cell}/${m.odr.name}`) : odrByEndpoint.get(`${m.host.trim().toLowerCase()}:${m.port}`);
          return odr ? { m, odr } : { m };
        }),
      });
    }
  }

  const servers: ServerIx[] = [];
  const plugins: PluginIx[] = [];
  const odrById = new Map<string, OdrIx>();
  for (const p of web.plugins) {
    const clusters = p.clusters.map((c) => clusterIx(p, c, servers));
    const byName = new Map<string, ClusterIx>();
    for (const c of clusters) if (!byName.has(c.name)) byName.set(c.name, c);
    for (const c of clusters) {
      for (const sx of c.servers) {
        if (!sx.s.odr) continue;
        const ox = odrByKey.get(`${sx.s.odr.cell}/${sx.s.odr.odr}`);
        if (!ox) continue;
        sx.odr = ox;
        c.odrs = true;
        if (sx.s.cloneId && !odrById.has(sx.s.cloneId)) odrById.set(sx.s.cloneId, ox);
      }
    }
    const vhostGroups = new Map<string, VhostIx[]>();
    for (const g of p.virtualHostGroups) {
      if (vhostGroups.has(g.name)) continue;
      vhostGroups.set(
        g.name,
        g.hosts.map((vh) => ({ vh, host: compileWildcard(vh.host.trim(), { ignoreCase: true }), exact: !vh.host.includes('*') })),
      );
    }
    const uriGroups = new Map<string, PluginUri[]>();
    for (const g of p.uriGroups) if (!uriGroups.has(g.name)) uriGroups.set(g.name, g.uris);
    const routes: RouteIx[] = p.routes.map((route) => {
      const r: RouteIx = {
        route,
        uris: route.uriGroup !== undefined ? (uriGroups.get(route.uriGroup) ?? []) : [],
        hosts: route.virtualHostGroup !== undefined ? (vhostGroups.get(route.virtualHostGroup) ?? []) : [],
      };
      const c = route.serverCluster !== undefined ? byName.get(route.serverCluster) : undefined;
      if (c) r.cluster = c;
      if (route.uriGroup !== undefined) r.uriGroup = route.uriGroup;
      if (route.virtualHostGroup !== undefined) r.vhostGroup = route.virtualHostGroup;
      return r;
    });
    const serversByName = new Map<string, ServerIx[]>();
    for (const c of clusters) {
      for (const sx of c.servers) {
        const list = serversByName.get(sx.name);
        if (list) list.push(sx);
        else serversByName.set(sx.name, [sx]);
      }
    }
    plugins.push({ p, clusters, byName, routes, serversByName });
  }
  for (const o of odrs) if (!odrById.has(o.odr.name)) odrById.set(o.odr.name, o);

  const wasClusters: WasClusterIx[] = [];
  const wasByKey = new Map<string, WasClusterIx>();
  const members: MemberIx[] = [];
  for (const c of web.clusters) {
    const cell = c.cell ?? '';
    const wx: WasClusterIx = { c, cell, key: `${cell}/${c.name}`, members: [] };
    const counts = new Map<string, number>();
    for (const m of c.members) counts.set(m.memberName, (counts.get(m.memberName) ?? 0) + 1);
    for (const m of c.members) {
      const w = m.weight;
      const mx: MemberIx = {
        gid: members.length,
        cluster: wx,
        m,
        display: counts.get(m.memberName)! > 1 ? `${m.nodeName}/${m.memberName}` : m.memberName,
        weight: w === undefined || !Number.isFinite(w) ? 2 : Math.max(0, w),
        servers: [],
      };
      members.push(mx);
      wx.members.push(mx);
    }
    wasClusters.push(wx);
    if (!wasByKey.has(wx.key)) wasByKey.set(wx.key, wx);
  }
  // The same JVM seen by the plug-in and by cluster.xml (WAS-generated names).
  const byGenerated = new Map<string, MemberIx[]>();
  for (const mx of members) {
    const k = `${mx.cluster.c.name}\u0000${mx.m.nodeName}_${mx.m.memberName}`;
    pushTo(byGenerated, k, mx);
  }
  for (const sx of servers) {
    const list = byGenerated.get(`${sx.cluster.name}\u0000${sx.name}`);
    if (!list || list.length !== 1) continue;
    sx.member = list[0]!;
    list[0]!.servers.push(sx);
  }

  ix = { plugins, servers, odrs, odrByName, odrByKey, odrById, cells, wasClusters, wasByKey, members, odrServers: servers.filter((s) => s.odr !== undefined) };
  indexes.set(estate, ix);
  return ix;
}

/** The plug-in files a reference names: the file as shown in findings, or a tail of its path. */
export function findPlugins(ix: WebIndex, ref: string): PluginIx[] {
  const r = ref.split('\\').join('/').replace(/^\.\//, '');
  const exact = ix.plugins.filter((p) => p.p.file === r);
  if (exact.length) return exact;
  return ix.plugins.filter((p) => p.p.file.endsWith(`/${r}`));
}

export interface KeyTargets {
  servers: ServerIx[];
  members: MemberIx[];
}

/** What a `members` key names, or why it names nothing. */
export function resolveMemberKey(ix: WebIndex, key: string): KeyTargets | string {
  const hash = key.lastIndexOf('#');
  if (hash >= 0) {
    const file = key.slice(0, hash);
    const name = key.slice(hash + 1);
    const plugins = findPlugins(ix, file);
    if (plugins.length === 0) return `no plug-in file ${file} in the estate (plug-in files: ${ix.plugins.map((p) => p.p.file).join(', ') || 'none'})`;
    if (plugins.length > 1) return `${file} matches several plug-in files (${plugins.map((p) => p.p.file).join(', ')}): give more of the path`;
    const servers = plugins[0]!.serversByName.get(name) ?? [];
    if (servers.length === 0) {
      const names = plugins[0]!.clusters.flatMap((c) => c.servers.map((s) => s.name));
      return `${plugins[0]!.p.file} has no Server named ${name} (servers: ${names.join(', ') || 'none'})`;
    }
    return { servers, members: [] };
  }
  const parts = key.split('/');
  if (parts.length !== 3 && parts.length !== 4) {
    return `'${key}' is neither "<plugin file>#<Server Name>" (a plug-in server) nor "CELL/Cluster/member" (a cluster.xml member)`;
  }
  const wx = ix.wasByKey.get(`${parts[0]}/${parts[1]}`);
  if (!wx) return `no cluster.xml cluster ${parts[1]} in cell ${parts[0]} (clusters: ${ix.wasClusters.map((c) => c.key).join(', ') || 'none'})`;
  const found =
    parts.length === 4 ? wx.members.filter((m) => m.m.nodeName === parts[2] && m.m.memberName === parts[3]) : wx.members.filter((m) => m.m.memberName === parts[2] || m.display === parts[2]);
  if (found.length === 0) return `cluster ${wx.key} has no member ${parts.slice(2).join('/')} (members: ${wx.members.map((m) => m.display).join(', ')})`;
  if (found.length > 1) return `${wx.key} has a member ${parts[2]} on several nodes: name one as ${found.map((m) => `${wx.key}/${m.m.nodeName}/${m.m.memberName}`).join(' or ')}`;
  return { servers: [], members: found };
}

/** The ODRs an `odrs` key names ("name" or "CELL/name"), or why it names nothing. */
export function resolveOdrKey(ix: WebIndex, key: string): OdrIx | string {
  const byKey = ix.odrByKey.get(key);
  if (byKey) return byKey;
  const list = ix.odrByName.get(key) ?? [];
  if (list.length === 1) return list[0]!;
  if (list.length > 1) return `ODR ${key} is in several cells: name it as ${list.map((o) => o.key).join(' or ')}`;
  return `no ODR ${key} in the manifest's cells (ODRs: ${ix.odrs.map((o) => o.odr.name).join(', ') || 'none'})`;
}

/**
 * Which plug-in servers, cluster members and ODRs are down in a runtime state.
 * Recomputed when a step starts (the state changes only between steps), so the
 * engines test a flag per request instead of reading the state.
 */
export class WebHealth {
  readonly serverDown: Uint8Array;
  readonly memberDown: Uint8Array;
  readonly odrDown: Uint8Array;

  constructor(private readonly ix: WebIndex) {
    this.serverDown = new Uint8Array(ix.servers.length);
    this.memberDown = new Uint8Array(ix.members.length);
    this.odrDown = new Uint8Array(ix.odrs.length);
  }

  refresh(state: ReadonlyState): void {
    this.serverDown.fill(0);
    this.memberDown.fill(0);
    this.odrDown.fill(0);
    for (const [key, v] of Object.entries(state.odrs)) {
      if (v.up !== false) continue;
      const o = resolveOdrKey(this.ix, key);
      if (typeof o !== 'string') this.odrDown[o.gid] = 1;
    }
    for (const [key, v] of Object.entries(state.members)) {
      if (v.up !== false) continue;
      const t = resolveMemberKey(this.ix, key);
      if (typeof t === 'string') continue;
      for (const s of t.servers) {
        this.serverDown[s.gid] = 1;
        if (s.member) this.memberDown[s.member.gid] = 1;
      }
      for (const m of t.members) {
        this.memberDown[m.gid] = 1;
        for (const s of m.servers) this.serverDown[s.gid] = 1;
      }
    }
    for (const s of this.ix.odrServers) if (this.odrDown[s.odr!.gid]) this.serverDown[s.gid] = 1;
  }
}
