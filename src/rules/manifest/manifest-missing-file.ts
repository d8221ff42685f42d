import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/manifest-missing-file.md. */
export const rule = defineRule({
  meta: {
    id: 'manifest-missing-file',
    severity: 'error',
    category: 'manifest',
    description: "A path in plexlint.yaml that does not exist",
    source: "docs/estates.md",
    consequences: [
      {
        plexlint: "plexlint cannot check a file or folder that plexlint.yaml names but that does not exist.",
      },
    ],
    emittedBy: 'front end',
  },
});
