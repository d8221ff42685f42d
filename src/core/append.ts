/**
 * `target.push(...items)` passes every item as an argument, and V8 throws
 * "Maximum call stack size exceeded" beyond about 100,000 of them — which a
 * hostile (or just very large) file reaches with its findings. This appends in
 * a loop.
 */
export function append<T>(target: T[], items: readonly T[]): T[] {
  for (let i = 0; i < items.length; i++) target.push(items[i]!);
  return target;
}

/**
 * Add a value to the list a map keeps under a key. `map.set(k, [...(map.get(k) ?? []), v])` copies the whole
 * list for every value — quadratic: 15,000 ODRs of one tier took seconds.
 */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
