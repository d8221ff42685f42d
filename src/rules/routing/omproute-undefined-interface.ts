import { prefixToMaskText } from '../../core/ip.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { definitionText, uncoveredAddresses } from './common.js';

/**
 * GLOBAL_OPTIONS statement: with Ignore_Undefined_Interfaces=NO (the default),
 * OMPROUTE configures a stack interface that no OSPF_Interface, RIP_Interface or
 * Interface (explicit or wildcard) defines with MTU 576 and the class mask,
 * overriding the stack's values, and may advertise it. "Using RIP, IPv6 RIP,
 * OSPF, and IPv6 OSPF with OMPROUTE": an IPv4 interface that runs neither
 * protocol should get an INTERFACE statement unless Ignore_Undefined_Interfaces=YES.
 * The dynamic XCF address is an interface of the stack like any other.
 */
export const rule = defineRule({
  meta: {
    id: 'omproute-undefined-interface',
    severity: 'warning',
    category: 'routing',
    description: 'A real IPv4 interface, static VIPA or dynamic XCF address with no OMPROUTE definition while Ignore_Undefined_Interfaces is not YES',
    source: 'IBM IP Configuration Reference, "GLOBAL_OPTIONS statement"; IP Configuration Guide, "Using RIP, IPv6 RIP, OSPF, and IPv6 OSPF with OMPROUTE"',
    consequences: [
      {
        documented: "IBM z/OS Communications Server IP Configuration Reference, GLOBAL_OPTIONS statement",
        quote: "NO indicates that OMPROUTE configures such interfaces with default values (including setting the MTU size to 576 and using the class mask as the subnet mask and overriding stack definition values with these default values for IPv4 interfaces), and possibly advertises these interfaces to the rest of the network if OSPF settings or RIP filters permit it.",
      },
    ],
  },
  check(ctx) {
    for (const { system, config, anchor, address: a, mistyped } of uncoveredAddresses(ctx.estate)) {
      if (config.ignoreUndefinedInterfaces || !a.defaults) continue;
      if (a.role !== 'real' && a.role !== 'static-vipa' && a.role !== 'dynamic-xcf' && a.role !== 'unknown') continue;
      // A definition with this interface's Name and another address is omproute-definition-mismatch's (one cause, one finding).
      if (a.interfaceName && mistyped.has(a.interfaceName.toUpperCase())) continue;
      // A static VIPA has no subnet on the stack (INTERFACE … VIRTUAL IPADDR is one address).
      const stackMask = a.prefix === undefined || a.role === 'static-vipa' ? undefined : prefixToMaskText(a.prefix);
      const override = stackMask && stackMask !== a.defaults.mask ? `, overriding the stack's ${stackMask}` : '';
      const xcf = a.role === 'dynamic-xcf';
      const mask = stackMask ?? (a.role === 'static-vipa' ? '255.255.255.255' : a.defaults.mask);
      const add = definitionText(config, { address: a.address, mask, role: a.role, ...(xcf ? { name: 'DYNXCF' } : a.interfaceName ? { name: a.interfaceName } : {}) }, 'Interface');
      // At the profile's definition of the interface: OMPROUTE has no definition to point at.
      ctx.report({
        loc: a.loc,
        system: system.name,
        message:
          `${xcf ? 'the dynamic XCF address' : a.what} ${a.address} has no OMPROUTE definition in ${config.file} and Ignore_Undefined_Interfaces is not YES, ` +
          `so OMPROUTE configures ${xcf ? 'the XCF interfaces' : 'it'} with MTU 576 and the class mask ${a.defaults.mask}${override}` +
          `${a.advertised && a.via ? `, and can advertise it by ${a.via.protocol}` : ''}. ` +
          `Add \`${add}\` to ${config.file} (or an OSPF_Interface if OSPF should run over it), or code GLOBAL_OPTIONS Ignore_Undefined_Interfaces=YES.`,
        related: [rel(anchor.after ?? anchor.loc, anchor.after ? `the last interface definition of ${config.file}; the missing one belongs after it` : `${config.file}: no interface definition yet`)],
        subject: `${system.name} omproute ${a.address} undefined`,
      });
    }
  },
});
