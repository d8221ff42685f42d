/**
 * Semantic diff of two compiled estates: per object (system, HOME entry,
 * interface, DVIPA, distribution, …), what was added, removed or changed, with
 * the old and new source locations. It works on the models, not the text, so
 * reordering, comments, abbreviations, case and whitespace are not changes.
 *
 * What is compared is the table of sections in ./sections/index.ts. A
 * section's parts (a system's PORT list, a plug-in file's clusters) that are
 * the same on both sides are passed over in one walk of their model; the others
 * are matched object by object with a hash map per side. Linear in the size
 * of the two models.
 */
import type { Loc } from '../core/loc.js';
import { silentProgress, type Progress } from '../core/progress.js';
import type { Estate } from '../model/estate.js';
import { sameModel } from './inputs.js';
import { modelSections, type Item, type Section, type Value } from './sections/index.js';

export interface Change {
  kind: 'added' | 'removed' | 'changed';
  /** The section, e.g. "distribution". */
  type: string;
  object: string;
  attribute?: string;
  before?: Value;
  after?: Value;
  oldLoc?: Loc;
  newLoc?: Loc;
}

/** Attribute values are primitives or lists of strings: compared without serialising. */
function same(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
}

function byKey(items: Item[]): Map<string, Item> {
  // A key listed twice keeps its last item (the later statement wins on a stack too).
  const m = new Map<string, Item>();
  for (const i of items) m.set(i.key, i);
  return m;
}

function changedAttributes(section: Section, o: Item, n: Item, out: Change[]): void {
  const push = (attr: string): void => {
    const a = o.attributes[attr] ?? null;
    const b = n.attributes[attr] ?? null;
    if (same(a, b)) return;
    out.push({ kind: 'changed', type: section.name, object: n.object, attribute: attr, before: a, after: b, ...(o.loc ? { oldLoc: o.loc } : {}), ...(n.loc ? { newLoc: n.loc } : {}) });
  };
  for (const attr in o.attributes) push(attr);
  for (const attr in n.attributes) if (!(attr in o.attributes)) push(attr);
}

/** One section's changes: removed and changed objects in the old order, then added ones in the new. */
function diffSection(section: Section, before: Estate, after: Estate, out: Change[]): void {
  const oldParts = section.parts(before);
  const newParts = section.parts(after);
  const newByKey = new Map(newParts.map((p) => [p.key, p]));
  const oldKeys = new Set(oldParts.map((p) => p.key));
  // Parts that differ: their items on each side, kept for the added objects below.
  const compared = new Map<string, { old: Map<string, Item>; current: Map<string, Item> }>();
  for (const o of oldParts) {
    const n = newByKey.get(o.key);
    if (n && sameModel(o.model, n.model)) continue;
    const items = { old: byKey(o.items()), current: n ? byKey(n.items()) : new Map<string, Item>() };
    compared.set(o.key, items);
    for (const [key, item] of items.old) {
      const now = items.current.get(key);
      if (now) changedAttributes(section, item, now, out);
      else out.push({ kind: 'removed', type: section.name, object: item.object, ...(item.loc ? { oldLoc: item.loc } : {}) });
    }
  }
  for (const n of newParts) {
    const items = compared.get(n.key);
    if (!items && oldKeys.has(n.key)) continue; // the same on both sides
    for (const [key, item] of items ? items.current : byKey(n.items())) {
      if (!items?.old.has(key)) out.push({ kind: 'added', type: section.name, object: item.object, ...(item.loc ? { newLoc: item.loc } : {}) });
    }
  }
}

export function diffModels(before: Estate, after: Estate, sections: readonly Section[] = modelSections, progress: Progress = silentProgress): Change[] {
  const changes: Change[] = [];
  progress.phase('model diff', sections.length);
  for (const section of sections) {
    diffSection(section, before, after, changes);
    progress.tick();
  }
  return changes;
}

export type { Item, Section, Value } from './sections/index.js';
