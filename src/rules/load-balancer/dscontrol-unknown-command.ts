import { defineRule } from '../rule.js';

/** Reported by the front end while reading the files; docs/rules/dscontrol-unknown-command.md. */
export const rule = defineRule({
  meta: {
    id: 'dscontrol-unknown-command',
    severity: 'error',
    category: 'load-balancer',
    description: "A word where a dscontrol command or subcommand belongs is not one (or is an ambiguous abbreviation)",
    source: "Edge Components, Command reference for Dispatcher and CBR: keywords may be shortened to any unique prefix",
    consequences: [
      {
        reading: "IBM documents dscontrol's commands and that keywords may be shortened to any unique prefix, not the error for another word; plexlint assumes dscontrol refuses the command, so nothing of it is configured.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
