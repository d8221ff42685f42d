import { defineRule } from '../rule.js';

/** Reported by the profile front end (src/frontends/profile/definitions.ts); docs/rules/duplicate-name.md. */
export const rule = defineRule({
  meta: {
    id: 'duplicate-name',
    severity: 'error',
    category: 'profile',
    description: 'A DEVICE, LINK or INTERFACE whose name is already defined (links and interfaces share one name space)',
    source: 'IBM IP Configuration Reference, DEVICE and LINK statements and INTERFACE statements',
    emittedBy: 'front end',
  },
});
