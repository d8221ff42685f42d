import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/invalid-port.md. */
export const rule = defineRule({
  meta: {
    id: 'invalid-port',
    severity: 'error',
    category: 'syntax',
    description: "A port that is not 1-65535 or a valid low-high range",
    source: "IBM IP Configuration Reference: PORT, VIPADISTRIBUTE PORT, CONTROLPORT",
    // No HOME entry and no ROUTE entry has a port: the consequences of an error in those cannot occur for this rule.
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
        id: "statement",
        when: "any other statement",
        reading: "IBM documents what a syntax error does in a list (the rest of the list is ignored) and in a VIPADYNAMIC block (the rest of the block is ignored), not in other statements; plexlint assumes the stack rejects the statement, as IBM's profile messages say for the statements they cover (for example EZZ0707I: \"TCP/IP continues, but the statement in error is ignored\").",
      },
    ],
    emittedBy: 'front end',
  },
});
