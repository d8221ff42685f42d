/**
 * External load balancers: IBM WebSphere Edge Components Load Balancer
 * (Dispatcher) machines, as their dscontrol configuration and go scripts set
 * them up. Built by ./build/lb.ts from the dscontrol and go-script ASTs and the
 * systems of the estate. Part of the `plexlint compile` contract.
 *
 * Facts: IBM Edge Components Load Balancer documentation (dscontrol, forwarding
 * methods, high availability, go scripts), APAR PH50064, and IBM's external
 * load balancing into a sysplex.
 */
import type { Fix } from '../core/diagnostic.js';
import type { Loc } from '../core/loc.js';
import type { RuleId } from '../core/diagnostic.js';
import type { Dependent } from './dependents.js';

/** Load Balancer for IPv4 (legacy, `cluster:port:server`) or for IPv4 and IPv6 (`cluster@port@server`). */
export type LbProductLine = 'ipv4' | 'ipv4v6' | 'unknown';

/**
 * How packets reach a server: MAC forwarding (dispatch mode: the destination
 * stays the cluster address), NAT (directed mode: rewritten to the server),
 * kernel content-based routing (IPv4 line), or encapsulated MAC (IPIP/GRE,
 * IPv4-and-IPv6 line; the inner destination is still the cluster address).
 */
export type ForwardingMethod = 'mac' | 'nat' | 'cbr' | 'encap';

/**
 * HA states whose go script sets up the addresses: `inop` after goInOp (executor
 * start/stop), `active` after goInOp then goActive, `standby` after a takeover
 * (the active state, then goStandby), `idle` after goInOp then goIdle.
 */
export type HaState = 'inop' | 'active' | 'standby' | 'idle';
export const HA_STATES: readonly HaState[] = ['inop', 'active', 'standby', 'idle'];

export interface LbValue<T> {
  value: T;
  loc: Loc;
}

export interface LbExecutor {
  /** `executor start`. */
  start?: Loc;
  /** Non-forwarding address. */
  nfa?: LbValue<string>;
  clientGateway?: LbValue<string>;
  clientGateway6?: LbValue<string>;
  haTimeout?: LbValue<number>;
  finTimeout?: LbValue<number>;
  /** `executor configure` / `cluster configure` still in effect at the end of the configuration. */
  configured: { address: string; interface?: string; loc: Loc }[];
}

export interface LbTarget {
  /** The system (stack) the server address belongs to. */
  system: string;
  /** Where the stack has the server address. */
  via: 'home' | 'interface' | 'static-vipa' | 'dvipa' | 'system-name';
  loc?: Loc;
}

export interface LbServer {
  /** As named in the configuration (address or host name). */
  id: string;
  /** The `address` option, or the id when it is an IP address. */
  address?: string;
  weight?: LbValue<number>;
  fixedWeight?: LbValue<string>;
  /** Effective forwarding: the port method (IPv4 line) or the server's nat / encapforward (IPv4 and IPv6). */
  forwarding: ForwardingMethod;
  nat?: LbValue<boolean>;
  encapForward?: LbValue<boolean>;
  encapType?: LbValue<string>;
  encapCond?: LbValue<string>;
  returnAddress?: LbValue<string>;
  router?: LbValue<string>;
  mapPort?: LbValue<number>;
  collocated?: LbValue<boolean>;
  /** The z/OS system this server is. */
  target?: LbTarget;
  /** The server field of the `server add` that defined it. */
  loc: Loc;
  order: number;
}

export type SelectionAlgorithm = 'connection' | 'affinity' | 'conn+affin';
export type RepStrategy = 'both' | 'connection' | 'affinity' | 'none';

export interface LbPort {
  port: number;
  /** IPv4 line: `method` (MAC is the default). IPv4 and IPv6: always 'mac' (servers choose NAT/encapsulation). */
  method: 'mac' | 'nat' | 'cbr';
  methodLoc?: Loc;
  /** IPv4 and IPv6 only; `connection` (round robin) is the default. */
  selectionAlgorithm: SelectionAlgorithm;
  selectionAlgorithmLoc?: Loc;
  stickyTime?: LbValue<number>;
  staleTimeout?: LbValue<number>;
  /** IPv4 and IPv6 only: what is replicated to the HA partner. */
  repStrategy?: LbValue<RepStrategy>;
  crossPort?: LbValue<number>;
  portType?: LbValue<string>;
  protocol?: LbValue<string>;
  servers: LbServer[];
  /** The port field of the `port add` that defined it. */
  loc: Loc;
  order: number;
}

export interface LbCluster {
  /** As named in the configuration (address or host name). */
  id: string;
  /** The `address` option, or the id when it is an IP address. */
  address?: string;
  primaryHost?: LbValue<string>;
  proportions?: LbValue<[number, number, number, number]>;
  ports: LbPort[];
  /** Systems its servers are on, in order of first appearance. */
  targets: string[];
  /** The cluster field of the `cluster add`. */
  loc: Loc;
  order: number;
}

export interface LbHeartbeat {
  source: string;
  destination: string;
  loc: Loc;
  order: number;
}

export interface LbHa {
  /** `highavailability backup add`: high availability is configured. */
  backup?: Loc;
  role?: LbValue<'primary' | 'backup' | 'both'>;
  recovery?: LbValue<'auto' | 'manual'>;
  port?: LbValue<number>;
  heartbeats: LbHeartbeat[];
  reach: LbValue<string>[];
  /** `highavailability takeover [address]` in the configuration. */
  takeover?: { address?: string; loc: Loc };
  /** The partner machine (a load balancer of this estate). */
  partner?: { name: string; source: 'manifest' | 'heartbeat'; loc?: Loc };
  /** Every highavailability statement, in file order. */
  statements: { loc: Loc; order: number }[];
}

export interface LbManager {
  /** `manager start` (not stopped again): the manager runs and sets the servers' weights. */
  start?: Loc;
  /** `manager interval <seconds>`: how often the manager updates the weights (IBM's default: 2 seconds). */
  interval?: LbValue<number>;
  loc: Loc;
}

export interface LbAdvisor {
  name: string;
  port?: number;
  cluster?: string;
  loc: Loc;
}

/** One address aliased on this machine in some HA state. */
export interface LbAlias {
  address: string;
  interface?: string;
  kind: 'loopback' | 'adapter' | 'unknown';
  /** What put it there: a go script, or `executor configure` / `cluster configure`. */
  via: 'goInOp' | 'goActive' | 'goStandby' | 'goIdle' | 'highavailChange' | 'configure';
  /** The command runs only under a condition. */
  conditional: boolean;
  loc: Loc;
}

/** What the model builder found dscontrol would refuse or mishandle (reported by the load-balancer rules). */
export interface LbRejection {
  ruleId: RuleId;
  message: string;
  loc: Loc;
  related?: { loc: Loc; message: string }[];
  /** The one certain fix, when there is one (reported with the finding). */
  fix?: Fix;
}

export interface LbGoScript {
  name: string;
  file: string;
  /** Its first line. */
  loc: Loc;
  /** Files it sources that were read. */
  sources: string[];
}

export interface ExternalLb {
  name: string;
  nameSource: 'manifest' | 'file-name';
  /** The dscontrol configuration. */
  config: string;
  productLine: LbProductLine;
  /** Where the configuration first shows its product line. */
  productLineLoc?: Loc;
  executor: LbExecutor;
  clusters: LbCluster[];
  manager?: LbManager;
  advisors: LbAdvisor[];
  ha?: LbHa;
  scripts: LbGoScript[];
  /** Per HA state, which addresses are aliased on which interface of this machine. */
  aliases: Record<HaState, LbAlias[]>;
  /** cluster / port / server statements that took effect, in file order (for statement-order checks). */
  definitions: { loc: Loc; order: number }[];
  rejections: LbRejection[];
  /** Commands on a cluster or port whose `add` dscontrol refuses: they fail with it (./dependents.ts). */
  dependents?: Dependent[];
  /** Start of the configuration file. */
  loc: Loc;
}
