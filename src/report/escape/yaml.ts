/**
 * YAML output (`compile -f yaml`). The yaml package writes a string with a line break as a block scalar, one line
 * of output per line of the value (`|-`, `>-`), and folds long strings — plain and double-quoted — at blanks onto
 * lines of their own; its double-quoted form leaves DEL, the C1 controls, U+2028/2029 and the bidi controls raw.
 * A name holding a line feed and `::error file=…` was thus a line of the report that GitHub's runner reads as a
 * workflow command (./commands.ts), and U+202E reached the log as it is.
 *
 * Every string with a control character, a line or paragraph separator, a bidi control (./controls.ts), a byte order
 * mark or a non-character, a lone surrogate, `::` or `##[` is written here instead: double-quoted on one line, never
 * folded, each of those characters as a YAML escape (`\n`, `\e`, `\L`, `\x85`, `\u202E`) and `##[` as `##\x5B`.
 * A YAML reader gets the same value; no line of the output starts with text from the files, so none starts with
 * `::`. Every other string is written as the yaml package writes it, so ordinary output does not change.
 */
import { nameTable } from '../../core/record.js';
import type { ScalarTag, Tags } from 'yaml';
import { yaml } from '../../core/libs.js';

/**
 * What YAML cannot print raw (YAML 1.2 §5.1: not c-printable, a BOM inside a document, a lone surrogate), the control
 * characters of ./controls.ts, and what the runner reads (./commands.ts).
 */
const NEEDS_QUOTES = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|::|##\[/;

/** The characters a double-quoted scalar writes as escapes: the same, and `"` and `\`. */
const ESCAPED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF\uFFFE\uFFFF"\\]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** YAML 1.2 §5.7's named escapes. */
const NAMED: Record<string, string> = nameTable({
  '\u0000': '\\0',
  '\u0007': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '\u001B': '\\e',
  '"': '\\"',
  '\\': '\\\\',
  '\u2028': '\\L',
  '\u2029': '\\P',
});

function escapeOne(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A double-quoted scalar on one line. */
export function yamlQuoted(value: string): string {
  return `"${value.replace(ESCAPED, escapeOne).replace(/##\[/g, '##\\x5B')}"`;
}

const STRING_TAG = 'tag:yaml.org,2002:str';

/** The schema's string tag, writing the strings above quoted (mapping keys too: they are stringified by the same tag). */
function guardedStrings(tags: Tags): Tags {
  return tags.map((tag) => {
    if (typeof tag === 'string' || tag.tag !== STRING_TAG || tag.collection !== undefined || !tag.stringify) return tag;
    const plain = tag.stringify;
    const guarded: ScalarTag = {
      ...tag,
      stringify: (item, ctx, onComment, onChompKeep) => (typeof item.value === 'string' && NEEDS_QUOTES.test(item.value) ? yamlQuoted(item.value) : plain(item, ctx, onComment, onChompKeep)),
    };
    return guarded;
  });
}

/** A value as YAML, every object written where it is (no anchors and aliases). */
export function stringifyYaml(value: unknown): string {
  return yaml().stringify(value, { aliasDuplicateObjects: false, customTags: guardedStrings });
}
