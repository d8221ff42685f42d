import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/sequence-numbers.md. */
export const rule = defineRule({
  meta: {
    id: 'sequence-numbers',
    severity: 'error',
    category: 'syntax',
    description: "Numeric sequence fields in columns 73-80 are read as operands",
    source: "IBM IP Configuration Reference, \"Statement syntax for configuration statements\": sequence numbers are not allowed",
    emittedBy: 'front end',
  },
});
