import { defineRule } from '../rule.js';

/** Reported by the OMPROUTE front end; docs/rules/omproute-include-not-read.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-include-not-read',
    severity: 'info',
    category: 'routing',
    description: 'An INCLUDE in an OMPROUTE configuration that plexlint cannot follow (the file is not in the estate, or its name is unknown)',
    source: 'IBM IP Messages Volume 4, EZZ7830I (OMPROUTE processes INCLUDE files)',
    consequences: [
      {
        plexlint: "plexlint follows an OMPROUTE configuration's INCLUDEs within the estate; when it cannot read the included file, it does not make the checks that need every interface definition of that configuration (docs/rules/omproute-include-not-read.md).",
      },
    ],
    emittedBy: 'front end',
  },
});
