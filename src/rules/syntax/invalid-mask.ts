import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/invalid-mask.md. */
export const rule = defineRule({
  meta: {
    id: 'invalid-mask',
    severity: 'error',
    category: 'syntax',
    description: "A subnet mask that is not dotted decimal with contiguous one bits",
    source: "IBM IP Configuration Reference: IPCONFIG DYNAMICXCF, VIPADEFINE, VIPABACKUP, VIPARANGE, ROUTE",
    emittedBy: 'front end',
  },
});
