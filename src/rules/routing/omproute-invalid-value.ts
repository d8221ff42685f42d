import { defineRule } from '../rule.js';

/** Reported by the OMPROUTE front end; docs/rules/omproute-invalid-value.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-invalid-value',
    severity: 'error',
    category: 'routing',
    description: 'An OMPROUTE value that is not a valid address, mask, number or choice, or a parameter coded twice',
    source: 'IBM IP Configuration Reference, OMPROUTE statement pages (values and defaults); RFC 2328 field sizes; EZZ7830I',
    emittedBy: 'front end',
  },
});
