/**
 * A generic XML element tree with exact source positions: what the shared XML
 * reader (./index.ts) hands to the plugin-cfg.xml and cluster.xml front ends.
 *
 * Every name is kept exactly as written (XML names are case-sensitive, and so
 * is the plug-in: `CloneId` is not `CloneID`). Attributes are an array, never a
 * map keyed by name, so an attribute called `constructor` or `__proto__` is
 * just data.
 */
import type { Loc } from '../../core/loc.js';

export interface XmlAttribute {
  /** As written, including a namespace prefix (`xmi:id`). */
  name: string;
  /** The value with the predefined entities and character references decoded. */
  value: string;
  /** The value as written between the quotes. */
  raw: string;
  /** The attribute name. */
  nameLoc: Loc;
  /** The value without its quotes; for an empty value, the two quotes. */
  valueLoc: Loc;
  /** Name through closing quote. */
  loc: Loc;
}

export interface XmlElement {
  /** As written, including a namespace prefix (`topology.cluster:ServerCluster`). */
  name: string;
  /** The name without a namespace prefix. */
  localName: string;
  /** `<` and the element name: where findings about the element point. */
  loc: Loc;
  /** The whole start tag, `<` to `>`. */
  startTag: Loc;
  /** Offset of `<` in the decoded text. */
  offset: number;
  /** Offset just after the end tag (or the `/>`), when the element is closed. */
  endOffset?: number;
  attributes: XmlAttribute[];
  children: XmlElement[];
  selfClosing: boolean;
}

export interface XmlDeclaration {
  loc: Loc;
  encoding?: { value: string; loc: Loc };
}

export interface XmlDocument {
  file: string;
  /** Top-level elements in document order (a well-formed document has exactly one). */
  roots: XmlElement[];
  declaration?: XmlDeclaration;
  /** The validator found no error. */
  wellFormed: boolean;
  /** The text was cut before this offset to parse it (a construct the parser cannot skip). */
  parsedUpTo: number;
}

/** The first attribute of that exact name (names are case-sensitive). */
export function attribute(el: XmlElement, name: string): XmlAttribute | undefined {
  for (const a of el.attributes) if (a.name === name) return a;
  return undefined;
}
