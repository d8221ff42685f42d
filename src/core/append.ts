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
