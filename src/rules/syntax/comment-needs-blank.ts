import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/comment-needs-blank.md. */
export const rule = defineRule({
  meta: {
    id: 'comment-needs-blank',
    severity: 'error',
    category: 'syntax',
    description: "A ';' glued to an operand (FOO;bar) does not start a comment",
    source: "IBM IP Configuration Reference, \"Statement syntax for configuration statements\": an argument followed by a comment must have a blank before the semicolon",
    consequences: [
      {
        reading: "IBM requires the blank (\"An argument followed by a comment must have a blank before the semicolon\") but does not document what the stack does without it; plexlint assumes the stack may read the operand and the comment as one unknown operand, and checks the rest as if the blank were there.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
