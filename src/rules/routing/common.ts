/** Shared pieces of the dynamic-routing (OMPROUTE) rules. */
import { parseCidr, parseIpv4, SubnetTable } from '../../core/ip.js';
import type { Loc } from '../../core/loc.js';
import type { Estate, System } from '../../model/estate.js';
import type { RoutedAddress, RoutingConfig, SystemRouting } from '../../model/routing.js';

export interface Routed {
  system: System;
  routing: SystemRouting;
}

/** Systems with an OMPROUTE configuration attached. */
export function routedSystems(estate: Estate): Routed[] {
  return estate.systems.flatMap((system) => (system.routing ? [{ system, routing: system.routing }] : []));
}

/**
 * The stack addresses no OMPROUTE definition covers, in the configurations whose every definition plexlint sees,
 * with where a finding about each belongs.
 */
export function* uncoveredAddresses(
  estate: Estate,
): Generator<Routed & { config: RoutingConfig; anchor: ReturnType<typeof definitionAnchor>; address: RoutedAddress; mistyped: ReadonlySet<string> }> {
  for (const r of routedSystems(estate)) {
    const config = r.routing.config;
    if (!complete(config)) continue;
    const anchor = definitionAnchor(config);
    const mistyped = mistypedNames(r.routing);
    for (const address of r.routing.addresses) if (!address.definition) yield { system: r.system, routing: r.routing, config, anchor, address, mistyped };
  }
}

/**
 * Names (upper case) of definitions whose Name is an interface of the stack but whose IP_Address is no address of
 * the stack: definitions of that interface with a mistyped address (omproute-definition-mismatch reports them).
 */
export function mistypedNames(routing: SystemRouting): ReadonlySet<string> {
  const addresses = new Set(routing.addresses.map((a) => a.address));
  const names = new Set(routing.addresses.flatMap((a) => (a.interfaceName && (a.role === 'real' || a.role === 'static-vipa') ? [a.interfaceName.toUpperCase()] : [])));
  const out = new Set<string>();
  for (const d of routing.config.interfaces) {
    if (d.wildcard || !d.name || addresses.has(parseIpv4(d.address)?.text ?? d.address)) continue;
    if (names.has(d.name.toUpperCase())) out.add(d.name.toUpperCase());
  }
  return out;
}

/** Whether plexlint sees every definition of the configuration (no INCLUDE it does not read). */
export function complete(config: RoutingConfig): boolean {
  return config.includes.length === 0;
}

/** Every DVIPA address of the sysplex, and every VIPARANGE subnet: addresses an OMPROUTE definition may be prepared for. */
export function sysplexDvipaSpace(estate: Estate): (address: string) => boolean {
  const dvipas = new Set(estate.sysplex.dvipas.map((d) => d.address));
  const ranges = new SubnetTable<true>();
  for (const s of estate.systems) {
    for (const r of s.stack.vipaRanges) {
      const net = parseCidr(r.subnet);
      if (net) ranges.add(net, true);
    }
  }
  return (address) => {
    if (dvipas.has(address)) return true;
    const ip = parseIpv4(address);
    return ip !== undefined && ranges.has(ip);
  };
}

/**
 * Where a finding about a definition missing from an OMPROUTE file goes: after its
 * last interface definition (where the new one belongs), else its first line.
 */
export function definitionAnchor(config: RoutingConfig): { loc: Loc; after?: Loc } {
  const last = config.interfaces.at(-1);
  if (last) return { loc: { ...last.loc, endLine: last.loc.line, endColumn: last.loc.column + last.statement.length }, after: last.loc };
  return { loc: { file: config.file, line: 1, column: 1, endLine: 1, endColumn: 1 } };
}

/**
 * A definition statement to add: by default in the style of the file (OSPF_Interface
 * where OSPF runs, else Interface), named after the stack's interface when it has one.
 */
export function definitionText(
  config: RoutingConfig,
  a: { address: string; mask: string; role: RoutedAddress['role']; name?: string },
  statement: 'OSPF_Interface' | 'Interface' = config.protocols.ospf ? 'OSPF_Interface' : 'Interface',
): string {
  const used = new Set(config.interfaces.map((d) => d.name?.toUpperCase()));
  const stem = a.name ?? (a.role === 'dvipa-range' ? 'DVRANGE' : a.role.startsWith('dvipa') ? 'DVIPA' : 'IF') + a.address.split('.').slice(2).join('');
  let name = stem.slice(0, 16);
  for (let i = 2; !a.name && used.has(name.toUpperCase()); i++) name = `${stem.slice(0, 14)}${i}`;
  const area = statement === 'OSPF_Interface' ? ` Attaches_To_Area=${config.interfaces.find((d) => d.statement === 'OSPF_Interface')?.area ?? '0.0.0.0'}` : '';
  return `${statement} IP_Address=${a.address} Name=${name} Subnet_Mask=${a.mask}${area};`;
}

/** `SYSB.conf:12` */
export function where(loc: Loc): string {
  return `${loc.file}:${loc.line}`;
}
