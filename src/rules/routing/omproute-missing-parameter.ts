import { defineRule } from '../rule.js';

/** Reported by the OMPROUTE front end; docs/rules/omproute-missing-parameter.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-missing-parameter',
    severity: 'error',
    category: 'routing',
    description: 'An OMPROUTE interface statement without a parameter IBM requires (IP_Address, Name, Subnet_Mask)',
    source: 'IBM IP Configuration Guide, "IPv4 considerations for OMPROUTE" (Name is required); IP Configuration Reference, OSPF_INTERFACE syntax diagram',
    emittedBy: 'front end',
  },
});
