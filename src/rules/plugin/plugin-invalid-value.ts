import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/plugin-invalid-value.md. */
export const rule = defineRule({
  meta: {
    id: 'plugin-invalid-value',
    severity: 'warning',
    category: 'plugin',
    description: "An attribute value that is not of the attribute's type (true/false, a number, one of the documented values such as 'Round Robin')",
    source: 'IBM WAS, "plugin-cfg.xml file" (rwsv_plugincfg); HTTP plug-in cluster properties',
    consequences: [
      {
        reading: "IBM documents the values of each plugin-cfg.xml attribute but not what the plug-in does with another; plexlint assumes the default.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
