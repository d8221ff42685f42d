/**
 * The bounds a scenario runs within (docs/scenarios.md "Limits"). The
 * simulator keeps open connections as counts per client, destination and target
 * and never one record per connection, so a count costs time, not memory; what
 * costs memory is the number of distinct clients and sessions, and what costs
 * time is the number of decisions. A scenario beyond a limit is refused when it
 * is read, with one line naming the limit.
 */
export const LIMITS = {
  /** `count` of one connect, requests or ejb step. */
  count: 10_000_000,
  /** Decisions of a whole scenario: the sum of every step's count. */
  totalCount: 100_000_000,
  /** `sessions` of one requests step (each session is a client that keeps cookies). */
  sessions: 100_000,
  /** Clients that keep cookies over a whole scenario, per plug-in file and host. */
  totalSessions: 200_000,
  /** `clients` of one connect step (each keeps its own affinity records). */
  clients: 100_000,
} as const;

/**
 * The work of `samples` simulated connections, requests or calls each chosen among `targets` — what the failure
 * sweep (src/sim/failures.ts MAX_SWEEP_WORK) and the picture of `plexlint graph` (src/graph/index.ts
 * MAX_GRAPH_WORK) count before they run. Each counts 1 for the decision (measured: about 3.5 µs) and a share for
 * every target it looks at: 0.03 µs in the distributor's tables (1/100), 0.4 µs in the weighted round robin of the
 * Load Balancer, the plug-in and WLM, kept by name (1/10).
 */
export function simulationWork(samples: number, targets: number, chooser: 'distributor' | 'weighted'): number {
  return samples + targetWork(samples, targets, chooser);
}

/** The targets' share of simulationWork alone. */
export function targetWork(samples: number, targets: number, chooser: 'distributor' | 'weighted'): number {
  return Math.ceil((samples * targets) / (chooser === 'distributor' ? 100 : 10));
}
