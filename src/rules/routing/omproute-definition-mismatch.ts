import { isLoopback, parseIpv4, prefixToMaskText } from '../../core/ip.js';
import { isRangeDefinition, sameLoc } from '../../model/routing-match.js';
import type { RoutedAddress } from '../../model/routing.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { routedSystems, sysplexDvipaSpace } from './common.js';
import { dvipaCoverage } from './coverage.js';

/**
 * "TCP/IP stack routing table management": OMPROUTE does not use BSDROUTINGPARMS;
 * the MTU, subnet mask and destination address of every IPv4 interface come from
 * its OSPF_Interface, RIP_Interface and Interface statements — so a mask that
 * differs from the profile's is the mask the stack routes with. A definition for
 * an address the stack does not have configures nothing (stale or mistyped).
 * That OMPROUTE also needs the Name to match a real interface's name is inferred:
 * IBM says the Name is ignored for dynamic VIPAs, which implies it is not for the others.
 */
/** IBM's words for the mask OMPROUTE configures, then RFC 2328's for what an OSPF router does with a Hello whose mask is not its own. */
const HELLO_QUOTE =
  'OMPROUTE does not make use of the BSDROUTINGPARMS statement. Instead, the IPv4 Maximum Transmission Unit (MTU), subnet mask, and destination address parameters are configured using the OSPF_INTERFACE, RIP_INTERFACE, and INTERFACE statements in the OMPROUTE configuration file. … ' +
  '[RFC 2328 §10.5:] the values of the Network Mask, HelloInterval, and RouterDeadInterval fields in the received Hello packet must be checked against the values configured for the receiving interface. Any mismatch causes processing to stop and the packet to be dropped. … However, there is one exception to the above rule: on point-to-point networks and on virtual links, the Network Mask in the received Hello Packet should be ignored.';

/** Interface types of a broadcast LAN, where OSPF compares the Network Mask of Hellos (RFC 2328 §10.5): OSA-Express QDIO Ethernet. */
const LAN_TYPES: ReadonlySet<string> = new Set(['IPAQENET']);

export const rule = defineRule({
  meta: {
    id: 'omproute-definition-mismatch',
    severity: 'warning',
    category: 'routing',
    description: 'An OMPROUTE interface definition whose address, subnet mask or name disagrees with the TCP/IP profile (stale or mistyped); an OSPF_Interface mask that differs on an OSA-Express LAN is an error (OSPF neighbours drop its Hellos)',
    hasSuggestions: true,
    // A definition for no address of the stack: one whose Name is an interface of the stack (a mistyped address) or not (stale).
    variants: ['mistyped', 'stale'],
    source: 'IBM IP Configuration Guide, "TCP/IP stack routing table management" and "IPv4 considerations for OMPROUTE"; IP Configuration Reference, OSPF_INTERFACE / INTERFACE statements; RFC 2328 §10.5 (Hello packets with another Network Mask are dropped)',
    consequences: [
      {
        id: 'mask',
        documented: 'IBM z/OS Communications Server IP Configuration Guide, TCP/IP stack routing table management',
        quote: 'OMPROUTE does not make use of the BSDROUTINGPARMS statement. Instead, the IPv4 Maximum Transmission Unit (MTU), subnet mask, and destination address parameters are configured using the OSPF_INTERFACE, RIP_INTERFACE, and INTERFACE statements in the OMPROUTE configuration file.',
      },
      {
        id: 'hello-mask',
        when: 'an OSPF_Interface on an OSA-Express Ethernet (a broadcast network)',
        documented: 'IBM z/OS Communications Server IP Configuration Guide, TCP/IP stack routing table management (the mask OMPROUTE configures); IETF RFC 2328, OSPF Version 2, §10.5 Receiving Hello Packets (what a router does with it)',
        quote: HELLO_QUOTE,
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
    for (const r of routedSystems(ctx.estate)) {
      const { system, routing } = r;
      // A definition that nearly covers a DVIPA is omproute-dvipa-not-covered's: one cause, one finding.
      const nearMisses = new Set(dvipaCoverage(r).nearMisses.flatMap((m) => (m.definition ? [m.definition] : [])));
      const byAddress = new Map<string, RoutedAddress>();
      for (const a of routing.addresses) if (!byAddress.has(a.address)) byAddress.set(a.address, a);
      const named = new Map<string, RoutedAddress>();
      for (const a of routing.addresses) if (a.interfaceName && (a.role === 'real' || a.role === 'static-vipa')) named.set(a.interfaceName.toUpperCase(), a);
      for (const d of routing.config.interfaces) {
        if (d.wildcard || nearMisses.has(d)) continue;
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
            variant: byName ? 'mistyped' : 'stale',
          });
          continue;
        }
        if (a.role !== 'real' && a.role !== 'static-vipa' && a.role !== 'dynamic-xcf') continue;
        if (!sameLoc(a.definition?.loc, d.loc)) continue;
        // A VIPA has no subnet of its own on the stack; its OMPROUTE mask only says which subnet to advertise (IBM's sample: 4.4.4.4 with 255.255.255.252).
        if (a.role !== 'static-vipa' && d.prefix !== undefined && a.prefix !== undefined && d.prefix !== a.prefix && d.maskLoc) {
          const lan = d.statement === 'OSPF_Interface' && a.role === 'real' && LAN_TYPES.has(system.stack.interfaces.find((i) => i.name === a.interfaceName)?.type.toUpperCase() ?? '');
          if (lan) {
            ctx.report({
              loc: d.maskLoc,
              severity: 'error',
              system: system.name,
              message:
                `OSPF_Interface for ${d.address} says Subnet_Mask=${d.subnetMask}, but the profile gives ${a.what} ${a.address}/${a.prefix} (${prefixToMaskText(a.prefix)}). ` +
                `IBM: OMPROUTE does not use the profile's mask — "the IPv4 Maximum Transmission Unit (MTU), subnet mask, and destination address parameters are configured using the OSPF_INTERFACE, RIP_INTERFACE, and INTERFACE statements" — so ${a.interfaceName} runs OSPF with ${d.subnetMask}. ` +
                `${a.interfaceName} is an OSA-Express Ethernet, a broadcast network, where RFC 2328 §10.5 has every OSPF router check the Network Mask of each Hello it receives against its own interface's and drop the Hello on a mismatch: ` +
                `the routers on this LAN, set up for its mask (the profile's /${a.prefix}, unless the profile is the one that is wrong), drop OMPROUTE's Hellos and OMPROUTE drops theirs, so no adjacency forms over ${a.interfaceName} and no route is learned or advertised over it. ` +
                `Make the two agree: Subnet_Mask=${prefixToMaskText(a.prefix)}.`,
              related: [rel(a.loc, `${system.name}: ${a.what} ${a.address}/${a.prefix}`)],
              suggestions: [{ description: `Subnet_Mask=${prefixToMaskText(a.prefix)}`, edits: [{ line: d.maskLoc.line, column: d.maskLoc.column, endLine: d.maskLoc.endLine, endColumn: d.maskLoc.endColumn, text: prefixToMaskText(a.prefix) }] }],
              subject: `${system.name} omproute ${d.address} mask`,
              consequence: 'hello-mask',
            });
          } else ctx.report({
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
