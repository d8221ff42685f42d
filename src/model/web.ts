/**
 * The WebSphere tier of the Estate: web server plug-in files (plugin-cfg.xml),
 * WAS cells with their On Demand Routers (ODRs), generic server clusters (GSCs)
 * and cluster.xml clusters, and the ODR sprays that join them. Built by
 * ./build/web.ts; part of the `plexlint compile` contract.
 *
 * Facts: IBM WAS documentation of plugin-cfg.xml (the file, affinity and
 * weighted round robin), ODR cell affinity and GSCs, and cluster.xml and EJB WLM.
 */
import type { Loc } from '../core/loc.js';
import type { Dependent } from './dependents.js';

/** Locations of the attributes as written, by attribute name (value ranges). Null prototype. */
export type AttrLocs = Record<string, Loc>;

export interface PluginTransport {
  hostname: string;
  port: number;
  protocol: string;
  /** Transport Property keyring / stashfile / certLabel. */
  keyring?: string;
  stashfile?: string;
  certLabel?: string;
  properties: { name: string; value: string; loc: Loc }[];
  loc: Loc;
  locs: AttrLocs;
}

/** The ODR a plug-in server is, found through one of its transports (host:port). */
export interface OdrMatch {
  cell: string;
  odr: string;
  tier: string;
  /** The transport that matched, "host:port". */
  via: string;
}

export interface PluginServer {
  name: string;
  cloneId?: string;
  /** LoadBalanceWeight (default 2). */
  weight: number;
  connectTimeout: number;
  serverIoTimeout: number;
  maxConnections: number;
  waitForContinue: boolean;
  extendedHandshake: boolean;
  transports: PluginTransport[];
  odr?: OdrMatch;
  loc: Loc;
  locs: AttrLocs;
}

export interface ServerRef {
  name: string;
  loc: Loc;
  /** The Name value. */
  nameLoc: Loc;
}

export interface PluginCluster {
  name: string;
  loadBalance: string;
  retryInterval: number;
  removeSpecialHeaders: boolean;
  cloneSeparatorChange: boolean;
  postSizeLimit: number;
  postBufferSize: number;
  ignoreAffinityRequests: boolean;
  getDwlmTable: boolean;
  serverIoTimeoutRetry: number;
  servers: PluginServer[];
  clusterAddress?: PluginServer;
  /** Absent: every server is a primary. */
  primaryServers?: ServerRef[];
  primaryLoc?: Loc;
  backupServers?: ServerRef[];
  backupLoc?: Loc;
  loc: Loc;
  locs: AttrLocs;
}

export interface VirtualHost {
  /** As written, "host:port". */
  name: string;
  host: string;
  port?: number;
  loc: Loc;
  nameLoc?: Loc;
}

export interface VirtualHostGroup {
  name: string;
  hosts: VirtualHost[];
  loc: Loc;
  locs: AttrLocs;
}

export interface PluginUri {
  /** Name: the URI pattern. */
  pattern: string;
  affinityCookie: string;
  affinityUrlIdentifier: string;
  loc: Loc;
  locs: AttrLocs;
}

export interface UriGroup {
  name: string;
  uris: PluginUri[];
  loc: Loc;
  locs: AttrLocs;
}

export interface PluginRoute {
  serverCluster?: string;
  uriGroup?: string;
  virtualHostGroup?: string;
  loc: Loc;
  locs: AttrLocs;
}

export interface PluginConfig {
  /** The file, as shown in findings. */
  file: string;
  /** The Config element (the start of the file for a fragment). */
  loc: Loc;
  wellFormed: boolean;
  ignoreDnsFailures: boolean;
  refreshInterval: number;
  /** Every Config attribute with its effective value (documented defaults filled in). */
  settings: Record<string, string | number | boolean>;
  log?: { name: string; level: string; loc: Loc };
  properties: { name: string; value: string; loc: Loc }[];
  virtualHostGroups: VirtualHostGroup[];
  trustedProxies: { name: string; loc: Loc }[];
  clusters: PluginCluster[];
  /**
   * Servers outside any ServerCluster (a fragment that lists Servers, or a Server in the wrong element); present only
   * when there are some. The plug-in does not route to them; the checks of a Server apply to them as they stand.
   */
  detachedServers?: PluginServer[];
  uriGroups: UriGroup[];
  routes: PluginRoute[];
  requestMetrics?: { enabled: boolean; traceLevel?: string; loc: Loc };
  /** Routes that name a ServerCluster, UriGroup or VirtualHostGroup the plug-in cannot use (./dependents.ts). */
  dependents?: Dependent[];
}

export interface Odr {
  name: string;
  host: string;
  port: number;
  cell: string;
  /** '' for the default tier. */
  tier: string;
  /** The session cookie the ODR sets: odrSessionIdCookieName, else ODRSESSIONID. */
  cookieName: string;
  /** Where the cookie name is set (absent: the default). */
  cookieLoc?: Loc;
  loc: Loc;
}

export interface GscMember {
  host: string;
  port: number;
  weight: number;
  /** The ODR this endpoint is, if it is one. */
  odr?: { cell: string; name: string; tier: string };
  loc: Loc;
}

export interface GenericServerCluster {
  name: string;
  /** The tier the GSC stands for: as given, else the tier of the cell's ODRs when they have one. */
  tier?: string;
  members: GscMember[];
  /** GSC custom properties. Null prototype. */
  properties: Record<string, CellProperty>;
  /**
   * The dynamic workload manager sets the members' weights: on by default, off with the custom property
   * enable.dwlm=false (IBM, Generic server cluster members). While it is on, the configured weights are replaced.
   */
  dwlm: boolean;
  loc: Loc;
}

export interface CellProperty {
  value: string;
  loc: Loc;
}

export interface Cell {
  name: string;
  /** From the manifest, or inferred from the path of a cell document (config/cells/<cell>/clusters/…, nodes/…, virtualhosts.xml). */
  origin: 'manifest' | 'inferred';
  loc: Loc;
  odrs: Odr[];
  /** Cell custom properties. Null prototype. */
  properties: Record<string, CellProperty>;
  /** odrSessionAffinityEnabled is "true". */
  affinityEnabled: boolean;
  gscs: GenericServerCluster[];
  bridgedWith: { name: string; loc: Loc }[];
  clientNodes: { name: string; loc: Loc }[];
  /** Names of the cluster.xml clusters of the cell. */
  clusters: string[];
}

export interface WasClusterMember {
  memberName: string;
  nodeName: string;
  /** Undefined when not a whole number (reported by the front end). */
  weight?: number;
  uniqueId?: string;
  loc: Loc;
  weightLoc?: Loc;
}

export interface WasCluster {
  name: string;
  file: string;
  cell?: string;
  /** Default true. */
  preferLocal: boolean;
  preferLocalLoc?: Loc;
  members: WasClusterMember[];
  loc: Loc;
  nameLoc?: Loc;
}

/** A plug-in cluster whose servers are ODRs of two or more unbridged cells. */
export interface OdrSpray {
  plugin: string;
  cluster: string;
  loc: Loc;
  /** Cells whose ODRs the cluster sends to, in first-seen order. */
  cells: string[];
  /** Tiers of those ODRs. */
  tiers: string[];
  /** Pairs of those cells that are not bridged (each pair once, in `cells` order). */
  unbridgedPairs: [string, string][];
  servers: { server: string; cell: string; odr: string; loc: Loc }[];
  /** The Uris routed to the cluster, with the affinity cookie each uses. */
  uris: { pattern: string; cookie: string; uriGroup: string; loc: Loc; cookieLoc?: Loc }[];
}

/** A named end point of a WAS server (serverindex.xml specialEndpoints). */
export interface WasEndpoint {
  /** WC_defaulthost, WC_defaulthost_secure, … */
  name: string;
  /** As written: `*` means every address of the node, reached at the node's host name. */
  host: string;
  /** Undefined when not a port number (reported by the front end). */
  port?: number;
  loc: Loc;
  portLoc?: Loc;
}

/** A server of a node, from the node's serverindex.xml. */
export interface WasServer {
  name: string;
  node: string;
  cell?: string;
  /** The node's host name (serverindex.xml hostName). */
  hostName?: string;
  serverType?: string;
  endpoints: WasEndpoint[];
  file: string;
  loc: Loc;
  nameLoc?: Loc;
}

export interface WasHostAlias {
  hostname: string;
  /** `*`: any port. */
  port: number | '*';
  loc: Loc;
}

/** A virtual host of a cell, from its virtualhosts.xml. */
export interface WasVirtualHost {
  name: string;
  cell?: string;
  aliases: WasHostAlias[];
  file: string;
  loc: Loc;
  nameLoc?: Loc;
}

export interface WebTier {
  plugins: PluginConfig[];
  cells: Cell[];
  /** cluster.xml clusters, with the cell they belong to when known. */
  clusters: WasCluster[];
  sprays: OdrSpray[];
  /** The servers of the nodes whose serverindex.xml the estate holds. */
  servers: WasServer[];
  /** The virtual hosts of the cells whose virtualhosts.xml the estate holds. */
  virtualHosts: WasVirtualHost[];
}

/** A web tier with nothing in it (an estate without plug-in files, cells or cluster.xml). */
export function emptyWebTier(): WebTier {
  return { plugins: [], cells: [], clusters: [], sprays: [], servers: [], virtualHosts: [] };
}

/** The default ODR session cookie (cell affinity). */
export const ODR_SESSION_COOKIE = 'ODRSESSIONID';

/**
 * The weight a GSC member is routed with. IBM (Generic server cluster members): with the dynamic workload manager
 * off (enable.dwlm=false) the configured weight, 0 never routed to; with it on, the default, the weight it computes
 * replaces the configured one. What DWLM computes IBM does not say: plexlint's reading, with every member answering
 * alike, is the same weight (1) for each.
 */
export function gscRoutingWeight(gsc: Pick<GenericServerCluster, 'dwlm'>, member: Pick<GscMember, 'weight'>): number {
  return gsc.dwlm ? 1 : member.weight;
}
