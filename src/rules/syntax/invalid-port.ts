import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/invalid-port.md. */
export const rule = defineRule({
  meta: {
    id: 'invalid-port',
    severity: 'error',
    category: 'syntax',
    description: "A port that is not 1-65535 or a valid low-high range",
    source: "IBM IP Configuration Reference: PORT, VIPADISTRIBUTE PORT, CONTROLPORT",
    emittedBy: 'front end',
  },
});
