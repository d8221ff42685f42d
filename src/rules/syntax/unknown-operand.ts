import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/unknown-operand.md. */
export const rule = defineRule({
  meta: {
    id: 'unknown-operand',
    severity: 'error',
    category: 'syntax',
    description: "An operand that the statement does not take",
    source: "IBM IP Configuration Reference, the statement's syntax diagram",
    emittedBy: 'front end',
  },
});
