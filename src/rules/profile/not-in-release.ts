import { defineRule } from '../rule.js';

/**
 * Reported by the profile front end (grammar/profile/parser.ts, from the statement table's `since`) for the release
 * the manifest gives the system (`release:`, `apars:`); docs/rules/not-in-release.md.
 */
export const rule = defineRule({
  meta: {
    id: 'not-in-release',
    severity: 'error',
    category: 'profile',
    description: "A statement, operand or form that IBM introduced after the system's z/OS release (or by an APAR the manifest does not list)",
    source: "IBM IP Configuration Reference of each z/OS release (the release whose reference first documents the item), and the APAR that brought it to earlier releases (for example PH54596, Network Express)",
    consequences: [
      {
        id: 'block',
        when: 'inside VIPADYNAMIC … ENDVIPADYNAMIC',
        documented: 'IBM IP Configuration Reference, VIPADYNAMIC statement',
        quote: 'Syntax errors in a VIPADYNAMIC block end further processing of the VIPADYNAMIC block. VIPADYNAMIC statements are processed up to the syntax error, and any remaining statements are ignored.',
      },
      {
        id: 'list',
        when: 'an entry of a HOME list',
        documented: 'IBM IP Configuration Reference, Statement syntax for configuration statements',
        quote: 'If a syntax error is encountered in a list of parameters, such as a HOME list, the rest of the entries in the list are ignored.',
      },
      {
        id: 'port-list',
        when: 'an entry of a PORT list',
        reading: "IBM's rule for a syntax error in a list names the HOME list and adds that some statements skip only the entry in error; IBM does not say which PORT does, and plexlint assumes the rest of the PORT list is ignored, as for HOME.",
      },
      {
        id: 'route-entry',
        when: 'a ROUTE entry of BEGINROUTES',
        reading: 'IBM does not document what an error in one ROUTE entry of a BEGINROUTES block does; plexlint assumes the stack ignores that entry and keeps the others.',
      },
      {
        id: 'statement',
        when: 'any other statement',
        reading:
          "IBM documents in which release (or by which APAR) it introduced the statement or operand, not what a stack of an earlier release does with it; plexlint assumes that stack treats it as any word it does not know, and rejects the statement.",
      },
      {
        id: 'apar',
        when: 'the release is one an APAR brought the item to, and plexlint.yaml does not list the APAR under apars:',
        plexlint:
          'plexlint reports a warning that names the APAR: it cannot know whether the APAR is applied, and does not claim that the stack rejects the statement. Listing the APAR under apars: (for the system or the estate) accepts the item.',
      },
    ],
    emittedBy: 'front end',
  },
});
