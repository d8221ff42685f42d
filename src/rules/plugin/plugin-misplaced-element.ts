import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/plugin-misplaced-element.md. */
export const rule = defineRule({
  meta: {
    id: 'plugin-misplaced-element',
    severity: 'error',
    category: 'plugin',
    description: 'A known element in the wrong place, a second one where one is allowed, or a file without the Config root',
    source: 'IBM WAS, "plugin-cfg.xml file" (rwsv_plugincfg): Config is the one root element',
    consequences: [
      {
        reading: "IBM documents where each plugin-cfg.xml element goes (Config is the one root element) but not what the plug-in does with one elsewhere; plexlint assumes it does not use it there.",
      },
    ],
    emittedBy: 'front end',
  },
});
