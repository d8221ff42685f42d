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
