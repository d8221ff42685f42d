/**
 * plugin-cfg.xml as the plug-in front end hands it to the model builder: the
 * elements the plug-in knows, in document order, each with its effective typed
 * attribute values (the documented default where an attribute is absent or
 * invalid) and the attributes as written (for positions).
 */
import type { Loc } from '../../core/loc.js';
import type { XmlAttribute } from '../xml/ast.js';

export type AttrValue = string | number | boolean;

export interface PNode {
  element: string;
  /** `<` and the element name. */
  loc: Loc;
  /** Effective values: as written when valid for the attribute's type, else the default. Null prototype. */
  values: Record<string, AttrValue>;
  /** Attributes as written and valid for their type, by name. Null prototype. */
  attrs: Record<string, XmlAttribute>;
}

export interface TransportNode extends PNode {
  properties: PNode[];
}

export interface ServerNode extends PNode {
  transports: TransportNode[];
}

export interface ServerListNode extends PNode {
  servers: PNode[];
}

export interface ClusterNode extends PNode {
  servers: ServerNode[];
  clusterAddress?: ServerNode;
  primaryServers?: ServerListNode;
  backupServers?: ServerListNode;
}

export interface GroupNode extends PNode {
  members: PNode[];
}

export interface RequestMetricsNode extends PNode {
  filters: GroupNode[];
}

/** The elements a Route names by their Name attribute. */
export type NamedElement = 'ServerCluster' | 'UriGroup' | 'VirtualHostGroup';

/**
 * An element meant to define a name a Route can use, which the plug-in cannot use: an element name it does not know
 * (<UriGrop Name="…">), or a Name attribute it does not know (Nmae="…"). `cause` is where its finding is.
 */
export interface RejectedDefinition {
  element: NamedElement;
  name: string;
  cause: Loc;
}

export interface PluginAst {
  file: string;
  /** The Config element (or, for a fragment without one, the start of the file). */
  config: PNode;
  log?: PNode;
  properties: PNode[];
  /** VirtualHostGroup with its VirtualHost members. */
  virtualHostGroups: GroupNode[];
  /** TrustedProxy elements of the TrustedProxyGroup. */
  trustedProxies: PNode[];
  clusters: ClusterNode[];
  /**
   * Servers that stand outside any ServerCluster: the roots of a fragment that lists Servers, or a Server in the
   * wrong element. The plug-in does not use them, but what is checked on a Server is checked on them too.
   */
  detachedServers: ServerNode[];
  /** UriGroup with its Uri members. */
  uriGroups: GroupNode[];
  routes: PNode[];
  requestMetrics?: RequestMetricsNode;
  /** The file is well-formed XML. */
  wellFormed: boolean;
  /** Definitions the plug-in cannot use, for what names them (src/model/dependents.ts). */
  rejected: RejectedDefinition[];
}
