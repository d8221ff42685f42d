import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/hotstandby-destip-all.md. */
export const rule = defineRule({
  meta: {
    id: 'hotstandby-destip-all',
    severity: 'error',
    category: 'profile',
    description: "DISTMETHOD HOTSTANDBY with DESTIP ALL",
    source: "EZZ0165I",
    consequences: [
      {
        documented: "EZZ0165I",
        quote: "The DESTIP ALL parameter cannot be used on a VIPADISTRIBUTE DEFINE statement that has a distribution method of HOTSTANDBY. … TCP/IP continues. The VIPADISTRIBUTE DEFINE statement is rejected.",
      },
    ],
    emittedBy: 'front end',
  },
});
