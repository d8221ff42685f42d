/**
 * What a step observes, defined once: the scenario reader takes its expectation
 * keys from here, the expectations are checked by kind, and the text report and
 * the behaviour delta of `plexlint diff` label them from here.
 */

/** Counts broken down by a dimension, e.g. sessionsLost by reason: { "no-gsc": 40 }. */
export type Breakdown = Record<string, number>;

/** What a step observed: shares are fractions 0–1, counters are counts. */
export interface Observed {
  /** Connections, requests or calls the step made (or closed). */
  count?: number;
  local?: number;
  refused?: number;
  dropped?: number;
  failed?: number;
  targets?: Record<string, number>;
  servers?: Record<string, number>;
  members?: Record<string, number>;
  odrs?: Record<string, number>;
  cells?: Record<string, number>;
  sessionsLost?: number;
  /** sessionsLost by `reason`, `cell` (that held the session) and `cluster` (plug-in ServerCluster). */
  sessionsLostBy?: Partial<Record<'reason' | 'cell' | 'cluster', Breakdown>>;
  connectionsBroken?: number;
  /** connectionsBroken by `to` (the destination, address:port) and `target` (the system they ended on). */
  connectionsBrokenBy?: Partial<Record<'to' | 'target', Breakdown>>;
  /** Read after the step, for the expectations that ask: which stack holds a DVIPA ("none": no stack). */
  holder?: Record<string, string>;
  /** ... and which machine of a Load Balancer HA pair is active ("none": neither). */
  active?: Record<string, string>;
}

export type MeasureKind =
  /** A share of the step's count: `{ min, max }` from 0 to 1. */
  | 'share'
  /** A share per name (target system, server, member, ODR, cell). */
  | 'shares'
  /** A count, with optional breakdown filters. */
  | 'count'
  /** A name read from the engines after the step. */
  | 'state'
  /** The share of clients that reached the same target as in an earlier, labelled step. */
  | 'same-target';

export interface MeasureDef {
  kind: MeasureKind;
  /** How reports name it ("refused", "to" + a name, "sessions lost"). */
  label: string;
  /** What it means (docs/scenarios.md repeats it). */
  what: string;
  /** For counts: the breakdowns an expectation may select with `{ <filter>: value }`. */
  filters?: readonly string[];
}

export const MEASURES = {
  local: { kind: 'share', label: 'kept local', what: 'share kept on the originating stack by OPTLOCAL, without the distributor' },
  refused: { kind: 'share', label: 'refused', what: 'share with no target at all (no active DVIPA, no ready target, no active balancer, no server)' },
  dropped: { kind: 'share', label: 'dropped', what: 'share the target dropped (MAC forwarding to a stack whose HOME list lacks the cluster address)' },
  failed: { kind: 'share', label: 'failed', what: 'share of requests or EJB calls no server took' },
  targets: { kind: 'shares', label: 'to', what: 'share of the connections that ended on each system' },
  servers: { kind: 'shares', label: 'to', what: 'share of the requests each plug-in server (or ODR) took' },
  members: { kind: 'shares', label: 'to', what: 'share of the EJB calls each cluster member took' },
  odrs: { kind: 'shares', label: 'completed by', what: 'share of the requests each ODR completed' },
  cells: { kind: 'shares', label: 'served by', what: 'share of the requests each cell served' },
  sessionsLost: { kind: 'count', label: 'sessions lost', what: 'in-session requests that reached a server or cell that does not hold their session', filters: ['reason', 'cell', 'cluster'] },
  connectionsBroken: { kind: 'count', label: 'connections broken', what: 'open connections the step broke', filters: ['to', 'target'] },
  holder: { kind: 'state', label: 'held by', what: 'which stack holds a DVIPA after the step ("none": no stack)' },
  active: { kind: 'state', label: 'active machine', what: 'which machine of a Load Balancer HA pair is active after the step ("none": neither)' },
  sameTargetAs: { kind: 'same-target', label: 'same target as', what: 'share of the clients (or sessions) that reached the same target as in the step with that label' },
} as const satisfies Record<string, MeasureDef>;

export type MeasureKey = keyof typeof MEASURES;
export const MEASURE_KEYS = Object.keys(MEASURES) as MeasureKey[];

/** The measures of one kind. */
export function measuresOf<K extends MeasureKind>(kind: K): MeasureKey[] {
  return MEASURE_KEYS.filter((k) => MEASURES[k].kind === kind);
}

export type ShareKey = 'local' | 'refused' | 'dropped' | 'failed';
export type SharesKey = 'targets' | 'servers' | 'members' | 'odrs' | 'cells';
export type CountKey = 'sessionsLost' | 'connectionsBroken';
export type StateKey = 'holder' | 'active';

export const SHARE_KEYS = measuresOf('share') as ShareKey[];
export const SHARES_KEYS = measuresOf('shares') as SharesKey[];
export const COUNT_KEYS = measuresOf('count') as CountKey[];
export const STATE_KEYS = measuresOf('state') as StateKey[];

/**
 * The numbers of an observation as labelled measures ("refused", "to SYSA",
 * "sessions lost" as a share of the count): what the behaviour delta compares.
 */
export function labelledMeasures(o: Observed | undefined): Map<string, number> {
  const m = new Map<string, number>();
  if (!o) return m;
  for (const k of SHARE_KEYS) if (o[k] !== undefined) m.set(MEASURES[k].label, o[k]);
  for (const k of SHARES_KEYS) for (const [name, v] of Object.entries(o[k] ?? {})) m.set(`${MEASURES[k].label} ${name}`, v);
  if (o.sessionsLost !== undefined && o.count) m.set(MEASURES.sessionsLost.label, o.sessionsLost / o.count);
  return m;
}

export function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}

/** Counts by name → shares of `count`, sorted by name. */
export function sharesOf(m: Map<string, number>, count: number): Record<string, number> {
  return Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, count ? round4(v / count) : 0]));
}

export function bump(m: Map<string, number>, k: string, n = 1): void {
  m.set(k, (m.get(k) ?? 0) + n);
}
