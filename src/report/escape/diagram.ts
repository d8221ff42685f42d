/**
 * Escaping for the pictures: Mermaid (`graph -f mermaid`, the routing pictures of `diff -f markdown` and
 * `simulate -f markdown`) and DOT (`graph -f dot`, and through Graphviz `graph -f svg`). A label is quoted in both;
 * what a name must not do inside the quotes differs.
 *
 * Mermaid reads more than the flowchart grammar before it parses: `%%{init: …}%%` anywhere in the text is a
 * directive that changes the configuration (a theme whose variables hide nodes; a colour it cannot read ends the
 * picture), `#name;` and `#123;` are entity codes, and a line with `style` or `classDef`, then `:`, `#` and `;` has its
 * last `;` removed (mermaid's encodeEntities, meant for `style n0 fill:#f00;`) — which cut an entity code of the label
 * in half. Labels are drawn as HTML. So a label writes with entity codes: `#` (first), `"`, `<`, `>`, `` ` ``, `&`
 * (an HTML entity in a name is shown as written), `%%` (no directive, no comment), `@`, and the first letter of
 * `style` and `classDef`. Control characters are escaped first (./controls.ts); no link, `click` or class can be
 * written from inside the quotes, as a name cannot end them.
 *
 * DOT: a double-quoted string ends at `"` and takes backslash escapes (`\n`, `\l`, `\N`, …); Graphviz decodes HTML
 * entities in labels (`&#10;` is a line break, `&#8238;` a bidi override, raw in the SVG). So `\` and `"` are escaped,
 * `&` is written `&amp;` (the name shown as written), control characters are escaped, line breaks become DOT's `\n`,
 * and `##[` is written `##\x5B` as in the line formats: Graphviz would decode any entity for `[` into the SVG, where
 * the GitHub runner would read it as a command (./commands.ts).
 */
import { LEGACY_COMMAND } from './commands.js';
import { controlEscape, escapeControls } from './controls.js';

const MERMAID_CODES: [RegExp, string][] = [
  [/#/g, '#35;'],
  [/"/g, '#quot;'],
  [/</g, '#lt;'],
  [/>/g, '#gt;'],
  [/`/g, '#96;'],
  [/&/g, '#38;'],
  // A directive and a comment start with `%%`; a lone `%` (an edge's `50%`) is text.
  [/%(?=%)|(?<=%)%/g, '#37;'],
  [/@/g, '#64;'],
  [/style/g, '#115;tyle'],
  [/classDef/g, '#99;lassDef'],
];

/** Text from the files in a quoted Mermaid label, with Mermaid's entity codes for everything above. */
export function mermaidText(s: string): string {
  let out = escapeControls(s);
  for (const [pattern, code] of MERMAID_CODES) out = out.replace(pattern, code);
  return out;
}

/**
 * A UTF-16 surrogate without its pair (a name that is not well-formed text). Graphviz reads the DOT as UTF-8, and
 * the conversion pairs a lone high surrogate with the character after it: `\uD800` before a no-break space made
 * `graph -f svg` fail ("syntax error … scanning a quoted string"). It is written as its escape, as a control is.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A DOT double-quoted string (an id or a label): control characters escaped, line breaks kept as DOT's `\n`. */
export function dotString(s: string): string {
  const text = escapeControls(s.replace(/\r\n?/g, '\n'), { lineBreaks: true }).replace(LONE_SURROGATE, controlEscape);
  const escaped = text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/&/g, '&amp;').replace(/\n/g, '\\n');
  return `"${escaped.replace(LEGACY_COMMAND, '##\\\\x5B')}"`;
}
