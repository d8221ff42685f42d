import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/unresolved-symbol.md. */
export const rule = defineRule({
  meta: {
    id: 'unresolved-symbol',
    severity: 'info',
    category: 'profile',
    description: "A static system symbol has no value, so the operand stays symbolic",
    source: "IBM IP Configuration Reference, \"Statement syntax for configuration statements\": static system symbols can be used in profile statements",
    consequences: [
      {
        plexlint: "plexlint keeps an operand with an unresolved system symbol as written and skips the checks that need its value; the stack resolves the symbol from the system it runs on.",
      },
    ],
    emittedBy: 'front end',
  },
});
