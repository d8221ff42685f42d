import { defineRule } from '../rule.js';

/** Reported by the OMPROUTE front end; docs/rules/omproute-invalid-value.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-invalid-value',
    severity: 'error',
    category: 'routing',
    description: 'An OMPROUTE value that is not a valid address, mask, number or choice, or a parameter coded twice',
    source: 'IBM IP Configuration Reference, OMPROUTE statement pages (values and defaults); RFC 2328 field sizes; EZZ7830I',
    consequences: [
      {
        id: 'syntax',
        reading: "IBM documents each parameter's values and that an error while OMPROUTE parses its configuration file ends OMPROUTE (EZZ7830I), not the error for another value; plexlint assumes a value of the wrong kind is such an error.",
      },
      {
        id: 'range',
        reading: "IBM's OMPROUTE pages give defaults, not ranges; plexlint takes the size of the OSPF protocol field that carries the value (RFC 2328) as its range and uses an out-of-range value as coded.",
      },
      {
        id: 'duplicate',
        reading: "IBM does not say which value OMPROUTE uses when a parameter is coded twice in one statement; plexlint uses the last one.",
      },
    ],
    emittedBy: 'front end',
  },
});
