import { defineRule } from '../rule.js';

/** Reported by the lint engine (src/engine/suppress.ts) after applying inline directives; docs/rules/unused-suppression.md. */
export const rule = defineRule({
  meta: {
    id: 'unused-suppression',
    severity: 'warning',
    category: 'input',
    description: 'An inline plexlint-disable/enable directive (or one rule id in it) that suppresses nothing',
    source: "plexlint inline directives; ESLint's reportUnusedDisableDirectives",
    consequences: [
      {
        plexlint: "an unused suppression hides nothing today and would hide a later finding on that line (docs/ci.md, suppressions).",
      },
    ],
    fixable: true,
  },
});
