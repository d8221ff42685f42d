import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/obsolete-statement.md. */
export const rule = defineRule({
  meta: {
    id: 'obsolete-statement',
    severity: 'warning',
    category: 'profile',
    description: "A statement, operand, device or link type that the system's z/OS release (or every current release) no longer supports",
    source: "z/OS V2R2 and V2R3 Communications Server \"Support considerations\" (legacy device types and GATEWAY removed); the IP Configuration Reference of the release that no longer documents an item",
    consequences: [
      {
        reading: "IBM's support considerations (for example those of z/OS V2R2 and V2R3) say the support was removed, and later IP Configuration References no longer document the item; IBM does not document the message a stack of such a release gives for it, and plexlint assumes it rejects it.",
      },
    ],
    emittedBy: 'front end',
  },
});
