import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/include-cycle.md. */
export const rule = defineRule({
  meta: {
    id: 'include-cycle',
    severity: 'error',
    category: 'input',
    description: "An INCLUDE that includes a member already being processed (or nesting deeper than 16)",
    source: "IBM documents no INCLUDE nesting limit; a cycle would never end",
    consequences: [
      {
        reading: "IBM documents INCLUDE but no nesting limit and no check for a data set that includes itself; plexlint assumes the stack would process the cycle again and again, and reads each member once.",
      },
    ],
    emittedBy: 'front end',
  },
});
