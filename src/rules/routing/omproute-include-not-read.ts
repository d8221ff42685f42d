import { defineRule } from '../rule.js';

/** Reported by the OMPROUTE front end; docs/rules/omproute-include-not-read.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-include-not-read',
    severity: 'info',
    category: 'routing',
    description: 'An INCLUDE in an OMPROUTE configuration: plexlint does not read the included file',
    source: 'IBM IP Messages Volume 4, EZZ7830I (OMPROUTE processes INCLUDE files)',
    consequences: [
      {
        plexlint: "plexlint reads only the OMPROUTE file itself, not the files it INCLUDEs, and does not make the checks that need every interface definition of that configuration (docs/rules/omproute-include-not-read.md).",
      },
    ],
    emittedBy: 'front end',
  },
});
