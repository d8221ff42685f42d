/**
 * The objects under one parent (a cluster's ports, a port's servers) in definition order, found by key without a
 * scan: a configuration of thousands of servers on one port made every `server add` (which replaces a server of
 * the same name) and every `server set` a scan of the port, quadratic in all. The list is the model's own array,
 * changed in place.
 */
export class Ordered<T> {
  private readonly byKey = new Map<string, T>();
  /** Items by their second key (a server's address), each list in the array's order. */
  private readonly byAlt = new Map<string, T[]>();
  /** Position stamps: items are only appended, so a larger stamp is later in the array. */
  private readonly stamp = new Map<T, number>();
  private next = 0;

  constructor(
    readonly list: T[],
    private readonly keyOf: (item: T) => string | undefined,
    private readonly altOf: (item: T) => string | undefined = () => undefined,
  ) {}

  /** Append an item, removing the one with the same key first (it moves to the end, as dscontrol's replace does). */
  put(item: T): void {
    const k = this.keyOf(item);
    const old = k === undefined ? undefined : this.byKey.get(k);
    if (old !== undefined) this.remove(old);
    this.list.push(item);
    this.stamp.set(item, this.next++);
    if (k !== undefined) this.byKey.set(k, item);
    this.addAlt(item, this.altOf(item));
  }

  remove(item: T): void {
    const i = this.list.indexOf(item);
    if (i >= 0) this.list.splice(i, 1);
    const k = this.keyOf(item);
    if (k !== undefined && this.byKey.get(k) === item) this.byKey.delete(k);
    this.dropAlt(item, this.altOf(item));
    this.stamp.delete(item);
  }

  /** The first item in the list whose key is `key` or whose second key is `alt`. */
  find(key: string | undefined, alt?: string): T | undefined {
    const a = key === undefined ? undefined : this.byKey.get(key);
    const b = alt === undefined ? undefined : this.byAlt.get(alt)?.[0];
    if (a === undefined || b === undefined) return a ?? b;
    return this.stamp.get(a)! <= this.stamp.get(b)! ? a : b;
  }

  /** Call after changing an item's second key. */
  moved(item: T, before: string | undefined): void {
    const after = this.altOf(item);
    if (before === after) return;
    this.dropAlt(item, before);
    this.addAlt(item, after);
  }

  private addAlt(item: T, alt: string | undefined): void {
    if (alt === undefined) return;
    const list = this.byAlt.get(alt);
    if (!list) {
      this.byAlt.set(alt, [item]);
      return;
    }
    const at = this.stamp.get(item)!;
    let i = list.length;
    while (i > 0 && this.stamp.get(list[i - 1]!)! > at) i--;
    list.splice(i, 0, item);
  }

  private dropAlt(item: T, alt: string | undefined): void {
    if (alt === undefined) return;
    const list = this.byAlt.get(alt);
    const i = list?.indexOf(item) ?? -1;
    if (i < 0) return;
    list!.splice(i, 1);
    if (list!.length === 0) this.byAlt.delete(alt);
  }
}
