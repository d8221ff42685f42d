/**
 * Plug-in ASTs + cluster.xml ASTs + the manifest's cells → WebTier.
 *
 * - Plug-in files become clusters of servers (CloneID, weight, transports,
 *   primary/backup lists), routes, URI groups and virtual host groups, every
 *   object with its Loc.
 * - Cells come from the manifest (ODRs, custom properties, GSCs, bridgedWith,
 *   client nodes); a cluster.xml under config/cells/<cell>/clusters/ adds its
 *   cell when the manifest does not name it.
 * - Plug-in servers are matched to ODRs through their transports (host:port,
 *   host names compared without case), and so are GSC members.
 * - A plug-in cluster whose servers are ODRs of two or more cells that are not
 *   bridged (neither lists the other in bridgedWith) is an ODR spray: IHS cannot
 *   read the application servers' clone IDs behind the ODRs and sends
 *   in-session requests to any of them.
 */
import type { Finding } from '../../core/diagnostic.js';
import type { Loc } from '../../core/loc.js';
import { emptyRecord } from '../../core/record.js';
import type { CellEntry } from '../../frontends/manifest/ast.js';
import type { ClusterNode, GroupNode, PluginAst, PNode, ServerNode } from '../../frontends/plugin/index.js';
import type { NamedElement } from '../../frontends/plugin/ast.js';
import type { Dependent } from '../dependents.js';
import type { ClusterXmlAst } from '../../frontends/was/index.js';
import { wasServers, wasVirtualHosts, type ServerIndexInput, type VirtualHostsInput } from './web-cell.js';
import {
  ODR_SESSION_COOKIE,
  type AttrLocs,
  type Cell,
  type GenericServerCluster,
  type Odr,
  type OdrSpray,
  type PluginCluster,
  type PluginConfig,
  type PluginServer,
  type PluginTransport,
  type UriGroup,
  type VirtualHostGroup,
  type WasCluster,
  type WebTier,
} from '../web.js';

export interface ClusterXmlInput {
  ast: ClusterXmlAst;
  /** The cell whose `clusters` folder holds the file (from the manifest). */
  cell?: string;
}

export interface WebInput {
  plugins: PluginAst[];
  clusterXmls: ClusterXmlInput[];
  cells: CellEntry[];
  /** serverindex.xml and virtualhosts.xml files of the cells (./web-cell.ts). */
  serverIndexes?: ServerIndexInput[];
  virtualHosts?: VirtualHostsInput[];
}

export interface BuiltWeb {
  web: WebTier;
  findings: Finding[];
}

function locsOf(n: PNode): AttrLocs {
  const out = emptyRecord<Loc>();
  for (const [k, a] of Object.entries(n.attrs)) out[k] = a.valueLoc;
  return out;
}

const str = (n: PNode, k: string, d = ''): string => {
  const v = n.values[k];
  return typeof v === 'string' ? v : v === undefined ? d : String(v);
};
const num = (n: PNode, k: string, d = 0): number => {
  const v = n.values[k];
  return typeof v === 'number' ? v : d;
};
const bool = (n: PNode, k: string, d = false): boolean => {
  const v = n.values[k];
  return typeof v === 'boolean' ? v : d;
};
const opt = (n: PNode, k: string): string | undefined => (n.attrs[k] ? str(n, k) : undefined);

export function endpointKey(host: string, port: number): string {
  return `${host.trim().toLowerCase()}:${port}`;
}

function server(n: ServerNode): PluginServer {
  const transports: PluginTransport[] = n.transports.map((t) => {
    const tr: PluginTransport = {
      hostname: str(t, 'Hostname'),
      port: num(t, 'Port'),
      protocol: str(t, 'Protocol', 'http'),
      properties: [],
      loc: t.loc,
      locs: locsOf(t),
    };
    for (const p of t.properties) {
      const name = opt(p, 'Name');
      if (name === undefined) continue;
      const value = str(p, 'Value');
      tr.properties.push({ name, value, loc: p.loc });
      if (name === 'keyring' && tr.keyring === undefined) tr.keyring = value;
      else if (name === 'stashfile' && tr.stashfile === undefined) tr.stashfile = value;
      else if (name === 'certLabel' && tr.certLabel === undefined) tr.certLabel = value;
    }
    return tr;
  });
  const s: PluginServer = {
    name: str(n, 'Name'),
    weight: num(n, 'LoadBalanceWeight', 2),
    connectTimeout: num(n, 'ConnectTimeout'),
    serverIoTimeout: num(n, 'ServerIOTimeout'),
    maxConnections: num(n, 'MaxConnections', -1),
    waitForContinue: bool(n, 'WaitForContinue'),
    extendedHandshake: bool(n, 'ExtendedHandshake'),
    transports,
    loc: n.loc,
    locs: locsOf(n),
  };
  const clone = opt(n, 'CloneID');
  if (clone !== undefined) s.cloneId = clone;
  return s;
}

function cluster(n: ClusterNode): PluginCluster {
  const c: PluginCluster = {
    name: str(n, 'Name'),
    loadBalance: str(n, 'LoadBalance', 'Round Robin'),
    retryInterval: num(n, 'RetryInterval', 60),
    removeSpecialHeaders: bool(n, 'RemoveSpecialHeaders', true),
    cloneSeparatorChange: bool(n, 'CloneSeparatorChange'),
    postSizeLimit: num(n, 'PostSizeLimit', -1),
    postBufferSize: num(n, 'PostBufferSize', 64),
    ignoreAffinityRequests: bool(n, 'IgnoreAffinityRequests', true),
    getDwlmTable: bool(n, 'GetDWLMTable'),
    serverIoTimeoutRetry: num(n, 'ServerIOTimeoutRetry', -1),
    servers: n.servers.map(server),
    loc: n.loc,
    locs: locsOf(n),
  };
  if (n.clusterAddress) c.clusterAddress = server(n.clusterAddress);
  const refs = (list: GroupNode['members']) =>
    list.filter((r) => r.attrs['Name']).map((r) => ({ name: str(r, 'Name'), loc: r.loc, nameLoc: r.attrs['Name']!.valueLoc }));
  if (n.primaryServers) {
    c.primaryServers = refs(n.primaryServers.servers);
    c.primaryLoc = n.primaryServers.loc;
  }
  if (n.backupServers) {
    c.backupServers = refs(n.backupServers.servers);
    c.backupLoc = n.backupServers.loc;
  }
  return c;
}

/**
 * Routes that name a ServerCluster, UriGroup or VirtualHostGroup the plug-in cannot use (an element name or a Name
 * attribute it does not know): they fail with that element, whose finding lists them (../dependents.ts).
 */
function rejectedRoutes(p: PluginConfig, rejected: PluginAst['rejected']): Dependent[] {
  const out: Dependent[] = [];
  if (rejected.length === 0) return out;
  const defined: Record<NamedElement, Set<string>> = {
    ServerCluster: new Set(p.clusters.map((c) => c.name)),
    UriGroup: new Set(p.uriGroups.map((g) => g.name)),
    VirtualHostGroup: new Set(p.virtualHostGroups.map((g) => g.name)),
  };
  const named: Record<NamedElement, (r: PluginConfig['routes'][number]) => string | undefined> = {
    ServerCluster: (r) => r.serverCluster,
    UriGroup: (r) => r.uriGroup,
    VirtualHostGroup: (r) => r.virtualHostGroup,
  };
  for (const r of p.routes) {
    for (const x of rejected) {
      const name = named[x.element](r);
      const loc = r.locs[x.element];
      if (name !== x.name || defined[x.element].has(name) || !loc) continue;
      out.push({ cause: x.cause, loc, message: `Route (line ${r.loc.line}) names ${x.element} '${name}' and fails with it` });
    }
  }
  return out;
}

function plugin(ast: PluginAst): PluginConfig {
  const settings = emptyRecord<string | number | boolean>();
  for (const [k, v] of Object.entries(ast.config.values)) settings[k] = v;
  const p: PluginConfig = {
    file: ast.file,
    loc: ast.config.loc,
    wellFormed: ast.wellFormed,
    ignoreDnsFailures: bool(ast.config, 'IgnoreDNSFailures'),
    refreshInterval: num(ast.config, 'RefreshInterval', 60),
    settings,
    properties: ast.properties.filter((x) => x.attrs['Name']).map((x) => ({ name: str(x, 'Name'), value: str(x, 'Value'), loc: x.loc })),
    virtualHostGroups: ast.virtualHostGroups.map(
      (g): VirtualHostGroup => ({
        name: str(g, 'Name'),
        hosts: g.members
          .filter((h) => h.attrs['Name'])
          .map((h) => {
            const name = str(h, 'Name');
            const m = /^(.*):(\d+)$/.exec(name);
            const vh: VirtualHostGroup['hosts'][number] = { name, host: m ? m[1]! : name, loc: h.loc, nameLoc: h.attrs['Name']!.valueLoc };
            if (m) vh.port = Number(m[2]);
            return vh;
          }),
        loc: g.loc,
        locs: locsOf(g),
      }),
    ),
    trustedProxies: ast.trustedProxies.filter((x) => x.attrs['Name']).map((x) => ({ name: str(x, 'Name'), loc: x.loc })),
    clusters: ast.clusters.map(cluster),
    ...(ast.detachedServers.length ? { detachedServers: ast.detachedServers.map(server) } : {}),
    uriGroups: ast.uriGroups.map(
      (g): UriGroup => ({
        name: str(g, 'Name'),
        uris: g.members
          .filter((u) => u.attrs['Name'])
          .map((u) => ({
            pattern: str(u, 'Name'),
            affinityCookie: str(u, 'AffinityCookie', 'JSESSIONID'),
            affinityUrlIdentifier: str(u, 'AffinityURLIdentifier', 'jsessionid'),
            loc: u.loc,
            locs: locsOf(u),
          })),
        loc: g.loc,
        locs: locsOf(g),
      }),
    ),
    routes: ast.routes.map((r) => {
      const route: PluginConfig['routes'][number] = { loc: r.loc, locs: locsOf(r) };
      const sc = opt(r, 'ServerCluster');
      const ug = opt(r, 'UriGroup');
      const vg = opt(r, 'VirtualHostGroup');
      if (sc !== undefined) route.serverCluster = sc;
      if (ug !== undefined) route.uriGroup = ug;
      if (vg !== undefined) route.virtualHostGroup = vg;
      return route;
    }),
  };
  const dependents = rejectedRoutes(p, ast.rejected);
  if (dependents.length) p.dependents = dependents;
  if (ast.log) p.log = { name: str(ast.log, 'Name'), level: str(ast.log, 'LogLevel', 'Error'), loc: ast.log.loc };
  if (ast.requestMetrics) {
    const rm: NonNullable<PluginConfig['requestMetrics']> = { enabled: bool(ast.requestMetrics, 'rmEnabled'), loc: ast.requestMetrics.loc };
    const tl = opt(ast.requestMetrics, 'traceLevel');
    if (tl !== undefined) rm.traceLevel = tl;
    p.requestMetrics = rm;
  }
  return p;
}

/** config/cells/<cell>/clusters/<cluster>/cluster.xml → <cell>. */
export function cellFromPath(path: string): string | undefined {
  const m = /(?:^|\/)cells\/([^/]+)\/clusters\/[^/]+\/[^/]+$/.exec(path.split('\\').join('/'));
  return m?.[1];
}

function wasCluster(input: ClusterXmlInput): WasCluster | undefined {
  const { ast } = input;
  if (!ast.found) return undefined;
  const folder = ast.file.split('/').slice(-2, -1)[0];
  const c: WasCluster = {
    name: ast.name?.value ?? folder ?? ast.file,
    file: ast.file,
    preferLocal: ast.preferLocal?.value ?? true,
    members: [],
    loc: ast.loc,
  };
  const cell = input.cell ?? cellFromPath(ast.file);
  if (cell !== undefined) c.cell = cell;
  if (ast.name) c.nameLoc = ast.name.loc;
  if (ast.preferLocal) c.preferLocalLoc = ast.preferLocal.loc;
  for (const m of ast.members) {
    if (!m.memberName || !m.nodeName) continue;
    const member: WasCluster['members'][number] = { memberName: m.memberName.value, nodeName: m.nodeName.value, loc: m.loc };
    if (m.weight) {
      member.weightLoc = m.weight.loc;
      if (m.weight.value !== undefined) member.weight = m.weight.value;
    } else member.weight = 2; // WAS console default member weight
    if (m.uniqueId) member.uniqueId = m.uniqueId.value;
    c.members.push(member);
  }
  return c;
}

export function bridged(a: Cell, b: Cell): boolean {
  return a.bridgedWith.some((x) => x.name === b.name) || b.bridgedWith.some((x) => x.name === a.name);
}

export function buildWeb(input: WebInput): BuiltWeb {
  const findings: Finding[] = [];
  const cells: Cell[] = input.cells.map((e) => {
    const properties = emptyRecord<{ value: string; loc: Loc }>();
    for (const [k, v] of Object.entries(e.properties)) properties[k] = { value: v.value, loc: v.loc };
    const cellCookie = properties['odrSessionIdCookieName'];
    const odrs: Odr[] = e.odrs.map((o) => {
      const own = o.properties['odrSessionIdCookieName'];
      const cookie = own ?? cellCookie;
      const odr: Odr = { name: o.name, host: o.host, port: o.port, cell: e.name, tier: o.tier?.value ?? '', cookieName: cookie?.value.trim() || ODR_SESSION_COOKIE, loc: o.loc };
      if (cookie) odr.cookieLoc = cookie.loc;
      return odr;
    });
    const tiers = [...new Set(odrs.map((o) => o.tier))];
    const gscs: GenericServerCluster[] = e.gscs.map((g) => {
      const properties: GenericServerCluster['properties'] = Object.create(null) as GenericServerCluster['properties'];
      for (const [k, v] of Object.entries(g.properties)) properties[k] = { value: v.value, loc: v.loc };
      const gsc: GenericServerCluster = {
        name: g.name,
        members: g.members.map((m) => ({ host: m.host, port: m.port, weight: m.weight, loc: m.loc })),
        properties,
        dwlm: properties['enable.dwlm']?.value.trim().toLowerCase() !== 'false',
        loc: g.loc,
      };
      const tier = g.tier?.value ?? (tiers.length === 1 ? tiers[0] : undefined);
      if (tier !== undefined) gsc.tier = tier;
      return gsc;
    });
    return {
      name: e.name,
      origin: 'manifest',
      loc: e.loc,
      odrs,
      properties,
      affinityEnabled: properties['odrSessionAffinityEnabled']?.value.trim().toLowerCase() === 'true',
      gscs,
      bridgedWith: e.bridgedWith.map((b) => ({ name: b.value, loc: b.loc })),
      clientNodes: e.clientNodes.map((n) => ({ name: n.value, loc: n.loc })),
      clusters: [],
    };
  });
  const cellByName = new Map(cells.map((c) => [c.name, c]));
  for (const c of cells) {
    for (const b of c.bridgedWith) {
      if (!cellByName.has(b.name)) {
        findings.push({
          ruleId: 'manifest-invalid-value',
          loc: b.loc,
          message: `web.cells.${c.name}.bridgedWith names ${b.name}, which is not a cell of web.cells: plexlint cannot tell which ODRs it bridges. Use the name of a cell listed under web.cells.`,
        });
      }
    }
  }

  // ODRs by endpoint; GSC members and plug-in servers are matched through it.
  const odrAt = new Map<string, Odr>();
  for (const c of cells) for (const o of c.odrs) if (!odrAt.has(endpointKey(o.host, o.port))) odrAt.set(endpointKey(o.host, o.port), o);
  for (const c of cells) {
    for (const g of c.gscs) {
      for (const m of g.members) {
        const o = odrAt.get(endpointKey(m.host, m.port));
        if (o) m.odr = { cell: o.cell, name: o.name, tier: o.tier };
      }
    }
  }

  const plugins = input.plugins.map(plugin);
  for (const p of plugins) {
    for (const c of p.clusters) {
      for (const s of [...c.servers, ...(c.clusterAddress ? [c.clusterAddress] : [])]) {
        for (const t of s.transports) {
          const o = odrAt.get(endpointKey(t.hostname, t.port));
          if (o) {
            s.odr = { cell: o.cell, odr: o.name, tier: o.tier, via: `${t.hostname}:${t.port}` };
            break;
          }
        }
      }
    }
  }

  // cluster.xml clusters, and the cells they name by their path.
  const clusters: WasCluster[] = [];
  for (const x of input.clusterXmls) {
    const c = wasCluster(x);
    if (!c) continue;
    clusters.push(c);
    if (c.cell === undefined) continue;
    let cell = cellByName.get(c.cell);
    if (!cell) {
      cell = {
        name: c.cell,
        origin: 'inferred',
        loc: { file: c.file, line: 1, column: 1, endLine: 1, endColumn: 1 },
        odrs: [],
        properties: emptyRecord(),
        affinityEnabled: false,
        gscs: [],
        bridgedWith: [],
        clientNodes: [],
        clusters: [],
      };
      cells.push(cell);
      cellByName.set(cell.name, cell);
    }
    cell.clusters.push(c.name);
  }

  // ODR sprays.
  const sprays: OdrSpray[] = [];
  for (const p of plugins) {
    const uriGroupByName = new Map<string, UriGroup>();
    for (const g of p.uriGroups) if (!uriGroupByName.has(g.name)) uriGroupByName.set(g.name, g);
    for (const c of p.clusters) {
      const servers = c.servers.filter((s) => s.odr).map((s) => ({ server: s.name, cell: s.odr!.cell, odr: s.odr!.odr, tier: s.odr!.tier, loc: s.loc }));
      const cellNames = [...new Set(servers.map((s) => s.cell))];
      if (cellNames.length < 2) continue;
      const pairs: [string, string][] = [];
      for (let i = 0; i < cellNames.length; i++) {
        for (let j = i + 1; j < cellNames.length; j++) {
          const a = cellByName.get(cellNames[i]!)!;
          const b = cellByName.get(cellNames[j]!)!;
          if (!bridged(a, b)) pairs.push([a.name, b.name]);
        }
      }
      if (pairs.length === 0) continue;
      const uris: OdrSpray['uris'] = [];
      for (const r of p.routes) {
        if (r.serverCluster !== c.name || r.uriGroup === undefined) continue;
        const g = uriGroupByName.get(r.uriGroup);
        if (!g) continue;
        for (const u of g.uris) {
          const entry: OdrSpray['uris'][number] = { pattern: u.pattern, cookie: u.affinityCookie, uriGroup: g.name, loc: u.loc };
          if (u.locs['AffinityCookie']) entry.cookieLoc = u.locs['AffinityCookie'];
          uris.push(entry);
        }
      }
      sprays.push({
        plugin: p.file,
        cluster: c.name,
        loc: c.locs['Name'] ?? c.loc,
        cells: cellNames,
        tiers: [...new Set(servers.map((s) => s.tier))],
        unbridgedPairs: pairs,
        servers: servers.map(({ server: sv, cell, odr, loc }) => ({ server: sv, cell, odr, loc })),
        uris,
      });
    }
  }
  const servers = wasServers(input.serverIndexes ?? []);
  const virtualHosts = wasVirtualHosts(input.virtualHosts ?? []);
  // The cells that serverindex.xml and virtualhosts.xml paths name, like those of cluster.xml paths.
  for (const x of [...servers, ...virtualHosts]) {
    if (x.cell === undefined || cellByName.has(x.cell)) continue;
    const cell: Cell = { name: x.cell, origin: 'inferred', loc: { file: x.file, line: 1, column: 1, endLine: 1, endColumn: 1 }, odrs: [], properties: emptyRecord(), affinityEnabled: false, gscs: [], bridgedWith: [], clientNodes: [], clusters: [] };
    cells.push(cell);
    cellByName.set(cell.name, cell);
  }
  return { web: { plugins, cells, clusters, sprays, servers, virtualHosts }, findings };
}
