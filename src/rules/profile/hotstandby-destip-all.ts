import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/hotstandby-destip-all.md. */
export const rule = defineRule({
  meta: {
    id: 'hotstandby-destip-all',
    severity: 'error',
    category: 'profile',
    description: "DISTMETHOD HOTSTANDBY with DESTIP ALL",
    source: "EZZ0165I",
    emittedBy: 'front end',
  },
});
