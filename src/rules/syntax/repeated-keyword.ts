import { defineRule } from '../rule.js';

/** Reported by the profile front end (grammar/profile/parser.ts) while reading the files; docs/rules/repeated-keyword.md. */
export const rule = defineRule({
  meta: {
    id: 'repeated-keyword',
    severity: 'warning',
    category: 'syntax',
    description: 'A keyword coded more than once in one statement (or one list entry)',
    source: "IBM's syntax diagram conventions (a repeat arrow over a stack of choices lets one choice be repeated); IBM IP Configuration Reference, the statement's syntax diagram",
    consequences: [
      {
        reading:
          "IBM's syntax diagrams show where a keyword may be repeated (a repeat arrow over the stack of a statement's parameters, as on the \"any order\" statements) but IBM does not document what the stack does with a keyword coded twice — whether it rejects the statement, or which of the values it keeps; plexlint reads the statement with the first one and does not claim that the stack rejects it.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
