import { defineRule } from '../rule.js';

/** Reported by the front end while reading the files; docs/rules/dscontrol-invalid-value.md. */
export const rule = defineRule({
  meta: {
    id: 'dscontrol-invalid-value',
    severity: 'error',
    category: 'load-balancer',
    description: "A dscontrol operand that is not a valid address, port, number or choice",
    source: "Edge Components, dscontrol syntax diagrams (value ranges and choices)",
    consequences: [
      {
        reading: "IBM documents the values each dscontrol option takes, not the error for another value; plexlint assumes dscontrol refuses the command, so nothing of it is configured.",
      },
    ],
    emittedBy: 'front end',
  },
});
