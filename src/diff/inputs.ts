/**
 * Equality of model objects with source positions left out: every value the
 * model holds counts, a Loc only by being there (an optional statement that is
 * present still counts), and a `locs` record (the positions of a web-tier
 * element's attributes as written, src/model/web.ts AttrLocs) not at all. Two
 * objects that are the same in this sense give the simulator the same inputs
 * and the model diff nothing to report, whatever lines they sit on. Comparing
 * whole objects, rather than the attributes known to matter today, keeps both
 * safe when the model or the engines grow: an unknown difference means "look
 * closer", never "skip".
 *
 * One walk over both values, without allocating; the answer for a pair of
 * objects is remembered, so the sections of the model diff and the flows of
 * the behaviour delta that read the same part of the model walk it once.
 */

function isLoc(x: object): boolean {
  const l = x as Record<string, unknown>;
  return typeof l['file'] === 'string' && typeof l['line'] === 'number' && typeof l['endColumn'] === 'number';
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  const locA = isLoc(a);
  if (locA || isLoc(b)) return locA && isLoc(b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  // A field holding undefined is a field that is not there.
  let fields = 0;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = x[k];
    if (v === undefined) continue;
    fields++;
    if (k === 'locs' ? y[k] === undefined : !equal(v, y[k])) return false;
  }
  const other = Object.keys(y);
  for (let i = 0; i < other.length; i++) if (y[other[i]!] !== undefined) fields--;
  return fields === 0;
}

const known = new WeakMap<object, WeakMap<object, boolean>>();

export function sameModel(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || a === b) return equal(a, b);
  let pairs = known.get(a);
  const seen = pairs?.get(b);
  if (seen !== undefined) return seen;
  const answer = equal(a, b);
  if (!pairs) known.set(a, (pairs = new WeakMap()));
  pairs.set(b, answer);
  return answer;
}
