import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/value-out-of-range.md. */
export const rule = defineRule({
  meta: {
    id: 'value-out-of-range',
    severity: 'error',
    category: 'syntax',
    description: "A number outside the range IBM documents for the operand (for example VIPABACKUP rank 1-254)",
    source: "IBM IP Configuration Reference statement pages (VIPABACKUP rank 1-254, PROCTYPE 0-99, ARPTO 60-86400, …); VIPADYNAMIC statement; EZZ0829I and the other VIPADISTRIBUTE value errors",
    consequences: [
      {
        id: "statement-in-block",
        when: "inside VIPADYNAMIC … ENDVIPADYNAMIC",
        reading: "IBM documents no message for a number outside its range inside VIPADYNAMIC. It ends the block for syntax errors, but every VIPADISTRIBUTE value error it documents ignores only the statement (EZZ0829I: \"TCP/IP continues, but the VIPADISTRIBUTE DEFINE statement is ignored\"; likewise EZZ0165I, EZZ0783I, EZZ0826I, EZZ0827I). plexlint assumes a value outside the range is such a value error: the stack ignores the statement and goes on with the rest of the block.",
      },
      {
        id: "statement",
        when: "any other statement",
        reading: "IBM does not document what the stack does with a value outside the range on other statements; plexlint assumes it rejects the statement, as IBM's profile messages for a statement in error say (for example EZZ0326I: \"profile processing continues, but the statement is ignored\").",
      },
    ],
    emittedBy: 'front end',
  },
});
