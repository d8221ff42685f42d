import { defineRule } from '../rule.js';

/** Reported by the OMPROUTE front end; docs/rules/omproute-unknown-parameter.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-unknown-parameter',
    severity: 'warning',
    category: 'routing',
    description: 'A parameter that the OMPROUTE statement does not take',
    source: 'IBM IP Configuration Reference, the statement\'s syntax diagram (OSPF_INTERFACE, GLOBAL_OPTIONS, OSPF, AREA, …); EZZ7830I',
    consequences: [
      {
        reading: "IBM documents that an error while OMPROUTE parses its configuration file ends OMPROUTE (EZZ7830I) and lists each statement's parameters, not the error for another keyword; plexlint assumes a keyword the statement does not take is such an error.",
      },
    ],
    emittedBy: 'front end',
  },
});
