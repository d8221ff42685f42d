import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/syntax.md. */
export const rule = defineRule({
  meta: {
    id: 'syntax',
    severity: 'error',
    category: 'syntax',
    description: "The file cannot be parsed the way the product parses it",
    source: "IBM IP Configuration Reference, \"Statement syntax for configuration statements\" (profiles); IP Messages EZZ7830I (OMPROUTE); fast-xml-parser XMLValidator (XML); YAML 1.2 (plexlint.yaml)",
    emittedBy: 'front end',
    unsuppressible: true,
  },
});
