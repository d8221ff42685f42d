import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/misplaced-statement.md. */
export const rule = defineRule({
  meta: {
    id: 'misplaced-statement',
    severity: 'error',
    category: 'syntax',
    description: "A statement outside the block it belongs to, or inside a block that does not allow it (for example PORT inside VIPADYNAMIC)",
    source: "IBM IP Configuration Reference, VIPADYNAMIC summary (only VIPADEFINE, VIPABACKUP, VIPADELETE, VIPADISTRIBUTE, VIPARANGE, VIPAROUTE, VIPASMPARMS are allowed) and BEGINROUTES",
    emittedBy: 'front end',
  },
});
