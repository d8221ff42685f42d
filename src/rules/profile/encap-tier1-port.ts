import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/encap-tier1-port.md. */
export const rule = defineRule({
  meta: {
    id: 'encap-tier1-port',
    severity: 'error',
    category: 'profile',
    description: "VIPADISTRIBUTE TIER1 ENCAP without a PORT list",
    source: "EZZ0783I",
    emittedBy: 'front end',
  },
});
