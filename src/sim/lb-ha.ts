/**
 * What a Load Balancer high-availability takeover does to open connections —
 * one answer, used by the engine (lb.ts) and by the rules that state it
 * (ph50064-cluster-aliased-on-adapter, single-point-of-failure).
 *
 * IBM (Edge Components, high availability; `dscontrol port set … repstrategy`;
 * APAR PH50064 "Connection broken when takeover occurs"):
 * - the partner knows an open connection only when its record was replicated:
 *   `repstrategy connection` or `both` on the port (Load Balancer for IPv4 and
 *   IPv6); the IPv4 line synchronises connection records at startup;
 * - Load Balancer for IPv4 and IPv6: the executor of the machine losing the
 *   active role switches to backup at once and passes cluster packets to its
 *   operating system, while the go scripts run up to about two seconds later
 *   (the server polls the executor every two seconds). While the cluster address
 *   is still aliased on a network adapter, the operating system answers with RST
 *   and the replicated connections break; without the alias it discards them and
 *   they survive. Load Balancer for IPv4 aliases cluster addresses on the adapter
 *   by design and IBM documents no such break for it.
 * - a machine that fails (power, crash) answers nothing: replicated connections
 *   survive whatever its aliases were.
 */
import type { ExternalLb, HaState, LbAlias, LbPort } from '../model/lb.js';
import { HA_STATES } from '../model/lb.js';

/** How long a machine that gave up the active role still has its active state's aliases (PH50064: the server polls every 2 s). */
export const GO_SCRIPT_WINDOW_MS = 2000;

/** `executor set hatimeout` default: seconds without heartbeats before the partner takes over. */
export const DEFAULT_HA_TIMEOUT_S = 2;

export function haConfigured(lb: ExternalLb): boolean {
  return lb.ha?.backup !== undefined;
}

export function haTimeoutMs(lb: ExternalLb): number {
  return (lb.executor.haTimeout?.value ?? DEFAULT_HA_TIMEOUT_S) * 1000;
}

export interface Ph50064Exposure {
  alias: LbAlias;
  /** The HA states in which the alias is in place. */
  states: HaState[];
}

/**
 * The cluster addresses of a machine that are aliased on a network adapter in
 * an HA state that takes part in a takeover (not idle): what makes PH50064 break
 * replicated connections. Empty for Load Balancer for IPv4 and for a machine
 * without high availability.
 */
export function ph50064Exposure(lb: ExternalLb): Ph50064Exposure[] {
  if (lb.productLine === 'ipv4' || !haConfigured(lb)) return [];
  const clusters = new Set(lb.clusters.flatMap((c) => (c.address ? [c.address] : [])));
  const seen = new Map<string, Ph50064Exposure>();
  for (const state of HA_STATES) {
    if (state === 'idle') continue;
    for (const a of lb.aliases[state]) {
      if (a.kind !== 'adapter' || !clusters.has(a.address)) continue;
      const k = `${a.loc.file}:${a.loc.line}:${a.loc.column}:${a.address}`;
      const e = seen.get(k) ?? { alias: a, states: [] };
      e.states.push(state);
      seen.set(k, e);
    }
  }
  return [...seen.values()];
}

export interface Replication {
  connections: boolean;
  affinities: boolean;
  /** Why, in words. */
  why: string;
}

/** What the partner knows of a port's connections and affinities after a takeover. */
export function replication(lb: ExternalLb, port: LbPort | undefined): Replication {
  if (lb.productLine === 'ipv4') return { connections: true, affinities: false, why: 'Load Balancer for IPv4 synchronises connection records with its partner' };
  const rep = port?.repStrategy?.value;
  if (rep === undefined) return { connections: false, affinities: false, why: 'the port has no repstrategy (IBM does not document the default; plexlint assumes none)' };
  return {
    connections: rep === 'connection' || rep === 'both',
    affinities: rep === 'affinity' || rep === 'both',
    why: `repstrategy ${rep}`,
  };
}

export type TakeoverCause = 'takeover' | 'failure';

/**
 * Whether the open connections of one cluster address and port survive when
 * `from` stops being the active machine — by a takeover (its operating system
 * still runs) or by its failure.
 */
export function takeoverEffect(from: ExternalLb, address: string, port: LbPort | undefined, cause: TakeoverCause): { survives: boolean; reason: string } {
  const rep = replication(from, port);
  if (!rep.connections) return { survives: false, reason: `the partner does not know them: ${rep.why}` };
  if (cause === 'failure') return { survives: true, reason: `${rep.why}, and the failed machine answers nothing` };
  const exposed = ph50064Exposure(from).find((e) => e.alias.address === address);
  if (exposed) {
    return {
      survives: false,
      reason: `${address} is still aliased on ${from.name}'s network adapter${exposed.alias.interface ? ` ${exposed.alias.interface}` : ''} when its executor switches to backup: its operating system answers their packets with RST (APAR PH50064)`,
    };
  }
  return { survives: true, reason: rep.why };
}
