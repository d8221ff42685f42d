import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/home-loopback-127.md. */
export const rule = defineRule({
  meta: {
    id: 'home-loopback-127',
    severity: 'warning',
    category: 'profile',
    description: "127.0.0.1 in the HOME list",
    source: "EZZ0344I",
    emittedBy: 'front end',
  },
});
