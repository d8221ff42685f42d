/**
 * The flows of the behaviour delta (./behaviour.ts) and how their sources
 * describe them. A source (sysplex distributor, load balancer, plug-in, EJB,
 * the user's scenarios) lists its flows in groups; a group carries the inputs
 * its flows read from each estate, so that the behaviour delta simulates a
 * group only when its inputs differ (change impact).
 */
import type { Estate } from '../model/estate.js';
import type { Observed } from '../sim/index.js';

/** Origins whose flows to one destination share one outcome (a client and the systems that are no target, say). */
export interface OriginSet {
  count: number;
  /** The first `k` members in report order, with their positions in it. */
  first(k: number): readonly { name: string; rank: number }[];
}

/** A flow known by its name, e.g. "requests to shop.example.com/shop/*". */
export interface NamedFlow {
  name: string;
  /** The outcome on one estate; undefined when the flow does not exist there. */
  run(estate: Estate): Observed | undefined;
}

/**
 * Flows from origins to a destination ("connections from SYSB to 10.40.1.2:3000"):
 * one object stands for every origin of its set, and flows to the same
 * destination that moved alike are reported once.
 */
export interface OriginFlow {
  /** e.g. "connections". */
  what: string;
  /** e.g. "10.40.1.2:3000". */
  destination: string;
  origins: OriginSet;
  run(estate: Estate): Observed | undefined;
}

export type Flow = NamedFlow | OriginFlow;

/** One origin, at its position in the report order. */
export function singleOrigin(name: string, rank: number): OriginSet {
  const member = [{ name, rank }];
  return { count: 1, first: (k) => (k > 0 ? member : []) };
}

/** The two sides of a diff. */
export type Sides<T> = readonly [before: T, after: T];

export interface FlowGroup {
  /**
   * Everything the simulator reads for these flows: the model objects, on each
   * side. The simulation is deterministic (seeded), so inputs that are the same
   * (./inputs.ts, positions aside) give equal outcomes: the group is unaffected.
   */
  inputs: Sides<unknown>;
  /** How many flows the group has (an OriginFlow counts as many flows as it has origins). */
  size: number;
  /**
   * The flows to simulate. `all`: every flow of the group (its inputs differ, or
   * every flow is asked for); otherwise only the flows that something outside
   * `inputs` affects — e.g. an origin system that exists on one side only.
   */
  flows(all: boolean): Flow[];
}

export interface FlowOptions {
  /** Simulate every flow on its own, sharing no outcome between equivalent flows (the reference for the change impact). */
  exhaustive: boolean;
}

export interface FlowSource {
  /** Shown in progress, e.g. "sysplex distributor". */
  name: string;
  /** The groups, in report order. Listing them is linear in the size of the two estates. */
  groups(before: Estate, after: Estate, options: FlowOptions): FlowGroup[];
}

/** Remember a value per estate (a flow runs on two); forgotten with the estate. */
export function perEstate<T>(make: (estate: Estate) => T): (estate: Estate) => T {
  const memo = new WeakMap<Estate, T>();
  return (estate) => {
    let value = memo.get(estate);
    if (value === undefined && !memo.has(estate)) memo.set(estate, (value = make(estate)));
    return value as T;
  };
}
