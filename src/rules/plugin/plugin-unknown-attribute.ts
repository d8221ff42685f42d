import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/plugin-unknown-attribute.md. */
export const rule = defineRule({
  meta: {
    id: 'plugin-unknown-attribute',
    severity: 'warning',
    category: 'plugin',
    description: 'An attribute the element does not have (names are case-sensitive: CloneId is not CloneID)',
    source: 'IBM WAS, "plugin-cfg.xml file" (rwsv_plugincfg); "Web server plug-in custom properties" (rwsv_plugin_customprop)',
    consequences: [
      {
        reading: "IBM lists the attributes of each plugin-cfg.xml element but not what the plug-in does with another; plexlint assumes it ignores the attribute, so the documented one keeps its default.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
