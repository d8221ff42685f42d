import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/conflicting-options.md. */
export const rule = defineRule({
  meta: {
    id: 'conflicting-options',
    severity: 'error',
    category: 'profile',
    description: "Mutually exclusive options on one statement (TIER1 and TIER2, GRE and ENCAP, DEFINE and DELETE, \u2026)",
    source: "IBM IP Configuration Reference, VIPADEFINE/VIPABACKUP/VIPADISTRIBUTE syntax diagrams and VIPADYNAMIC statement (syntax errors end the block); EZZ0831I",
    consequences: [
      {
        reading: "IBM documents no message for two keywords of one choice on VIPADEFINE, VIPABACKUP or VIPADISTRIBUTE (EZZ0707I, the mutually-exclusive-keywords message, comes from other statements' parsers; the VIPADEFINE page only says \"You cannot configure this parameter on this statement if TIER2 is configured\"). The syntax diagram allows only one of them, IBM ends a VIPADYNAMIC block at a syntax error (\"Syntax errors in a VIPADYNAMIC block end further processing of the VIPADYNAMIC block\"), and it does the same for a keyword that is not valid with the DISTMETHOD (EZZ0831I); plexlint therefore assumes the stack ignores the statement and the rest of the block.",
      },
    ],
    emittedBy: 'front end',
  },
});
