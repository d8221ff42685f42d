/**
 * The XML reader shared by the plugin-cfg.xml and cluster.xml front ends:
 * SourceFile → XmlDocument with exact positions, plus the well-formedness
 * findings. It never throws.
 *
 * - Well-formedness: fast-xml-parser's XMLValidator, whose first error is
 *   reported with its line and column (rule `syntax`). The plug-in's own parser
 *   rejects such a file ("ws_config_parser: configParserParse: Failed to parse
 *   the config file", ../shared/reference/plugin-cfg-odr.md §5).
 * - Tree: fast-xml-parser with `preserveOrder` and `captureMetaData`, which
 *   records each element's start (and end) offset in the original text, CRLF
 *   included. `processEntities: false`: entity references stay literal, so no
 *   DTD entity is ever expanded (anchors.md §3.3).
 * - Attributes: fast-xml-parser gives them no positions, so each element's
 *   start tag is scanned here, in the original text, from the element's start
 *   offset; attributes are kept as an array, never as an object keyed by name.
 * - Element names: fast-xml-parser refuses names such as `constructor` or
 *   `__proto__` (it throws to prevent prototype pollution). Every name is
 *   given a private prefix on the way in (transformTagName) and the prefix is
 *   removed again here, so such an element is just an unknown element.
 * - Recovery: the parser accepts most malformed input (mismatched or missing
 *   end tags, several top-level elements, text outside the root). Where it
 *   throws (an unclosed comment, CDATA section or tag at the end), the text
 *   is cut before the construct and parsed again, so everything before it is
 *   still checked.
 */
import type { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fastXmlParser } from '../../core/libs.js';
import type { Finding } from '../../core/diagnostic.js';
import { related } from '../../core/diagnostic.js';
import type { Loc } from '../../core/loc.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { XmlAttribute, XmlDeclaration, XmlDocument, XmlElement } from './ast.js';

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

  // 1. Well-formedness.
  let validation: ReturnType<typeof XMLValidator.validate> | undefined;
  try {
    validation = fastXmlParser().XMLValidator.validate(text, { allowBooleanAttributes: false });
  } catch (e) {
    validation = { err: { code: 'InvalidXml', msg: e instanceof Error ? e.message : String(e), line: 1, col: 1 } };
  }
  const wellFormed = validation === true;

  // 2. The tree, parsing as much as the parser accepts.
  const { nodes, parsedUpTo, unclosed, tooDeepAt } = parseLenient(text);
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
      out.push(el);
    }
  };
  build(nodes, roots, 0);

  const doc: XmlDocument = { file: file.path, roots, wellFormed, parsedUpTo };
  if (declaration) doc.declaration = declaration;

  // 3. Findings about the encoding and well-formedness, and what plexlint does not read.
  const enc = encodingFinding(file, declaration, options);
  if (enc) findings.push(enc);
  const entities = entityFinding(file, loc, options);
  if (entities) findings.push(entities);
  // fast-xml-parser's validator passes over the internal subset of a DOCTYPE without reading it.
  const subset = wellFormed ? internalSubsetFinding(file, loc, options) : undefined;
  if (subset) findings.push(subset);
  const control = controlCharacterFinding(file, loc, options);
  if (control) findings.push(control);
  const multipleRoots = validation !== true && validation !== undefined && /Multiple possible root/i.test(validation.err.msg) && roots.length > 1;
  const validatorOff = validation !== true && validation !== undefined ? validatorOffset(text, validation.err.line, validation.err.col) : undefined;
  if (unclosed && (validatorOff === undefined || validatorOff >= unclosed.offset || /Unclosed tag|^Invalid '\[/.test(validation !== true ? (validation?.err.msg ?? '') : ''))) {
    // The parser stopped at a construct that swallows the rest of the file; the validator's error (an unclosed root) follows from it.
    const [s, e] = pointRange(text, unclosed.offset);
    findings.push({
      ruleId: 'syntax',
      loc: loc(s, e),
      message: `${unclosed.what}: everything after it belongs to it, so ${options.consumer} cannot parse the file. Close it (plexlint checks only what comes before it).`,
    });
  } else if (validation !== true && validation !== undefined && !multipleRoots) {
    findings.push(validatorFinding(file, validation.err, roots, loc, options));
  } else if (!multipleRoots && strayText(text, roots, parsedUpTo) !== undefined) {
    const at = strayText(text, roots, parsedUpTo)!;
    const [s, e] = pointRange(text, at);
    findings.push({
      ruleId: 'syntax',
      loc: loc(s, e),
      message: `text outside the root element: an XML document holds only comments and processing instructions around its root, so ${options.consumer} cannot parse this file. Remove the text or move it into a comment.`,
    });
  } else if (roots.length > 1) {
    const second = roots[1]!;
    findings.push({
      ruleId: 'syntax',
      loc: second.loc,
      message:
        `a second top-level element <${second.name}>: an XML document has exactly one root element, so ${options.consumer} cannot parse this file. ` +
        `Put every element inside the one root element.`,
      related: [related(roots[0]!.loc, `the first top-level element <${roots[0]!.name}>`)],
    });
  }
  if (tooDeepAt !== undefined || tooDeep) {
    const [s, e] = tooDeepAt !== undefined ? pointRange(text, tooDeepAt) : [tooDeep!.offset, tooDeep!.offset];
    findings.push({
      ruleId: 'syntax',
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
interface Unclosed {
  offset: number;
  what: string;
}

interface Lenient {
  nodes: unknown;
  parsedUpTo: number;
  unclosed?: Unclosed;
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
  let unclosed: Unclosed | undefined;
  const result = (nodes: unknown, parsedUpTo: number): Lenient => {
    const r: Lenient = { nodes, parsedUpTo };
    if (unclosed) r.unclosed = unclosed;
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
        const construct = /Comment is not closed/i.test(msg)
          ? { marker: '<!--', what: 'a comment (<!--) that is never closed with -->' }
          : /CDATA is not closed/i.test(msg)
            ? { marker: '<![CDATA[', what: 'a CDATA section that is never closed with ]]>' }
            : /Pi Tag is not closed/i.test(msg)
              ? { marker: '<?', what: 'a processing instruction (<?) that is never closed with ?>' }
              : /Closing Tag is not closed/i.test(msg)
                ? { marker: '</', what: 'an end tag without its >' }
                : undefined;
        next = before(construct?.marker ?? '<');
        if (construct && next >= 0 && attempt === 0) unclosed = { offset: next, what: construct.what };
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

/**
 * Characters XML 1.0 does not allow anywhere (§2.2 Char): C0 controls other than
 * tab and line ends, U+FFFE and U+FFFF. The validator lets them through; the
 * plug-in's parser does not. Reported once, at the first one.
 */
function controlCharacterFinding(file: SourceFile, loc: (s: number, e: number) => Loc, options: ReadXmlOptions): Finding | undefined {
  const re = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
  const first = re.exec(file.text);
  if (!first) return undefined;
  let more = 0;
  while (re.exec(file.text) && more < 1_000_000) more++;
  const code = first[0].charCodeAt(0);
  const name = code === 0 ? "NUL (X'00')" : code > 0xff ? `U+${code.toString(16).toUpperCase()}` : `X'${code.toString(16).toUpperCase().padStart(2, '0')}'`;
  return {
    ruleId: 'syntax',
    loc: loc(first.index, first.index + 1),
    message:
      `control character ${name}${more ? ` (and ${more} more in the file)` : ''}: XML does not allow it anywhere, so ${options.consumer} cannot parse the file. ` +
      'Remove it; it usually comes from a damaged transfer or a wrong encoding.',
  };
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

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
    attributes.push(new Attribute(text.slice(ns, ne), decodeEntities(raw), raw, ns, ne, ve > vs ? vs : Math.max(ns, vs - 1), ve > vs ? ve : Math.min(close, n), close, loc));
    i = close;
  }
  const localName = name.includes(':') ? name.slice(name.lastIndexOf(':') + 1) : name;
  return {
    name,
    localName,
    loc: loc(start, nameEnd),
    startTag: loc(start, end),
    offset: start,
    attributes,
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

/** Offset of a validator (line, col): its lines end at \n (a \r before it is not counted). */
function validatorOffset(text: string, line: number, col: number | undefined): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return Math.min(text.length, offset + Math.max(0, (col ?? 1) - 1));
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

function validatorFinding(
  file: SourceFile,
  err: { code: string; msg: string; line: number; col: number },
  roots: XmlElement[],
  loc: (s: number, e: number) => Loc,
  options: ReadXmlOptions,
): Finding {
  const text = file.text;
  const consequence = `${options.consumer} cannot parse the file`;
  const fix = 'Correct the XML (xmllint --noout shows the same error).';
  // Several elements left open: the validator names them at 1:1; point at the first one instead.
  if (/^Invalid '\[/.test(err.msg)) {
    const open: XmlElement[] = [];
    const walk = (els: XmlElement[]): void => {
      for (const el of els) {
        if (el.endOffset === undefined && !el.selfClosing) open.push(el);
        walk(el.children);
      }
    };
    walk(roots);
    const first = open[0];
    if (first) {
      const names = open.map((e) => `<${e.name}>`);
      return {
        ruleId: 'syntax',
        loc: first.loc,
        message: `${names.join(', ')} ${open.length === 1 ? 'is' : 'are'} never closed: ${consequence}. Add the missing end tag${open.length === 1 ? '' : 's'}.`,
      };
    }
  }
  const offset = validatorOffset(text, err.line, err.col);
  const [s, e] = pointRange(text, offset);
  const f: Finding = { ruleId: 'syntax', loc: loc(s, e), message: `not well-formed XML: ${err.msg.replace(/\.$/, '')}; ${consequence}. ${fix}` };
  const opened = /opened in line (\d+), col (\d+)/.exec(err.msg);
  if (opened) {
    const o = validatorOffset(text, Number(opened[1]), Number(opened[2]));
    const [os, oe] = pointRange(text, o);
    f.related = [related(loc(os, oe), 'the element is opened here')];
  }
  return f;
}

const UTF8_NAMES = new Set(['utf-8', 'utf8']);
const LATIN1_NAMES = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'iso_8859-1', 'l1']);
const ASCII_NAMES = new Set(['us-ascii', 'ascii']);

/**
 * The declared encoding against the bytes. The sources stage decodes a file
 * that declares ISO-8859-1 as ISO-8859-1, any other as UTF-8 when the bytes
 * are valid UTF-8 and as ISO-8859-1 otherwise (src/sources/decode.ts).
 */
function encodingFinding(file: SourceFile, decl: XmlDeclaration | undefined, options: ReadXmlOptions): Finding | undefined {
  const declared = decl?.encoding?.value.trim().toLowerCase();
  const where = decl?.encoding?.loc ?? decl?.loc ?? file.lines.loc(file.path, 0, 0);
  const nonAscii = /[^\x00-\x7f]/.test(file.text);
  if (file.encoding === 'iso-8859-1' && (declared === undefined || UTF8_NAMES.has(declared) || ASCII_NAMES.has(declared)) && nonAscii) {
    const said = declared === undefined ? 'has no encoding declaration, which means UTF-8,' : `declares encoding="${decl!.encoding!.value}"`;
    return {
      ruleId: 'xml-encoding-mismatch',
      loc: where,
      message:
        `the file ${said} but its bytes are not valid UTF-8 (plexlint read them as ISO-8859-1): ${options.consumer} reads it as declared, ` +
        `so non-ASCII characters in names and paths are misread or the file is rejected. Declare encoding="ISO-8859-1" (what WAS writes) or save the file as UTF-8.`,
    };
  }
  if (declared !== undefined && !UTF8_NAMES.has(declared) && !LATIN1_NAMES.has(declared) && !ASCII_NAMES.has(declared) && !declared.startsWith('utf-16') && nonAscii) {
    return {
      ruleId: 'xml-encoding-mismatch',
      severity: 'info',
      loc: where,
      message:
        `encoding="${decl!.encoding!.value}" is not one plexlint decodes (it read the file as ${file.encoding.toUpperCase()}), so non-ASCII characters may be shown wrongly; ` +
        `${options.consumer} reads the file as declared. Use ISO-8859-1 or UTF-8, or give --encoding.`,
    };
  }
  return undefined;
}

/** Offset of the first non-blank character outside every top-level element, comment and processing instruction. */
function strayText(text: string, roots: XmlElement[], parsedUpTo: number): number | undefined {
  const gaps: [number, number][] = [];
  let from = 0;
  for (const r of roots) {
    gaps.push([from, r.offset]);
    if (r.endOffset === undefined && !r.selfClosing) return undefined; // unclosed: its content runs to the end
    from = r.endOffset ?? offsetAfterTag(text, r.offset);
  }
  gaps.push([from, parsedUpTo]);
  for (const [start, end] of gaps) {
    let i = start;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (isSpace(c) || c === 0xfeff) {
        i++;
        continue;
      }
      if (text.startsWith('<!--', i)) {
        const k = text.indexOf('-->', i + 4);
        i = k < 0 ? end : k + 3;
      } else if (text.startsWith('<?', i)) {
        const k = text.indexOf('?>', i + 2);
        i = k < 0 ? end : k + 2;
      } else if (text.startsWith('<!', i)) {
        i = Math.min(end, doctypeEnd(text, i));
      } else return i;
    }
  }
  return undefined;
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
