/**
 * Dynamic routing of one stack: its OMPROUTE configuration, and the answer to
 * "which of this stack's addresses does OMPROUTE advertise, how, and why".
 * Built by ./build/routing.ts from the OMPROUTE AST and the stack's model; part of
 * the `plexlint compile` contract (docs/model.md, "Routing").
 */
import type { Loc } from '../core/loc.js';

/** The IPv4 interface definition statements of OMPROUTE. */
export type RoutingStatement = 'OSPF_Interface' | 'RIP_Interface' | 'Interface';

export interface RoutingInterface {
  statement: RoutingStatement;
  /** IP_Address as coded (after system symbols): dotted decimal, octets may be `*`. */
  address: string;
  wildcard: boolean;
  name?: string;
  subnetMask?: string;
  prefix?: number;
  destination?: string;
  mtu?: number;
  /** OSPF_Interface: Attaches_To_Area (default 0.0.0.0). */
  area?: string;
  /** OSPF_Interface: Cost0 (default 1). */
  cost?: number;
  /** OSPF_Interface: Advertise_VIPA_Routes (default HOST_AND_SUBNET). */
  advertiseVipaRoutes?: 'HOST_AND_SUBNET' | 'HOST_ONLY';
  loc: Loc;
  addressLoc: Loc;
  nameLoc?: Loc;
  maskLoc?: Loc;
  /** Position in the file. */
  order: number;
}

export interface RoutingConfig {
  /** The OMPROUTE configuration file. */
  file: string;
  /** `manifest`: systems.<name>.omproute; `file-name`: the file is named after the system. */
  attachedBy: 'manifest' | 'file-name';
  /** GLOBAL_OPTIONS Ignore_Undefined_Interfaces (default NO). */
  ignoreUndefinedInterfaces: boolean;
  ignoreUndefinedLoc?: Loc;
  /** The router ID in effect: the last RouterID (OSPF statement or stand-alone) in the file. */
  routerId?: { address: string; loc: Loc; statement: 'OSPF' | 'RouterID' };
  /** The router ID in effect is coded with a system symbol that has no value: there is one, plexlint cannot read it. */
  routerIdUnresolved?: Loc;
  areas: { number: string; stub: boolean; loc: Loc }[];
  /** IPv4 interface definitions, in file order. */
  interfaces: RoutingInterface[];
  ipv6Interfaces: { statement: string; name: string; loc: Loc }[];
  /**
   * OSPF RANGE statements: address ranges of an area, which an area border router summarises (Advertise=YES, the
   * default) or hides (Advertise=NO) toward the other areas (RFC 2328 §3.5). They define no interface.
   */
  ospfRanges: OspfRange[];
  /** AS_Boundary_Routing: routes OSPF imports as AS external routes. */
  asBoundaryRouting?: { importDirectRoutes: boolean; importStaticRoutes: boolean; importRipRoutes: boolean; loc: Loc };
  /** Protocols enabled: at least one interface of the kind is defined (IP Configuration Guide, "Using RIP, IPv6 RIP, OSPF, and IPv6 OSPF with OMPROUTE"). */
  protocols: { ospf: boolean; rip: boolean; ipv6Ospf: boolean; ipv6Rip: boolean };
  /** INCLUDE statements plexlint does not follow: definitions may be missing from `interfaces`. */
  includes: { name: string; loc: Loc }[];
  /** Statements left out because OMPROUTE would not accept them (each ends OMPROUTE: EZZ7830I). */
  rejectedStatements: number;
}

export interface OspfRange {
  /** Area_Number (default 0.0.0.0). */
  area: string;
  /** IP_Address as coded. */
  address: string;
  prefix: number;
  subnetMask: string;
  /** Advertise (default YES). */
  advertise: boolean;
  loc: Loc;
  keywordLoc: Loc;
  addressLoc: Loc;
}

/** How the stack holds an address, as far as dynamic routing is concerned. */
export type RoutedRole =
  | 'real'
  | 'static-vipa'
  | 'loopback'
  | 'dynamic-xcf'
  /** VIPADEFINE: held while this stack owns it. */
  | 'dvipa'
  /** VIPABACKUP: held only after this stack takes it over. */
  | 'dvipa-backup'
  /** A VIPARANGE subnet: its DVIPAs exist once an application binds to or requests one. */
  | 'dvipa-range'
  /** A distributed DVIPA this stack is a target of: held internally, advertised only by the distributor. */
  | 'distribution-target'
  /** A HOME entry on a link plexlint cannot classify. */
  | 'unknown';

export interface RoutedAddress {
  /** IPv4 address, or the VIPARANGE subnet `a.b.c.d/len`. */
  address: string;
  role: RoutedRole;
  /** How the profile defines it: `INTERFACE OSAQDIO1`, `HOME (link VIPL1)`, `VIPABACKUP rank 100`, … */
  what: string;
  /** The profile's prefix length (INTERFACE IPADDR a/len, DYNAMICXCF mask, VIPADEFINE/VIPABACKUP mask). */
  prefix?: number;
  /** Interface or link name on the stack (real interfaces and static VIPAs). */
  interfaceName?: string;
  /** Where the profile defines it. */
  loc: Loc;
  /** The OMPROUTE definition that configures it. */
  definition?: { statement: RoutingStatement; loc: Loc; match: 'exact' | 'wildcard' | 'range'; name?: string; prefix?: number };
  /** Whether OMPROUTE advertises it (for a DVIPA: whenever this stack holds it). */
  advertised: boolean;
  /** How: the protocol, and host (/32) and/or subnet routes. */
  via?: { protocol: 'OSPF' | 'OSPF external' | 'RIP'; routes: ('host' | 'subnet')[]; subnet?: string };
  /** When this stack holds the address. */
  when: 'always' | 'while-owner' | 'after-takeover' | 'when-activated';
  /** Why it is or is not advertised, naming the statement that decides. */
  why: string;
  /** No definition and Ignore_Undefined_Interfaces=NO: OMPROUTE overrides the stack's mask and MTU with these defaults. */
  defaults?: { mask: string; mtu: number };
  /**
   * An OSPF RANGE of the area the address is advertised in contains it: on an area border router the other areas
   * learn the range (`summarised`) or nothing of it (`hidden`, Advertise=NO) instead of this route.
   */
  range?: { loc: Loc; area: string; subnet: string; effect: 'summarised' | 'hidden' };
}

/**
 * An IPv6 dynamic VIPA of the stack. IBM ("Using RIP, IPv6 RIP, OSPF, and IPv6 OSPF with OMPROUTE"): an IPv6
 * interface that takes part in neither IPv6 OSPF nor IPv6 RIP and needs no extra prefixes need not be configured
 * to OMPROUTE at all — it learns the interface from the stack and uses default values; and a protocol with no
 * interface of its kind defined is disabled.
 */
export interface RoutedAddress6 {
  address: string;
  role: 'dvipa' | 'dvipa-backup' | 'dvipa-range';
  what: string;
  /** The interface name the profile gives the IPv6 DVIPA (IPv6 VIPADEFINE / VIPABACKUP). */
  interfaceName?: string;
  loc: Loc;
  when: RoutedAddress['when'];
  /** The IPv6_OSPF_Interface, IPv6_RIP_Interface or IPv6_Interface whose Name is the DVIPA's interface name. */
  definition?: { statement: string; loc: Loc; name: string };
  /** false: neither IPv6 protocol runs, so OMPROUTE advertises no IPv6 route; absent: IBM does not say. */
  advertised?: boolean;
  why: string;
}

export interface SystemRouting {
  config: RoutingConfig;
  /** The stack's IPv4 addresses, in profile order, with what OMPROUTE does with each. */
  addresses: RoutedAddress[];
  /** The stack's IPv6 dynamic VIPAs (VIPADEFINE, VIPABACKUP, VIPARANGE), in profile order. */
  ipv6Dvipas: RoutedAddress6[];
}
