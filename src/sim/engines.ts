/**
 * The engines of a simulation, one typed field each. A step goes to the first
 * engine that handles its kind and claims it (a connect to a Load Balancer
 * cluster goes to the balancer, any other connect to the distributor).
 */
import { DistributorEngine } from './distributor.js';
import type { Engine, SimContext } from './engine.js';
import { LbEngine } from './lb.js';
import { stepKey, type Step } from './steps.js';
import { WebEngine } from './web.js';

export class Engines {
  readonly lb: LbEngine;
  readonly distributor: DistributorEngine;
  readonly web: WebEngine;
  /** In the order they are asked to claim a step. */
  readonly all: readonly Engine[];

  constructor(sim: SimContext) {
    this.lb = new LbEngine(sim);
    this.distributor = new DistributorEngine(sim);
    this.web = new WebEngine(sim);
    this.all = [this.lb, this.distributor, this.web];
  }

  /** The engine that runs a step; undefined for the steps the simulation runs itself (set, close, advance). */
  forStep(step: Step): Engine | undefined {
    const key = stepKey(step);
    if (!key) return undefined;
    return this.all.find((e) => e.handles.includes(key) && e.claims(step));
  }
}
