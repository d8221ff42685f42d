import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { routedSystems } from './common.js';

/** OMPROUTE's limit (IP Configuration Guide, "Using RIP, IPv6 RIP, OSPF, and IPv6 OSPF with OMPROUTE"). */
export const MAX_REAL_INTERFACES = 255;

/**
 * "OMPROUTE supports a maximum of 255 physical, real IPv4 interfaces (that is,
 * interfaces that can actually send and receive data); there is no theoretical
 * limit on VIPAs." What OMPROUTE does with more is not documented, hence a
 * warning. Counted: the profile's real IPv4 interfaces and HOME entries on real
 * links; the dynamic XCF links the stack creates come on top.
 */
export const rule = defineRule({
  meta: {
    id: 'omproute-too-many-interfaces',
    severity: 'warning',
    category: 'routing',
    description: 'More than 255 real IPv4 interfaces on a stack that runs OMPROUTE (VIPAs do not count)',
    source: 'IBM IP Configuration Guide, "Using RIP, IPv6 RIP, OSPF, and IPv6 OSPF with OMPROUTE" (at most 255 real IPv4 interfaces)',
    consequences: [
      {
        reading: "IBM says OMPROUTE supports at most 255 real IPv4 interfaces and that VIPAs do not count (Using RIP, IPv6 RIP, OSPF, and IPv6 OSPF with OMPROUTE); IBM documents no behaviour beyond the limit, and plexlint assumes the interfaces beyond it may not be routed.",
      },
    ],
  },
  check(ctx) {
    for (const { system, routing } of routedSystems(ctx.estate)) {
      const real = routing.addresses.filter((a) => a.role === 'real' || a.role === 'unknown');
      if (real.length <= MAX_REAL_INTERFACES) continue;
      const first = real[MAX_REAL_INTERFACES]!;
      ctx.report({
        loc: first.loc,
        system: system.name,
        message:
          `the profile defines ${real.length} real IPv4 interfaces (this is number ${MAX_REAL_INTERFACES + 1}), and ${system.name} runs OMPROUTE (${routing.config.file}), which supports at most ${MAX_REAL_INTERFACES} ` +
          `(VIPAs do not count; the dynamic XCF links come on top). IBM documents no behaviour beyond the limit, so the interfaces from here on may not be routed. Reduce the number of real interfaces.`,
        related: [rel({ file: routing.config.file, line: 1, column: 1, endLine: 1, endColumn: 1 }, `OMPROUTE configuration of ${system.name}`)],
        subject: `${system.name} omproute interface count`,
      });
    }
  },
});
