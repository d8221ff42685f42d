/**
 * Failure sweeps (`plexlint simulate --failures single|pairs`): every single
 * failure — or every pair of failures that can meet on a flow — is simulated on
 * its own, and each flow it touches is compared with the same flow in a run
 * without failures: which flows lose their service, which lose sessions, which
 * open connections break, and why. Like Batfish's differential reachability,
 * for this stack. Deterministic for a seed.
 */
import type { Loc } from '../core/loc.js';
import { Refusal } from '../core/refusal.js';
import { silentProgress, type Progress } from '../core/progress.js';
import type { Estate } from '../model/estate.js';
import type { Observed } from './measures.js';
import { Simulation } from './run.js';
import { sweepModel, type ComponentKind, type FlowKind, type Probe, type SweepComponent, type SweepFlow } from './sweep-model.js';

export type { ComponentKind, FlowKind } from './sweep-model.js';

export interface Impact {
  /** Stable id of the flow ("dvipa 10.40.1.1:8080", "lb 10.60.1.1:80", "route <file> <label>", "ejb CELL/Cluster"). */
  id: string;
  flow: string;
  kind: FlowKind;
  /** Every new connection, request or call is lost (and was not without the failure). */
  serviceLost: boolean;
  /** Share of new work lost under the failure (and without it). */
  lost: number;
  lostBefore: number;
  connectionsBroken: number;
  sessionsLost: number;
  /** Lost sessions by reason (src/sim/sessions.ts LOSS_REASONS). */
  sessionReasons: Record<string, number>;
  /** Why, in words: the service or share lost, the connections broken. */
  reasons: string[];
  /** address:port of a connection flow. */
  destination?: string;
  loc?: Loc;
}

export interface FailureRun {
  /** The components that fail, as labels ("stack SYSA"). */
  failed: string[];
  kinds: ComponentKind[];
  names: string[];
  /** Where each failing component is defined, when the configuration says. */
  locs: (Loc | undefined)[];
  impacts: Impact[];
}

export interface SweepReport {
  mode: 'single' | 'pairs';
  seed: number;
  components: Record<ComponentKind, number>;
  flows: number;
  runs: FailureRun[];
  /** Pairs: how many can meet on a flow, how many ran, and how many were left out by the cap. */
  pairs?: { candidates: number; run: number; skipped: number; disjoint: number };
}

export interface SweepOptions {
  mode: 'single' | 'pairs';
  seed?: number;
  /** Pairs run at most (default 2000); the rest are counted as skipped. */
  maxPairs?: number;
  /** Only these flows (the rules look at services, not at EJB calls). */
  flowKinds?: readonly FlowKind[];
  /** Only the failures that might take a whole service, and only those flows (SweepFlow.critical): what single-point-of-failure asks. */
  criticalOnly?: boolean;
  /**
   * With criticalOnly: failures of a component that need not be simulated for a flow, because what they would show
   * is reported elsewhere (a DVIPA lost with its only holder is distributor-no-backup's). Each skipped pair is a
   * run less: n stacks that each hold one DVIPA distributed with DESTIP ALL were n runs of n targets each.
   */
  skip?: (component: SweepComponent, flow: SweepFlow) => boolean;
  progress?: Progress;
  /** Refuse (SweepTooLarge) a sweep whose work (sweepWork) is above this, before simulating anything. */
  maxWork?: number;
}

export const DEFAULT_MAX_PAIRS = 2000;

/**
 * The most work a failure sweep of `plexlint simulate --failures` does, in the units of SweepFlow.cost (a simulated
 * connection, request or call and the targets it looks at: ./limits.ts simulationWork). A failure reruns every flow it touches, so n stacks that
 * all DESTIP ALL are n failures × n flows of 128 connections among n targets: 200 such one-DVIPA stacks took 33 s,
 * 400 more than 120 s. This limit admits about 80 of them (5 s of one core at a load of 15); the large estate of
 * the bench (64 stacks, 8,064 failures, 50,400 flow runs) needs under half of it. Each flow run also counts
 * FLOW_RUN_WORK for what it costs whatever its size.
 */
export const MAX_SWEEP_WORK = 1_500_000;
const FLOW_RUN_WORK = 2;

/** A sweep over MAX_SWEEP_WORK, refused before it runs. */
export class SweepTooLarge extends Refusal {
  constructor(
    readonly work: SweepWork,
    readonly limit: number,
  ) {
    const n = (x: number): string => x.toLocaleString('en-US');
    super(
      `the failure sweep of this estate is too large: ${n(work.failures)} failure${work.failures === 1 ? '' : 's'} would rerun ${n(work.flowRuns)} flow${work.flowRuns === 1 ? '' : 's'} ` +
        `(up to ${n(work.mostFlows)} per failure, with up to ${n(work.mostTargets)} target${work.mostTargets === 1 ? '' : 's'} each)${work.pairs ? `, then up to ${n(work.pairs)} pairs of failures` : ''}: ` +
        `${n(work.total)} units of work, where plexlint does at most ${n(limit)} in one sweep (docs/robustness.md, "Limits"). ` +
        `Sweep fewer stacks at once${work.pairs ? ', or lower --max-pairs' : ''}.`,
    );
  }
}

export interface SweepWork {
  /** Single failures simulated. */
  failures: number;
  /** Pairs of failures simulated at most. */
  pairs: number;
  /** Flows simulated in all (each failure's reruns, and every flow once without failures). */
  flowRuns: number;
  /** The most flows one failure reruns, and the most targets one flow has. */
  mostFlows: number;
  mostTargets: number;
  /** Target decisions in all (the runs, the run without failures, and finding the pairs). */
  total: number;
}

function runOnce(estate: Estate, seed: number, failing: SweepComponent[], flows: SweepFlow[]): Map<string, { probe: Probe; broken: number }> {
  const sim = new Simulation(estate, seed, { clocked: true });
  for (const f of flows) f.establish(sim);
  const brokenTo = new Map<string, number>();
  for (const c of failing) {
    const o: Observed = c.fail(sim);
    for (const [to, n] of Object.entries(o.connectionsBrokenBy?.to ?? {})) brokenTo.set(to, (brokenTo.get(to) ?? 0) + n);
  }
  const out = new Map<string, { probe: Probe; broken: number }>();
  for (const f of flows) out.set(f.id, { probe: f.probe(sim), broken: f.destination ? (brokenTo.get(f.destination) ?? 0) : 0 });
  return out;
}

function impactsOf(flows: SweepFlow[], baseline: Map<string, Probe>, after: Map<string, { probe: Probe; broken: number }>, failing: SweepComponent[]): Impact[] {
  const out: Impact[] = [];
  for (const f of flows) {
    const a = after.get(f.id)!;
    const before = baseline.get(f.id)!;
    const lostMore = a.probe.lost > before.lost + 1e-9;
    if (!lostMore && a.broken === 0 && a.probe.sessionsLost <= before.sessionsLost) continue;
    const reasons: string[] = [];
    if (lostMore && a.probe.why) reasons.push(a.probe.why);
    if (a.broken) {
      const ended = failing.filter((c) => c.kind === 'stack').map((c) => c.name);
      const machines = failing.filter((c) => c.kind === 'lb').length;
      reasons.push(
        ended.length
          ? `open connections that ended on ${ended.join(' or ')} break`
          : machines > 1
            ? 'open connections break: no machine of the Load Balancer is left to forward them'
            : 'open connections break: the partner does not know them (not replicated)',
      );
    }
    const impact: Impact = {
      id: f.id,
      flow: f.label,
      kind: f.kind,
      serviceLost: a.probe.lost >= 1 - 1e-9 && before.lost < 1 - 1e-9,
      lost: Math.round(a.probe.lost * 10000) / 10000,
      lostBefore: Math.round(before.lost * 10000) / 10000,
      connectionsBroken: a.broken,
      sessionsLost: a.probe.sessionsLost,
      sessionReasons: a.probe.reasons ?? {},
      reasons,
    };
    if (f.destination) impact.destination = f.destination;
    if (f.loc) impact.loc = f.loc;
    out.push(impact);
  }
  return out;
}

/** What each component's single-failure run reruns, in the units of SweepFlow.cost. */
function runWork(c: SweepComponent, byId: ReadonlyMap<string, SweepFlow>): { work: number; flows: number } {
  let work = 0;
  let flows = 0;
  for (const id of c.touches) {
    const f = byId.get(id);
    if (!f) continue;
    work += f.cost + FLOW_RUN_WORK;
    flows++;
  }
  return { work, flows };
}

/**
 * The work of a sweep, worked out from the model before anything is simulated: every flow once without failures
 * and each failure the flows it touches; for pairs, the search for pairs that meet on a flow (each look-up about a
 * hundredth of a simulated connection) and, once the pairs are known (`chosen`), each pair's run (counted as both
 * failures' runs).
 */
export function sweepWork(
  flows: SweepFlow[],
  byId: ReadonlyMap<string, SweepFlow>,
  components: SweepComponent[],
  pairs?: { touching: ReadonlyMap<string, number[]>; chosen?: readonly (readonly [number, number])[] },
): SweepWork {
  let total = flows.reduce((n, f) => n + f.cost + FLOW_RUN_WORK, 0);
  let flowRuns = flows.length;
  let mostFlows = 0;
  const runs = components.map((c) => {
    const r = runWork(c, byId);
    total += r.work;
    flowRuns += r.flows;
    mostFlows = Math.max(mostFlows, r.flows);
    return r.work;
  });
  if (pairs) {
    // The pair search visits, for each flow, its components once for each of them.
    let search = 0;
    for (const list of pairs.touching.values()) search += list.length * list.length;
    total += Math.ceil(search / 100);
  }
  for (const [i, j] of pairs?.chosen ?? []) total += runs[i]! + runs[j]!;
  const mostTargets = flows.reduce((n, f) => Math.max(n, f.targets), 0);
  return { failures: components.length, pairs: pairs?.chosen?.length ?? 0, flowRuns, mostFlows, mostTargets, total };
}

/** For each flow, the components (by index, ascending) that touch it. */
function touchingOf(components: SweepComponent[], byId: ReadonlyMap<string, SweepFlow>): Map<string, number[]> {
  const touching = new Map<string, number[]>();
  components.forEach((c, i) => {
    for (const id of c.touches) {
      if (!byId.has(id)) continue;
      const list = touching.get(id);
      if (list) list.push(i);
      else touching.set(id, [i]);
    }
  });
  return touching;
}

/**
 * The pairs of components that touch a common flow (only those can do more together than alone), in order (by the
 * first component, then the second), the first `max` kept and the rest counted. Found through the components of
 * each flow: comparing every component with every other was quadratic in components (the bench's large estate:
 * 8,064 failures, 32 million comparisons, about half a minute).
 */
function pairsMeeting(components: SweepComponent[], touching: ReadonlyMap<string, number[]>, max: number): { chosen: [number, number][]; candidates: number } {
  const chosen: [number, number][] = [];
  let candidates = 0;
  const seenFor = new Int32Array(components.length).fill(-1);
  for (let i = 0; i < components.length; i++) {
    const partners: number[] = [];
    for (const id of components[i]!.touches) {
      for (const j of touching.get(id) ?? []) {
        if (j <= i || seenFor[j] === i) continue;
        seenFor[j] = i;
        partners.push(j);
      }
    }
    candidates += partners.length;
    if (chosen.length >= max) continue;
    partners.sort((a, b) => a - b);
    for (const j of partners.slice(0, max - chosen.length)) chosen.push([i, j]);
  }
  return { chosen, candidates };
}

/**
 * What every run of a sweep shares: the flows it watches, the components it fails, the run without failures. Made
 * the same way from the same estate and options — in this thread, or in each worker of a pool (./sweep-pool.ts),
 * which is what lets a run be named by the indexes of its components.
 */
export interface SweepPlan {
  seed: number;
  flows: SweepFlow[];
  /** The components that touch a watched flow, in the model's order. */
  components: SweepComponent[];
  counts: Record<ComponentKind, number>;
  byId: Map<string, SweepFlow>;
  order: Map<SweepFlow, number>;
  baseline: Map<string, Probe>;
}

/** The options a plan depends on (`skip` is a function: a sweep with it runs in this thread). */
export type PlanOptions = Pick<SweepOptions, 'seed' | 'flowKinds' | 'criticalOnly' | 'skip'>;

/** A plan before the run without failures: what a worker of ./sweep-pool.ts makes while that run is made elsewhere. */
export type SweepLayout = Omit<SweepPlan, 'baseline'>;

export function layOutSweep(estate: Estate, options: PlanOptions): SweepLayout {
  const seed = options.seed ?? 1;
  const model = sweepModel(estate, options.criticalOnly);
  let flows = options.flowKinds ? model.flows.filter((f) => options.flowKinds!.includes(f.kind)) : model.flows;
  if (options.criticalOnly) {
    const wanted = new Map(flows.map((f) => [f.id, f]));
    for (const c of model.components) {
      c.touches = new Set(
        [...c.touches].filter((id) => {
          const f = wanted.get(id);
          return f !== undefined && f.critical.has(c.key) && !options.skip?.(c, f);
        }),
      );
    }
    const used = new Set(model.components.flatMap((c) => [...c.touches]));
    flows = flows.filter((f) => used.has(f.id));
  }
  const byId = new Map(flows.map((f) => [f.id, f]));
  const order = new Map(flows.map((f, i) => [f, i]));
  const components = model.components.filter((c) => [...c.touches].some((id) => byId.has(id)));
  const counts: Record<ComponentKind, number> = { stack: 0, lb: 0, odr: 0, member: 0, server: 0 };
  for (const c of model.components) counts[c.kind]++;
  return { seed, flows, components, counts, byId, order };
}

/** What every flow sees in the run without failures: what each failure is compared with. */
export function runWithoutFailures(estate: Estate, layout: SweepLayout): Map<string, Probe> {
  return new Map([...runOnce(estate, layout.seed, [], layout.flows)].map(([k, v]) => [k, v.probe]));
}

/** One run of a sweep: the components at these indexes of the plan fail together. */
export function runFailure(estate: Estate, plan: SweepPlan, members: readonly number[]): FailureRun {
  const failing = members.map((i) => plan.components[i]!);
  const touched = new Set<SweepFlow>();
  for (const c of failing) for (const id of c.touches) {
    const f = plan.byId.get(id);
    if (f) touched.add(f);
  }
  // In the flows' own order, so that a run is the same whichever component lists them first.
  const these = [...touched].sort((a, b) => plan.order.get(a)! - plan.order.get(b)!);
  const impacts = impactsOf(these, plan.baseline, runOnce(estate, plan.seed, failing, these), failing);
  return { failed: failing.map((c) => c.label), kinds: failing.map((c) => c.kind), names: failing.map((c) => c.name), locs: failing.map((c) => c.loc), impacts };
}

/** The runs of a sweep, as lists of component indexes: every single failure, then the pairs (up to the cap). */
export interface SweepJobs {
  singles: number[][];
  pairs: [number, number][];
  /** Pairs mode: how many can meet on a flow, how many run, how many the cap leaves out, how many cannot meet. */
  counts?: { candidates: number; run: number; skipped: number; disjoint: number };
}

export function sweepJobs(plan: SweepLayout, options: Pick<SweepOptions, 'mode' | 'maxPairs' | 'maxWork'>): SweepJobs {
  const { flows, components, byId } = plan;
  const singles = components.map((_, i) => [i]);
  // Bounded before anything runs: the singles and the pair search first, then the pairs found.
  const touching = options.mode === 'pairs' ? touchingOf(components, byId) : undefined;
  const limit = (chosen?: [number, number][]): void => {
    if (options.maxWork === undefined) return;
    const work = sweepWork(flows, byId, components, touching ? { touching, ...(chosen ? { chosen } : {}) } : undefined);
    if (work.total > options.maxWork) throw new SweepTooLarge(work, options.maxWork);
  };
  limit();
  if (!touching) return { singles, pairs: [] };
  // Pairs: only two components that touch a common flow can do more together than alone.
  const { chosen, candidates } = pairsMeeting(components, touching, options.maxPairs ?? DEFAULT_MAX_PAIRS);
  limit(chosen);
  const all = (components.length * (components.length - 1)) / 2;
  return { singles, pairs: chosen, counts: { candidates, run: chosen.length, skipped: candidates - chosen.length, disjoint: all - candidates } };
}

/**
 * The report from the runs, in the jobs' order whichever thread ran them: the single failures, then each pair that
 * loses a service neither of its failures loses alone.
 */
export function assembleSweep(plan: SweepLayout, options: Pick<SweepOptions, 'mode'>, jobs: SweepJobs, singles: FailureRun[], pairs: FailureRun[]): SweepReport {
  const report: SweepReport = { mode: options.mode, seed: plan.seed, components: plan.counts, flows: plan.flows.length, runs: [] };
  if (options.mode === 'single') {
    report.runs = singles;
    return report;
  }
  report.pairs = jobs.counts!;
  const lostAlone = singles.map((r) => new Set(r.impacts.filter((x) => x.serviceLost).map((x) => x.flow)));
  jobs.pairs.forEach(([i, j], k) => {
    const r = pairs[k]!;
    // A pair is worth reporting for the services it loses that neither failure loses alone.
    r.impacts = r.impacts.filter((x) => x.serviceLost && !lostAlone[i]!.has(x.flow) && !lostAlone[j]!.has(x.flow));
    if (r.impacts.length) report.runs.push(r);
  });
  return report;
}

/** The runs of the jobs in this thread, singles then pairs, in order, with their progress. */
export function runJobsInThread(estate: Estate, plan: SweepPlan, jobs: SweepJobs, progress: Progress): FailureRun[] {
  const runs: FailureRun[] = [];
  const runAll = (label: string, list: readonly (readonly number[])[]): void => {
    progress.phase(label, list.length);
    for (const members of list) {
      runs.push(runFailure(estate, plan, members));
      progress.tick();
    }
  };
  runAll('failure sweep: single failures', jobs.singles);
  if (jobs.counts) runAll('failure sweep: pairs', jobs.pairs);
  return runs;
}

/** Run a sweep in this thread (./sweep-pool.ts runs one on worker threads, with the same report). */
export function sweepFailures(estate: Estate, options: SweepOptions): SweepReport {
  const progress = options.progress ?? silentProgress;
  const layout = layOutSweep(estate, options);
  // The jobs first: a sweep over MAX work is refused before anything runs.
  const jobs = sweepJobs(layout, options);
  progress.phase('failure sweep: the run without failures', 1);
  const plan: SweepPlan = { ...layout, baseline: runWithoutFailures(estate, layout) };
  progress.tick();
  const runs = runJobsInThread(estate, plan, jobs, progress);
  progress.end();
  return assembleSweep(plan, options, jobs, runs.slice(0, jobs.singles.length), runs.slice(jobs.singles.length));
}
