import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/hotstandby-preferred-backup.md. */
export const rule = defineRule({
  meta: {
    id: 'hotstandby-preferred-backup',
    severity: 'error',
    category: 'profile',
    description: "DISTMETHOD HOTSTANDBY without exactly one PREFERRED and at least one BACKUP target",
    source: "EZZ0826I, EZZ0827I, EZZ0830I",
    consequences: [
      {
        documented: "EZZ0826I, EZZ0827I",
        quote: "Because the distribution method is HOTSTANDBY there must be exactly one DESTIP address that is specified as PREFERRED and at least one DESTIP address that is specified as the BACKUP. … TCP/IP continues, but the VIPADISTRIBUTE DEFINE statement is ignored.",
      },
    ],
    emittedBy: 'front end',
  },
});
