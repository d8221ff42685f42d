/**
 * Running a scenario: the steps change the runtime state, move the clock,
 * open and close connections, send requests, and each step's expectations are
 * checked against what the engines observed.
 */
import type { Loc } from '../core/loc.js';
import { silentProgress, type Progress } from '../core/progress.js';
import type { Estate } from '../model/estate.js';
import { formatDuration } from './clock.js';
import { Connections, type ConnGroup } from './connections.js';
import { brokenObserved, type DistributorEngine } from './distributor.js';
import { SimulationError, type SimContext, type StepOutcome } from './engine.js';
import { Engines } from './engines.js';
import { check, type ExpectationResult } from './expect.js';
import type { Observed } from './measures.js';
import { Rng } from './rng.js';
import type { Scenario } from './scenario.js';
import { emptyState, mergeState, type ReadonlyState, type RuntimeState, type StatePatch } from './state.js';
import { originOf, type CloseFilter, type Origin, type Step } from './steps.js';
import { emptyRecord } from '../core/record.js';

export { observedUnlessUnrunnable, SimulationError } from './engine.js';
export type { ExpectationResult } from './expect.js';
export type { Observed } from './measures.js';

export interface StepResult {
  index: number;
  kind: Step['kind'];
  line: number;
  label?: string;
  summary: string;
  /** Simulated time when the step ran (ms). */
  time: number;
  observed: Observed;
  expectations: ExpectationResult[];
  error?: string;
}

export interface ScenarioResult {
  file: string;
  seed: number;
  steps: StepResult[];
  pass: boolean;
}

export interface SimulationOptions {
  /** The scenario moves the clock itself (see SimContext.clocked); default false. */
  clocked?: boolean;
}

export class Simulation implements SimContext {
  private readonly st: RuntimeState = emptyState();
  readonly rng: Rng;
  readonly connections = new Connections();
  readonly engines: Engines;
  readonly clocked: boolean;
  private time = 0;
  private ep = 0;
  /** Client → target of the labelled steps that a later step compares with. */
  private readonly remembered = new Map<string, Map<string, string>>();

  constructor(
    readonly estate: Estate,
    seed: number,
    options: SimulationOptions = {},
  ) {
    this.rng = new Rng(seed);
    this.clocked = options.clocked ?? false;
    this.engines = new Engines(this);
  }

  get state(): ReadonlyState {
    return this.st;
  }

  get now(): number {
    return this.time;
  }

  get epoch(): number {
    return this.ep;
  }

  /** The sysplex distributor engine (`plexlint trace --to`, the benchmark). */
  get distributor(): DistributorEngine {
    return this.engines.distributor;
  }

  apply(patch: StatePatch): void {
    const engines = this.engines.forState(patch);
    for (const e of engines) e.checkState(patch);
    const extra = engines.map((e) => e.normalise?.(patch));
    mergeState(this.st, patch);
    for (const x of extra) if (x) mergeState(this.st, x);
    for (const e of engines) e.applied?.(patch);
    this.ep++;
  }

  drop(match: (g: ConnGroup) => boolean, limit?: number): ConnGroup[] {
    const removed = this.connections.remove(match, limit);
    for (const g of removed) for (const e of this.engines.all) e.release(g);
    if (removed.length) this.ep++;
    return removed;
  }

  /** Move the clock forward. */
  advance(ms: number): void {
    this.time += ms;
    this.engines.lb.tick();
  }

  /** Run one step; `remember` keeps which target each client reached (a later step's sameTargetAs names it). */
  step(step: Step, index: number, remember = false): StepResult {
    const base = { index, kind: step.kind, line: step.loc.line, time: this.time, ...(step.label ? { label: step.label } : {}) };
    try {
      this.engines.lb.tick();
      const wants = remember || Boolean(step.expect?.some((e) => e.kind === 'same-target'));
      const { observed, summary, assignments } = this.execute(step, wants);
      for (const e of step.expect ?? []) {
        if (e.kind !== 'state') continue;
        const v = this.observe(e.key, e.name, e.loc);
        (observed[e.key] ??= emptyRecord())[e.name] = v;
      }
      if (remember && step.label && assignments) this.remembered.set(step.label, assignments);
      const sameTarget = (label: string): number | string => {
        const before = this.remembered.get(label);
        if (!before) return `step '${label}' recorded no clients`;
        if (!assignments || assignments.size === 0) return 'this step reached no target';
        let same = 0;
        let both = 0;
        for (const [client, target] of assignments) {
          const t = before.get(client);
          if (t === undefined) continue;
          both++;
          if (t === target) same++;
        }
        return both ? Math.round((same / both) * 10000) / 10000 : `no client of this step was in step '${label}'`;
      };
      return { ...base, summary, observed, expectations: step.expect ? check(step.expect, observed, sameTarget) : [] };
    } catch (e) {
      if (!(e instanceof SimulationError)) throw e;
      return { ...base, summary: e.message, observed: {}, expectations: [], error: e.message };
    }
  }

  private observe(key: 'holder' | 'active', name: string, loc: Loc): string {
    for (const e of this.engines.all) {
      const v = e.observe(key, name);
      if (v !== undefined) return v;
    }
    throw new SimulationError(`${loc.line}:${loc.column}: expect.${key}: ${key === 'holder' ? `${name} is no DVIPA of the estate` : `no load balancer ${name} in the estate`}`);
  }

  private execute(step: Step, assignments: boolean): StepOutcome {
    switch (step.kind) {
      case 'set':
        this.apply(step.state);
        return { observed: {}, summary: 'state updated' };
      case 'advance':
        this.advance(step.ms);
        return { observed: {}, summary: `${formatDuration(step.ms)} pass (the clock reads ${formatDuration(this.time)})` };
      case 'close':
        return this.close(step.filter);
      default: {
        if (step.kind === 'connect' && step.from.kind === 'system' && !this.estate.systems.some((s) => s.name === (step.from as { system: string }).system)) {
          throw new SimulationError(`connect.from: no system ${step.from.system} in the estate (systems: ${this.estate.systems.map((s) => s.name).join(', ')}, or client)`);
        }
        const engine = this.engines.forStep(step);
        if (!engine) throw new SimulationError(`this estate has nothing to simulate for '${step.kind}'`);
        return engine.run(step, { assignments });
      }
    }
  }

  /** Close open connections (all, or those the filter selects). */
  close(filter: CloseFilter): StepOutcome {
    const match = (g: ConnGroup): boolean =>
      (filter.to === undefined || (g.address === filter.to.address && (filter.to.port === undefined || g.port === filter.to.port))) &&
      (filter.target === undefined || g.target.toUpperCase() === filter.target.toUpperCase()) &&
      (filter.from === undefined ||
        g.client === filter.from ||
        g.client === `client:${filter.from}` ||
        (filter.from === 'client' && g.client.startsWith('client#')) ||
        g.client.toUpperCase() === filter.from.toUpperCase());
    const removed = this.drop(match, filter.count);
    const n = removed.reduce((s, g) => s + g.count, 0);
    const what = [filter.to ? `to ${filter.to.address}${filter.to.port !== undefined ? `:${filter.to.port}` : ''}` : '', filter.target ? `on ${filter.target}` : '', filter.from ? `from ${filter.from}` : '']
      .filter(Boolean)
      .join(' ');
    return { observed: { count: n }, summary: `closed ${n} open connection${n === 1 ? '' : 's'}${what ? ` ${what}` : ''}` };
  }

  /**
   * `count` connections from an origin (a system name, "client", or an Origin)
   * to address:port, kept open: through a Load Balancer when the address is one
   * of its clusters, else through the sysplex distributor.
   */
  connect(from: string | Origin, address: string, port: number, count: number): StepOutcome {
    const origin = typeof from === 'string' ? originOf(from) : from;
    if (origin.kind === 'system' && !this.estate.systems.some((s) => s.name === origin.system)) {
      throw new SimulationError(`connect.from: no system ${origin.system} in the estate (systems: ${this.estate.systems.map((s) => s.name).join(', ')}, or client)`);
    }
    const step: Step = { kind: 'connect', from: origin, address, port, count, loc: { file: '', line: 0, column: 0, endLine: 0, endColumn: 0 } };
    return this.engines.forStep(step)!.run(step, { assignments: false });
  }

  /** A stack fails or returns (the connections that end on a failed stack break). */
  stackEvent(system: string, up: boolean): StepOutcome {
    return this.engines.distributor.stackEvent(system, up);
  }

  /** Break the open connections a predicate selects (used by failure sweeps). */
  breakConnections(match: (g: ConnGroup) => boolean): Observed {
    return brokenObserved(this.drop(match));
  }
}

/** A simulation of an estate for a scenario: its seed, and its clock when it has `advance` steps. */
export function simulationFor(scenario: Scenario, estate: Estate): Simulation {
  return new Simulation(estate, scenario.seed, { clocked: scenario.steps.some((s) => s.kind === 'advance') });
}

/** Called after each step of a scenario run, with the simulation in the state the step left (reports draw it). */
export type AfterStep = (sim: Simulation, step: Step, result: StepResult) => void;

/**
 * Run a scenario. `prepare` sets the simulation up before its first step (the state --state gives: the running
 * state from captures, or a YAML state).
 */
export function runScenario(scenario: Scenario, estate: Estate, progress: Progress = silentProgress, afterStep?: AfterStep, prepare?: (sim: Simulation) => void): ScenarioResult {
  const sim = simulationFor(scenario, estate);
  prepare?.(sim);
  const referenced = new Set(scenario.steps.flatMap((s) => (s.expect ?? []).flatMap((e) => (e.kind === 'same-target' ? [e.step] : []))));
  progress.phase(`simulating ${scenario.file}`, scenario.steps.length);
  const steps = scenario.steps.map((s, i) => {
    const result = sim.step(s, i + 1, s.label !== undefined && referenced.has(s.label));
    afterStep?.(sim, s, result);
    progress.tick();
    return result;
  });
  return { file: scenario.file, seed: scenario.seed, steps, pass: steps.every((s) => !s.error && s.expectations.every((x) => x.pass)) };
}
