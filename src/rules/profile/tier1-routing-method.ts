import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/tier1-routing-method.md. */
export const rule = defineRule({
  meta: {
    id: 'tier1-routing-method',
    severity: 'error',
    category: 'profile',
    description: "A DISTMETHOD that GRE/ENCAP tier-1 routing does not support (BASEWLM, SERVERWLM), or TARGCONTROLLED without GRE/ENCAP",
    source: "IBM support, \"What are the different distribution methods available for distributing TCP/IP stack\"; VIPADISTRIBUTE Tier1 parameters",
    consequences: [
      {
        reading: "IBM documents the restriction (BASEWLM and SERVERWLM are not available with GRE or ENCAP; TARGCONTROLLED goes with TIER1 GRE or ENCAP: IBM support, What are the different distribution methods available for distributing TCP/IP stack) but no message for breaking it; plexlint assumes the stack ignores the VIPADISTRIBUTE, as it does for the VIPADISTRIBUTE errors IBM documents (EZZ0783I, EZZ0829I).",
      },
    ],
    emittedBy: 'front end',
  },
});
