/**
 * Which OMPROUTE definition configures an address: shared by the model builder
 * (./build/routing.ts), the routing rules and the simulator.
 *
 * IBM (IP Configuration Reference, OSPF_INTERFACE statement): IP_Address may use
 * `*` wildcards, and every configured interface whose address fits is configured
 * by it. IP Configuration Guide, "IPv4 considerations for OMPROUTE": for dynamic
 * VIPAs only, a definition whose IP_Address is the subnet number of its
 * Subnet_Mask covers the whole range. An exact definition wins over a range, a
 * range over a wildcard [inferred: IBM documents no precedence].
 */
import { parseIpv4, prefixMask, SubnetTable, type IpAddress } from '../core/ip.js';
import type { Loc } from '../core/loc.js';
import type { RoutedAddress, RoutedRole, RoutingConfig, RoutingInterface } from './routing.js';

/** The class mask OMPROUTE gives an undefined interface (GLOBAL_OPTIONS: A 255.0.0.0, B 255.255.0.0, C 255.255.255.0). */
export function classMask(ip: IpAddress): string {
  const first = Number(ip.value >> 24n);
  if (first < 128) return '255.0.0.0';
  if (first < 192) return '255.255.0.0';
  return '255.255.255.0';
}

/** `9.67.*.*` matches 9.67.1.2. */
export function wildcardMatches(pattern: string, ip: IpAddress): boolean {
  const octets = ip.text.split('.');
  const parts = pattern.split('.');
  return parts.length === 4 && parts.every((p, i) => p === '*' || (parseIpv4(`${p}.0.0.0`) !== undefined && Number(p) === Number(octets[i])));
}

/** A definition written as a DVIPA range: IP_Address is the subnet number of its Subnet_Mask. */
export function isRangeDefinition(def: RoutingInterface): boolean {
  if (def.wildcard || def.prefix === undefined || def.prefix >= 32) return false;
  const ip = parseIpv4(def.address);
  return ip !== undefined && (ip.value & prefixMask(4, def.prefix)) === ip.value;
}

const DVIPA_ROLES: ReadonlySet<RoutedRole> = new Set(['dvipa', 'dvipa-backup', 'dvipa-range', 'distribution-target']);

/**
 * How one definition covers an address (`dvipa`: the address is a dynamic VIPA,
 * so range definitions apply): IBM's example range 10.138.165.80/28 covers .81 to
 * .94, the host addresses of the subnet.
 */
export function definitionMatch(d: RoutingInterface, ip: IpAddress, dvipa: boolean): 'exact' | 'range' | 'wildcard' | undefined {
  if (d.wildcard) return wildcardMatches(d.address, ip) ? 'wildcard' : undefined;
  const own = parseIpv4(d.address);
  if (!own) return undefined;
  if (own.value === ip.value) return 'exact';
  if (!dvipa || !isRangeDefinition(d)) return undefined;
  const mask = prefixMask(4, d.prefix!);
  const broadcast = own.value | (~mask & 0xffffffffn);
  return (ip.value & mask) === own.value && ip.value !== broadcast ? 'range' : undefined;
}

/** A configuration's definitions, parsed once (a stack has hundreds of addresses to match). */
interface DefinitionIndex {
  exact: Map<bigint, RoutingInterface>;
  /** Range definitions by the subnets they cover: longest mask first, then in the order written. */
  ranges: SubnetTable<{ d: RoutingInterface; net: bigint; broadcast: bigint }>;
  wildcards: RoutingInterface[];
}

const indexes = new WeakMap<RoutingConfig, DefinitionIndex>();

function indexOf(config: RoutingConfig): DefinitionIndex {
  let ix = indexes.get(config);
  if (ix) return ix;
  ix = { exact: new Map(), ranges: new SubnetTable(), wildcards: [] };
  for (const d of config.interfaces) {
    if (d.wildcard) {
      ix.wildcards.push(d);
      continue;
    }
    const ip = parseIpv4(d.address);
    if (!ip) continue;
    if (!ix.exact.has(ip.value)) ix.exact.set(ip.value, d);
    if (isRangeDefinition(d)) {
      const mask = prefixMask(4, d.prefix!);
      ix.ranges.add({ address: ip, prefix: d.prefix! }, { d, net: ip.value, broadcast: ip.value | (~mask & 0xffffffffn) });
    }
  }
  // Fewest `*` first.
  ix.wildcards.sort((a, b) => stars(a.address) - stars(b.address));
  indexes.set(config, ix);
  return ix;
}

/**
 * The definition that configures an address (or, for a VIPARANGE `a.b.c.d/len`, the
 * whole range): exact first, then a range (longest mask), then a wildcard (fewest `*`).
 * A VIPARANGE is covered by a range at least as wide, or a wildcard that leaves its
 * free octets to `*`.
 */
export function findDefinition(config: RoutingConfig, address: string, role: RoutedRole): RoutedAddress['definition'] | undefined {
  const found = findDefiningInterface(config, address, role);
  return found && definitionOf(found);
}

/** The model's record of a definition found. */
export function definitionOf({ interface: d, match }: { interface: RoutingInterface; match: 'exact' | 'wildcard' | 'range' }): NonNullable<RoutedAddress['definition']> {
  const out: NonNullable<RoutedAddress['definition']> = { statement: d.statement, loc: d.loc, match };
  if (d.name !== undefined) out.name = d.name;
  if (d.prefix !== undefined) out.prefix = d.prefix;
  return out;
}

/** The definition statement itself that configures an address, and how it matches (see findDefinition). */
export function findDefiningInterface(config: RoutingConfig, address: string, role: RoutedRole): { interface: RoutingInterface; match: 'exact' | 'wildcard' | 'range' } | undefined {
  const range = role === 'dvipa-range' ? parseRange(address) : undefined;
  const ip = range ? range.address : parseIpv4(address);
  if (!ip) return undefined;
  const ix = indexOf(config);
  const exact = range ? undefined : ix.exact.get(ip.value);
  if (exact) return { interface: exact, match: 'exact' };
  if (DVIPA_ROLES.has(role)) {
    for (const x of ix.ranges.containing(ip)) {
      if (range ? x.d.prefix! <= range.prefix : ip.value !== x.broadcast && ip.value !== x.net) return { interface: x.d, match: 'range' };
    }
  }
  const w = ix.wildcards.find((d) => wildcardMatches(d.address, ip) && (!range || wildcardCoversRange(d.address, range)));
  return w ? { interface: w, match: 'wildcard' } : undefined;
}

function stars(pattern: string): number {
  return pattern.split('*').length - 1;
}

function parseRange(text: string): { address: IpAddress; prefix: number } | undefined {
  const [a, len] = text.split('/');
  const address = parseIpv4(a ?? '');
  return address && len !== undefined ? { address, prefix: Number(len) } : undefined;
}

/** A wildcard covers a whole range when every octet the range leaves free is `*`. */
function wildcardCoversRange(pattern: string, range: { address: IpAddress; prefix: number }): boolean {
  const fixedOctets = Math.floor(range.prefix / 8);
  return pattern.split('.').every((p, i) => i < fixedOctets || p === '*');
}

/** Two locations are the same place (objects from two compilations compare equal). */
export function sameLoc(a: Loc | undefined, b: Loc | undefined): boolean {
  return !!a && !!b && a.file === b.file && a.line === b.line && a.column === b.column;
}
