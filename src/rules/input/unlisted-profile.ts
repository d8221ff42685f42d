import { defineRule } from '../rule.js';

/** Reported by the compiler driver (src/engine/profiles.ts) while it sorts the inputs; docs/rules/unlisted-profile.md. */
export const rule = defineRule({
  meta: {
    id: 'unlisted-profile',
    severity: 'info',
    category: 'input',
    description: 'A TCP/IP profile in an estate whose plexlint.yaml lists its systems, that no listed system names or INCLUDEs (checked on its own, not a stack)',
    source: 'z/OS Communications Server IP Configuration Reference: a stack reads only the profile its PROFILE DD (or the default search order) names; plexlint.yaml systems',
    emittedBy: 'front end',
  },
});
