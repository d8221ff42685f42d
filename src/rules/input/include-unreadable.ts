import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/include-unreadable.md. */
export const rule = defineRule({
  meta: {
    id: 'include-unreadable',
    severity: 'error',
    category: 'input',
    description: "An INCLUDE whose file cannot be read or decoded",
    source: "EZZ0300I (INCLUDE processing)",
    consequences: [
      {
        plexlint: "plexlint does not check an included file it cannot read as text.",
      },
    ],
    emittedBy: 'front end',
  },
});
