import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/invalid-address.md. */
export const rule = defineRule({
  meta: {
    id: 'invalid-address',
    severity: 'error',
    category: 'syntax',
    description: "An operand that must be an IP address is not a valid one (or is a loopback address where none is allowed)",
    source: "IBM IP Configuration Reference statement pages; EZZ0638I, EZZ0708I",
    emittedBy: 'front end',
  },
});
