/**
 * Records keyed by names read from a file (XML attribute names), without inherited keys: `constructor`,
 * `__proto__` or `toString` are just keys, and a name that is not set reads as undefined.
 *
 * Object.create(null) gives that, but V8 keeps such an object in dictionary mode: about 430 bytes for six names.
 * An object whose prototype is an empty, frozen object without a prototype has no inherited keys either and stays
 * in V8's fast mode, about 100 bytes. A large plugin-cfg.xml makes tens of thousands of them.
 */
const NO_INHERITED_KEYS: object = Object.freeze(Object.create(null) as object);

export function emptyRecord<T>(): Record<string, T> {
  return Object.create(NO_INHERITED_KEYS) as Record<string, T>;
}

/**
 * A constant table that is read with names from input (`UNITS[unit]`, `BLOCKS[word]`): the same entries, and no
 * inherited ones, so that `constructor` or `__proto__` read as undefined like any name the table does not have.
 */
export function nameTable<T extends object>(entries: T): T {
  return Object.assign(Object.create(NO_INHERITED_KEYS) as object, entries) as T;
}
