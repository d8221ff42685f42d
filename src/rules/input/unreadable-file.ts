import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/unreadable-file.md. */
export const rule = defineRule({
  meta: {
    id: 'unreadable-file',
    severity: 'error',
    category: 'input',
    description: "A file of the estate that cannot be read, is binary or is too large",
    source: "plexlint input handling",
    consequences: [
      {
        plexlint: "plexlint does not check a file it cannot read, and never reads outside the estate it was given.",
      },
    ],
    emittedBy: 'front end',
  },
});
