/**
 * One TCP/IP stack as the stack itself would see its profile after processing:
 * what is defined, in which order, what was rejected and why. Built from the
 * profile AST(s) by ./build/stack.ts. Part of the `plexlint compile` contract
 * (docs/model.md).
 */
import type { Loc } from '../core/loc.js';
import type { RuleId } from '../core/diagnostic.js';
import type { Dependent } from './dependents.js';

/** How an address is owned by the stack; decides what dynamic routing advertises. */
export type AddressKind = 'real' | 'loopback' | 'static-vipa' | 'dynamic-xcf' | 'dvipa' | 'dvipa-backup';

export interface Device {
  name: string;
  type: string;
  loc: Loc;
  order: number;
}

export interface Link {
  name: string;
  type: string;
  device?: string;
  /** VIRTUAL links are static VIPAs. */
  kind: 'real' | 'static-vipa';
  loc: Loc;
  order: number;
}

export interface Interface {
  name: string;
  type: string;
  version: 4 | 6;
  kind: 'real' | 'static-vipa';
  addresses: { address: string; prefix?: number; loc: Loc }[];
  portName?: string;
  loc: Loc;
  order: number;
}

export interface HomeAddress {
  address: string;
  link: string;
  kind: 'real' | 'loopback' | 'static-vipa' | 'unknown';
  loc: Loc;
  order: number;
}

export interface DynamicXcfConfig {
  address: string;
  prefix?: number;
  cost?: number;
  loc: Loc;
}

export interface PortReservation {
  port: number;
  protocol: 'TCP' | 'UDP';
  job: string;
  shareport?: 'SHAREPORT' | 'SHAREPORTWLM';
  bind?: string;
  loc: Loc;
}

export interface StaticRoute {
  /** `a.b.c.d/len` (or an IPv6 prefix), or DEFAULT (IPv4) or DEFAULT6 (IPv6) for a default route. */
  destination: string;
  firstHop?: string;
  link: string;
  loc: Loc;
}

/** A DVIPA this stack defines (VIPADEFINE) or backs up (VIPABACKUP). */
export interface StackDvipa {
  address: string;
  version: 4 | 6;
  role: 'define' | 'backup';
  /** VIPABACKUP rank, 1–254 (default 1); higher ranks take over first. */
  rank?: number;
  prefix?: number;
  interfaceName?: string;
  moveable?: 'IMMEDIATE' | 'WHENIDLE';
  /** VIPABACKUP without MOVEABLE and mask: can only take over, never create. */
  shortForm?: boolean;
  tier?: 'TIER1' | 'TIER2';
  cpcScope: boolean;
  serviceMgr: boolean;
  loc: Loc;
  order: number;
}

export interface ViparangeDef {
  /** "a.b.c.d/len" */
  subnet: string;
  version: 4 | 6;
  moveable: 'NONDISRUPTIVE' | 'DISRUPTIVE';
  loc: Loc;
}

export interface ViparouteDef {
  /** Target dynamic XCF address, or "DEFAULT". */
  target: string;
  via: string;
  loc: Loc;
}

export type DistMethod = 'BASEWLM' | 'SERVERWLM' | 'ROUNDROBIN' | 'WEIGHTEDACTIVE' | 'HOTSTANDBY' | 'TARGCONTROLLED';

export interface DistributionTarget {
  /** The DESTIP address (a dynamic XCF address), or undefined for DESTIP ALL. */
  address?: string;
  /** WEIGHTEDACTIVE weight as coded. */
  weight?: number;
  weightLoc?: Loc;
  preferred?: boolean;
  backupRank?: number;
  loc: Loc;
}

/** A VIPADISTRIBUTE in effect on one stack. */
export interface DistributionDef {
  dvipa: string;
  version: 4 | 6;
  /** Empty: every port ("dynamic ports"). */
  ports: { from: number; to: number }[];
  method: DistMethod;
  methodLoc?: Loc;
  /** undefined: NOOPTLOCAL (the default). */
  optLocal?: number;
  optLocalLoc?: Loc;
  timedAffinity: number;
  sysplexPorts: boolean;
  tier?: { tier: 'TIER1' | 'TIER2'; group: string; loc: Loc };
  routing?: 'GRE' | 'ENCAP';
  controlPort?: number;
  controlPortLoc?: Loc;
  /** HOTSTANDBY: AUTOSWITCHBACK is the default. */
  autoSwitchBack: boolean;
  healthSwitch: boolean;
  destipAll: boolean;
  destipLoc?: Loc;
  targets: DistributionTarget[];
  /** A VIPADEFINE or VIPABACKUP of the DVIPA precedes it on this stack (IBM requires it). */
  dvipaDefined: boolean;
  loc: Loc;
  order: number;
}

export interface Reference {
  kind: 'device' | 'link' | 'interface' | 'link-or-interface';
  name: string;
  /** The statement that names it. */
  from: string;
  loc: Loc;
  status: 'ok' | 'undefined' | 'defined-later';
  definedAt?: Loc;
  /**
   * An undefined name with INCLUDEs before it whose members plexlint could not read (their names, where they are
   * coded): the definition may be in one of them, so plexlint cannot say the name is undefined.
   */
  unreadIncludes?: { dataset: string; loc: Loc }[];
}

/** Something the stack rejects while processing the profile (beyond syntax). */
export interface StackRejection {
  ruleId: RuleId;
  message: string;
  loc: Loc;
  related?: { loc: Loc; message: string }[];
}

/** Where an address plexlint cannot read (a system symbol without a value) is coded. */
export type UnresolvedAddressStatement = 'INTERFACE' | 'HOME' | 'IPCONFIG DYNAMICXCF' | 'IPCONFIG6 DYNAMICXCF';

export interface Stack {
  /**
   * What names a definition the stack rejects (a LINK of a rejected DEVICE, a HOME entry of such a LINK, …), with the
   * finding that gets the definition rejected; absent when there is none (./dependents.ts).
   */
  dependents?: Dependent[];
  /** Dynamic XCF addresses of IPCONFIG / IPCONFIG6 statements the stack rejects, with the finding that gets them rejected. */
  rejectedXcf?: { address: string; cause: Loc }[];
  devices: Device[];
  links: Link[];
  interfaces: Interface[];
  home: HomeAddress[];
  dynamicXcf: { v4?: DynamicXcfConfig; v6?: DynamicXcfConfig };
  sysplexRouting?: { enabled: boolean; loc: Loc };
  ports: PortReservation[];
  routes: StaticRoute[];
  primaryInterface?: { name: string; loc: Loc };
  dvipas: StackDvipa[];
  vipaRanges: ViparangeDef[];
  vipaRoutes: ViparouteDef[];
  distributions: DistributionDef[];
  references: Reference[];
  rejections: StackRejection[];
  /** The keyword of the first IPCONFIG and IPCONFIG6 statement, where fixes to them belong. */
  ipconfigLoc: { v4?: Loc; v6?: Loc };
  /** Every IPCONFIG/IPCONFIG6 keyword coded (last one wins), for rules and diff. */
  ipconfig: Record<string, { values: string[]; loc: Loc }>;
  /** Statements the stack would not apply, with where and why. */
  ignoredStatements: { loc: Loc; reason: string }[];
  /**
   * Own addresses plexlint cannot read because a system symbol in them has no value (INTERFACE IPADDR/ADDADDR,
   * HOME, IPCONFIG DYNAMICXCF): the stack has addresses the model does not list, so no rule may say an address is
   * not the stack's. Absent when there is none.
   */
  unresolvedAddresses?: { statement: UnresolvedAddressStatement; loc: Loc }[];
  /** Number of profile lines read (the profile and its includes). */
  lines: number;
}
