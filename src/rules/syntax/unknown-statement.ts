import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/unknown-statement.md. */
export const rule = defineRule({
  meta: {
    id: 'unknown-statement',
    severity: 'error',
    category: 'syntax',
    description: "A word where a TCP/IP profile statement should start is not a statement name",
    source: "IBM IP Configuration Reference, \"Summary of TCP/IP address space configuration statements\"",
    consequences: [
      {
        reading: "IBM's profile is free format and a statement has no terminator (\"Statements can be split across multiple lines\"); IBM does not document what the stack does with a word it does not know as a statement. plexlint assumes that after a statement that takes a list of operands the word is read as one more operand of it, and otherwise that the stack reports a syntax error and skips the word and its operands.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
