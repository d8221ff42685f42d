import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/encap-tier1-port.md. */
export const rule = defineRule({
  meta: {
    id: 'encap-tier1-port',
    severity: 'error',
    category: 'profile',
    description: "VIPADISTRIBUTE TIER1 ENCAP without a PORT list",
    source: "EZZ0783I",
    consequences: [
      {
        documented: "EZZ0783I",
        quote: "A VIPADISTRIBUTE DEFINE statement with the ENCAP parameter was found, but the statement did not specify a PORT parameter. … TCP/IP continues, but the VIPADISTRIBUTE statement is ignored.",
      },
    ],
    emittedBy: 'front end',
  },
});
