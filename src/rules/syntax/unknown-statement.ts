import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/unknown-statement.md. */
export const rule = defineRule({
  meta: {
    id: 'unknown-statement',
    severity: 'error',
    category: 'syntax',
    description: "A word where a TCP/IP profile statement starts that is no statement plexlint knows",
    source:
      "IBM IP Configuration Reference, \"Summary of TCP/IP address space configuration statements\", \"Statement syntax for configuration statements\" and \"Configuration statements in TCPIP.DATA\"",
    consequences: [
      {
        id: 'typo',
        when: 'the word is close to a statement name (PORTS for PORT)',
        reading:
          "IBM's profile is free format and a statement has no terminator (\"Statements can be split across multiple lines\"); IBM does not document what the stack does with a word it does not know as a statement. plexlint assumes that the stack reports a syntax error and skips the word and its operands, so the statement that was meant is not processed.",
      },
      {
        id: 'tcpip-data',
        when: 'the word is a TCPIP.DATA statement (DATASETPREFIX, HOSTNAME, NSINTERADDR, …)',
        reading:
          "IBM documents the word among the TCPIP.DATA statements (the resolver's configuration) and not among the TCP/IP profile statements, so it does not take effect from the profile; IBM does not document what the stack reports for it, and plexlint assumes a syntax error that skips it and its operands.",
      },
      {
        id: 'unknown',
        when: 'any other word',
        plexlint:
          "plexlint reports a warning: its list of profile statements may lack one that IBM added, so it does not claim that the stack rejects the word; if it is no statement of the system's release, plexlint assumes the stack skips it and its operands.",
      },
      {
        id: 'operand',
        when: 'a near miss of an operand of the statement above it, or a word inside a block that ends with an END keyword',
        reading:
          "IBM's profile has no statement terminator, and IBM does not document whether the stack reads a word it does not know, on a line of its own after a statement, as one more operand of that statement (which it would then reject) or as a statement of its own; plexlint concludes that either way the operand or statement that was meant is not processed. Where the table of the statement above is not confirmed for the system's release, the word may be an operand IBM added: the finding is then a warning that says so, without a fix.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
