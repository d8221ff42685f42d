/**
 * The graph's one door into the simulator: each flow runs in a simulation of
 * its own, started in the runtime state the picture is for (the default state,
 * or a scenario's state after a step), so flows never change each other's
 * outcome (a WEIGHTEDACTIVE count, a plug-in's round-robin position).
 */
import type { Estate } from '../model/estate.js';
import { observedUnlessUnrunnable, Simulation, SimulationError, simulationFor, type Observed } from '../sim/index.js';
import type { RuntimeState } from '../sim/state.js';
import { sendEjbCalls, sendRequests } from '../sim/web.js';
import type { Scenario } from '../sim/scenario.js';
import type { Origin } from '../sim/steps.js';

export class Measure {
  constructor(
    readonly estate: Estate,
    readonly state: RuntimeState | undefined,
    /** Connections, requests or calls per flow. */
    readonly count: number,
  ) {}

  private simulation(): Simulation {
    const sim = new Simulation(this.estate, 1);
    if (this.state) sim.apply(this.state);
    return sim;
  }

  /**
   * Connections from `from` (a system, "client", or an origin); with the machine that forwarded them, for a Load
   * Balancer cluster. "client" stands for as many distinct clients as connections: the picture shows how the
   * balancing spreads clients, which one client's affinity (stickytime, TIMEDAFFINITY) would hide.
   */
  connect(from: string | Origin, address: string, port: number): { observed: Observed; lb?: string } {
    const sim = this.simulation();
    const origin: string | Origin = from === 'client' ? { kind: 'client', clients: this.count } : from;
    const observed = sim.connect(origin, address, port, this.count).observed;
    for (const g of sim.connections) if (g.lb) return { observed, lb: g.lb };
    return { observed };
  }

  /** The stack that distributes a DVIPA:port now, and with which distribution (one traced connection). */
  decision(address: string, port: number): { distributor?: string; distribution?: string; target?: string } {
    const d = this.simulation().distributor.connect('client', address, port, false);
    const out: { distributor?: string; distribution?: string; target?: string } = {};
    if (d.distributor) out.distributor = d.distributor;
    if (d.distribution) out.distribution = d.distribution;
    if (d.target) out.target = d.target;
    return out;
  }

  requests(pluginFile: string, url: string): Observed | undefined {
    return observedUnlessUnrunnable(() => sendRequests(this.simulation(), pluginFile, url, this.count, 0).observed);
  }

  ejb(cell: string, cluster: string, fromNode: string): Observed | undefined {
    return observedUnlessUnrunnable(() => sendEjbCalls(this.simulation(), cell, cluster, fromNode, this.count).observed);
  }
}


/** The runtime state after the first `steps` steps of a scenario (its `set` steps, events, opened connections' effects). */
export function stateAfter(scenario: Scenario, estate: Estate, steps: number): RuntimeState {
  const sim = simulationFor(scenario, estate);
  scenario.steps.slice(0, steps).forEach((step, i) => {
    const r = sim.step(step, i + 1);
    if (r.error) throw new SimulationError(`step ${i + 1} (line ${r.line}) could not run: ${r.error}`);
  });
  return structuredClone(sim.state) as RuntimeState;
}
