import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/hotstandby-too-many-backups.md. */
export const rule = defineRule({
  meta: {
    id: 'hotstandby-too-many-backups',
    severity: 'error',
    category: 'profile',
    description: "DISTMETHOD HOTSTANDBY with more than 31 BACKUP targets",
    source: "EZZ0829I",
    consequences: [
      {
        documented: "EZZ0829I",
        quote: "Thirty-one is the maximum number of DESTIP addresses that may be specified as BACKUP addresses. … TCP/IP continues, but the VIPADISTRIBUTE DEFINE statement is ignored.",
      },
    ],
    emittedBy: 'front end',
  },
});
