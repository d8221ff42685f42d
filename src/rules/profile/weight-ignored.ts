import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/weight-ignored.md. */
export const rule = defineRule({
  meta: {
    id: 'weight-ignored',
    severity: 'warning',
    category: 'profile',
    description: "WEIGHT on a DESTIP target of a distribution that is not WEIGHTEDACTIVE",
    source: "EZZ0799I",
    emittedBy: 'front end',
  },
});
