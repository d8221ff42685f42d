/**
 * OMPROUTE AST + the stack's model → SystemRouting: the routing configuration,
 * and for every IPv4 address of the stack, whether OMPROUTE advertises it, how
 * and why.
 *
 * What decides it (IBM topics; [inferred] where IBM's pages say less):
 * - An address is configured by the OSPF_Interface, RIP_Interface or Interface
 *   definition whose IP_Address matches it — exactly, through `*` wildcards, or,
 *   for dynamic VIPAs, through a range: IP_Address the subnet number and
 *   Subnet_Mask the range's mask (IP Configuration Guide, "IPv4 considerations for
 *   OMPROUTE"). An exact definition wins over a range, a range over a wildcard
 *   [inferred: IBM documents no precedence].
 * - OSPF_Interface: OSPF runs on it and OMPROUTE advertises it; a VIPA as a host
 *   route and, unless Advertise_VIPA_Routes=HOST_ONLY, its subnet (OSPF_INTERFACE
 *   statement); a real interface as its subnet. RIP_Interface: advertised by RIP
 *   (subject to its send filters [inferred]).
 * - Interface: neither protocol runs on it (IP Configuration Guide, "Using RIP, IPv6
 *   RIP, OSPF, and IPv6 OSPF with OMPROUTE"); it reaches other routers only as an
 *   OSPF AS external route (AS_Boundary_Routing Import_Direct_Routes=YES) or in RIP
 *   updates when RIP runs [inferred].
 * - No definition: with GLOBAL_OPTIONS Ignore_Undefined_Interfaces=YES never
 *   configured and never advertised; with NO (the default) configured with MTU 576
 *   and the class mask, overriding the stack's values, and advertised "if OSPF
 *   settings or RIP filters permit" (GLOBAL_OPTIONS statement) — read here like an
 *   Interface definition.
 * - LOOPBACK addresses are not valid OSPF interface addresses (RouterID statement):
 *   never advertised. A distributed DVIPA is advertised only by the distributing
 *   stack; its targets hold it internally (VIPADISTRIBUTE).
 */
import { maskToPrefix, parseIpv4, prefixMask, type IpAddress } from '../../core/ip.js';
import type { Loc } from '../../core/loc.js';
import type { OmprouteAst, OmpStatement } from '../../frontends/omproute/ast.js';
import type { Distribution, Sysplex, System } from '../estate.js';
import { classMask, definitionOf, findDefiningInterface } from '../routing-match.js';
import type { OspfRange, RoutedAddress, RoutedAddress6, RoutedRole, RoutingConfig, RoutingInterface, RoutingStatement, SystemRouting } from '../routing.js';
import { sharedText } from '../../core/shared-text.js';

const INTERFACE_STATEMENTS: readonly RoutingStatement[] = ['OSPF_Interface', 'RIP_Interface', 'Interface'];

function param(s: OmpStatement, name: string): { text: string; loc: Loc } | undefined {
  // The last valid occurrence counts (the front end reports a parameter coded twice).
  for (let i = s.params.length - 1; i >= 0; i--) {
    const p = s.params[i]!;
    if (p.name === name && !p.rejected && p.value && !p.value.symbolic) return { text: p.value.text, loc: p.value.loc };
  }
  return undefined;
}

/** The last occurrence of a parameter, when its value has a system symbol without a value. */
function symbolicParam(s: OmpStatement, name: string): Loc | undefined {
  for (let i = s.params.length - 1; i >= 0; i--) {
    const p = s.params[i]!;
    if (p.name === name && !p.rejected && p.value) return p.value.symbolic ? p.value.loc : undefined;
  }
  return undefined;
}

/** The router ID a RouterID or OSPF statement sets: read, or coded with a symbol plexlint cannot resolve. */
function setRouterId(config: RoutingConfig, value: { text: string; loc: Loc } | undefined, symbolic: Loc | undefined, statement: 'OSPF' | 'RouterID'): void {
  if (value) {
    config.routerId = { address: value.text, loc: value.loc, statement };
    delete config.routerIdUnresolved;
  } else if (symbolic) {
    config.routerIdUnresolved = symbolic;
    delete config.routerId;
  }
}

function yes(s: OmpStatement, name: string): boolean {
  return param(s, name)?.text.toUpperCase() === 'YES';
}

function interfaceDef(s: OmpStatement): RoutingInterface | undefined {
  const ip = param(s, 'IP_Address');
  if (!ip) return undefined;
  const def: RoutingInterface = { statement: s.name as RoutingStatement, address: ip.text, wildcard: ip.text.includes('*'), loc: s.loc, addressLoc: ip.loc, order: s.order };
  const name = param(s, 'Name');
  if (name) {
    def.name = name.text;
    def.nameLoc = name.loc;
  }
  const mask = param(s, 'Subnet_Mask');
  const m = mask && parseIpv4(mask.text);
  const prefix = m ? maskToPrefix(m) : undefined;
  if (mask && prefix !== undefined) {
    def.subnetMask = m!.text;
    def.prefix = prefix;
    def.maskLoc = mask.loc;
  }
  const dest = param(s, 'Destination_Addr');
  if (dest) def.destination = dest.text;
  const mtu = param(s, 'MTU');
  if (mtu) def.mtu = Number(mtu.text);
  if (s.name === 'OSPF_Interface') {
    def.area = parseIpv4(param(s, 'Attaches_To_Area')?.text ?? '0.0.0.0')?.text ?? '0.0.0.0';
    def.cost = Number(param(s, 'Cost0')?.text ?? '1');
    def.advertiseVipaRoutes = param(s, 'Advertise_VIPA_Routes')?.text.toUpperCase() === 'HOST_ONLY' ? 'HOST_ONLY' : 'HOST_AND_SUBNET';
  }
  return def;
}

/** A RANGE statement with a usable address and mask (Area_Number 0.0.0.0 and Advertise=YES by default). */
function ospfRange(s: OmpStatement): OspfRange | undefined {
  const ip = param(s, 'IP_Address');
  const mask = param(s, 'Subnet_Mask');
  const address = ip && parseIpv4(ip.text);
  const m = mask && parseIpv4(mask.text);
  const prefix = m ? maskToPrefix(m) : undefined;
  if (!address || !m || prefix === undefined) return undefined;
  return {
    area: parseIpv4(param(s, 'Area_Number')?.text ?? '0.0.0.0')?.text ?? '0.0.0.0',
    address: address.text,
    prefix,
    subnetMask: m.text,
    advertise: param(s, 'Advertise')?.text.toUpperCase() !== 'NO',
    loc: s.loc,
    keywordLoc: s.keywordLoc,
    addressLoc: ip.loc,
  };
}

export function buildRoutingConfig(ast: OmprouteAst, attachedBy: RoutingConfig['attachedBy']): RoutingConfig {
  const config: RoutingConfig = {
    file: ast.file,
    attachedBy,
    ignoreUndefinedInterfaces: false,
    areas: [],
    interfaces: [],
    ipv6Interfaces: [],
    ospfRanges: [],
    protocols: { ospf: false, rip: false, ipv6Ospf: false, ipv6Rip: false },
    includes: ast.includes,
    rejectedStatements: 0,
  };
  for (const s of ast.statements) {
    if (s.rejected) {
      config.rejectedStatements++;
      continue;
    }
    switch (s.name) {
      case 'Global_Options': {
        const v = param(s, 'Ignore_Undefined_Interfaces');
        if (v) {
          config.ignoreUndefinedInterfaces = v.text.toUpperCase() === 'YES';
          config.ignoreUndefinedLoc = v.loc;
        }
        break;
      }
      case 'RouterID':
        // IBM (OSPF statement): with both forms coded, the last one in the file takes precedence.
        setRouterId(config, s.value && !s.value.symbolic ? { text: s.value.text, loc: s.value.loc } : undefined, s.value?.symbolic ? s.value.loc : undefined, 'RouterID');
        break;
      case 'OSPF':
        setRouterId(config, param(s, 'RouterID'), symbolicParam(s, 'RouterID'), 'OSPF');
        break;
      case 'Range': {
        const range = ospfRange(s);
        if (range) config.ospfRanges.push(range);
        break;
      }
      case 'Area':
        config.areas.push({ number: parseIpv4(param(s, 'Area_Number')?.text ?? '0.0.0.0')?.text ?? '0.0.0.0', stub: yes(s, 'Stub_Area'), loc: s.loc });
        break;
      case 'AS_Boundary_Routing':
        config.asBoundaryRouting = { importDirectRoutes: yes(s, 'Import_Direct_Routes'), importStaticRoutes: yes(s, 'Import_Static_Routes'), importRipRoutes: yes(s, 'Import_RIP_Routes'), loc: s.loc };
        break;
      case 'IPv6_OSPF_Interface':
      case 'IPv6_RIP_Interface':
      case 'IPv6_Interface': {
        const name = param(s, 'Name');
        if (name) config.ipv6Interfaces.push({ statement: s.name, name: name.text, loc: s.loc });
        if (s.name === 'IPv6_OSPF_Interface') config.protocols.ipv6Ospf = true;
        if (s.name === 'IPv6_RIP_Interface') config.protocols.ipv6Rip = true;
        break;
      }
      default:
        if ((INTERFACE_STATEMENTS as readonly string[]).includes(s.name)) {
          const def = interfaceDef(s);
          if (!def) break;
          config.interfaces.push(def);
          if (s.name === 'OSPF_Interface') config.protocols.ospf = true;
          if (s.name === 'RIP_Interface') config.protocols.rip = true;
        }
    }
  }
  return config;
}

/** An address as the profile has it, before OMPROUTE's part is added. */
type StackAddress = Pick<RoutedAddress, 'address' | 'role' | 'what' | 'prefix' | 'interfaceName' | 'loc' | 'when'>;

const targeted = new WeakMap<Sysplex, Map<string, Distribution[]>>();

/** The distributions each system is a target of (one pass over the sysplex for all its systems). */
function targetedBy(sysplex: Sysplex): Map<string, Distribution[]> {
  let m = targeted.get(sysplex);
  if (m) return m;
  m = new Map();
  for (const d of sysplex.distributions) {
    for (const t of d.targets) {
      if (!t.system) continue;
      const list = m.get(t.system) ?? [];
      if (list.at(-1) !== d) list.push(d);
      m.set(t.system, list);
    }
  }
  targeted.set(sysplex, m);
  return m;
}

/** Every IPv4 address of the stack that dynamic routing could concern, in profile order. */
export function stackAddresses(system: System, sysplex: Sysplex): StackAddress[] {
  const st = system.stack;
  const out: StackAddress[] = [];
  for (const i of st.interfaces) {
    if (i.version !== 4) continue;
    for (const a of i.addresses) {
      const e: StackAddress = { address: a.address, role: i.kind === 'static-vipa' ? 'static-vipa' : 'real', what: `INTERFACE ${i.name}${i.kind === 'static-vipa' ? ' (static VIPA)' : ''}`, interfaceName: i.name, loc: a.loc, when: 'always' };
      if (a.prefix !== undefined) e.prefix = a.prefix;
      out.push(e);
    }
  }
  for (const h of st.home) {
    const role: RoutedRole = h.kind === 'loopback' ? 'loopback' : h.kind === 'static-vipa' ? 'static-vipa' : h.kind === 'real' ? 'real' : 'unknown';
    out.push({ address: h.address, role, what: h.kind === 'loopback' ? 'HOME … LOOPBACK' : `HOME (link ${h.link})`, interfaceName: h.link, loc: h.loc, when: 'always' });
  }
  const xcf = st.dynamicXcf.v4;
  if (xcf) {
    const e: StackAddress = { address: xcf.address, role: 'dynamic-xcf', what: 'IPCONFIG DYNAMICXCF', loc: xcf.loc, when: 'always' };
    if (xcf.prefix !== undefined) e.prefix = xcf.prefix;
    out.push(e);
  }
  const distributed = new Set(st.distributions.map((d) => d.dvipa));
  for (const d of st.dvipas) {
    if (d.version !== 4) continue;
    const dist = distributed.has(d.address) ? ', distributed by VIPADISTRIBUTE' : '';
    const e: StackAddress =
      d.role === 'define'
        ? { address: d.address, role: 'dvipa', what: `VIPADEFINE${dist}`, loc: d.loc, when: 'while-owner' }
        : { address: d.address, role: 'dvipa-backup', what: `VIPABACKUP rank ${d.rank ?? 1}${dist}`, loc: d.loc, when: 'after-takeover' };
    if (d.prefix !== undefined) e.prefix = d.prefix;
    out.push(e);
  }
  for (const r of st.vipaRanges) {
    if (r.version === 4) out.push({ address: r.subnet, role: 'dvipa-range', what: `VIPARANGE ${r.subnet}`, loc: r.loc, when: 'when-activated' });
  }
  const own = new Set(st.dvipas.map((d) => d.address));
  const listed = new Set(out.map((a) => a.address));
  for (const d of targetedBy(sysplex).get(system.name) ?? []) {
    if (d.version !== 4 || d.system === system.name || own.has(d.dvipa) || listed.has(d.dvipa)) continue;
    listed.add(d.dvipa);
    out.push({ address: d.dvipa, role: 'distribution-target', what: `target of VIPADISTRIBUTE ${d.dvipa} on ${d.system}`, loc: d.loc, when: 'always' });
  }
  // One entry per address and role (a HOME entry and an INTERFACE can name the same address).
  const seen = new Set<string>();
  return out.filter((a) => {
    const k = `${a.address} ${a.role}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const VIPA_ROLES: ReadonlySet<RoutedRole> = new Set(['static-vipa', 'dvipa', 'dvipa-backup', 'dvipa-range']);

function where(loc: Loc): string {
  return `${loc.file}:${loc.line}`;
}

/** How a definition or an undefined interface without a protocol of its own reaches other routers. */
function withoutProtocol(config: RoutingConfig, vipa: boolean, subnet: string | undefined): Pick<RoutedAddress, 'advertised' | 'via' | 'why'> {
  if (config.protocols.ospf && config.asBoundaryRouting?.importDirectRoutes) {
    const via: RoutedAddress['via'] = { protocol: 'OSPF external', routes: vipa ? ['host'] : ['subnet'] };
    if (subnet && !vipa) via.subnet = subnet;
    return { advertised: true, via, why: `it is advertised as an OSPF AS external route (AS_Boundary_Routing Import_Direct_Routes=YES at ${where(config.asBoundaryRouting.loc)})` };
  }
  if (config.protocols.rip) {
    const via: RoutedAddress['via'] = { protocol: 'RIP', routes: vipa ? ['host'] : ['subnet'] };
    if (subnet && !vipa) via.subnet = subnet;
    return { advertised: true, via, why: 'it is advertised by RIP, which runs on this stack and sends its directly attached routes as far as the RIP send filters allow' };
  }
  return {
    advertised: false,
    why: 'it is not advertised: OSPF does not import direct routes (no AS_Boundary_Routing Import_Direct_Routes=YES) and no RIP interface is defined',
  };
}

function subnetOf(ip: IpAddress, prefix: number | undefined): string | undefined {
  if (prefix === undefined) return undefined;
  const net = Number(ip.value & prefixMask(4, prefix));
  return `${Math.floor(net / 16777216)}.${(net >>> 16) & 255}.${(net >>> 8) & 255}.${net & 255}/${prefix}`;
}

function route(config: RoutingConfig, a: StackAddress): RoutedAddress {
  const base: RoutedAddress = { address: a.address, role: a.role, what: a.what, loc: a.loc, when: a.when, advertised: false, why: '' };
  if (a.prefix !== undefined) base.prefix = a.prefix;
  if (a.interfaceName !== undefined) base.interfaceName = a.interfaceName;
  const found = findDefiningInterface(config, a.address, a.role);
  const def = found && definitionOf(found);
  if (def) base.definition = def;
  const ip = parseIpv4(a.address.split('/')[0]!);
  if (a.role === 'loopback' || (ip && ip.value >> 24n === 127n)) {
    base.why = 'a LOOPBACK address is not a valid OSPF interface address, and the stack does not register it with the OSA';
    return base;
  }
  if (a.role === 'distribution-target') {
    base.why = 'only the distributing stack advertises a distributed DVIPA; a target holds it internally';
    return base;
  }
  const vipa = VIPA_ROLES.has(a.role);
  if (!def) {
    if (config.ignoreUndefinedInterfaces) {
      base.why = `no OMPROUTE definition covers it and Ignore_Undefined_Interfaces=YES: OMPROUTE neither configures nor advertises it`;
      return base;
    }
    const mask = ip ? classMask(ip) : '255.255.255.255';
    if (a.role !== 'dvipa-range') base.defaults = { mask, mtu: 576 };
    const out = withoutProtocol(config, vipa, ip ? subnetOf(ip, maskToPrefix(parseIpv4(mask)!)) : undefined);
    return { ...base, ...out, why: `no OMPROUTE definition covers it, so OMPROUTE configures it with MTU 576 and the class mask ${mask} (Ignore_Undefined_Interfaces=NO); ${out.why}` };
  }
  const at = `${def.statement}${def.match === 'exact' ? '' : ` (${def.match})`} at ${where(def.loc)}`;
  const subnet = ip ? subnetOf(ip, def.prefix ?? a.prefix) : undefined;
  if (def.statement === 'OSPF_Interface') {
    // The statement found (a look-up, where finding it again by its location was a scan of every definition).
    const d = found!.interface;
    const hostOnly = d?.advertiseVipaRoutes === 'HOST_ONLY';
    const routes: ('host' | 'subnet')[] = vipa ? (hostOnly ? ['host'] : ['host', 'subnet']) : ['subnet'];
    const via: RoutedAddress['via'] = { protocol: 'OSPF', routes };
    if (subnet && routes.includes('subnet')) via.subnet = subnet;
    const out: RoutedAddress = { ...base, advertised: true, via, why: `${at} makes it an OSPF interface${vipa ? `; a VIPA goes out as a host route${hostOnly ? ' only (Advertise_VIPA_Routes=HOST_ONLY)' : ' and its subnet'}` : ''}` };
    const range = ip && d.area !== undefined ? rangeOf(config, ip, d.area) : undefined;
    if (range) {
      out.range = range;
      out.why += range.effect === 'hidden'
        ? `; RANGE ${range.subnet} of area ${range.area} (Advertise=NO, at ${where(range.loc)}) keeps it inside that area: this stack, an area border router, does not advertise it to the other areas`
        : `; RANGE ${range.subnet} of area ${range.area} (at ${where(range.loc)}) summarises it: the other areas learn ${range.subnet}, not this route`;
    }
    return out;
  }
  if (def.statement === 'RIP_Interface') {
    const via: RoutedAddress['via'] = { protocol: 'RIP', routes: vipa ? ['host'] : ['subnet'] };
    if (subnet && !vipa) via.subnet = subnet;
    return { ...base, advertised: true, via, why: `${at} makes it a RIP interface; RIP sends it as far as the send filters allow` };
  }
  const out = withoutProtocol(config, vipa, subnet);
  return { ...base, ...out, why: `${at} configures it without a routing protocol; ${out.why}` };
}

/**
 * The RANGE of `area` that contains an address, longest mask first — when it has an effect: RFC 2328 §3.5,
 * address ranges are applied by an area border router (OSPF interfaces in two areas or more) to what it
 * advertises into the other areas.
 */
function rangeOf(config: RoutingConfig, ip: IpAddress, area: string): RoutedAddress['range'] | undefined {
  if (!config.ospfRanges.length) return undefined;
  const areas = new Set(config.interfaces.flatMap((d) => (d.statement === 'OSPF_Interface' && d.area !== undefined ? [d.area] : [])));
  if (areas.size < 2) return undefined;
  let best: OspfRange | undefined;
  for (const r of config.ospfRanges) {
    if (r.area !== area || (best && best.prefix >= r.prefix)) continue;
    const net = parseIpv4(r.address)!.value & prefixMask(4, r.prefix);
    if ((ip.value & prefixMask(4, r.prefix)) === net) best = r;
  }
  return best && { loc: best.loc, area: best.area, subnet: `${best.address}/${best.prefix}`, effect: best.advertise ? 'summarised' : 'hidden' };
}

/** The stack's IPv6 dynamic VIPAs and what IBM says OMPROUTE does with them. */
function ipv6Dvipas(system: System, config: RoutingConfig): RoutedAddress6[] {
  const st = system.stack;
  const out: RoutedAddress6[] = [];
  const byName = new Map(config.ipv6Interfaces.map((d) => [d.name.toUpperCase(), d]));
  const running = config.protocols.ipv6Ospf || config.protocols.ipv6Rip;
  const verdict = (name: string | undefined): Pick<RoutedAddress6, 'definition' | 'advertised' | 'why'> => {
    const d = name ? byName.get(name.toUpperCase()) : undefined;
    const definition = d && { statement: d.statement, loc: d.loc, name: d.name };
    if (!running) {
      return {
        ...(definition ? { definition } : {}),
        advertised: false,
        why: 'OMPROUTE runs neither IPv6 OSPF nor IPv6 RIP (no IPv6_OSPF_Interface or IPv6_RIP_Interface is defined, and a protocol with no interface of its kind is disabled), so it advertises no IPv6 route',
      };
    }
    return {
      ...(definition ? { definition } : {}),
      why: definition
        ? `${d.statement} Name=${d.name} at ${where(d.loc)} configures it`
        : 'no IPv6 interface statement names it: OMPROUTE learns it from the stack and uses default values; which routes it then advertises is not documented in the topics plexlint relies on',
    };
  };
  for (const d of st.dvipas) {
    if (d.version !== 6) continue;
    const e: RoutedAddress6 =
      d.role === 'define'
        ? { address: d.address, role: 'dvipa', what: 'VIPADEFINE', loc: d.loc, when: 'while-owner', ...verdict(d.interfaceName) }
        : { address: d.address, role: 'dvipa-backup', what: `VIPABACKUP rank ${d.rank ?? 1}`, loc: d.loc, when: 'after-takeover', ...verdict(d.interfaceName) };
    if (d.interfaceName !== undefined) e.interfaceName = d.interfaceName;
    out.push(e);
  }
  for (const r of st.vipaRanges) {
    if (r.version === 6) out.push({ address: r.subnet, role: 'dvipa-range', what: `VIPARANGE ${r.subnet}`, loc: r.loc, when: 'when-activated', ...verdict(undefined) });
  }
  return out;
}

export function buildSystemRouting(system: System, sysplex: Sysplex, config: RoutingConfig): SystemRouting {
  return { config, addresses: stackAddresses(system, sysplex).map((a) => shareTexts(route(config, a))), ipv6Dvipas: ipv6Dvipas(system, config) };
}

/** The address's texts as one string each for the run (./shared-text.ts): most are the same for many addresses. */
function shareTexts(routed: RoutedAddress): RoutedAddress {
  routed.what = sharedText(routed.what);
  routed.why = sharedText(routed.why);
  if (routed.via?.subnet !== undefined) routed.via.subnet = sharedText(routed.via.subnet);
  return routed;
}

