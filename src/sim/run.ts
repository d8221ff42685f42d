/**
 * Running a scenario: the steps change the runtime state, open and close
 * connections, send requests, and each step's expectations are checked
 * against what the engines observed.
 */
import type { Loc } from '../core/loc.js';
import { silentProgress, type Progress } from '../core/progress.js';
import type { Estate } from '../model/estate.js';
import { DistributorEngine } from './distributor.js';
import { Rng } from './rng.js';
import type { Bound, Expectations, Scenario, Step } from './scenario.js';
import { emptyState, mergeState, type RuntimeState } from './state.js';

export interface ExpectationResult {
  name: string;
  min?: number;
  max?: number;
  actual: number;
  pass: boolean;
  loc: Loc;
}

/** What a step observed: shares are fractions 0–1, counters are counts. */
export interface Observed {
  shares?: Record<string, number>;
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
  connectionsBroken?: number;
  count?: number;
}

export interface StepResult {
  index: number;
  kind: Step['kind'];
  line: number;
  summary: string;
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

export interface OpenConnection {
  from: string;
  address: string;
  port: number;
  /** System the connection ends on. */
  target: string;
  distribution?: string;
  /** Load balancer that forwards it (external LB connections). */
  lb?: string;
  lbPort?: string;
}

/** A step kind the engines of another component handle (plug-in, EJB, load balancer). */
export type StepHandler = (sim: Simulation, step: Step) => { observed: Observed; summary: string };

const handlers = new Map<string, StepHandler>();

/** Engines register the step kinds and events they implement. */
export function registerStepHandler(kind: string, handler: StepHandler): void {
  handlers.set(kind, handler);
}

/** Checks a `set` step's names against the estate before it is merged (throws SimulationError). */
export type StateCheck = (sim: Simulation, patch: Partial<RuntimeState>) => void;

const stateChecks: StateCheck[] = [];

export function registerStateCheck(check: StateCheck): void {
  stateChecks.push(check);
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}

export class Simulation {
  readonly state: RuntimeState = emptyState();
  readonly rng: Rng;
  readonly distributor: DistributorEngine;
  open: OpenConnection[] = [];
  /** Engines of other components keep their own state here, by name. */
  readonly engines = new Map<string, unknown>();

  constructor(
    readonly estate: Estate,
    seed: number,
  ) {
    this.rng = new Rng(seed);
    this.distributor = new DistributorEngine(estate, this.state);
  }

  step(step: Step, index: number): StepResult {
    const base = { index, kind: step.kind, line: step.loc.line };
    try {
      const { observed, summary } = this.execute(step);
      return { ...base, summary, observed, expectations: step.expect ? check(step.expect, observed) : [] };
    } catch (e) {
      if (!(e instanceof SimulationError)) throw e;
      return { ...base, summary: e.message, observed: {}, expectations: [], error: e.message };
    }
  }

  private execute(step: Step): { observed: Observed; summary: string } {
    switch (step.kind) {
      case 'set':
        for (const c of stateChecks) c(this, step.state);
        mergeState(this.state, step.state);
        return { observed: {}, summary: 'state updated' };
      case 'connect':
        return this.connect(step.from, step.address, step.port, step.count);
      case 'event':
        if (step.event === 'stackDown' || step.event === 'stackUp') return this.stackEvent(step.target, step.event === 'stackUp');
        return this.delegate(`event:${step.event}`, step);
      case 'close': {
        const n = this.open.length;
        for (const c of this.open) this.distributor.release(c.distribution, c.target);
        this.open = [];
        return { observed: { count: n }, summary: `closed ${n} open connection${n === 1 ? '' : 's'}` };
      }
      default:
        return this.delegate(step.kind, step);
    }
  }

  private delegate(kind: string, step: Step): { observed: Observed; summary: string } {
    const h = handlers.get(kind);
    if (!h) throw new SimulationError(`this estate has nothing to simulate for '${kind}'`);
    return h(this, step);
  }

  connect(from: string, address: string, port: number, count: number): { observed: Observed; summary: string } {
    if (from !== 'client' && !this.estate.systems.some((s) => s.name === from)) {
      throw new SimulationError(`connect.from: no system ${from} in the estate (systems: ${this.estate.systems.map((s) => s.name).join(', ')}, or client)`);
    }
    const handler = handlers.get('connect:cluster');
    if (handler && !this.distributor.isDvipa(address)) {
      const r = handler(this, { kind: 'connect', from, address, port, count, loc: { file: '', line: 0, column: 0, endLine: 0, endColumn: 0 } });
      if (r.observed.count !== undefined) return r;
    }
    let local = 0;
    let refused = 0;
    const targets = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      const d = this.distributor.connect(from, address, port);
      if (d.outcome === 'refused' || !d.target) {
        refused++;
        continue;
      }
      if (d.outcome === 'local') local++;
      targets.set(d.target, (targets.get(d.target) ?? 0) + 1);
      const c: OpenConnection = { from, address, port, target: d.target };
      if (d.distribution) c.distribution = d.distribution;
      this.open.push(c);
    }
    const shares = Object.fromEntries([...targets].sort().map(([k, v]) => [k, round(v / count)]));
    return {
      observed: { count, local: round(local / count), refused: round(refused / count), targets: shares },
      summary: `${count} connection${count === 1 ? '' : 's'} from ${from} to ${address}:${port}`,
    };
  }

  stackEvent(system: string, up: boolean): { observed: Observed; summary: string } {
    if (!this.estate.systems.some((s) => s.name === system)) throw new SimulationError(`no system ${system} in the estate`);
    mergeState(this.state, { stacks: { [system]: { up } } });
    let broken = 0;
    if (!up) {
      // Connections that end on the failed stack break; the sysplex distributor's
      // takeover keeps connections to surviving targets (they are re-routed by the
      // backup distributor).
      const keep: OpenConnection[] = [];
      for (const c of this.open) {
        if (c.target === system) {
          broken++;
          this.distributor.release(c.distribution, c.target);
        } else keep.push(c);
      }
      this.open = keep;
    }
    return { observed: { connectionsBroken: broken }, summary: `${system} ${up ? 'up' : 'down'}${broken ? `: ${broken} open connection${broken === 1 ? '' : 's'} broken` : ''}` };
  }
}

export class SimulationError extends Error {}

function checkBound(name: string, b: Bound, actual: number | undefined): ExpectationResult {
  const a = actual ?? 0;
  const pass = (b.min === undefined || a >= b.min - 1e-9) && (b.max === undefined || a <= b.max + 1e-9);
  const r: ExpectationResult = { name, actual: a, pass, loc: b.loc };
  if (b.min !== undefined) r.min = b.min;
  if (b.max !== undefined) r.max = b.max;
  return r;
}

export function check(e: Expectations, o: Observed): ExpectationResult[] {
  const out: ExpectationResult[] = [];
  for (const key of ['local', 'refused', 'dropped', 'failed', 'sessionsLost', 'connectionsBroken'] as const) {
    const b = e[key];
    if (b) out.push(checkBound(key, b, o[key]));
  }
  for (const group of ['targets', 'servers', 'members', 'odrs', 'cells'] as const) {
    for (const [name, b] of Object.entries(e[group] ?? {})) out.push(checkBound(`${group}.${name}`, b, o[group]?.[name] ?? o[group]?.[name.toUpperCase()]));
  }
  return out;
}

export function runScenario(scenario: Scenario, estate: Estate, progress: Progress = silentProgress): ScenarioResult {
  const sim = new Simulation(estate, scenario.seed);
  progress.phase(`simulating ${scenario.file}`, scenario.steps.length);
  const steps = scenario.steps.map((s, i) => {
    const result = sim.step(s, i + 1);
    progress.tick();
    return result;
  });
  return { file: scenario.file, seed: scenario.seed, steps, pass: steps.every((s) => !s.error && s.expectations.every((x) => x.pass)) };
}
