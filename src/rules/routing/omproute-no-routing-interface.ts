import { defineRule } from '../rule.js';

/** Reported by the OMPROUTE front end; docs/rules/omproute-no-routing-interface.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-no-routing-interface',
    severity: 'error',
    category: 'routing',
    description: 'An OMPROUTE configuration with no OSPF_Interface, RIP_Interface, IPv6_OSPF_Interface or IPv6_RIP_Interface: OMPROUTE ends (EZZ7869I)',
    source: 'IBM IP Messages Volume 4, EZZ7869I',
    consequences: [
      {
        documented: "IBM z/OS Communications Server IP Messages Volume 4, EZZ7869I",
        quote: "OMPROUTE found no OSPF_Interface, RIP_Interface, IPv6_RIP_Interface, or IPv6_OSPF_Interface configuration statements in the OMPROUTE configuration file. System action: OMPROUTE ends.",
      },
    ],
    emittedBy: 'front end',
  },
});
