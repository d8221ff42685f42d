/**
 * IPv4 / IPv6 address arithmetic used by the front ends, the model and the
 * simulator. Addresses are normalised to a canonical text form so that
 * "9.67.240.02" (IBM's own HOTSTANDBY example writes leading zeros) and
 * "9.67.240.2" compare equal.
 */

export type IpVersion = 4 | 6;

export interface IpAddress {
  version: IpVersion;
  /** Canonical text: dotted decimal without leading zeros, or RFC 5952 IPv6. */
  text: string;
  /** Numeric value (IPv4 fits a number; IPv6 uses a bigint). */
  value: bigint;
}

/**
 * Dotted decimal, 1–3 digits per octet (leading zeros allowed, as in IBM's own examples). One pass over the
 * characters; text already in canonical form is kept as it is (no new string).
 */
export function parseIpv4(text: string): IpAddress | undefined {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  let canonical = true;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 46;
    if (c >= 48 && c <= 57) {
      // A second digit after a leading 0: "01" is written "1".
      if (digits === 1 && octet === 0) canonical = false;
      if (++digits > 3) return undefined;
      octet = octet * 10 + (c - 48);
    } else if (c === 46) {
      if (digits === 0 || octet > 255) return undefined;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      if (i < n && ++dots > 3) return undefined;
    } else return undefined;
  }
  if (dots !== 3) return undefined;
  return { version: 4, text: canonical ? text : `${Math.floor(value / 16777216)}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`, value: BigInt(value) };
}

export function parseIpv6(text: string): IpAddress | undefined {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || !text.includes(':')) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parseGroups = (s: string): number[] | undefined => {
    if (s === '') return [];
    const out: number[] = [];
    const groups = s.split(':');
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i]!;
      if (i === groups.length - 1 && g.includes('.')) {
        const v4 = parseIpv4(g);
        if (!v4) return undefined;
        const n = Number(v4.value);
        out.push((n >>> 16) & 0xffff, n & 0xffff);
      } else {
        if (!/^[0-9A-Fa-f]{1,4}$/.test(g)) return undefined;
        out.push(parseInt(g, 16));
      }
    }
    return out;
  };
  const head = parseGroups(halves[0]!);
  const tail = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  let groups: number[];
  if (halves.length === 2) {
    const fill = 8 - head.length - tail.length;
    if (fill < 1) return undefined;
    groups = [...head, ...new Array<number>(fill).fill(0), ...tail];
  } else {
    if (head.length !== 8) return undefined;
    groups = head;
  }
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(g);
  return { version: 6, text: formatIpv6(groups), value };
}

function formatIpv6(groups: number[]): string {
  // RFC 5952: compress the longest run (≥ 2) of zero groups, lower case.
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

export function parseIp(text: string): IpAddress | undefined {
  return text.includes(':') ? parseIpv6(text) : parseIpv4(text);
}

export function bits(version: IpVersion): number {
  return version === 4 ? 32 : 128;
}

/** Prefix length of a contiguous dotted mask, or undefined when not contiguous. */
export function maskToPrefix(mask: IpAddress): number | undefined {
  if (mask.version === 4) {
    // With numbers, not bigints: every IPv4 mask of a profile passes here.
    const v = Number(mask.value);
    let len = 0;
    let seenZero = false;
    for (let i = 31; i >= 0; i--) {
      if ((v >>> i) & 1) {
        if (seenZero) return undefined;
        len++;
      } else seenZero = true;
    }
    return len;
  }
  const width = bits(mask.version);
  let len = 0;
  let seenZero = false;
  for (let i = width - 1; i >= 0; i--) {
    const bit = (mask.value >> BigInt(i)) & 1n;
    if (bit === 1n) {
      if (seenZero) return undefined;
      len++;
    } else seenZero = true;
  }
  return len;
}

/** The masks of every prefix length, computed once (bigint arithmetic is slow on a hot path). */
const MASKS: Record<IpVersion, bigint[]> = {
  4: Array.from({ length: 33 }, (_, p) => computeMask(32, p)),
  6: Array.from({ length: 129 }, (_, p) => computeMask(128, p)),
};

function computeMask(width: number, prefix: number): bigint {
  if (prefix <= 0) return 0n;
  return ((1n << BigInt(prefix)) - 1n) << BigInt(width - prefix);
}

export function prefixMask(version: IpVersion, prefix: number): bigint {
  return MASKS[version][prefix] ?? computeMask(bits(version), prefix);
}

export function prefixToMaskText(prefix: number): string {
  const m = prefixMask(4, prefix);
  return [24n, 16n, 8n, 0n].map((s) => String((m >> s) & 255n)).join('.');
}

export interface Subnet {
  address: IpAddress;
  prefix: number;
}

export function subnetContains(net: Subnet, addr: IpAddress): boolean {
  if (net.address.version !== addr.version) return false;
  const m = prefixMask(net.address.version, net.prefix);
  return (net.address.value & m) === (addr.value & m);
}

export function subnetsOverlap(a: Subnet, b: Subnet): boolean {
  if (a.address.version !== b.address.version) return false;
  const p = Math.min(a.prefix, b.prefix);
  const m = prefixMask(a.address.version, p);
  return (a.address.value & m) === (b.address.value & m);
}

export function subnetText(net: Subnet): string {
  return `${net.address.text}/${net.prefix}`;
}

/** Parses "a.b.c.d/len" or an IPv6 "x::y/len". */
export function parseCidr(text: string): Subnet | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const address = parseIp(text.slice(0, slash));
  const lenText = text.slice(slash + 1);
  if (!address || !/^\d{1,3}$/.test(lenText)) return undefined;
  const prefix = Number(lenText);
  if (prefix > bits(address.version)) return undefined;
  return { address, prefix };
}

export function isLoopback(addr: IpAddress): boolean {
  return addr.version === 4 ? addr.value >> 24n === 127n : addr.value === 1n;
}

/**
 * Subnets found by the addresses they contain in one look-up per distinct prefix length (at most 33 for IPv4, 129
 * for IPv6) instead of a scan of every subnet: the addresses checked against a list of ranges would otherwise cost
 * addresses × ranges. Entries keep the order they were added in.
 */
export class SubnetTable<T> {
  /** version → prefix length → network value → entries, in the order added. */
  private readonly byPrefix = new Map<IpVersion, Map<number, Map<bigint, { item: T; order: number }[]>>>();
  /** Prefix lengths per version, longest first. */
  private readonly prefixes = new Map<IpVersion, number[]>();
  private added = 0;

  add(net: Subnet, item: T): void {
    const { version, value } = net.address;
    let lengths = this.byPrefix.get(version);
    if (!lengths) this.byPrefix.set(version, (lengths = new Map()));
    let nets = lengths.get(net.prefix);
    if (!nets) {
      lengths.set(net.prefix, (nets = new Map()));
      this.prefixes.set(version, [...lengths.keys()].sort((a, b) => b - a));
    }
    const key = value & prefixMask(version, net.prefix);
    const list = nets.get(key);
    const entry = { item, order: this.added++ };
    if (list) list.push(entry);
    else nets.set(key, [entry]);
  }

  /** The entries whose subnet contains the address, longest prefix first (in the order added within one length). */
  *containing(addr: IpAddress): Generator<T> {
    const lengths = this.byPrefix.get(addr.version);
    if (!lengths) return;
    for (const prefix of this.prefixes.get(addr.version)!) {
      const list = lengths.get(prefix)!.get(addr.value & prefixMask(addr.version, prefix));
      if (list) for (const e of list) yield e.item;
    }
  }

  /** The first entry added whose subnet contains the address (a scan of the list in its order would find it). */
  firstAdded(addr: IpAddress): T | undefined {
    const lengths = this.byPrefix.get(addr.version);
    if (!lengths) return undefined;
    let best: { item: T; order: number } | undefined;
    for (const prefix of this.prefixes.get(addr.version)!) {
      const first = lengths.get(prefix)!.get(addr.value & prefixMask(addr.version, prefix))?.[0];
      if (first && (!best || first.order < best.order)) best = first;
    }
    return best?.item;
  }

  has(addr: IpAddress): boolean {
    return !this.containing(addr).next().done;
  }
}

/** Dotted decimal of an IPv4 value. */
export function ipv4Text(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 255n)).join('.');
}
