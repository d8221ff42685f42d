import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/manifest-invalid-value.md. */
export const rule = defineRule({
  meta: {
    id: 'manifest-invalid-value',
    severity: 'error',
    category: 'manifest',
    description: "A plexlint.yaml value of the wrong type or range",
    source: "docs/estates.md",
    consequences: [
      {
        plexlint: "plexlint does not apply a setting of plexlint.yaml whose value is not valid.",
      },
    ],
    emittedBy: 'front end',
  },
});
