import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/manifest-unknown-key.md. */
export const rule = defineRule({
  meta: {
    id: 'manifest-unknown-key',
    severity: 'warning',
    category: 'manifest',
    description: "A key plexlint.yaml does not define (usually a typo)",
    source: "docs/estates.md",
    consequences: [
      {
        plexlint: "plexlint ignores a key of plexlint.yaml it does not know (docs/model.md lists the keys).",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
