import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/unknown-operand.md. */
export const rule = defineRule({
  meta: {
    id: 'unknown-operand',
    severity: 'error',
    category: 'syntax',
    description: "An operand that the statement does not take",
    source: "IBM IP Configuration Reference, the statement's syntax diagram",
    // A HOME entry is an address and a link name, no operands: the consequence of an error in a HOME entry cannot occur for this rule.
    // ROUTE's table is not confirmed (grammar/profile/statements/route.ts): an unknown word in a ROUTE entry is a warning
    // ('unverified'), so the entry-level consequence of an error cannot occur for this rule either until it is.
    consequences: [
      {
        id: "block",
        when: "inside VIPADYNAMIC … ENDVIPADYNAMIC",
        documented: "IBM IP Configuration Reference, VIPADYNAMIC statement",
        quote: "Syntax errors in a VIPADYNAMIC block end further processing of the VIPADYNAMIC block. VIPADYNAMIC statements are processed up to the syntax error, and any remaining statements are ignored.",
      },
      {
        id: "port-list",
        when: "an entry of a PORT list",
        reading: "IBM's rule for a syntax error in a list names the HOME list and adds that some statements skip only the entry in error (\"this does not apply to all statements\"); IBM does not say which PORT does, and plexlint assumes the rest of the PORT list is ignored, as for HOME.",
      },
      {
        id: "unverified",
        when: "a word of a statement whose table plexlint has not confirmed against IBM's syntax diagram for the system's release",
        plexlint: "plexlint reports the word as a warning and does not claim that the stack rejects the statement: its table of that statement is not confirmed against IBM's syntax diagram for the system's release (docs/statements.md says which tables are confirmed, and against which release), so it may lack an operand or a form that IBM added.",
      },
      {
        id: "statement",
        when: "any other statement",
        reading: "IBM documents what a syntax error does in a list (the rest of the list is ignored) and in a VIPADYNAMIC block (the rest of the block is ignored), not in other statements; plexlint assumes the stack rejects the statement, as IBM's profile messages say for the statements they cover (for example EZZ0707I: \"TCP/IP continues, but the statement in error is ignored\").",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
