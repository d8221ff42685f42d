/**
 * The estate as a directed graph: the one data type between src/graph and the
 * graph reporters (src/report/graph: Mermaid, DOT, SVG, JSON). Nodes are the
 * things traffic passes through (Load Balancer machines and clusters, DVIPAs,
 * z/OS systems, plug-in ServerClusters and servers, ODRs, WAS clusters and
 * members); flow edges carry the simulator's routing shares, structural edges
 * show relations without traffic (a standby machine, a GSC's members). Its JSON
 * form is what `plexlint graph -f json` prints (docs/graph.md).
 */

/** Bumped when the JSON shape of `plexlint graph -f json` changes incompatibly. */
export const GRAPH_VERSION = 1;

export type NodeKind =
  /** The outside world: clients that open connections and send requests (the simulator's origin "client"). */
  | 'client'
  | 'lb-machine'
  | 'lb-cluster'
  | 'dvipa'
  | 'system'
  /** A DESTIP target that is no z/OS stack of the estate (tier-1 GRE/ENCAP targets). */
  | 'external-target'
  | 'plugin-cluster'
  /** A plug-in Server that is neither an ODR nor a cluster.xml member of the estate. */
  | 'plugin-server'
  | 'odr'
  | 'gsc'
  | 'was-cluster'
  /** A cluster.xml member (with the plug-in Servers that are the same JVM). */
  | 'member';

export type GroupKind = 'sysplex' | 'cpc' | 'lb' | 'plugin' | 'cell' | 'tier';

export interface FindingMarks {
  errors: number;
  warnings: number;
  infos: number;
  /** Rule ids, each once, in order of first finding. */
  rules: string[];
}

/** A share of a flow that ends at a node without going on: refused, dropped, failed. */
export interface Lost {
  flow: string;
  what: 'refused' | 'dropped' | 'failed';
  share: number;
}

/** Locality: the share an origin keeps on itself (OPTLOCAL, EJB prefer local). */
export interface Locality {
  /** What keeps it local: "OPTLOCAL 1", "prefer local". */
  by: string;
  /** The origin (a system or a WAS node) and the share of its traffic that stays on it. */
  origins: { origin: string; share: number }[];
}

export interface GraphNode {
  /** Stable across runs and across the two sides of a diff: "system:SYSA", "dvipa:10.40.1.1", … */
  id: string;
  kind: NodeKind;
  /** The first line a picture shows. */
  label: string;
  /** Further lines: method, owner and backups, ports, weights. */
  details: string[];
  /** The innermost group it is drawn in. */
  group?: string;
  /** JSON pointers into `plexlint compile` output: the model elements the node stands for. */
  model: string[];
  /** Names `--focus` finds it by (case-insensitive): a system, an address, a cluster name. */
  names: string[];
  findings?: FindingMarks;
  lost?: Lost[];
  local?: Locality;
  /** Nodes merged into this one (large estates): how many model things it stands for. */
  merged?: number;
  /** In a scenario step's picture: the step's expectations about this node, held or not. */
  checks?: { expectation: string; min?: number; max?: number; expected?: string; actual: number | string; pass: boolean }[];
  /** In a diff's picture: the node is only on one side, or its locality or losses moved. */
  delta?: { status: 'added' | 'removed' | 'changed'; notes: string[] };
}

export type EdgeKind =
  /** Traffic of a flow, with its share. */
  | 'flow'
  /** A standby Load Balancer machine: it would forward to the cluster after a takeover. */
  | 'standby'
  /** A generic server cluster's member ODR. */
  | 'gsc-member';

export interface GraphEdge {
  from: string;
  to: string;
  kind: EdgeKind;
  /** The flow it carries (flow edges). */
  flow?: string;
  /**
   * Share of the flow's traffic at `from` that goes to `to` (0–1). For every node and
   * flow, the shares out of the node plus what the node loses (`GraphNode.lost`) make 1.
   */
  share?: number;
  /** What the edge stands for when a share alone does not say it: a route's URIs, "standby", "weight 1". */
  label?: string;
  /** JSON pointers into `plexlint compile` output: the configuration that makes the edge. */
  model: string[];
  /** In a diff's picture: the share before and after (absent on the side without the edge). */
  delta?: { status: 'added' | 'removed' | 'changed' | 'same'; before?: number; after?: number };
}

export interface GraphGroup {
  id: string;
  kind: GroupKind;
  label: string;
  parent?: string;
  /** Findings in the group's file that no node of it holds (a plug-in file's Config element). */
  findings?: FindingMarks;
}

export type FlowKind = 'lb' | 'dvipa' | 'route' | 'ejb';

/** One thing the simulator sent through the estate: connections to a cluster or DVIPA port, requests for a route, EJB calls. */
export interface GraphFlow {
  id: string;
  kind: FlowKind;
  /** "connections to 10.40.1.1:8080", "requests to shop.example.com/shop/*", … */
  label: string;
  /** Where it starts (the client node, or a system for a scenario's connect step). */
  source: string;
  /** Connections, requests or calls the simulator made for it. */
  count: number;
  /** Flows of alike nodes merged into this one (large estates): how many it stands for. */
  merged?: number;
}

export interface Graph {
  version: number;
  /** What the picture shows, e.g. "estate fixtures/example, default state". */
  title: string;
  groups: GraphGroup[];
  nodes: GraphNode[];
  edges: GraphEdge[];
  flows: GraphFlow[];
  /** Nodes merged into others to keep a large estate readable (0 when none). */
  mergedAway: number;
}
