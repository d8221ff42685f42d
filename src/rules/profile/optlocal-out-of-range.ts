import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/optlocal-out-of-range.md. */
export const rule = defineRule({
  meta: {
    id: 'optlocal-out-of-range',
    severity: 'error',
    category: 'profile',
    description: "OPTLOCAL with a value outside 0-16",
    source: "IBM z/OS Communications Server, \"Sysplex distributor optimization with the OPTLOCAL keyword\"; EZZ0829I and the other VIPADISTRIBUTE value errors",
    consequences: [
      {
        reading: "IBM defines OPTLOCAL 0, 1 and 2–16 (Sysplex distributor optimization with the OPTLOCAL keyword) and documents no message for another value. It ends a VIPADYNAMIC block for syntax errors, but every VIPADISTRIBUTE value error it documents ignores only the statement (EZZ0829I: \"TCP/IP continues, but the VIPADISTRIBUTE DEFINE statement is ignored\"). plexlint assumes the value error: the stack ignores this VIPADISTRIBUTE and goes on with the rest of the block.",
      },
    ],
    emittedBy: 'front end',
  },
});
