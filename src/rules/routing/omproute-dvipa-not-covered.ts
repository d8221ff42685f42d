import { parseCidr, parseIpv4, prefixToMaskText, subnetContains } from '../../core/ip.js';
import { classMask, isRangeDefinition } from '../../model/routing-match.js';
import type { RoutingInterface } from '../../model/routing.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { definitionText, insertSuggestion, uncoveredAddresses } from './common.js';

/**
 * IBM (IP Configuration Guide, "IPv4 considerations for OMPROUTE"): "Define an
 * Interface or OSPF_Interface definition for every dynamic VIPA address that a
 * host might own"; a range is one definition whose IP_Address is the subnet
 * number. OMPROUTE learns that an interface is a DVIPA from the stack when the
 * DVIPA is created or taken over — so a VIPABACKUP without a definition takes
 * over on the stack and is then not advertised from it.
 */
export const rule = defineRule({
  meta: {
    id: 'omproute-dvipa-not-covered',
    severity: 'error',
    category: 'routing',
    description: 'A DVIPA the stack may own (VIPADEFINE, VIPABACKUP, VIPARANGE) that no Interface or OSPF_Interface definition of its OMPROUTE covers',
    source: 'IBM z/OS Communications Server IP Configuration Guide, "IPv4 considerations for OMPROUTE" (a definition for every DVIPA a host might own; ranges)',
    hasSuggestions: true,
    consequences: [
      {
        id: 'ignored',
        documented: "IBM z/OS Communications Server IP Configuration Reference, GLOBAL_OPTIONS statement",
        quote: "A YES value indicates that OMPROUTE ignores these interfaces, does not configure them, and does not advertise them under any circumstances.",
      },
      {
        id: 'defaults',
        reading: "IBM says that with Ignore_Undefined_Interfaces=NO OMPROUTE configures an undefined interface with default values and possibly advertises it if OSPF settings or RIP filters permit it (GLOBAL_OPTIONS statement); plexlint's reading is that such a DVIPA is advertised only as an OSPF AS external route (AS_Boundary_Routing Import_Direct_Routes=YES) or by RIP, since no routing protocol runs over it.",
      },
    ],
  },
  check(ctx) {
    // IBM names Interface and OSPF_Interface; a RIP_Interface covering a DVIPA configures it too (EZZ7870I treats the three alike).
    for (const { system, config, anchor, address: a } of uncoveredAddresses(ctx.estate)) {
      if (a.role !== 'dvipa' && a.role !== 'dvipa-backup' && a.role !== 'dvipa-range') continue;
      const range = a.role === 'dvipa-range';
      const [addr, len] = range ? a.address.split('/') : [a.address, a.prefix];
      const mask = prefixToMaskText(range ? Number(len) : (a.prefix ?? 32));
      const add = definitionText(config, { address: addr!, mask, role: a.role });
      // A range has no defaults of its own: each DVIPA created in it gets its class mask.
      const defaultMask = a.defaults?.mask ?? classMask(parseIpv4(addr!)!);
      const lost = a.advertised
        ? `OMPROUTE configures it with the class mask ${defaultMask} and MTU 576 and advertises it only ${a.via?.protocol === 'RIP' ? 'in RIP updates' : 'as an OSPF AS external route'}`
        : config.ignoreUndefinedInterfaces
          ? 'with Ignore_Undefined_Interfaces=YES OMPROUTE ignores an interface no definition covers, and never advertises it'
          : `OMPROUTE configures it with the class mask ${defaultMask} and MTU 576 but runs no routing protocol over it and does not advertise it`;
      const when =
        a.role === 'dvipa-backup'
          ? `${system.name} takes ${a.address} over when its owner fails (${a.what}) and the takeover works on the stack, but ${lost}` +
            (a.advertised ? '' : `: clients outside the sysplex lose ${a.address} exactly when the owner fails`)
          : a.role === 'dvipa'
            ? `${system.name} owns ${a.address} (${a.what}), but ${lost}${a.advertised ? '' : ': it is unreachable from outside the sysplex'}`
            : `A DVIPA an application creates in ${a.address} is active on ${system.name}, but ${lost}${a.advertised ? '' : ': clients outside the sysplex cannot reach it'}`;
      const partial = range ? partialRanges(config.interfaces, a.address) : [];
      ctx.report({
        loc: anchor.loc,
        system: system.name,
        message:
          `no Interface or OSPF_Interface definition in ${config.file} covers the ${range ? 'VIPARANGE' : 'DVIPA'} ${a.address}. ` +
          `IBM: define an Interface or OSPF_Interface for every dynamic VIPA a host might own${range ? ' (for a range, IP_Address is the subnet number and Subnet_Mask its mask)' : ''}. ` +
          `${partial.length ? `(${partial.map((d) => `IP_Address=${d.address} Subnet_Mask=${d.subnetMask}`).join(' and ')} cover${partial.length === 1 ? 's' : ''} only part of it.) ` : ''}` +
          `${when}. Add \`${add}\`${range ? '' : ' or a range definition that covers it'}.`,
        related: [rel(a.loc, `${system.name}: ${range ? a.what : `${a.what} ${a.address}`}`)],
        suggestions: [insertSuggestion(anchor, add, `define ${a.address} to OMPROUTE`)],
        subject: `${system.name} omproute ${a.address} not covered`,
        consequence: config.ignoreUndefinedInterfaces ? 'ignored' : 'defaults',
      });
    }
  },
});

/** Range definitions narrower than a VIPARANGE that lie inside it (they cover part of it). */
function partialRanges(defs: readonly RoutingInterface[], subnet: string): RoutingInterface[] {
  const net = parseCidr(subnet);
  if (!net) return [];
  return defs.filter((d) => {
    if (!isRangeDefinition(d) || d.prefix! <= net.prefix) return false;
    const ip = parseIpv4(d.address);
    return ip !== undefined && subnetContains(net, ip);
  });
}
