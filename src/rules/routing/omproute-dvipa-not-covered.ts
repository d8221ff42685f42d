import { maskToPrefix, parseIpv4, prefixToMaskText } from '../../core/ip.js';
import type { Fix } from '../../core/diagnostic.js';
import type { Estate, System } from '../../model/estate.js';
import { classMask } from '../../model/routing-match.js';
import type { RoutedAddress, RoutingConfig } from '../../model/routing.js';
import { listText, rel } from '../helpers.js';
import { defineRule, type RuleContext } from '../rule.js';
import { complete, definitionAnchor, definitionText, routedSystems, where, type Routed } from './common.js';
import { dvipaCoverage, hostSpan, type NearMiss } from './coverage.js';
import { nameTable } from '../../core/record.js';

/** IBM, GLOBAL_OPTIONS statement: the two values of Ignore_Undefined_Interfaces, as IBM words them. */
const IGNORED_QUOTE = 'A YES value indicates that OMPROUTE ignores these interfaces, does not configure them, and does not advertise them under any circumstances.';
const DEFAULTS_QUOTE =
  'NO indicates that OMPROUTE configures such interfaces with default values (including setting the MTU size to 576 and using the class mask as the subnet mask and overriding stack definition values with these default values for IPv4 interfaces), and possibly advertises these interfaces to the rest of the network if OSPF settings or RIP filters permit it.';
/** IBM, IPv4 considerations for OMPROUTE. */
const EVERY_DVIPA = 'Define an Interface or OSPF_Interface definition for every dynamic VIPA address that a host might own.';
const SUBNET_NUMBER = 'The IP address parameter must be the subnet number of the range that is being defined, not a host address within that range.';

/**
 * IBM (IP Configuration Guide, "IPv4 considerations for OMPROUTE"): "Define an
 * Interface or OSPF_Interface definition for every dynamic VIPA address that a
 * host might own"; a range is one definition whose IP_Address is the subnet
 * number. OMPROUTE learns that an interface is a DVIPA from the stack when the
 * DVIPA is created or taken over — so a VIPABACKUP without a definition takes
 * over on the stack and is then configured by OMPROUTE's rule for undefined
 * interfaces (GLOBAL_OPTIONS Ignore_Undefined_Interfaces).
 *
 * A finding goes where the fix goes: at the definition that nearly covers the
 * DVIPA (coverage.ts), else at the profile statement that gives the stack the
 * DVIPA, with the OMPROUTE file in `related`.
 */
export const rule = defineRule({
  meta: {
    id: 'omproute-dvipa-not-covered',
    severity: 'error',
    category: 'routing',
    description: 'A DVIPA the stack may own (VIPADEFINE, VIPABACKUP, VIPARANGE) that no Interface or OSPF_Interface definition of its OMPROUTE covers, or an IPv6 DVIPA on a stack whose OMPROUTE runs no IPv6 routing protocol',
    source: 'IBM z/OS Communications Server IP Configuration Guide, "IPv4 considerations for OMPROUTE" (a definition for every DVIPA a host might own; ranges); IP Configuration Reference, GLOBAL_OPTIONS statement; IP Configuration Guide, "Using RIP, IPv6 RIP, OSPF, and IPv6 OSPF with OMPROUTE"',
    hasSuggestions: true,
    // Where the finding is and what it says: a DVIPA the stack owns, backs up or may create in a range, reported at
    // the profile statement; or a definition that nearly covers it, reported at that definition, by how it misses.
    variants: ['owner', 'backup', 'range', 'near-host-address', 'near-mask', 'near-range-statement', 'near-neighbour'],
    consequences: [
      {
        id: 'ignored',
        when: 'Ignore_Undefined_Interfaces=YES',
        documented: 'IBM z/OS Communications Server IP Configuration Reference, GLOBAL_OPTIONS statement',
        quote: IGNORED_QUOTE,
      },
      {
        id: 'defaults',
        when: 'Ignore_Undefined_Interfaces=NO, the default',
        documented: 'IBM z/OS Communications Server IP Configuration Reference, GLOBAL_OPTIONS statement',
        quote: DEFAULTS_QUOTE,
      },
      {
        id: 'ipv6-disabled',
        when: 'an IPv6 DVIPA, and no IPv6_OSPF_Interface or IPv6_RIP_Interface',
        documented: 'IBM z/OS Communications Server IP Configuration Guide, Using RIP, IPv6 RIP, OSPF, and IPv6 OSPF with OMPROUTE',
        quote: 'If at least one IPv6 RIP interface is configured, IPv6 RIP is enabled. If at least one IPv6 OSPF interface is configured, IPv6 OSPF is enabled. If OMPROUTE is started with no interfaces defined for a particular protocol, that protocol is disabled',
      },
    ],
  },
  check(ctx) {
    const owners = ownersOf(ctx.estate);
    for (const r of routedSystems(ctx.estate)) {
      const { nearMisses, uncovered } = dvipaCoverage(r);
      for (const miss of nearMisses) reportNearMiss(ctx, r, miss, owners);
      for (const a of uncovered) reportUncovered(ctx, r, a, owners);
      reportIpv6(ctx, r);
    }
  },
});

/** DVIPA → the stacks that own it with VIPADEFINE. */
function ownersOf(estate: Estate): Map<string, string[]> {
  return new Map(estate.sysplex.dvipas.map((d) => [d.address, d.owners.map((o) => o.system)]));
}

/** How the stack comes to hold the DVIPA: "SYSC is VIPABACKUP (rank 150) for 10.40.2.1, which SYSB owns (VIPADEFINE)". */
function holding(system: System, a: RoutedAddress, owners: Map<string, string[]>): string {
  if (a.role === 'dvipa-range') return `applications on this stack create DVIPAs in ${a.address} (VIPARANGE) by binding to one or requesting it`;
  if (a.role === 'dvipa') return `this stack owns ${a.address} (${a.what})`;
  const rank = /rank (\d+)/.exec(a.what)?.[1] ?? '1';
  const who = (owners.get(a.address) ?? []).filter((o) => o !== system.name);
  return (
    `this stack is VIPABACKUP (rank ${rank}) for ${a.address}, ` +
    (who.length ? `which ${listText(who)} own${who.length === 1 ? 's' : ''} (VIPADEFINE): when ${who.length === 1 ? who[0] : 'the owner'} fails, ${system.name} takes ${a.address} over on the stack` : `which no stack of the estate owns with VIPADEFINE: ${system.name} takes it over when the stack that holds it fails`)
  );
}

const STATEMENT: Record<string, string> = nameTable({ dvipa: 'VIPADEFINE', 'dvipa-backup': 'VIPABACKUP', 'dvipa-range': 'VIPARANGE' });

/** How the stack comes to hold several DVIPAs a near miss leaves out. */
function holdingAll(system: System, addresses: RoutedAddress[], owners: Map<string, string[]>): string {
  if (addresses.length === 1) return holding(system, addresses[0]!, owners);
  const list = listText(addresses.map(named), 6);
  const roles = new Set(addresses.map((a) => a.role));
  if (roles.size === 1 && roles.has('dvipa')) return `this stack owns ${list} (VIPADEFINE)`;
  if (roles.size === 1 && roles.has('dvipa-backup')) {
    const ranks = new Set(addresses.map((a) => /rank (\d+)/.exec(a.what)?.[1] ?? '1'));
    const who = [...new Set(addresses.flatMap((a) => owners.get(a.address) ?? []))].filter((o) => o !== system.name);
    return (
      `this stack is VIPABACKUP${ranks.size === 1 ? ` (rank ${[...ranks][0]})` : ''} for ${list}, ` +
      (who.length ? `which ${listText(who)} own${who.length === 1 ? 's' : ''} (VIPADEFINE): when ${who.length === 1 ? who[0] : 'an owner'} fails, ${system.name} takes them over on the stack` : `which no stack of the estate owns with VIPADEFINE`)
    );
  }
  return `this stack may own ${list} (${listText([...roles].map((r) => STATEMENT[r] ?? r))})`;
}

/** What OMPROUTE does with an uncovered DVIPA, in IBM's words for the value in force; the consequence id it states. */
function undefinedVerdict(config: RoutingConfig, addresses: RoutedAddress[], system: System, owners: Map<string, string[]>): { text: string; consequence: 'ignored' | 'defaults' } {
  const setting = config.ignoreUndefinedLoc ? ` (${where(config.ignoreUndefinedLoc)})` : '';
  const backup = addresses.find((a) => a.role === 'dvipa-backup');
  const lost = backup
    ? `: routers outside the sysplex learn no route to ${backup.address} from ${system.name} once it holds it — in plexlint's reading, clients outside lose it exactly when ${listText((owners.get(backup.address) ?? []).filter((o) => o !== system.name)) || 'its holder'} fails`
    : `: routers outside the sysplex learn no route to ${addresses.length === 1 ? 'it' : 'them'} from this stack`;
  if (config.ignoreUndefinedInterfaces) {
    return { text: `With Ignore_Undefined_Interfaces=YES${setting} IBM says "OMPROUTE ignores these interfaces, does not configure them, and does not advertise them under any circumstances"${lost}.`, consequence: 'ignored' };
  }
  const first = addresses[0]!;
  const ip = parseIpv4(first.address.split('/')[0]!);
  const mask = ip ? classMask(ip) : '255.255.255.255';
  const advertised = addresses.filter((a) => a.advertised);
  const reading = advertised.length
    ? `plexlint's reading for this configuration: it goes out only ${advertised[0]!.via?.protocol === 'RIP' ? 'in RIP updates' : 'as an OSPF AS external route'}, with the class mask`
    : "plexlint's reading for this configuration: no routing protocol runs over it and OSPF imports no direct routes (no AS_Boundary_Routing Import_Direct_Routes=YES), so it is not advertised" + lost.replace(/^: /, ' — ');
  return {
    text:
      `With Ignore_Undefined_Interfaces=NO${setting ? setting : ' (the default)'} IBM says OMPROUTE "configures such interfaces with default values (including setting the MTU size to 576 and using the class mask as the subnet mask and overriding stack definition values…)" — here MTU 576 and ${mask} — ` +
      `"and possibly advertises these interfaces to the rest of the network if OSPF settings or RIP filters permit it"; ${reading}.`,
    consequence: 'defaults',
  };
}

/** `10.40.1.2` or `the VIPARANGE 10.45.1.0/24`. */
function named(a: RoutedAddress): string {
  return a.role === 'dvipa-range' ? `the VIPARANGE ${a.address}` : a.address;
}

function reportUncovered(ctx: RuleContext, r: Routed, a: RoutedAddress, owners: Map<string, string[]>): void {
  const config = r.routing.config;
  const range = a.role === 'dvipa-range';
  const [addr, len] = range ? a.address.split('/') : [a.address, a.prefix];
  const add = definitionText(config, { address: addr!, mask: prefixToMaskText(range ? Number(len) : (a.prefix ?? 32)), role: a.role });
  const verdict = undefinedVerdict(config, [a], r.system, owners);
  const anchor = definitionAnchor(config);
  ctx.report({
    loc: a.loc,
    system: r.system.name,
    message:
      `${holding(r.system, a, owners)}, but no Interface or OSPF_Interface definition in ${config.file} covers ${named(a)}. ` +
      `IBM: "${EVERY_DVIPA}"${range ? ' (a range is one definition whose IP_Address is the subnet number and Subnet_Mask its mask).' : ''} ${verdict.text} ` +
      `Add \`${add}\` to ${config.file}${range ? '' : ', or a range definition that covers it'}.`,
    related: [rel(anchor.after ?? anchor.loc, anchor.after ? `the last interface definition of ${config.file}; the missing one belongs after it` : `${config.file}: no interface definition yet`)],
    subject: `${r.system.name} omproute ${a.address} not covered`,
    consequence: verdict.consequence,
    variant: a.role === 'dvipa' ? 'owner' : a.role === 'dvipa-backup' ? 'backup' : 'range',
  });
}

function reportNearMiss(ctx: RuleContext, r: Routed, miss: NearMiss, owners: Map<string, string[]>): void {
  const config = r.routing.config;
  const what = listText(miss.addresses.map(named), 6);
  const verdict = undefinedVerdict(config, miss.addresses, r.system, owners);
  const held = holdingAll(r.system, miss.addresses, owners);
  const d = miss.definition;
  let why: string;
  let cover: string;
  if (miss.kind === 'range-statement') {
    const rs = miss.range!;
    why = `the only statement of ${config.file} that takes in ${what} is RANGE IP_Address=${rs.address} Subnet_Mask=${rs.subnetMask} (area ${rs.area}), and a RANGE only summarises the routes of an area at an area border (RFC 2328 §3.5): it defines no interface, so it covers no DVIPA`;
    cover = `a definition with the same address and mask would: \`${definitionText(config, { address: rs.address, mask: rs.subnetMask, role: 'dvipa-range' })}\``;
  } else if (miss.kind === 'host-address') {
    const net = miss.corrected!.text;
    why = `${d!.statement} IP_Address=${d!.address} Subnet_Mask=${d!.subnetMask} is not a range: IBM: "${SUBNET_NUMBER}" ${d!.address} is a host address of ${net}/${d!.prefix}, so this definition covers ${d!.address} alone, not ${what}`;
    cover = `IP_Address=${net} would make it the range ${net}/${d!.prefix}, which covers ${hostSpan(parseIpv4(net)!, d!.prefix!)}`;
  } else if (miss.kind === 'mask') {
    const wider = miss.corrected?.text;
    why = `${d!.statement} IP_Address=${d!.address} Subnet_Mask=${d!.subnetMask} is the range ${d!.address}/${d!.prefix} (${hostSpan(parseIpv4(d!.address)!, d!.prefix!)}), which leaves out ${what}`;
    cover = wider ? `Subnet_Mask=${wider} would cover ${what} (${hostSpan(parseIpv4(d!.address)!, maskPrefix(wider))})` : `a wider Subnet_Mask of the same subnet number would cover ${what}`;
  } else {
    const right = miss.corrected?.text;
    why = `${d!.statement} IP_Address=${d!.address}${d!.subnetMask ? ` Subnet_Mask=${d!.subnetMask}` : ''} covers no address of ${r.system.name}, and ${d!.prefix !== undefined && d!.prefix < 32 ? `its subnet ${d!.address}/${d!.prefix} is the one next to` : `${d!.address} is the address next to`} ${what} — by plexlint's reading a mistyped definition for ${miss.addresses.length === 1 ? 'it' : 'them'}`;
    cover = right ? `IP_Address=${right} would cover ${miss.addresses.length === 1 ? 'it' : 'them'}` : `a definition for ${what} would cover ${miss.addresses.length === 1 ? 'it' : 'them'}`;
  }
  const finding: Parameters<RuleContext['report']>[0] = {
    loc: miss.anchor,
    system: r.system.name,
    message: `${held}, but ${why}. IBM: "${EVERY_DVIPA}" ${verdict.text} ${cover[0]!.toUpperCase()}${cover.slice(1)}.`,
    related: miss.addresses.map((a) => rel(a.loc, `${r.system.name}: ${a.role === 'dvipa-range' ? a.what : `${a.what} ${a.address}`}`)),
    subject: `${r.system.name} omproute ${miss.kind === 'range-statement' ? `RANGE ${miss.range!.address}` : `${d!.statement} ${d!.address}`} near miss`,
    consequence: verdict.consequence,
    variant: `near-${miss.kind}`,
  };
  if (miss.corrected) finding.suggestions = [replace(miss.corrected, `${miss.kind === 'mask' ? 'Subnet_Mask' : 'IP_Address'}=${miss.corrected.text}`)];
  ctx.report(finding);
}

function maskPrefix(mask: string): number {
  return maskToPrefix(parseIpv4(mask)!)!;
}

function replace(corrected: { loc: RoutedAddress['loc']; text: string }, description: string): Fix {
  const l = corrected.loc;
  return { description, edits: [{ line: l.line, column: l.column, endLine: l.endLine, endColumn: l.endColumn, text: corrected.text }] };
}

/** IPv6 DVIPAs on a stack whose OMPROUTE enables neither IPv6 protocol: one cause, one finding. */
function reportIpv6(ctx: RuleContext, r: Routed): void {
  const config = r.routing.config;
  if (!complete(config)) return;
  const dvipas = r.routing.ipv6Dvipas.filter((a) => a.advertised === false);
  const first = dvipas[0];
  if (!first) return;
  const anchor = definitionAnchor(config);
  const names = listText(dvipas.map((a) => (a.role === 'dvipa-range' ? `the VIPARANGE ${a.address}` : `${a.address}${a.interfaceName ? ` (${a.interfaceName})` : ''}`)), 6);
  ctx.report({
    loc: first.loc,
    severity: 'warning',
    system: r.system.name,
    message:
      `this stack may own the IPv6 DVIPA${dvipas.length === 1 ? '' : 's'} ${names}, but ${config.file} defines no IPv6_OSPF_Interface or IPv6_RIP_Interface. ` +
      `IBM: "If OMPROUTE is started with no interfaces defined for a particular protocol, that protocol is disabled", so OMPROUTE runs neither IPv6 OSPF nor IPv6 RIP and advertises no route to ${dvipas.length === 1 ? 'it' : 'them'}. ` +
      `If routers are to learn ${dvipas.length === 1 ? 'it' : 'them'} from this stack, define the IPv6 interfaces IPv6 OSPF or IPv6 RIP runs over (IPv6_OSPF_Interface Name=…); if IPv6 is routed statically, suppress this finding.`,
    related: [...dvipas.slice(1).map((a) => rel(a.loc, `${r.system.name}: ${a.what} ${a.address}`)), rel(anchor.after ?? anchor.loc, `${config.file}: no IPv6 interface statement`)],
    subject: `${r.system.name} omproute ipv6 dvipas not advertised`,
    consequence: 'ipv6-disabled',
  });
}
