import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/loopback-redefined.md. */
export const rule = defineRule({
  meta: {
    id: 'loopback-redefined',
    severity: 'error',
    category: 'profile',
    description: "A DEVICE, LINK or INTERFACE named LOOPBACK or LOOPBACK6",
    source: "IBM IP Configuration Guide: LOOPBACK and LOOPBACK6 are the stack's predefined loopback interfaces",
    emittedBy: 'front end',
  },
});
