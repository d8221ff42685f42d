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
    // The items the statement table dates (grammar/profile: `since`) are INTERFACE's EQENET, EQENET6 and DEVNUM and
    // IPCONFIG6's R1COMPLIANCE: none inside VIPADYNAMIC, a HOME or PORT list or a ROUTE entry, so the consequences of an
    // error there (unknown-operand's block, port-list …) cannot occur for this rule until an item dated there is added.
    consequences: [
      {
        id: 'statement',
        when: 'the statement that codes the item',
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
