import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/plugin-whitespace-in-value.md. */
export const rule = defineRule({
  meta: {
    id: 'plugin-whitespace-in-value',
    severity: 'warning',
    category: 'plugin',
    description: 'A line break, tab or stray blank inside a name, path or host name',
    source: 'IBM WAS, "plugin-cfg.xml file" (rwsv_plugincfg)',
    consequences: [
      {
        reading: "IBM does not document whether the plug-in trims blanks in attribute values; plexlint assumes it uses the characters as written.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
