/**
 * The XML reader shared by the plugin-cfg.xml and cluster.xml front ends:
 * SourceFile → XmlDocument with exact positions, plus the well-formedness
 * findings. It never throws.
 *
 * - Well-formedness: the first fatal error (XML 1.0 §1.2), found by a strict
 *   tokenizer (saxes, ./well-formed.ts) and placed where expat and xmllint
 *   report it (rule `syntax`). The plug-in's own parser rejects such a file
 *   ("ws_config_parser: configParserParse: Failed to parse the config file").
 * - Tree: fast-xml-parser with `preserveOrder` and `captureMetaData`, which
 *   records each element's start (and end) offset in the original text, CRLF
 *   included. `processEntities: false`: entity references stay literal, so no
 *   DTD entity is ever expanded.
 * - Attributes: fast-xml-parser gives them no positions, so each element's
 *   start tag is scanned here, in the original text, from the element's start
 *   offset; attributes are kept as an array, never as an object keyed by name.
 * - Element names: fast-xml-parser refuses names such as `constructor` or
 *   `__proto__` (it throws to prevent prototype pollution). Every name is
 *   given a private prefix on the way in (transformTagName) and the prefix is
 *   removed again here, so such an element is just an unknown element.
 * - Recovery: fast-xml-parser accepts most malformed input (mismatched or
 *   missing end tags, several top-level elements, text outside the root), so
 *   a file with a syntax error is still checked. Where it throws (an unclosed
 *   comment, CDATA section or tag at the end), the text is cut before the
 *   construct and parsed again, so everything before it is still checked.
 */
import type { XMLParser } from 'fast-xml-parser';
import { fastXmlParser } from '../../core/libs.js';
import type { Finding } from '../../core/diagnostic.js';
import { related } from '../../core/diagnostic.js';
import { sharedText } from '../../core/shared-text.js';
import type { Loc } from '../../core/loc.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { XmlAttribute, XmlDeclaration, XmlDocument, XmlElement } from './ast.js';
import { encodingFindings } from './encoding.js';
import { firstFatalError } from './well-formed.js';
import { nameTable } from '../../core/record.js';

export type { XmlAttribute, XmlDocument, XmlElement } from './ast.js';
export { attribute } from './ast.js';

/**
 * Elements nested deeper than this are not read (plugin-cfg.xml nests 5 deep,
 * cluster.xml 3). fast-xml-parser refuses deeper nesting (maxNestedTags); the
 * reader then checks the file up to the element that goes too deep.
 */
export const MAX_XML_DEPTH = 100;

/** Private prefix put on every element name while fast-xml-parser holds it. */
const NAME_PREFIX = '\u0001';
let metadataSymbol: symbol | undefined;
function metadataKey(): symbol {
  return (metadataSymbol ??= fastXmlParser().XMLParser.getMetaDataSymbol() as unknown as symbol);
}

interface Metadata {
  startIndex?: number;
  endIndex?: number;
}

/** One entry of fast-xml-parser's preserveOrder output. */
type OrderedNode = Record<string, unknown>;

function newParser(): XMLParser {
  return new (fastXmlParser().XMLParser)({
    preserveOrder: true,
    captureMetaData: true,
    processEntities: false,
    htmlEntities: false,
    ignoreAttributes: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    parseTagValue: false,
    trimValues: false,
    // Self-closing tags pass through this twice, so it must be idempotent.
    transformTagName: (name: string) => (name.startsWith(NAME_PREFIX) ? name : NAME_PREFIX + name),
    maxNestedTags: MAX_XML_DEPTH,
  });
}

export interface ReadXmlResult {
  doc: XmlDocument;
  findings: Finding[];
}

export interface ReadXmlOptions {
  /** What the file is, for messages ("the plug-in", "WAS"). */
  consumer: string;
}

export function readXml(file: SourceFile, options: ReadXmlOptions): ReadXmlResult {
  const text = file.text;
  const findings: Finding[] = [];
  const loc = (start: number, end: number): Loc => file.lines.loc(file.path, clamp(start, text), clamp(end, text));

  const declaration = readDeclaration(file, loc);

  // 1. Well-formedness: the first fatal error, as a conforming processor reports it (./well-formed.ts).
  const fatal = firstFatalError(text);
  const wellFormed = fatal === undefined;

  // 2. The tree, parsing as much as the parser accepts.
  const { nodes, parsedUpTo, tooDeepAt } = parseLenient(text);
  const roots: XmlElement[] = [];
  let tooDeep: XmlElement | undefined;
  const build = (list: unknown, out: XmlElement[], depth: number, parent?: XmlElement): void => {
    if (!Array.isArray(list)) return;
    if (depth > MAX_XML_DEPTH) {
      tooDeep ??= parent;
      return;
    }
    for (const entry of list as unknown[]) {
      if (!entry || typeof entry !== 'object') continue;
      const node = entry as OrderedNode;
      const key = Object.keys(node).find((k) => k.startsWith(NAME_PREFIX));
      if (key === undefined) continue;
      const meta = (node as Record<symbol, Metadata | undefined>)[metadataKey()];
      const name = stripPrefix(key);
      const children = node[key];
      if (!name || meta?.startIndex === undefined || text.charCodeAt(meta.startIndex) !== 60 /* < */) {
        // Not a usable element (an empty name, no position): keep its children.
        build(children, out, depth + 1, parent);
        continue;
      }
      const el = scanStartTag(text, meta.startIndex, name, loc);
      if (meta.endIndex !== undefined) el.endOffset = meta.endIndex;
      build(children, el.children, depth + 1, el);
      // A list grown by push has room for 17 (most elements have one or two children): the copy has room for what it holds.
      if (el.children.length) el.children = el.children.slice();
      out.push(el);
    }
  };
  build(nodes, roots, 0);

  const doc: XmlDocument = { file: file.path, roots, wellFormed, parsedUpTo };
  if (declaration) doc.declaration = declaration;

  // 3. Findings about the encoding and well-formedness, and what plexlint does not read.
  findings.push(...encodingFindings(file, declaration, options.consumer));
  const entities = entityFinding(file, loc, options);
  if (entities) findings.push(entities);
  if (fatal) {
    const f: Finding = {
      ruleId: 'syntax',
      consequence: 'xml',
      loc: loc(fatal.start, fatal.end),
      message: `${fatal.what}, so ${options.consumer} cannot parse the file. ${fatal.fix}`,
    };
    if (fatal.related) f.related = [related(loc(fatal.related.start, fatal.related.end), fatal.related.message)];
    findings.push(f);
  } else {
    // The strict tokenizer passes over the internal subset of a DOCTYPE without reading it.
    const subset = internalSubsetFinding(file, loc, options);
    if (subset) findings.push(subset);
  }
  if (tooDeepAt !== undefined || tooDeep) {
    const [s, e] = tooDeepAt !== undefined ? pointRange(text, tooDeepAt) : [tooDeep!.offset, tooDeep!.offset];
    findings.push({
      ruleId: 'syntax',
      consequence: 'xml',
      loc: tooDeepAt !== undefined ? loc(s, e) : tooDeep!.loc,
      message:
        `elements are nested more than ${MAX_XML_DEPTH} deep here; plexlint does not read ` +
        `${tooDeepAt !== undefined ? 'the file from this element on' : 'deeper elements'} ` +
        `(a plugin-cfg.xml nests at most 5 levels, a cluster.xml 3), so that part is not checked. Correct the nesting.`,
    });
  } else if (parsedUpTo < text.length && !findings.some((f) => f.ruleId === 'syntax' && f.severity === undefined)) {
    // Whatever made the parser stop, the part it did not read must not pass silently.
    const [s, e] = pointRange(text, parsedUpTo);
    findings.push({
      ruleId: 'syntax',
      consequence: 'xml',
      loc: loc(s, e),
      message: `plexlint cannot parse the file from here on, so the rest of it is not checked; ${options.consumer} is likely to reject it. Check the XML (xmllint --noout).`,
    });
  }
  return { doc, findings };
}

function clamp(offset: number, text: string): number {
  return Math.max(0, Math.min(offset, text.length));
}

function stripPrefix(name: string): string {
  let n = name;
  while (n.startsWith(NAME_PREFIX)) n = n.slice(NAME_PREFIX.length);
  return n;
}

/**
 * Parse with fast-xml-parser; when it throws, cut the text before the construct
 * it could not read and try again (bounded: the cut point only moves back).
 */
interface Lenient {
  nodes: unknown;
  parsedUpTo: number;
  /** Offset of the start tag that nests deeper than MAX_XML_DEPTH (the text was read up to it). */
  tooDeepAt?: number;
}

function parseLenient(original: string): Lenient {
  const parser = newParser();
  let text = original;
  let tooDeepAt: number | undefined;
  // The parser refuses some DOCTYPEs (external entities); the plug-in's files have none that matter: read without it.
  try {
    return { nodes: parser.parse(text), parsedUpTo: text.length };
  } catch (e) {
    if (e instanceof Error && /Maximum nested tags/i.test(e.message)) tooDeepAt = depthExceededAt(text, MAX_XML_DEPTH);
    text = withoutDoctype(text) ?? text;
  }
  let cut = tooDeepAt ?? text.length;
  const result = (nodes: unknown, parsedUpTo: number): Lenient => {
    const r: Lenient = { nodes, parsedUpTo };
    if (tooDeepAt !== undefined) r.tooDeepAt = tooDeepAt;
    return r;
  };
  for (let attempt = 0; attempt < 40 && cut > 0; attempt++) {
    try {
      return result(parser.parse(text.slice(0, cut)), cut);
    } catch (e) {
      const msg = e instanceof Error ? e.message : '';
      const before = (marker: string): number => text.lastIndexOf(marker, cut - 1);
      let next = -1;
      if (attempt < 6) {
        const marker = /Comment is not closed/i.test(msg) ? '<!--' : /CDATA is not closed/i.test(msg) ? '<![CDATA[' : /Pi Tag is not closed/i.test(msg) ? '<?' : /Closing Tag is not closed/i.test(msg) ? '</' : '<';
        next = before(marker);
      }
      // Halve the text when the targeted cut did not move (deep nesting, DOCTYPE, …).
      if (next < 0 || next >= cut) next = Math.floor(cut / 2);
      if (attempt >= 6) next = Math.min(next, Math.floor(cut / 2));
      const lt = text.lastIndexOf('<', next);
      cut = lt > 0 && lt < cut ? lt : next;
    }
  }
  return result([], 0);
}

/**
 * Offset of the first start tag nested deeper than `limit` (comments, CDATA,
 * processing instructions and declarations skipped; quotes respected), or
 * undefined. One pass, no recursion.
 */
function depthExceededAt(text: string, limit: number): number | undefined {
  let depth = 0;
  let i = text.indexOf('<');
  while (i >= 0 && i < text.length) {
    let next: number;
    if (text.startsWith('<!--', i)) next = endAfter(text, '-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) next = endAfter(text, ']]>', i + 9);
    else if (text.startsWith('<?', i)) next = endAfter(text, '?>', i + 2);
    else if (text.startsWith('<!', i)) next = doctypeEnd(text, i);
    else if (text.startsWith('</', i)) {
      depth = Math.max(0, depth - 1);
      next = endAfter(text, '>', i + 2);
    } else {
      next = offsetAfterTag(text, i);
      if (text.charCodeAt(next - 2) !== 47 /* / */) {
        depth++;
        if (depth > limit) return i;
      }
    }
    i = text.indexOf('<', next);
  }
  return undefined;
}

function endAfter(text: string, marker: string, from: number): number {
  const k = text.indexOf(marker, from);
  return k < 0 ? text.length : k + marker.length;
}

const PREDEFINED: Record<string, string> = nameTable({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" });

/** The five predefined entities and character references; anything else stays literal. */
export function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return Object.prototype.hasOwnProperty.call(PREDEFINED, ref) ? PREDEFINED[ref]! : whole;
  });
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * An attribute whose locations are worked out when asked for: a start tag can
 * hold 500,000 attributes (a hostile file), and three Loc objects for each, of
 * which findings use a handful, were most of the memory and time of reading it.
 */
class Attribute implements XmlAttribute {
  constructor(
    readonly name: string,
    readonly value: string,
    readonly raw: string,
    private readonly nameStart: number,
    private readonly nameEnd: number,
    private readonly valueStart: number,
    private readonly valueEnd: number,
    private readonly end: number,
    private readonly locOf: (s: number, e: number) => Loc,
  ) {}

  get nameLoc(): Loc {
    return this.locOf(this.nameStart, this.nameEnd);
  }

  get valueLoc(): Loc {
    return this.locOf(this.valueStart, this.valueEnd);
  }

  get loc(): Loc {
    return this.locOf(this.nameStart, this.end);
  }

  /** As data (a model or a test that prints an attribute sees its locations). */
  toJSON(): { name: string; value: string; raw: string; nameLoc: Loc; valueLoc: Loc; loc: Loc } {
    return { name: this.name, value: this.value, raw: this.raw, nameLoc: this.nameLoc, valueLoc: this.valueLoc, loc: this.loc };
  }
}

/** Read the attributes of the start tag at `start` (text[start] is '<'). */
function scanStartTag(text: string, start: number, name: string, loc: (s: number, e: number) => Loc): XmlElement {
  const n = text.length;
  let i = start + 1;
  // The name as fast-xml-parser read it; skip what is written in the text.
  if (text.startsWith(name, i)) i += name.length;
  else while (i < n && !isSpace(text.charCodeAt(i)) && text[i] !== '>' && !(text[i] === '/' && text[i + 1] === '>')) i++;
  const nameEnd = i;
  const attributes: XmlAttribute[] = [];
  let selfClosing = false;
  let end = n;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 62 /* > */) {
      end = i + 1;
      break;
    }
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 62) {
      selfClosing = true;
      end = i + 2;
      break;
    }
    if (c === 60 /* < */) {
      // A start tag that never closes: the next tag begins here.
      end = i;
      break;
    }
    // Attribute name.
    const ns = i;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (isSpace(d) || d === 61 /* = */ || d === 62 || d === 60 || (d === 47 && text.charCodeAt(i + 1) === 62)) break;
      if (d === 34 || d === 39) break;
      i++;
    }
    const ne = i;
    if (ne === ns) {
      // A stray quote or '=': skip the character.
      i++;
      continue;
    }
    let j = i;
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) !== 61 /* = */) continue; // no value: the validator reports it
    j++;
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    const q = text.charCodeAt(j);
    let vs: number;
    let ve: number;
    let close: number;
    if (q === 34 || q === 39) {
      vs = j + 1;
      const k = text.indexOf(q === 34 ? '"' : "'", vs);
      ve = k < 0 ? n : k;
      close = k < 0 ? n : k + 1;
    } else {
      vs = j;
      ve = j;
      while (ve < n && !isSpace(text.charCodeAt(ve)) && text[ve] !== '>' && text[ve] !== '<') ve++;
      close = ve;
    }
    const raw = text.slice(vs, ve);
    attributes.push(new Attribute(sharedText(text.slice(ns, ne)), decodeEntities(raw), raw, ns, ne, ve > vs ? vs : Math.max(ns, vs - 1), ve > vs ? ve : Math.min(close, n), close, loc));
    i = close;
  }
  const localName = name.includes(':') ? name.slice(name.lastIndexOf(':') + 1) : name;
  return {
    name,
    localName,
    loc: loc(start, nameEnd),
    startTag: loc(start, end),
    offset: start,
    // A list grown by push has room for 17: the copy has room for what the tag holds.
    attributes: attributes.length ? attributes.slice() : attributes,
    children: [],
    selfClosing,
  };
}

function readDeclaration(file: SourceFile, loc: (s: number, e: number) => Loc): XmlDeclaration | undefined {
  const text = file.text;
  const m = /^\s*<\?xml(?=[\s?])/.exec(text.slice(0, 64));
  if (!m) return undefined;
  const start = m[0].indexOf('<');
  const close = text.indexOf('?>', start);
  const end = close < 0 ? Math.min(text.length, start + 200) : close + 2;
  const tag = scanStartTag(text.slice(0, close < 0 ? end : close), start, '?xml', loc);
  const decl: XmlDeclaration = { loc: loc(start, end) };
  for (const a of tag.attributes) if (a.name === 'encoding') decl.encoding = { value: a.value, loc: a.valueLoc };
  return decl;
}

/**
 * A DOCTYPE that declares entities. fast-xml-parser runs with processEntities:
 * false, so no entity is ever expanded — not a billion-laughs chain, not an
 * external (SYSTEM / PUBLIC) entity that names a local file, not a parameter
 * entity — and a reference such as &name; stays literal text. The finding says
 * so, because values that use an entity are then checked as written.
 */
function entityFinding(file: SourceFile, loc: (s: number, e: number) => Loc, options: ReadXmlOptions): Finding | undefined {
  const text = file.text;
  const start = text.search(/<!DOCTYPE/i);
  if (start < 0) return undefined;
  const end = doctypeEnd(text, start);
  const decl = text.slice(start, end);
  const names: string[] = [];
  const re = /<!ENTITY\s+(%\s+)?([^\s>]+)\s*(SYSTEM|PUBLIC)?/gi;
  let external = false;
  let parameter = false;
  for (let m = re.exec(decl); m && names.length < 1000; m = re.exec(decl)) {
    names.push(`${m[1] ? '%' : '&'}${m[2]!.slice(0, 40)};`);
    if (m[1]) parameter = true;
    if (m[3]) external = true;
  }
  if (names.length === 0) return undefined;
  const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
  const kinds = [external ? 'external (SYSTEM/PUBLIC) entities' : '', parameter ? 'parameter entities' : ''].filter(Boolean).join(' and ');
  return {
    ruleId: 'syntax',
    consequence: 'xml',
    severity: 'warning',
    loc: loc(start, start + '<!DOCTYPE'.length),
    message:
      `the DOCTYPE declares entities (${shown})${kinds ? `, among them ${kinds}` : ''}. plexlint never expands entities ` +
      `(they can read local files or expand exponentially), so values that use them are checked as written; ` +
      `${options.consumer} may read them differently. The files WAS generates have no DOCTYPE: remove it.`,
  };
}

/** Markup declarations of a DOCTYPE's internal subset (XML 1.0 §2.8 markupdecl). */
const MARKUP_DECLARATION = /^<!(ELEMENT|ATTLIST|ENTITY|NOTATION)[\s%]/;

/**
 * What a DOCTYPE's internal subset `[…]` may hold (XML 1.0 §2.8 intSubset):
 * markup declarations, processing instructions, comments, parameter-entity
 * references and blanks. Anything else (`<!DOCTYPE Config [[[[…]>`) makes
 * every conforming XML parser reject the file.
 */
function internalSubsetFinding(file: SourceFile, loc: (s: number, e: number) => Loc, options: ReadXmlOptions): Finding | undefined {
  const text = file.text;
  const start = text.search(/<!DOCTYPE/i);
  if (start < 0) return undefined;
  const end = doctypeEnd(text, start);
  const open = text.indexOf('[', start);
  if (open < 0 || open > end) return undefined;
  const problem = (at: number, what: string): Finding => ({
    ruleId: 'syntax',
    consequence: 'xml',
    loc: loc(at, Math.min(end, at + 1)),
    message: `'${what}' cannot stand in the DOCTYPE's internal subset, which holds only markup declarations (<!ELEMENT, <!ATTLIST, <!ENTITY, <!NOTATION), comments and processing instructions: an XML parser rejects the file, so ${options.consumer} cannot load it. The files WAS generates have no DOCTYPE: remove it.`,
  });
  for (let i = open + 1; i < end; ) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) i++;
    else if (c === 93 /* ] */) return undefined;
    else if (text.startsWith('<!--', i)) i = endAfter(text, '-->', i + 4);
    else if (text.startsWith('<?', i)) i = endAfter(text, '?>', i + 2);
    else if (MARKUP_DECLARATION.test(text.slice(i, i + 11))) i = offsetAfterTag(text, i);
    else if (c === 37 /* % */ && /^%[A-Za-z_:][\w.:-]*;/.test(text.slice(i, i + 200))) i = text.indexOf(';', i) + 1;
    else return problem(i, /[\w.-]/.test(text[i]!) ? /^[\w.-]{1,40}/.exec(text.slice(i, i + 40))![0] : text[i]!);
  }
  return undefined;
}

/** A range for a point: the tag name at '<', else the word there, else one character. */
function pointRange(text: string, offset: number): [number, number] {
  if (text.length === 0) return [0, 0];
  if (offset >= text.length) return [text.length, text.length];
  const s = Math.max(0, offset);
  // A position on a line end points at nothing visible: an empty range there.
  if (text[s] === '\n' || text[s] === '\r') return [s, s];
  let e = s + 1;
  if (text[s] === '<') {
    e = s + 1;
    if (text[e] === '/' || text[e] === '!' || text[e] === '?') e++;
    while (e < text.length && /[^\s<>/="']/.test(text[e]!)) e++;
  } else if (/[^\s<>="']/.test(text[s]!)) {
    while (e < text.length && /[^\s<>="']/.test(text[e]!)) e++;
  }
  return [s, e];
}

/** Offset just after the '>' of the tag at `start` (quotes respected). */
function offsetAfterTag(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const k = text.indexOf(c, i + 1);
      if (k < 0) return text.length;
      i = k + 1;
      continue;
    }
    if (c === '>') return i + 1;
    i++;
  }
  return text.length;
}

/** Offset just after a `<!DOCTYPE …>` (or other `<!…>`) declaration at `start`, internal subset `[…]` included. */
function doctypeEnd(text: string, start: number): number {
  const gt = text.indexOf('>', start + 2);
  const bracket = text.indexOf('[', start + 2);
  if (bracket >= 0 && (gt < 0 || bracket < gt)) {
    const close = text.indexOf(']', bracket + 1);
    const after = close < 0 ? -1 : text.indexOf('>', close + 1);
    return after < 0 ? text.length : after + 1;
  }
  return gt < 0 ? text.length : gt + 1;
}

/** The text with its DOCTYPE declaration replaced by blanks (line ends kept, so offsets do not move). */
function withoutDoctype(text: string): string | undefined {
  const i = text.search(/<!DOCTYPE/i);
  if (i < 0) return undefined;
  const e = doctypeEnd(text, i);
  return text.slice(0, i) + text.slice(i, e).replace(/[^\r\n]/g, ' ') + text.slice(e);
}
