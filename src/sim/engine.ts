/**
 * The contract between the simulation (run.ts) and the engines that model one
 * component each: the sysplex distributor, the external Load Balancer, the
 * WebSphere tier. The engines are listed in engines.ts.
 */
import type { Estate } from '../model/estate.js';
import type { ConnGroup, Connections } from './connections.js';
import type { Observed, StateKey } from './measures.js';
import type { Rng } from './rng.js';
import type { ReadonlyState, StatePatch } from './state.js';
import type { Step, StepKey } from './steps.js';

/** A step that cannot run (a name the estate does not have): reported at its step, never a crash. */
export class SimulationError extends Error {}

/** What a flow observes, or undefined when the estate cannot run it in this state (a route whose cluster is gone). */
export function observedUnlessUnrunnable(run: () => Observed): Observed | undefined {
  try {
    return run();
  } catch (e) {
    if (e instanceof SimulationError) return undefined;
    throw e;
  }
}

export interface StepOutcome {
  observed: Observed;
  summary: string;
  /** Client (or session) → the target it reached, when the run asks for it (`sameTargetAs`). */
  assignments?: Map<string, string>;
}

export interface RunOptions {
  /** Record which target each client reached. */
  assignments: boolean;
}

/** What an engine may use of the simulation it belongs to. */
export interface SimContext {
  readonly estate: Estate;
  readonly state: ReadonlyState;
  readonly rng: Rng;
  readonly connections: Connections;
  /** Simulated time in milliseconds. */
  readonly now: number;
  /**
   * The scenario moves the clock itself (it has `advance` steps). Scenarios
   * without one keep the first generation's assumption that each step starts
   * after the plug-in's RetryInterval has passed.
   */
  readonly clocked: boolean;
  /** Increases whenever the runtime state changes or connections close: engines recompute what they derived. */
  readonly epoch: number;
  /** Change the runtime state (the names are checked first). */
  apply(patch: StatePatch): void;
  /** End open connections; the engines give back what they held for them. */
  drop(match: (g: ConnGroup) => boolean, limit?: number): ConnGroup[];
}

export interface Engine {
  readonly name: string;
  /** The step kinds and events it runs. */
  readonly handles: readonly StepKey[];
  /** Whether it runs this step (a connect goes to the balancer that has the cluster, else to the distributor). */
  claims(step: Step): boolean;
  run(step: Step, options: RunOptions): StepOutcome;
  /** Check the names a `set` step gives for this component (throws SimulationError) before anything changes. */
  checkState(patch: StatePatch): void;
  /** Bring other names of the same thing in line after a `set` (two names of one JVM). */
  normalise?(patch: StatePatch): StatePatch;
  /** The patch is now in the state: note what depends on when it was set (an operator's weight lasts until the manager's next cycle). */
  applied?(patch: StatePatch): void;
  /** A state measure after a step: the holder of a DVIPA, the active machine of a pair; undefined when not its key. */
  observe(key: StateKey, name: string): string | undefined;
  /** Open connections ended (closed or broken): give back what they held (active counts, affinities). */
  release(group: ConnGroup): void;
}
