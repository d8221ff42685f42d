import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/sequence-numbers.md. */
export const rule = defineRule({
  meta: {
    id: 'sequence-numbers',
    severity: 'error',
    category: 'syntax',
    description: "Numeric sequence fields in columns 73-80 are read as operands",
    source: "IBM IP Configuration Reference, \"Statement syntax for configuration statements\": sequence numbers are not allowed",
    consequences: [
      {
        reading: "IBM states the rule (\"Sequence numbers are not allowed\") and that the format is free (\"blanks, comments, and end-of-record are ignored\"), with no column limit; IBM does not say what the stack does with the numbers, and plexlint assumes it reads them as operands of the statement they follow.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
