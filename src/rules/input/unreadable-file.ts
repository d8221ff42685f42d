import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/unreadable-file.md. */
export const rule = defineRule({
  meta: {
    id: 'unreadable-file',
    severity: 'error',
    category: 'input',
    description: "A file of the estate that cannot be read, is binary or is too large",
    source: "plexlint input handling",
    emittedBy: 'front end',
  },
});
