import { defineRule } from '../rule.js';

/** Reported by the OMPROUTE front end; docs/rules/omproute-no-routing-interface.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-no-routing-interface',
    severity: 'error',
    category: 'routing',
    description: 'An OMPROUTE configuration with no OSPF_Interface, RIP_Interface, IPv6_OSPF_Interface or IPv6_RIP_Interface: OMPROUTE ends (EZZ7869I)',
    source: 'IBM IP Messages Volume 4, EZZ7869I',
    emittedBy: 'front end',
  },
});
