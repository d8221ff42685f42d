import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/unknown-file-kind.md. */
export const rule = defineRule({
  meta: {
    id: 'unknown-file-kind',
    severity: 'warning',
    category: 'input',
    description: "A file named on the command line whose kind plexlint cannot tell",
    source: "plexlint input detection",
    consequences: [
      {
        plexlint: "plexlint does not check a file whose kind it cannot tell; name it or place it as docs/model.md describes, or list it in plexlint.yaml.",
      },
    ],
    emittedBy: 'front end',
  },
});
