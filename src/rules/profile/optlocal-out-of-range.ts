import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/optlocal-out-of-range.md. */
export const rule = defineRule({
  meta: {
    id: 'optlocal-out-of-range',
    severity: 'error',
    category: 'profile',
    description: "OPTLOCAL with a value outside 0-16",
    source: "IBM z/OS Communications Server, \"Sysplex distributor optimization with the OPTLOCAL keyword\"",
    emittedBy: 'front end',
  },
});
