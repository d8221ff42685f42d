import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/plugin-missing-required.md. */
export const rule = defineRule({
  meta: {
    id: 'plugin-missing-required',
    severity: 'error',
    category: 'plugin',
    description: 'A required attribute or child element is missing (a Server without Transport, a Route without ServerCluster, an element without Name)',
    source: 'IBM WAS, "plugin-cfg.xml file" (rwsv_plugincfg)',
    consequences: [
      {
        reading: "IBM documents the required elements and attributes of plugin-cfg.xml but not what the plug-in does without them; plexlint's reading of each case is in the message.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
