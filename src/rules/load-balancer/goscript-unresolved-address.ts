import { defineRule } from '../rule.js';

/** Reported by the front end while reading the files; docs/rules/goscript-unresolved-address.md. */
export const rule = defineRule({
  meta: {
    id: 'goscript-unresolved-address',
    severity: 'info',
    category: 'load-balancer',
    description: "A go-script alias command whose address or interface comes from a variable without a known value",
    source: "Edge Components, Scripts to run with high availability (go scripts source servers/bin/variables)",
    consequences: [
      {
        plexlint: "plexlint skips the Load Balancer checks that need an address it cannot resolve in a go script.",
      },
    ],
    emittedBy: 'front end',
  },
});
