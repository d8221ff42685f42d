import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/loopback-redefined.md. */
export const rule = defineRule({
  meta: {
    id: 'loopback-redefined',
    severity: 'error',
    category: 'profile',
    description: "A DEVICE, LINK or INTERFACE named LOOPBACK or LOOPBACK6",
    source: "IBM IP Configuration Reference, HOME statement (\"the reserved name LOOPBACK\")",
    consequences: [
      {
        reading: "IBM calls LOOPBACK a reserved name (HOME statement: \"The name of the link defined in a previous LINK statement (or the reserved name LOOPBACK)\"); IBM does not document what the stack does with a DEVICE, LINK or INTERFACE of that name, nor that LOOPBACK6 is reserved the same way. plexlint assumes the definition clashes with the predefined loopback interface and keeps it in the model.",
      },
    ],
    emittedBy: 'front end',
  },
});
