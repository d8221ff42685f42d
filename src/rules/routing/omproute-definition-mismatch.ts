import { isLoopback, parseIpv4, prefixToMaskText } from '../../core/ip.js';
import { isRangeDefinition, sameLoc } from '../../model/routing-match.js';
import type { RoutedAddress } from '../../model/routing.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { routedSystems, sysplexDvipaSpace } from './common.js';

/**
 * "TCP/IP stack routing table management": OMPROUTE does not use BSDROUTINGPARMS;
 * the MTU, subnet mask and destination address of every IPv4 interface come from
 * its OSPF_Interface, RIP_Interface and Interface statements — so a mask that
 * differs from the profile's is the mask the stack routes with. A definition for
 * an address the stack does not have configures nothing (stale or mistyped).
 * That OMPROUTE also needs the Name to match a real interface's name is inferred:
 * IBM says the Name is ignored for dynamic VIPAs, which implies it is not for the others.
 */
export const rule = defineRule({
  meta: {
    id: 'omproute-definition-mismatch',
    severity: 'warning',
    category: 'routing',
    description: 'An OMPROUTE interface definition whose address, subnet mask or name disagrees with the TCP/IP profile (stale or mistyped)',
    source: 'IBM IP Configuration Guide, "TCP/IP stack routing table management" and "IPv4 considerations for OMPROUTE"; IP Configuration Reference, OSPF_INTERFACE / INTERFACE statements',
    consequences: [
      {
        id: 'mask',
        documented: "IBM z/OS Communications Server IP Configuration Guide, TCP/IP stack routing table management (Japanese edition; plexlint's translation)",
        quote: "OMPROUTE does not use the BSDROUTINGPARMS statement. Instead, the IPv4 maximum transmission unit (MTU), subnet mask, and destination address parameters are configured by using the OSPF_INTERFACE, RIP_INTERFACE, and INTERFACE statements in the OMPROUTE configuration file.",
      },
      {
        id: 'stale',
        reading: "IBM does not say what OMPROUTE does with a definition for an address the stack does not have; plexlint's reading is that it configures nothing, and that the interface it was meant for gets OMPROUTE's defaults or is ignored.",
      },
      {
        id: 'name',
        reading: "IBM says OMPROUTE ignores the Name of a definition for a dynamic VIPA (IPv4 considerations for OMPROUTE), which implies it does not ignore it for the other interfaces; plexlint's reading is that a Name that differs from the stack's interface name may keep OMPROUTE from matching the definition.",
      },
    ],
  },
  check(ctx) {
    const inDvipaSpace = sysplexDvipaSpace(ctx.estate);
    for (const { system, routing } of routedSystems(ctx.estate)) {
      const byAddress = new Map<string, RoutedAddress>();
      for (const a of routing.addresses) if (!byAddress.has(a.address)) byAddress.set(a.address, a);
      const named = new Map<string, RoutedAddress>();
      for (const a of routing.addresses) if (a.interfaceName && (a.role === 'real' || a.role === 'static-vipa')) named.set(a.interfaceName.toUpperCase(), a);
      for (const d of routing.config.interfaces) {
        if (d.wildcard) continue;
        const ip = parseIpv4(d.address);
        // Loopback and 0.0.0.0 are omproute-ospf-loopback's (for OSPF) or nobody's business.
        if (!ip || ip.value === 0n || isLoopback(ip)) continue;
        const a = byAddress.get(ip.text);
        if (!a) {
          if (inDvipaSpace(ip.text)) continue;
          // A range definition (IP_Address the subnet number) is for DVIPAs; a stack without any in it is dvipa-not-covered's or nobody's business.
          if (isRangeDefinition(d)) continue;
          const byName = d.name ? named.get(d.name.toUpperCase()) : undefined;
          // The profile has addresses plexlint cannot read (system symbols without a value): this may be one of them.
          if (!byName && system.stack.unresolvedAddresses) continue;
          ctx.report({
            loc: d.addressLoc,
            system: system.name,
            message: byName
              ? `${d.statement} Name=${d.name} is ${byName.what} in the profile, whose address is ${byName.address}, but this definition says IP_Address=${d.address}: ` +
                `in plexlint's reading OMPROUTE configures nothing with it, and ${byName.interfaceName} ${byName.definition ? `is configured by another definition` : 'is left undefined'}. Correct the address to ${byName.address}.`
              : `${d.statement} IP_Address=${d.address} is no address of ${system.name}'s profile (no interface, HOME entry, dynamic XCF address or DVIPA has it): ` +
                `in plexlint's reading the definition configures nothing — stale, or a mistyped address of an interface that is now left to OMPROUTE's defaults. Correct the address or remove the definition.`,
            ...(byName ? { related: [rel(byName.loc, `${system.name}: ${byName.what} ${byName.address}`)] } : {}),
            subject: `${system.name} omproute ${d.statement} ${d.address} stale`,
            consequence: 'stale',
          });
          continue;
        }
        if (a.role !== 'real' && a.role !== 'static-vipa' && a.role !== 'dynamic-xcf') continue;
        if (!sameLoc(a.definition?.loc, d.loc)) continue;
        // A VIPA has no subnet of its own on the stack; its OMPROUTE mask only says which subnet to advertise (IBM's sample: 4.4.4.4 with 255.255.255.252).
        if (a.role !== 'static-vipa' && d.prefix !== undefined && a.prefix !== undefined && d.prefix !== a.prefix && d.maskLoc) {
          ctx.report({
            loc: d.maskLoc,
            system: system.name,
            message:
              `${d.statement} for ${d.address} says Subnet_Mask=${d.subnetMask}, but the profile gives ${a.what} ${a.address}/${a.prefix} (${prefixToMaskText(a.prefix)}). ` +
              `OMPROUTE sets the subnet mask of the stack's IPv4 interfaces from its own definitions (it does not use the profile's), so the stack routes ${a.role === 'dynamic-xcf' ? 'XCF traffic ' : ''}with ${d.subnetMask}` +
              `${a.advertised ? ' and OMPROUTE advertises that subnet' : ''}. Make the two agree.`,
            related: [rel(a.loc, `${system.name}: ${a.what} ${a.address}/${a.prefix}`)],
            subject: `${system.name} omproute ${d.address} mask`,
            consequence: 'mask',
          });
        }
        if (d.name && a.interfaceName && a.role !== 'dynamic-xcf' && d.name.toUpperCase() !== a.interfaceName.toUpperCase() && d.nameLoc) {
          ctx.report({
            loc: d.nameLoc,
            system: system.name,
            message:
              `${d.statement} for ${d.address} says Name=${d.name}, but on the stack ${a.address} is ${a.what}. ` +
              `OMPROUTE ignores the Name only for dynamic VIPAs, so in plexlint's reading it may not match this definition to the interface and leave it to its defaults (MTU 576, class mask). Use Name=${a.interfaceName}.`,
            related: [rel(a.loc, `${system.name}: ${a.what} ${a.address}`)],
            subject: `${system.name} omproute ${d.address} name`,
            consequence: 'name',
          });
        }
      }
    }
  },
});
