import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/hotstandby-option-wrong-method.md. */
export const rule = defineRule({
  meta: {
    id: 'hotstandby-option-wrong-method',
    severity: 'error',
    category: 'profile',
    description: "A HOTSTANDBY-only keyword (PREFERRED, BACKUP, AUTOSWITCHBACK, HEALTHSWITCH) with another DISTMETHOD",
    source: "EZZ0831I: the statement and every later statement in the VIPADYNAMIC block are ignored",
    consequences: [
      {
        documented: "EZZ0831I",
        quote: "The specified keyword is valid only when the DISTMETHOD is HOTSTANDBY. … the VIPADISTRIBUTE statement and any subsequent statements in the VIPADYNAMIC block are ignored. Profile processing continues.",
      },
    ],
    emittedBy: 'front end',
  },
});
