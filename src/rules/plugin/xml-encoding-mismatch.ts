import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/xml-encoding-mismatch.md. */
export const rule = defineRule({
  meta: {
    id: 'xml-encoding-mismatch',
    severity: 'warning',
    category: 'syntax',
    description: "The XML declaration's encoding does not match the file's bytes",
    source: 'XML 1.0 §4.3.3 (character encoding in entities) and Appendix F; WAS writes plugin-cfg.xml as ISO-8859-1 (IBM WAS, "plugin-cfg.xml file")',
    consequences: [
      {
        reading: "XML 1.0 says a document is read in the encoding it declares and makes a mismatch a fatal error (§4.3.3); IBM does not document what the plug-in does with bytes that do not match it, and plexlint assumes it reads them as declared: non-ASCII characters are misread, or, when the bytes are UTF-16 or EBCDIC, the file reads as garbage or is rejected.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
