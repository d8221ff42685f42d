import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/value-out-of-range.md. */
export const rule = defineRule({
  meta: {
    id: 'value-out-of-range',
    severity: 'error',
    category: 'syntax',
    description: "A number outside the range IBM documents for the operand (for example VIPABACKUP rank 1-254)",
    source: "IBM IP Configuration Reference statement pages (VIPABACKUP rank 1-254, BACKUP rank, PROCTYPE 0-99, TTL, ARPTO, \u2026)",
    emittedBy: 'front end',
  },
});
