/**
 * Where an item sits in a list of the model, answered from an index built once per list (and key): the picture
 * names each element it draws by its position (a JSON pointer), and a search of the list for every flow drawn was
 * quadratic — 15,000 Load Balancer clusters took a findIndex each, 9,600 DVIPAs an indexOf each, and each target of
 * a flow a scan of every server. The lists are the estate's, which nothing changes while a picture is drawn.
 */

const byItem = new WeakMap<readonly unknown[], Map<unknown, number>>();
const byKey = new WeakMap<readonly unknown[], Map<(item: never) => unknown, Map<unknown, number[]>>>();

/** The first index of `item` in `list` (-1: not in it), as `indexOf`. */
export function positionOf<T>(list: readonly T[], item: T): number {
  let index = byItem.get(list);
  if (!index) {
    index = new Map();
    list.forEach((x, i) => {
      if (!index!.has(x)) index!.set(x, i);
    });
    byItem.set(list, index);
  }
  return index.get(item) ?? -1;
}

/**
 * The indexes of the items of `list` whose key is `wanted`, in order. `key` must be a function defined once (the
 * index is kept per list and function), not a new closure per call.
 */
export function positionsBy<T, K>(list: readonly T[], key: (item: T) => K, wanted: K): readonly number[] {
  let perKey = byKey.get(list);
  if (!perKey) byKey.set(list, (perKey = new Map()));
  let index = perKey.get(key as (item: never) => unknown);
  if (!index) {
    index = new Map();
    list.forEach((x, i) => {
      const k = key(x);
      const at = index!.get(k);
      if (at) at.push(i);
      else index!.set(k, [i]);
    });
    perKey.set(key as (item: never) => unknown, index);
  }
  return index.get(wanted) ?? [];
}

/** The first index of the items of `list` whose key is `wanted` (-1: none), as `findIndex`. */
export function firstPositionBy<T, K>(list: readonly T[], key: (item: T) => K, wanted: K): number {
  return positionsBy(list, key, wanted)[0] ?? -1;
}
