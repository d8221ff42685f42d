import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/conflicting-options.md. */
export const rule = defineRule({
  meta: {
    id: 'conflicting-options',
    severity: 'error',
    category: 'profile',
    description: "Mutually exclusive options on one statement (TIER1 and TIER2, GRE and ENCAP, DEFINE and DELETE, \u2026) or an option coded twice",
    source: "EZZ0707I: keyword1 and keyword2 are mutually exclusive; the statement is ignored",
    emittedBy: 'front end',
  },
});
