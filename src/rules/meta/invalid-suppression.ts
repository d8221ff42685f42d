import { defineRule } from '../rule.js';

/** Reported by the lint engine (src/engine/suppress.ts) while reading inline directives; docs/rules/invalid-suppression.md. */
export const rule = defineRule({
  meta: {
    id: 'invalid-suppression',
    severity: 'warning',
    category: 'input',
    description: 'An inline directive that cannot work: unknown directive or rule id, a rule that cannot be suppressed, or malformed text',
    source: 'plexlint inline directives',
    consequences: [
      {
        plexlint: "plexlint ignores a directive or rule id it does not know, so the directive suppresses nothing.",
      },
    ],
    fixable: true,
  },
});
