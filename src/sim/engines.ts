/**
 * The engines of a simulation, one typed field each. A step goes to the first
 * engine that handles its kind and claims it (a connect to a Load Balancer
 * cluster goes to the balancer, any other connect to the distributor).
 */
import { DistributorEngine } from './distributor.js';
import type { Engine, SimContext } from './engine.js';
import { LbEngine } from './lb.js';
import type { StatePatch } from './state.js';
import { stepKey, type Step } from './steps.js';
import { WEB_STEP_KEYS, WebEngine } from './web.js';

const WEB_STEPS = new Set<string>(WEB_STEP_KEYS);

export class Engines {
  readonly lb: LbEngine;
  readonly distributor: DistributorEngine;
  private webEngine: WebEngine | undefined;

  constructor(private readonly sim: SimContext) {
    this.lb = new LbEngine(sim);
    this.distributor = new DistributorEngine(sim);
  }

  /**
   * The WebSphere tier, created when a step or a state first needs it: a
   * simulation of stacks alone (the sysplex rules run thousands) never builds it.
   */
  get web(): WebEngine {
    return (this.webEngine ??= new WebEngine(this.sim));
  }

  /** The engines that exist, in the order they are asked to claim a step. */
  get all(): readonly Engine[] {
    return this.webEngine ? [this.lb, this.distributor, this.webEngine] : [this.lb, this.distributor];
  }

  /** The engines a state change concerns (the web engine when it names ODRs or members). */
  forState(patch: StatePatch): readonly Engine[] {
    if (!this.webEngine && (Object.keys(patch.odrs ?? {}).length || Object.keys(patch.members ?? {}).length)) void this.web;
    return this.all;
  }

  /** The engine that runs a step; undefined for the steps the simulation runs itself (set, close, advance). */
  forStep(step: Step): Engine | undefined {
    const key = stepKey(step);
    if (!key) return undefined;
    if (WEB_STEPS.has(key)) return this.web;
    return this.all.find((e) => e.handles.includes(key) && e.claims(step));
  }
}
