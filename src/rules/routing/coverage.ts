/**
 * Which dynamic VIPAs of a stack no OMPROUTE definition covers, and, for each, the
 * definition that nearly does — the one a finding belongs at, because that is the
 * line to correct (IP Configuration Guide, "IPv4 considerations for OMPROUTE"):
 *
 * - `host-address`: a definition with a subnet mask whose IP_Address lies in the
 *   subnet but is a host address, not the subnet number. IBM: "The IP address
 *   parameter must be the subnet number of the range that is being defined, not a
 *   host address within that range" — so it is no range, and covers its own address only;
 * - `mask`: a range definition (IP_Address the subnet number) whose mask is too narrow
 *   for the DVIPA, while a wider mask of the same subnet number would cover it;
 * - `range-statement`: an OSPF RANGE statement holds the DVIPA — RANGE summarises routes
 *   at an area border and defines no interface;
 * - `neighbour`: a definition that covers no address of the stack, for the subnet (or
 *   host) next to the DVIPA's at the same mask — a mistyped octet, by plexlint's reading.
 *
 * Shared by omproute-dvipa-not-covered (which reports them) and
 * omproute-definition-mismatch (which leaves a near miss to it: one cause, one finding).
 */
import { ipv4Text, parseCidr, parseIpv4, prefixMask, prefixToMaskText, type IpAddress } from '../../core/ip.js';
import type { Loc } from '../../core/loc.js';
import { isRangeDefinition, sameLoc } from '../../model/routing-match.js';
import type { OspfRange, RoutedAddress, RoutingInterface } from '../../model/routing.js';
import { complete, type Routed } from './common.js';

export type NearMissKind = 'host-address' | 'mask' | 'range-statement' | 'neighbour';

export interface NearMiss {
  kind: NearMissKind;
  /** The interface definition, or (range-statement) the RANGE statement. */
  definition?: RoutingInterface;
  range?: OspfRange;
  /** The token that is wrong: IP_Address or Subnet_Mask value, or the RANGE keyword. */
  anchor: Loc;
  /** The uncovered DVIPAs (or VIPARANGE subnets) it nearly covers, in profile order. */
  addresses: RoutedAddress[];
  /** The corrected token, when one edit would cover them all. */
  corrected?: { loc: Loc; text: string };
}

export interface Coverage {
  nearMisses: NearMiss[];
  /** Uncovered DVIPAs no definition nearly covers. */
  uncovered: RoutedAddress[];
}

const DVIPA_ROLES = new Set<RoutedAddress['role']>(['dvipa', 'dvipa-backup', 'dvipa-range']);
const ORDER: readonly NearMissKind[] = ['host-address', 'mask', 'range-statement', 'neighbour'];

/** What one DVIPA (host `ip/32`, or VIPARANGE `ip/len`) is, as numbers. */
interface Target {
  net: bigint;
  prefix: number;
}

function mask(prefix: number): bigint {
  return prefixMask(4, prefix);
}

function broadcast(net: bigint, prefix: number): bigint {
  return net | (~mask(prefix) & 0xffffffffn);
}

function targetOf(a: RoutedAddress): Target | undefined {
  if (a.role === 'dvipa-range') {
    const c = parseCidr(a.address);
    return c && c.address.version === 4 ? { net: c.address.value & mask(c.prefix), prefix: c.prefix } : undefined;
  }
  const ip = parseIpv4(a.address);
  return ip && { net: ip.value, prefix: 32 };
}

/** Whether the target lies inside net/prefix and, for a host, is one of its host addresses. */
function inside(t: Target, net: bigint, prefix: number): boolean {
  if (t.prefix < prefix) return false;
  if ((t.net & mask(prefix)) !== net) return false;
  return t.prefix < 32 || prefix >= 31 || (t.net !== net && t.net !== broadcast(net, prefix));
}

/** One near miss of a definition for one target, with the token's corrected text. */
function nearMissOf(d: RoutingInterface, t: Target, coversSomething: boolean): { kind: NearMissKind; text?: string } | undefined {
  if (d.wildcard) return undefined;
  const own = parseIpv4(d.address);
  if (!own) return undefined;
  const p = d.prefix;
  if (p !== undefined && p < 32 && !isRangeDefinition(d)) {
    const net = own.value & mask(p);
    if (inside(t, net, p)) return { kind: 'host-address', text: ipv4Text(net) };
  }
  if (p !== undefined && isRangeDefinition(d)) {
    // The widest mask needed, at most 8 bits wider than coded (a mask much wider is another design, not a slip).
    for (let q = p - 1; q >= Math.max(8, p - 8); q--) {
      if ((own.value & mask(q)) !== own.value) break;
      if (inside(t, own.value, q)) return { kind: 'mask', text: prefixToMaskText(q) };
    }
  }
  if (!coversSomething) {
    const p0 = p ?? 32;
    if (t.prefix >= p0) {
      const theirs = t.net & mask(p0);
      const mine = own.value & mask(p0);
      const step = 1n << BigInt(32 - p0);
      if (mine !== theirs && (mine - theirs === step || theirs - mine === step) && (p0 === 32 || mine === own.value)) return { kind: 'neighbour', text: ipv4Text(theirs) };
    }
  }
  return undefined;
}

function rangeStatementHolds(r: OspfRange, t: Target): boolean {
  const net = parseIpv4(r.address)!.value & mask(r.prefix);
  return t.prefix >= r.prefix && (t.net & mask(r.prefix)) === net;
}

const cache = new WeakMap<Routed['routing'], Coverage>();

/** The uncovered DVIPAs of a stack whose OMPROUTE configuration plexlint reads whole, and their near misses. */
export function dvipaCoverage(r: Routed): Coverage {
  const hit = cache.get(r.routing);
  if (hit) return hit;
  const out: Coverage = { nearMisses: [], uncovered: [] };
  cache.set(r.routing, out);
  const config = r.routing.config;
  if (!complete(config)) return out;
  const uncovered = r.routing.addresses.filter((a) => DVIPA_ROLES.has(a.role) && !a.definition);
  if (!uncovered.length) return out;
  const used = new Set<RoutingInterface>();
  for (const a of r.routing.addresses) {
    if (!a.definition) continue;
    const d = config.interfaces.find((x) => sameLoc(x.loc, a.definition!.loc));
    if (d) used.add(d);
  }
  const byAnchor = new Map<RoutingInterface | OspfRange, NearMiss>();
  for (const a of uncovered) {
    const t = targetOf(a);
    let best: { miss: Omit<NearMiss, 'addresses'>; key: RoutingInterface | OspfRange; text?: string } | undefined;
    const consider = (kind: NearMissKind, key: RoutingInterface | OspfRange, miss: Omit<NearMiss, 'addresses'>): boolean => {
      if (best && ORDER.indexOf(best.miss.kind) <= ORDER.indexOf(kind)) return false;
      best = { miss, key };
      return true;
    };
    if (t) {
      for (const d of config.interfaces) {
        const m = nearMissOf(d, t, used.has(d));
        if (!m) continue;
        const anchor = m.kind === 'mask' ? (d.maskLoc ?? d.addressLoc) : d.addressLoc;
        const miss: Omit<NearMiss, 'addresses'> = { kind: m.kind, definition: d, anchor };
        if (m.text) miss.corrected = { loc: anchor, text: m.text };
        consider(m.kind, d, miss);
      }
      for (const rs of config.ospfRanges) if (rangeStatementHolds(rs, t)) consider('range-statement', rs, { kind: 'range-statement', range: rs, anchor: rs.keywordLoc });
    }
    if (!best) {
      out.uncovered.push(a);
      continue;
    }
    const found = best as { miss: Omit<NearMiss, 'addresses'>; key: RoutingInterface | OspfRange };
    const prev = byAnchor.get(found.key);
    if (!prev) {
      const miss: NearMiss = { ...found.miss, addresses: [a] };
      byAnchor.set(found.key, miss);
      out.nearMisses.push(miss);
      continue;
    }
    prev.addresses.push(a);
    if (prev.kind === 'mask' && found.miss.corrected && prev.corrected) {
      // The widest mask that covers every DVIPA of the group.
      if (maskBits(found.miss.corrected.text) < maskBits(prev.corrected.text)) prev.corrected = found.miss.corrected;
    } else if (prev.corrected && found.miss.corrected?.text !== prev.corrected.text) delete prev.corrected;
  }
  return out;
}

function maskBits(text: string): number {
  const m = parseIpv4(text)!.value;
  let n = 0;
  for (let b = 31n; b >= 0n && (m >> b) & 1n; b--) n++;
  return n;
}

/** A range's first and last host address, for a message ("10.40.1.1 to 10.40.1.254"). */
export function hostSpan(net: IpAddress | bigint, prefix: number): string {
  const n = typeof net === 'bigint' ? net : net.value & mask(prefix);
  if (prefix >= 31) return `${ipv4Text(n)}/${prefix}`;
  return `${ipv4Text(n + 1n)} to ${ipv4Text(broadcast(n, prefix) - 1n)}`;
}
