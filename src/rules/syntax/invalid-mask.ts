import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/invalid-mask.md. */
export const rule = defineRule({
  meta: {
    id: 'invalid-mask',
    severity: 'error',
    category: 'syntax',
    description: "A subnet mask that is not dotted decimal with contiguous one bits",
    source: "IBM IP Configuration Reference: IPCONFIG DYNAMICXCF, VIPADEFINE, VIPABACKUP, VIPARANGE, ROUTE",
    // No HOME or PORT entry has a subnet mask: the consequences of an error in those lists cannot occur for this rule.
    consequences: [
      {
        id: "block",
        when: "inside VIPADYNAMIC … ENDVIPADYNAMIC",
        documented: "IBM IP Configuration Reference, VIPADYNAMIC statement",
        quote: "Syntax errors in a VIPADYNAMIC block end further processing of the VIPADYNAMIC block. VIPADYNAMIC statements are processed up to the syntax error, and any remaining statements are ignored.",
      },
      {
        id: "route-entry",
        when: "a ROUTE entry of BEGINROUTES",
        reading: "IBM does not document what an error in one ROUTE entry of a BEGINROUTES block does; plexlint assumes the stack ignores that entry and keeps the others.",
      },
      {
        id: "statement",
        when: "any other statement",
        reading: "IBM documents what a syntax error does in a list (the rest of the list is ignored) and in a VIPADYNAMIC block (the rest of the block is ignored), not in other statements; plexlint assumes the stack rejects the statement, as IBM's profile messages say for the statements they cover (for example EZZ0707I: \"TCP/IP continues, but the statement in error is ignored\").",
      },
    ],
    emittedBy: 'front end',
  },
});
