/**
 * Semantic diff of two compiled estates: per object (system, HOME entry,
 * interface, DVIPA, distribution, …), what was added, removed or changed, with
 * the old and new source locations. It works on the models, not the text, so
 * reordering, comments, abbreviations, case and whitespace are not changes.
 *
 * What is compared is the table of sections in ./sections/index.ts. Each
 * section is matched by key with one hash map per side: linear in the number
 * of objects.
 */
import type { Loc } from '../core/loc.js';
import { silentProgress, type Progress } from '../core/progress.js';
import type { Estate } from '../model/estate.js';
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

export function diffModels(before: Estate, after: Estate, sections: readonly Section[] = modelSections, progress: Progress = silentProgress): Change[] {
  const changes: Change[] = [];
  progress.phase('model diff', sections.length);
  for (const section of sections) {
    const oldItems = byKey(section.items(before));
    const newItems = byKey(section.items(after));
    for (const [key, o] of oldItems) {
      const n = newItems.get(key);
      if (n) changedAttributes(section, o, n, changes);
      else changes.push({ kind: 'removed', type: section.name, object: o.object, ...(o.loc ? { oldLoc: o.loc } : {}) });
    }
    for (const [key, n] of newItems) {
      if (!oldItems.has(key)) changes.push({ kind: 'added', type: section.name, object: n.object, ...(n.loc ? { newLoc: n.loc } : {}) });
    }
    progress.tick();
  }
  return changes;
}

export type { Item, Section, Value } from './sections/index.js';
