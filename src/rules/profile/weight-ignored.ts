import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/weight-ignored.md. */
export const rule = defineRule({
  meta: {
    id: 'weight-ignored',
    severity: 'warning',
    category: 'profile',
    description: "WEIGHT on a DESTIP target of a distribution that is not WEIGHTEDACTIVE",
    source: "EZZ0799I",
    consequences: [
      {
        documented: "EZZ0799I",
        quote: "The VIPADISTRIBUTE statement WEIGHT keyword is valid only when the DISTMETHOD parameter value is WEIGHTEDACTIVE. The WEIGHT keyword is ignored. … TCP/IP continues.",
      },
    ],
    emittedBy: 'front end',
  },
});
