/**
 * Parsing a YAML file plexlint reads (plexlint.yaml, scenario and state files)
 * within bounds. The yaml package parses nesting recursively, so a file nested
 * thousands of levels deep would end in a stack overflow: flow collections
 * (`[ {`) deeper than MAX_YAML_DEPTH are found by a scan before the parser runs,
 * as is block nesting (indentation) deeper than that; a nesting that would
 * still overflow the stack becomes the same finding where the parser stopped.
 *
 * Duplicate keys are found here, not by the parser: its `uniqueKeys` check
 * compares each key of a mapping with every key before it, so a manifest of
 * 30,000 keys (900 KB) took 13.5 s and a 1 MB one 276 s. One pass with a set per
 * mapping reports the same keys at the same places.
 */
import type { Document, Node } from 'yaml';
import type { Finding } from './diagnostic.js';
import { yaml } from './libs.js';
import type { LineIndex } from './loc.js';
import { trailingRunStart } from './trailing-run.js';

/** Flow collections ([ ] { }) nested deeper than this are not parsed. */
export const MAX_YAML_DEPTH = 100;

/**
 * Offset of the bracket that opens flow collection number `limit + 1` inside
 * the others, or undefined. Quoted scalars and comments are skipped; a quote
 * starts a scalar only where a scalar can start.
 */
export function flowDepthExceededAt(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const prev = i === 0 ? '\n' : text[i - 1]!;
    if (c === '#' && /\s/.test(prev)) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return undefined;
      i = nl;
    } else if ((c === '"' || c === "'") && /[\s[{,:]/.test(prev)) {
      for (i++; i < text.length && text[i] !== c; i++) if (c === '"' && text[i] === '\\') i++;
    } else if (c === '[' || c === '{') {
      if (++depth > limit) return i;
    } else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/**
 * Offset of the line whose block nesting (a deeper indentation than every open
 * level above it, plus each compact `- ` on the line) passes `limit`, or undefined.
 * Like Python's INDENT tokens: only a stack of increasing indentations counts,
 * so the lines of a block scalar add one level however long it is.
 */
export function blockDepthExceededAt(text: string, limit: number): number | undefined {
  const indents: number[] = [];
  for (let start = 0; start < text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    let i = start;
    while (i < end && text.charCodeAt(i) === 32) i++;
    if (i < end && text[i] !== '#' && text[i] !== '\r') {
      const indent = i - start;
      while (indents.length && indents[indents.length - 1]! >= indent) indents.pop();
      indents.push(indent);
      let compact = 0;
      while (text[i] === '-' && (text[i + 1] === ' ' || text[i + 1] === '\t')) {
        compact++;
        i += 2;
        while (text[i] === ' ' || text[i] === '\t') i++;
      }
      if (indents.length + compact > limit) return start + indent;
    }
    start = end + 1;
  }
  return undefined;
}

export interface ParsedYaml {
  doc?: Document;
  findings: Finding[];
  /** The file is nested too deep: nothing of it is used. */
  tooDeep?: boolean;
}

/**
 * @param file  a decoded file (a SourceFile)
 * @param label prefixed to the parser's messages ("plexlint.yaml: …"), or ''
 * @param typical how deep such a file nests, for the message ("a plexlint.yaml nests a few levels")
 * @param consequence which of the syntax rule's consequences the findings state ('manifest', 'scenario')
 */
export function parseYamlFile(file: { path: string; text: string; lines: LineIndex }, options: { label: string; typical: string; consequence: string }): ParsedYaml {
  const prefix = options.label ? `${options.label}: ` : '';
  const tooDeep = (at: number): ParsedYaml => ({
    tooDeep: true,
    findings: [
      {
        ruleId: 'syntax',
        consequence: options.consequence,
        loc: file.lines.loc(file.path, at, Math.min(file.text.length, at + 1)),
        message: `${prefix}the YAML is nested more than ${MAX_YAML_DEPTH} levels deep here, which plexlint does not read (${options.typical}); nothing in the file is used.`,
      },
    ],
  });
  const deep = flowDepthExceededAt(file.text, MAX_YAML_DEPTH) ?? blockDepthExceededAt(file.text, MAX_YAML_DEPTH);
  if (deep !== undefined) return tooDeep(deep);
  let doc: Document;
  try {
    doc = yaml().parseDocument(file.text, { prettyErrors: false, uniqueKeys: false });
  } catch (e) {
    if (e instanceof RangeError) return tooDeep(0);
    throw e;
  }
  const overflow = doc.errors.find((e) => /call stack/i.test(e.message));
  if (overflow) return tooDeep(overflow.pos[0]);
  const errors = [...doc.errors.map((e) => ({ at: e.pos[0], end: e.pos[1], message: e.message.split('\n')[0]! })), ...duplicateKeys(doc, file.text).map((at) => ({ at, end: at + 1, message: DUPLICATE_KEY }))];
  // In the order of the file, as the parser reported them when it checked keys itself.
  errors.sort((a, b) => a.at - b.at);
  const consequence = options.consequence === 'manifest' ? ' plexlint cannot read the manifest, so nothing in it is applied.' : ' plexlint cannot read the file, so nothing in it is used.';
  const findings: Finding[] = errors.map((e) => {
    // The parser's words, ended as a sentence, then what it means for the file (the consequence the finding states).
    // The dots and blanks at its end by a scan (a message can quote a long run of the file: ./trailing-run.ts).
    const said = `${e.message.slice(0, trailingRunStart(e.message, (c) => c === '.' || /\s/.test(c)))}.`;
    return { ruleId: 'syntax', consequence: options.consequence, loc: file.lines.loc(file.path, e.at, Math.max(e.at + 1, e.end)), message: `${prefix}${said}${consequence}` };
  });
  return { doc, findings };
}

/** The `:` after an empty key (blanks, line ends and comments passed over), or `at` when there is none. */
function valueIndicatorAfter(text: string, at: number): number {
  let i = at;
  for (;;) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
    else if (c === '#') {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return at;
      i = nl + 1;
    } else return c === ':' ? i : at;
  }
}

/** The yaml package's message for a key a mapping already has. */
export const DUPLICATE_KEY = 'Map keys must be unique';

/**
 * Offsets of the keys that repeat an earlier key of their mapping, in every mapping of the document: keys are equal
 * when they are scalars of the same value (`===`, as the yaml package's uniqueKeys check compares them) or the same
 * node. Linear: one set per mapping. In the order of the file; an empty key is placed at its `:`, as the yaml
 * package placed it.
 */
export function duplicateKeys(doc: Document, text: string): number[] {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  const out: number[] = [];
  // Iterative: the depth is bounded before parsing (MAX_YAML_DEPTH), but no recursion is needed either.
  const stack: unknown[] = [doc.contents];
  while (stack.length) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const identity: unknown = isScalar(key) ? key.value : key;
        // NaN is not === to itself: the parser never reported a repeated .nan key.
        if (!(typeof identity === 'number' && Number.isNaN(identity))) {
          if (seen.has(identity) && key?.range) out.push(key.range[0] === key.range[1] ? valueIndicatorAfter(text, key.range[0]) : key.range[0]);
          seen.add(identity);
        }
        stack.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) for (const item of node.items) stack.push(item);
    else if (isPair(node)) stack.push(node.key, node.value);
  }
  return out.sort((a, b) => a - b);
}

