import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/plugin-unknown-element.md. */
export const rule = defineRule({
  meta: {
    id: 'plugin-unknown-element',
    severity: 'warning',
    category: 'plugin',
    description: 'An element plugin-cfg.xml does not have (names are case-sensitive)',
    source: 'IBM WAS, "plugin-cfg.xml file" (rwsv_plugincfg)',
    consequences: [
      {
        reading: "IBM lists the elements of plugin-cfg.xml (plugin-cfg.xml file topic) but not what the plug-in does with another; plexlint assumes it ignores the element and everything in it.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
