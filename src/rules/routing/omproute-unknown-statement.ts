import { defineRule } from '../rule.js';

/**
 * Reported by the OMPROUTE front end; docs/rules/omproute-unknown-statement.md.
 * A near miss of a known statement is an error (OMPROUTE ends, EZZ7830I); any other
 * word is a warning, since plexlint's statement list is not read from every z/OS release.
 */
export const rule = defineRule({
  meta: {
    id: 'omproute-unknown-statement',
    severity: 'warning',
    category: 'routing',
    description: 'A word where an OMPROUTE statement should start is not an OMPROUTE statement',
    source: 'IBM IP Configuration Reference, "OMPROUTE configuration file"; IP Messages Volume 4, EZZ7830I',
    consequences: [
      {
        reading: "IBM documents that an error while OMPROUTE parses its configuration file ends OMPROUTE (EZZ7830I), not which words are errors; plexlint assumes a word that is no OMPROUTE statement is one.",
      },
    ],
    emittedBy: 'front end',
  },
});
