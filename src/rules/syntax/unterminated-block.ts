import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/unterminated-block.md. */
export const rule = defineRule({
  meta: {
    id: 'unterminated-block',
    severity: 'error',
    category: 'syntax',
    description: "A block statement (VIPADYNAMIC, BEGINROUTES, AUTOLOG, \u2026) without its END statement",
    source: "IBM IP Configuration Reference, \"Statement syntax for configuration statements\": if the END statement is omitted, all subsequent tokens are parameters of the statement",
    consequences: [
      {
        documented: "IBM IP Configuration Reference, Statement syntax for configuration statements",
        quote: "An END statement terminates a number of statements, such as AUTOLOG. If the END statement is omitted, all subsequent tokens in the data set are interpreted as parameters for that configuration statement.",
      },
    ],
    emittedBy: 'front end',
  },
});
