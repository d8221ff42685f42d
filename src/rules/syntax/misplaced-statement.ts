import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/misplaced-statement.md. */
export const rule = defineRule({
  meta: {
    id: 'misplaced-statement',
    severity: 'error',
    category: 'syntax',
    description: "A statement outside the block it belongs to, or inside a block that does not allow it (for example PORT inside VIPADYNAMIC)",
    source: "IBM IP Configuration Reference, VIPADYNAMIC summary (only VIPADEFINE, VIPABACKUP, VIPADELETE, VIPADISTRIBUTE, VIPARANGE, VIPAROUTE, VIPASMPARMS are allowed) and BEGINROUTES",
    consequences: [
      {
        id: "in-block",
        when: "a statement VIPADYNAMIC does not allow, inside the block",
        documented: "IBM IP Configuration Reference, VIPADYNAMIC statement",
        quote: "Syntax errors in a VIPADYNAMIC block end further processing of the VIPADYNAMIC block. VIPADYNAMIC statements are processed up to the syntax error, and any remaining statements are ignored.",
      },
      {
        id: "outside",
        when: "a block's statement outside its block",
        reading: "IBM lists where each statement belongs (ROUTE inside BEGINROUTES, the VIPA statements inside VIPADYNAMIC) but does not document what the stack does with one outside its block; plexlint assumes it rejects it.",
      },
    ],
    emittedBy: 'front end',
  },
});
