/**
 * Open connections, kept as counts: one group per client, destination, target
 * and forwarding machine, however many connections it holds. A connect step of
 * ten million connections adds a handful of groups, never ten million records,
 * so memory stays bounded by the number of distinct clients and destinations.
 */

export interface ConnKey {
  /** The affinity identity of the client (its source address, name, or a system). */
  client: string;
  address: string;
  port: number;
  /** The system the connections end on (or a non-z/OS server's address). */
  target: string;
  /** The Load Balancer machine that forwards them. */
  lb?: string;
  /** ... its cluster and port ("10.60.1.1:80"), and the server chosen. */
  lbPort?: string;
  lbServer?: string;
}

export interface ConnGroup extends ConnKey {
  count: number;
}

export class Connections {
  private readonly groups = new Map<string, ConnGroup>();
  private readonly byAddress = new Map<string, number>();
  private n = 0;

  get total(): number {
    return this.n;
  }

  /** Open connections to an address (any port). */
  to(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  open(k: ConnKey, count: number): void {
    if (count <= 0) return;
    // The balancer's parts only when there is a balancer (most groups have none: a shorter key to build and hash).
    const plain = k.lb === undefined && k.lbPort === undefined && k.lbServer === undefined;
    const key = plain ? `${k.client}\u0000${k.address}\u0000${k.port}\u0000${k.target}` : `${k.client}\u0000${k.address}\u0000${k.port}\u0000${k.target}\u0000${k.lb ?? ''}\u0000${k.lbPort ?? ''}\u0000${k.lbServer ?? ''}`;
    const g = this.groups.get(key);
    if (g) g.count += count;
    else {
      // Built field by field (a spread of the key was much of a picture's time: a group per client of 2,000,000).
      // The fields in the order a spread of the key gave them, the count last.
      const balanced = k.lb !== undefined && k.lbPort !== undefined && k.lbServer !== undefined;
      this.groups.set(
        key,
        plain
          ? { client: k.client, address: k.address, port: k.port, target: k.target, count }
          : balanced
            ? { client: k.client, address: k.address, port: k.port, target: k.target, lb: k.lb, lbPort: k.lbPort, lbServer: k.lbServer, count }
            : { ...k, count },
      );
    }
    this.byAddress.set(k.address, (this.byAddress.get(k.address) ?? 0) + count);
    this.n += count;
  }

  /**
   * Remove up to `limit` open connections that `match` accepts, oldest groups
   * first; returns the portions removed (each with the count taken from it).
   */
  remove(match: (g: ConnGroup) => boolean, limit = Infinity): ConnGroup[] {
    const out: ConnGroup[] = [];
    let left = limit;
    for (const [key, g] of this.groups) {
      if (left <= 0) break;
      if (!match(g)) continue;
      const take = Math.min(g.count, left);
      out.push({ ...g, count: take });
      g.count -= take;
      left -= take;
      this.n -= take;
      const rest = (this.byAddress.get(g.address) ?? 0) - take;
      if (rest > 0) this.byAddress.set(g.address, rest);
      else this.byAddress.delete(g.address);
      if (g.count === 0) this.groups.delete(key);
    }
    return out;
  }

  /** Move matching groups to another forwarding machine (a Load Balancer takeover that keeps them). */
  rehome(match: (g: ConnGroup) => boolean, lb: string): void {
    const moved = this.remove(match);
    for (const g of moved) {
      const { count, ...k } = g;
      this.open({ ...k, lb }, count);
    }
  }

  *[Symbol.iterator](): IterableIterator<Readonly<ConnGroup>> {
    yield* this.groups.values();
  }
}
