import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/include-outside-estate.md. */
export const rule = defineRule({
  meta: {
    id: 'include-outside-estate',
    severity: 'error',
    category: 'input',
    description: "An INCLUDE that resolves to a file outside the estate; plexlint does not read it",
    source: "plexlint: nothing outside the estate given on the command line is read",
    consequences: [
      {
        plexlint: "plexlint never reads a file outside the estate it was given, so the included statements are not checked.",
      },
    ],
    emittedBy: 'front end',
  },
});
