import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/tier1-routing-method.md. */
export const rule = defineRule({
  meta: {
    id: 'tier1-routing-method',
    severity: 'error',
    category: 'profile',
    description: "A DISTMETHOD that GRE/ENCAP tier-1 routing does not support (BASEWLM, SERVERWLM), or TARGCONTROLLED without GRE/ENCAP",
    source: "IBM support, \"What are the different distribution methods available for distributing TCP/IP stack\"; VIPADISTRIBUTE Tier1 parameters",
    emittedBy: 'front end',
  },
});
