import { defineRule } from '../rule.js';

/** Reported by the front end while reading the files; docs/rules/dscontrol-unknown-option.md. */
export const rule = defineRule({
  meta: {
    id: 'dscontrol-unknown-option',
    severity: 'error',
    category: 'load-balancer',
    description: "An option that the dscontrol command does not take (or an ambiguous abbreviation)",
    source: "Edge Components, dscontrol executor / cluster / port / server syntax diagrams (v7.0-v9.0)",
    consequences: [
      {
        reading: "IBM documents each dscontrol command's options, not the error for another word; plexlint assumes dscontrol refuses the command, so nothing of it is configured.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
