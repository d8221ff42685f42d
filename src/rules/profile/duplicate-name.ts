import { defineRule } from '../rule.js';

/** Reported by the profile front end (src/frontends/profile/definitions.ts); docs/rules/duplicate-name.md. */
export const rule = defineRule({
  meta: {
    id: 'duplicate-name',
    severity: 'error',
    category: 'profile',
    description: 'A DEVICE, LINK or INTERFACE whose name is already defined (links and interfaces share one name space)',
    source: 'IBM IP Configuration Reference, DEVICE and LINK statements and INTERFACE statements',
    consequences: [
      {
        reading:
          'IBM requires device, link and interface names to be unique (DEVICE and LINK statements, INTERFACE statements) but does not document the message the stack gives for a second definition; plexlint assumes the stack rejects the later one and keeps the first.',
      },
    ],
    emittedBy: 'front end',
  },
});
