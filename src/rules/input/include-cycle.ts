import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/include-cycle.md. */
export const rule = defineRule({
  meta: {
    id: 'include-cycle',
    severity: 'error',
    category: 'input',
    description: "An INCLUDE (in a profile or an OMPROUTE configuration) that includes a member already being processed, nests deeper than 16, or goes beyond the members plexlint follows",
    source: "IBM documents no INCLUDE nesting limit; a cycle would never end",
    consequences: [
      {
        reading: "IBM documents INCLUDE in the TCP/IP profile and in the OMPROUTE configuration file (EZZ7830I) but no nesting limit and no check for a file that includes itself; plexlint assumes the stack (or OMPROUTE) would process the cycle again and again, and reads each member once.",
      },
    ],
    emittedBy: 'front end',
  },
});
