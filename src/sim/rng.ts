/**
 * Seeded randomness: every random choice of the simulator (plug-in start point,
 * Random load balancing, spraying) comes from here, so a scenario with a seed
 * gives the same result on every run (docs/scenarios.md).
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** mulberry32: small, fast, good enough for simulation. */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

/**
 * Smooth weighted round robin (the nginx algorithm): deterministic, and any
 * window of Σw picks gives each candidate exactly its weight's share. Used where
 * IBM describes a weighted distribution without specifying its exact order.
 */
export class SmoothWeighted {
  private current = new Map<string, number>();

  pick(candidates: { key: string; weight: number }[]): string | undefined {
    let total = 0;
    let best: string | undefined;
    let bestValue = -Infinity;
    for (const c of candidates) {
      if (c.weight <= 0) continue;
      const v = (this.current.get(c.key) ?? 0) + c.weight;
      this.current.set(c.key, v);
      total += c.weight;
      if (v > bestValue) {
        bestValue = v;
        best = c.key;
      }
    }
    if (best !== undefined) this.current.set(best, bestValue - total);
    return best;
  }
}
