import { defineRule } from '../rule.js';

/** Reported by the compiler driver (src/engine/profiles.ts) while it sorts the inputs; docs/rules/unlisted-profile.md. */
export const rule = defineRule({
  meta: {
    id: 'unlisted-profile',
    severity: 'info',
    category: 'input',
    description: 'A TCP/IP profile in an estate whose plexlint.yaml lists its systems, that no listed system names or INCLUDEs (checked on its own, not a stack)',
    source: 'z/OS Communications Server IP Configuration Reference: a stack reads only the profile its PROFILE DD (or the default search order) names; plexlint.yaml systems',
    consequences: [
      {
        plexlint:
          'plexlint leaves the profile out of the sysplex — no cross-stack rule, simulation or compiled model counts it as a stack — and checks it on its own, as a one-stack estate, so that a typo in it is still found.',
      },
    ],
    emittedBy: 'front end',
  },
});
