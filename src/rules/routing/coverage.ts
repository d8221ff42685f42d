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
import { isRangeDefinition } from '../../model/routing-match.js';
import type { OspfRange, RoutedAddress, RoutingConfig, RoutingInterface } from '../../model/routing.js';
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

/** A candidate near miss: its kind, the statement, and the corrected text of the token. */
interface Candidate {
  kind: NearMissKind;
  def?: RoutingInterface;
  range?: OspfRange;
  order: number;
  text?: string;
}

/**
 * The configuration's definitions indexed by what a near miss of each kind looks up, so that finding the near miss
 * of one DVIPA costs a look-up per mask length, not a pass over every definition (a stack has hundreds of DVIPAs,
 * a configuration hundreds of definitions).
 */
class NearMissIndex {
  /** Definitions with a mask whose IP_Address is a host address (no range), by `prefix|subnet`. */
  private readonly hostAddress = new Map<string, RoutingInterface[]>();
  private readonly hostPrefixes = new Set<number>();
  /** Range definitions by their subnet number. */
  private readonly ranges = new Map<bigint, RoutingInterface[]>();
  /** RANGE statements by `prefix|subnet`. */
  private readonly rangeStatements = new Map<string, OspfRange[]>();
  private readonly rangeStatementPrefixes = new Set<number>();
  /** Definitions that cover no address of the stack, by `prefix|subnet` (prefix 32 for one without a mask). */
  private readonly unused = new Map<string, RoutingInterface[]>();
  private readonly unusedPrefixes = new Set<number>();

  constructor(config: RoutingConfig, used: ReadonlySet<RoutingInterface>) {
    const push = <T>(m: Map<string | bigint, T[]>, k: string | bigint, v: T): void => {
      const list = m.get(k);
      if (list) list.push(v);
      else m.set(k, [v]);
    };
    for (const d of config.interfaces) {
      if (d.wildcard) continue;
      const own = parseIpv4(d.address);
      if (!own) continue;
      const p = d.prefix;
      if (p !== undefined && p < 32 && !isRangeDefinition(d)) {
        push(this.hostAddress, `${p}|${own.value & mask(p)}`, d);
        this.hostPrefixes.add(p);
      }
      if (p !== undefined && isRangeDefinition(d)) push(this.ranges, own.value, d);
      if (!used.has(d)) {
        const p0 = p ?? 32;
        if (p0 === 32 || (own.value & mask(p0)) === own.value) {
          push(this.unused, `${p0}|${own.value & mask(p0)}`, d);
          this.unusedPrefixes.add(p0);
        }
      }
    }
    for (const r of config.ospfRanges) {
      push(this.rangeStatements, `${r.prefix}|${parseIpv4(r.address)!.value & mask(r.prefix)}`, r);
      this.rangeStatementPrefixes.add(r.prefix);
    }
  }

  /** The near miss of a DVIPA (or VIPARANGE subnet): the best kind (host address, mask, RANGE, neighbour), first in file order. */
  best(t: Target): Candidate | undefined {
    return this.hostAddressMiss(t) ?? this.maskMiss(t) ?? this.rangeStatementMiss(t) ?? this.neighbourMiss(t);
  }

  private hostAddressMiss(t: Target): Candidate | undefined {
    let best: Candidate | undefined;
    for (const p of this.hostPrefixes) {
      if (t.prefix < p) continue;
      const net = t.net & mask(p);
      for (const d of this.hostAddress.get(`${p}|${net}`) ?? []) {
        if (inside(t, net, p) && (!best || d.order < best.order)) best = { kind: 'host-address', def: d, order: d.order, text: ipv4Text(net) };
      }
    }
    return best;
  }

  /** A range definition whose mask is too narrow: its subnet number is the DVIPA's subnet at a mask at most 8 bits wider. */
  private maskMiss(t: Target): Candidate | undefined {
    let best: Candidate | undefined;
    for (let q = Math.min(31, t.prefix); q >= 8; q--) {
      const net = t.net & mask(q);
      for (const d of this.ranges.get(net) ?? []) {
        // The widest mask needed, at most 8 bits wider than coded (a mask much wider is another design, not a slip).
        if (d.prefix! <= q || d.prefix! - q > 8 || !inside(t, net, q)) continue;
        if (!best || d.order < best.order) best = { kind: 'mask', def: d, order: d.order, text: prefixToMaskText(q) };
      }
      if (best) return best;
    }
    return best;
  }

  private rangeStatementMiss(t: Target): Candidate | undefined {
    let best: Candidate | undefined;
    for (const p of this.rangeStatementPrefixes) {
      if (t.prefix < p) continue;
      for (const r of this.rangeStatements.get(`${p}|${t.net & mask(p)}`) ?? []) {
        const order = r.loc.line;
        if (!best || order < best.order) best = { kind: 'range-statement', range: r, order };
      }
    }
    return best;
  }

  private neighbourMiss(t: Target): Candidate | undefined {
    let best: Candidate | undefined;
    for (const p0 of this.unusedPrefixes) {
      if (t.prefix < p0) continue;
      const theirs = t.net & mask(p0);
      const step = 1n << BigInt(32 - p0);
      for (const next of [theirs - step, theirs + step]) {
        for (const d of this.unused.get(`${p0}|${next}`) ?? []) if (!best || d.order < best.order) best = { kind: 'neighbour', def: d, order: d.order, text: ipv4Text(theirs) };
      }
    }
    return best;
  }
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
  // The definitions that cover some address of the stack (found by location: one map, not a scan per address).
  const byLoc = new Map(config.interfaces.map((d) => [locKey(d.loc), d]));
  const used = new Set<RoutingInterface>();
  for (const a of r.routing.addresses) {
    const d = a.definition && byLoc.get(locKey(a.definition.loc));
    if (d) used.add(d);
  }
  const index = new NearMissIndex(config, used);
  const byAnchor = new Map<RoutingInterface | OspfRange, NearMiss>();
  for (const a of uncovered) {
    const t = targetOf(a);
    const c = t && index.best(t);
    if (!c) {
      out.uncovered.push(a);
      continue;
    }
    const key = (c.def ?? c.range)!;
    const anchor = c.range ? c.range.keywordLoc : c.kind === 'mask' ? (c.def!.maskLoc ?? c.def!.addressLoc) : c.def!.addressLoc;
    const prev = byAnchor.get(key);
    if (!prev) {
      const miss: NearMiss = { kind: c.kind, anchor, addresses: [a] };
      if (c.def) miss.definition = c.def;
      if (c.range) miss.range = c.range;
      if (c.text) miss.corrected = { loc: anchor, text: c.text };
      byAnchor.set(key, miss);
      out.nearMisses.push(miss);
      continue;
    }
    prev.addresses.push(a);
    if (prev.kind === 'mask' && c.text && prev.corrected) {
      // The widest mask that covers every DVIPA of the group.
      if (maskBits(c.text) < maskBits(prev.corrected.text)) prev.corrected = { loc: anchor, text: c.text };
    } else if (prev.corrected && c.text !== prev.corrected.text) delete prev.corrected;
  }
  return out;
}

function locKey(l: Loc): string {
  return `${l.file}:${l.line}:${l.column}`;
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
