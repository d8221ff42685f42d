import { defineRule } from '../rule.js';

/** Reported by the lint engine (src/engine/suppress.ts) while reading inline directives; docs/rules/blanket-suppression.md. */
export const rule = defineRule({
  meta: {
    id: 'blanket-suppression',
    severity: 'warning',
    category: 'input',
    description: 'An inline plexlint-disable directive without rule ids, which suppresses every rule',
    source: 'plexlint inline directives; eslint-comments/no-unlimited-disable',
    consequences: [
      {
        plexlint: "a directive without rule ids suppresses every rule on its line, including findings nobody has seen yet.",
      },
    ],
  },
});
