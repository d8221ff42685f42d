import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/plugin-unknown-element.md. */
export const rule = defineRule({
  meta: {
    id: 'plugin-unknown-element',
    severity: 'warning',
    category: 'plugin',
    description: 'An element plugin-cfg.xml does not have (names are case-sensitive)',
    source: 'IBM WAS, "plugin-cfg.xml file" (rwsv_plugincfg)',
    emittedBy: 'front end',
  },
});
