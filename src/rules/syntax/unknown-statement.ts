import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/unknown-statement.md. */
export const rule = defineRule({
  meta: {
    id: 'unknown-statement',
    severity: 'error',
    category: 'syntax',
    description: "A word where a TCP/IP profile statement should start is not a statement name",
    source: "IBM IP Configuration Reference, \"Summary of TCP/IP address space configuration statements\"",
    emittedBy: 'front end',
  },
});
