/**
 * cluster.xml (WAS configuration repository, `topology.cluster:ServerCluster`)
 * as the WAS front end hands it on. Facts: the WAS configuration documents
 * ServerCluster and ClusterMember (preferLocal, member weight 0–20).
 */
import type { Loc } from '../../core/loc.js';

export interface Located<T> {
  value: T;
  loc: Loc;
}

export interface ClusterMemberAst {
  memberName?: Located<string>;
  nodeName?: Located<string>;
  /** The weight as written; `value` is undefined when it is not a whole number. */
  weight?: { raw: string; value?: number; loc: Loc };
  uniqueId?: Located<string>;
  loc: Loc;
}

export interface ClusterXmlAst {
  file: string;
  /** The ServerCluster element (or the start of the file when there is none). */
  loc: Loc;
  found: boolean;
  name?: Located<string>;
  /** preferLocal as written; absent means true (console and wsadmin default). */
  preferLocal?: Located<boolean>;
  members: ClusterMemberAst[];
  wellFormed: boolean;
}

/** A port as written; `value` is undefined when it is not a port number (and `'*'` for a host alias on any port). */
export interface PortAst {
  raw: string;
  value?: number | '*';
  loc: Loc;
}

/** A named end point of a server in serverindex.xml (specialEndpoints): WC_defaulthost, WC_defaulthost_secure, … */
export interface EndpointAst {
  name: string;
  nameLoc: Loc;
  host?: Located<string>;
  port?: PortAst;
  loc: Loc;
}

export interface ServerEntryAst {
  serverName?: Located<string>;
  serverType?: string;
  endpoints: EndpointAst[];
  loc: Loc;
}

/** serverindex.xml (config/cells/<cell>/nodes/<node>/serverindex.xml): the servers of one node and their ports. */
export interface ServerIndexAst {
  file: string;
  loc: Loc;
  found: boolean;
  /** The node's host name: what an end point whose host is `*` is reached at. */
  hostName?: Located<string>;
  servers: ServerEntryAst[];
  wellFormed: boolean;
}

export interface HostAliasAst {
  hostname?: Located<string>;
  port?: PortAst;
  loc: Loc;
}

export interface VirtualHostAst {
  name?: Located<string>;
  aliases: HostAliasAst[];
  loc: Loc;
}

/** virtualhosts.xml (config/cells/<cell>/virtualhosts.xml): the cell's virtual hosts and their host aliases. */
export interface VirtualHostsAst {
  file: string;
  loc: Loc;
  virtualHosts: VirtualHostAst[];
  wellFormed: boolean;
}
