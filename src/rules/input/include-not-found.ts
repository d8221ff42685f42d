import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/include-not-found.md. */
export const rule = defineRule({
  meta: {
    id: 'include-not-found',
    severity: 'warning',
    category: 'input',
    description: "An INCLUDE whose data set is not part of the estate (so its statements are not checked)",
    source: "EZZ0300I (INCLUDE processing); plexlint.yaml datasets mapping",
    consequences: [
      {
        plexlint: "plexlint cannot check statements it cannot find; the stack itself opens the data set named on INCLUDE (EZZ0300I).",
      },
    ],
    emittedBy: 'front end',
  },
});
