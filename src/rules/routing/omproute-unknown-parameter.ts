import { defineRule } from '../rule.js';

/** Reported by the OMPROUTE front end; docs/rules/omproute-unknown-parameter.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-unknown-parameter',
    severity: 'warning',
    category: 'routing',
    description: 'A parameter that the OMPROUTE statement does not take',
    source: 'IBM IP Configuration Reference, the statement\'s syntax diagram (OSPF_INTERFACE, GLOBAL_OPTIONS, OSPF, AREA, …); EZZ7830I',
    emittedBy: 'front end',
  },
});
