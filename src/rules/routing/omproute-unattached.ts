import { defineRule } from '../rule.js';

/** Reported by the compiler driver (src/engine/omproute.ts); docs/rules/omproute-unattached.md. */
export const rule = defineRule({
  meta: {
    id: 'omproute-unattached',
    severity: 'warning',
    category: 'routing',
    description: 'An OMPROUTE configuration that belongs to no system of the estate, so only its syntax is checked',
    source: 'plexlint estate rules (docs/model.md, "Routing"): systems.<name>.omproute, or a file named after the system',
    consequences: [
      {
        plexlint: "plexlint checks an OMPROUTE configuration that belongs to no system for its syntax only: it cannot say what a stack advertises without the stack's profile (docs/model.md, Routing).",
      },
    ],
    emittedBy: 'model builder',
  },
});
