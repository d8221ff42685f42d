/**
 * The TCP/IP profile AST: what the profile parser and the statement builders produce, and what
 * the profile front end (INCLUDE expansion) hands on to the model builder.
 *
 * Every node carries the Loc it came from. Words keep both the text as written
 * (`raw`) and the folded, symbol-resolved text the stack would see (`text`).
 * A statement the stack would not apply is still present, with `ignored` saying
 * why (a syntax error earlier in its VIPADYNAMIC block, an unterminated block, …).
 */
import type { Loc } from '../../src/core/loc.js';
import type { IpAddress, Subnet } from '../../src/core/ip.js';

export interface Word {
  /** Upper-cased, symbol-resolved text (IBM folds lower case to upper case). */
  text: string;
  /** As written in the file. */
  raw: string;
  loc: Loc;
  /** Contains a system symbol that could not be resolved. */
  symbolic?: boolean;
}

export interface IgnoredBy {
  reason: string;
  /** Where the cause is (the syntax error, the unterminated block, …). */
  cause: Loc;
}

interface StatementBase {
  /** The whole statement. */
  loc: Loc;
  /** The statement name as written. */
  keyword: Word;
  ignored?: IgnoredBy;
}

/** A keyword option with its values, e.g. DYNAMICXCF 10.1.1.1 255.255.255.0 1. */
export interface OptionNode {
  /** Full keyword, e.g. "DYNAMICXCF". */
  name: string;
  keyword: Word;
  values: Word[];
  loc: Loc;
}

export interface DynamicXcf {
  address?: IpAddress;
  /** From "/bits" or the dotted mask. */
  prefix?: number;
  cost?: number;
  interfaceId?: string;
  loc: Loc;
  addressWord?: Word;
}

export interface IpConfigStatement extends StatementBase {
  kind: 'ipconfig';
  version: 4 | 6;
  options: OptionNode[];
  dynamicXcf?: DynamicXcf;
  /** Last of SYSPLEXROUTING / NOSYSPLEXROUTING wins. */
  sysplexRouting?: { enabled: boolean; loc: Loc };
  sourceVipa?: { enabled: boolean; loc: Loc };
}

export interface DeviceStatement extends StatementBase {
  kind: 'device';
  name: Word;
  /** MPCIPA, VIRTUAL, CTC, MPCPTP, CLAW, LCS, … (full name). */
  type: string;
  typeWord: Word;
  operands: Word[];
}

export interface LinkStatement extends StatementBase {
  kind: 'link';
  name: Word;
  /** IPAQENET, IPAQIDIO, VIRTUAL, CTC, MPCPTP, IP (CLAW), ETHERNET, … */
  type: string;
  typeWord: Word;
  /** The device the link is defined on. */
  device?: Word;
  operands: Word[];
  options: OptionNode[];
}

export interface InterfaceStatement extends StatementBase {
  kind: 'interface';
  name: Word;
  action: 'define' | 'addaddr' | 'deladdr' | 'delete' | 'modify';
  /** IPAQENET, IPAQENET6, IPAQIDIO, IPAQIDIO6, VIRTUAL, VIRTUAL6, … */
  type?: string;
  typeWord?: Word;
  /** IPADDR (IPv4 with /len for OSA and HiperSockets, bare for VIRTUAL) or ADDADDR/DELADDR. */
  addresses: { address: IpAddress; prefix?: number; word: Word }[];
  /** IPADDR / ADDADDR values with a system symbol that has no value: addresses plexlint cannot read. */
  symbolicAddresses?: Word[];
  portName?: Word;
  options: OptionNode[];
}

export interface HomeEntry {
  address?: IpAddress;
  addressWord: Word;
  link?: Word;
  loc: Loc;
  ignored?: IgnoredBy;
}

export interface HomeStatement extends StatementBase {
  kind: 'home';
  entries: HomeEntry[];
}

export interface NameStatement extends StatementBase {
  kind: 'primaryinterface' | 'start' | 'stop';
  name: Word;
}

export interface IncludeStatement extends StatementBase {
  kind: 'include';
  /** Data set name as the stack would open it, e.g. USER.TCPPARMS(VIPADIST). */
  dataset: Word;
  /** The included profile, when it could be resolved and read. */
  included?: ProfileAst;
}

export interface PortEntry {
  port?: number;
  portWord: Word;
  protocol?: 'TCP' | 'UDP';
  protocolWord?: Word;
  job?: Word;
  options: OptionNode[];
  /** BIND address, when coded. */
  bind?: IpAddress;
  loc: Loc;
  ignored?: IgnoredBy;
}

export interface PortStatement extends StatementBase {
  kind: 'port';
  entries: PortEntry[];
}

export interface RouteEntry extends StatementBase {
  kind: 'route';
  /** undefined for ROUTE DEFAULT and DEFAULT6. */
  destination?: Subnet;
  isDefault: boolean;
  /** ROUTE DEFAULT6: the IPv6 default route. */
  ipv6?: true;
  /** undefined for '=' (directly attached). */
  firstHop?: IpAddress;
  link?: Word;
  mtu?: number;
  options: OptionNode[];
}

export interface RoutesBlock extends StatementBase {
  kind: 'routes';
  routes: RouteEntry[];
  end?: Loc;
}

export type Moveable = 'IMMEDIATE' | 'WHENIDLE' | 'NONDISRUPTIVE' | 'DISRUPTIVE';

export interface DvipaAddress {
  address: IpAddress;
  /** IPv6 DVIPAs may carry a prefix length. */
  prefix?: number;
  word: Word;
}

export interface VipaDefineStatement extends StatementBase {
  kind: 'vipadefine' | 'vipabackup';
  /** VIPABACKUP rank (default 1). */
  rank?: number;
  rankWord?: Word;
  tier?: 'TIER1' | 'TIER2';
  cpcScope?: Loc;
  moveable?: Moveable;
  /** True when the statement codes MOVEABLE and a mask (the long form). */
  longForm: boolean;
  serviceMgr?: Loc;
  /** IPv4 address mask (prefix length). */
  prefix?: number;
  maskWord?: Word;
  interfaceName?: Word;
  addresses: DvipaAddress[];
  options: Word[];
}

export interface VipaDeleteStatement extends StatementBase {
  kind: 'vipadelete';
  addresses: DvipaAddress[];
  interfaceName?: Word;
}

export interface VipaRangeStatement extends StatementBase {
  kind: 'viparange';
  action: 'define' | 'delete';
  moveable?: Moveable;
  range?: Subnet;
  interfaceName?: Word;
  saf?: Word;
  zcx?: Loc;
  options: Word[];
}

export interface VipaRouteStatement extends StatementBase {
  kind: 'viparoute';
  action: 'define' | 'delete';
  /** The target's dynamic XCF address (undefined for DEFAULT). */
  dynamicXcf?: IpAddress;
  isDefault: boolean;
  target?: IpAddress;
  values: Word[];
}

export interface VipaSmparmsStatement extends StatementBase {
  kind: 'vipasmparms';
  options: OptionNode[];
}

export type DistMethod = 'BASEWLM' | 'SERVERWLM' | 'ROUNDROBIN' | 'WEIGHTEDACTIVE' | 'HOTSTANDBY' | 'TARGCONTROLLED';

export interface PortRange {
  from: number;
  to: number;
  word: Word;
}

export interface Destination {
  address?: IpAddress;
  word: Word;
  weight?: { value: number; loc: Loc; word: Word };
  preferred?: Loc;
  backup?: { rank: number; loc: Loc; word: Word };
  loc: Loc;
}

export interface DistOption {
  /** Full keyword. */
  name: string;
  keyword: Word;
  value?: Word;
  loc: Loc;
}

export interface VipaDistributeStatement extends StatementBase {
  kind: 'vipadistribute';
  action: 'define' | 'delete';
  method: DistMethod;
  /** Where DISTMETHOD was coded (undefined when defaulted to BASEWLM). */
  methodLoc?: Loc;
  /** undefined: NOOPTLOCAL (the default). */
  optLocal?: { value: number; loc: Loc; valueLoc?: Loc };
  sysplexPorts?: Loc;
  timedAffinity?: { seconds: number; loc: Loc };
  tier?: { tier: 'TIER1' | 'TIER2'; group: string; loc: Loc };
  gre?: Loc;
  encap?: Loc;
  controlPort?: { port: number; loc: Loc };
  autoSwitchBack?: { enabled: boolean; loc: Loc };
  healthSwitch?: { enabled: boolean; loc: Loc };
  procType?: { cp?: number; zaap?: number; ziip?: number; loc: Loc };
  procXCost?: { zaap?: number; ziip?: number; loc: Loc };
  ilWeighting?: { value: number; loc: Loc };
  /** Every option as coded, in order (for order/duplicate checks and the HOTSTANDBY-only keyword rule). */
  options: DistOption[];
  address?: IpAddress;
  /** IPv6 DVIPAs are named by their interface. */
  interfaceName?: Word;
  addressWord?: Word;
  /** Empty: all ports ("dynamic ports"). */
  ports: PortRange[];
  portKeyword?: Loc;
  destipAll?: Loc;
  destinations: Destination[];
}

export type VipaStatement =
  | VipaDefineStatement
  | VipaDeleteStatement
  | VipaRangeStatement
  | VipaRouteStatement
  | VipaSmparmsStatement
  | VipaDistributeStatement;

export interface VipaDynamicBlock extends StatementBase {
  kind: 'vipadynamic';
  statements: VipaStatement[];
  end?: Loc;
}

export interface GenericStatement extends StatementBase {
  kind: 'generic';
  /** Full statement name, e.g. TCPCONFIG. */
  name: string;
  operands: Word[];
  /** END keyword of a block statement (AUTOLOG … ENDAUTOLOG). */
  end?: Loc;
  isBlock: boolean;
}

export interface UnknownStatement extends StatementBase {
  kind: 'unknown';
  operands: Word[];
}

export type Statement =
  | IpConfigStatement
  | DeviceStatement
  | LinkStatement
  | InterfaceStatement
  | HomeStatement
  | NameStatement
  | IncludeStatement
  | PortStatement
  | RouteEntry
  | RoutesBlock
  | VipaDynamicBlock
  | VipaStatement
  | GenericStatement
  | UnknownStatement;

export interface ProfileAst {
  file: string;
  statements: Statement[];
}
