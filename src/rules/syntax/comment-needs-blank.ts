import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/comment-needs-blank.md. */
export const rule = defineRule({
  meta: {
    id: 'comment-needs-blank',
    severity: 'error',
    category: 'syntax',
    description: "A ';' glued to an operand (FOO;bar) does not start a comment",
    source: "IBM IP Configuration Reference, \"Statement syntax for configuration statements\": an argument followed by a comment must have a blank before the semicolon",
    emittedBy: 'front end',
  },
});
