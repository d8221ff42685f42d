import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/obsolete-statement.md. */
export const rule = defineRule({
  meta: {
    id: 'obsolete-statement',
    severity: 'warning',
    category: 'profile',
    description: "A statement, device or link type that current z/OS releases no longer support",
    source: "z/OS V2R2 and V2R3 Communications Server \"Support considerations\" (legacy device types and GATEWAY removed)",
    consequences: [
      {
        reading: "IBM's support considerations for z/OS V2R2 and V2R3 say the support was removed; IBM does not document the message a current stack gives for the statement, and plexlint assumes it rejects it.",
      },
    ],
    emittedBy: 'front end',
  },
});
