/**
 * Behaviour delta: the simulator runs the same default scenario on both
 * estates — every distributed DVIPA:port from each system and from a client,
 * every load-balancer cluster, plug-in route and EJB cluster — and reports
 * every flow whose target shares, locality or refusals moved by more than a
 * threshold.
 *
 * Change impact: each source lists its flows in groups with the inputs they
 * read from each estate (./flows.ts); a group whose inputs are equal on both
 * sides is not simulated, since the seeded simulation would give the same
 * outcome twice. Identical estates simulate nothing. `exhaustive` simulates
 * every flow on its own instead — the reference the tests compare with.
 */
import { silentProgress, type Progress } from '../core/progress.js';
import type { Estate } from '../model/estate.js';
import { labelledMeasures } from '../sim/measures.js';
import type { Flow, FlowSource, OriginSet } from './flows.js';
import { sameModel } from './inputs.js';
import { distributorFlows, loadBalancerFlows } from './sysplex-flows.js';
import { ejbFlows, pluginFlows } from './web-flows.js';

/** The default scenario's flow sources, in report order. */
export const defaultFlowSources: readonly FlowSource[] = [distributorFlows, loadBalancerFlows, pluginFlows, ejbFlows];

export interface MeasureChange {
  /** e.g. "kept local", "to SYSA", "refused". */
  measure: string;
  before: number;
  after: number;
}

/** One flow whose outcome moved, with every measure that moved. */
export interface BehaviourChange {
  flow: string;
  measures: MeasureChange[];
  /** A sentence: "connections from SYSB to 10.40.1.2:3000: kept local 100% → 40%, to SYSA 0% → 20%". */
  text: string;
}

export interface BehaviourDelta {
  changes: BehaviourChange[];
  /** Flows whose outcome was worked out on both sides (simulated, or shared with an equivalent flow) and compared. */
  compared: number;
  /** Flows not simulated: their inputs are the same on both sides. */
  skipped: number;
}

export interface BehaviourOptions {
  /** Smallest move reported, as a fraction (0.01 = one percentage point). */
  threshold?: number;
  /** More sources after the default ones (the user's scenarios). */
  extra?: readonly FlowSource[];
  /** Simulate every flow, each on its own (no change impact). */
  exhaustive?: boolean;
  progress?: Progress;
}

function pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}

function moved(a: Map<string, number>, b: Map<string, number>, threshold: number): MeasureChange[] {
  const out: MeasureChange[] = [];
  const one = (key: string): void => {
    const x = a.get(key) ?? 0;
    const y = b.get(key) ?? 0;
    if (Math.abs(x - y) > threshold) out.push({ measure: key, before: x, after: y });
  };
  for (const key of a.keys()) one(key);
  for (const key of b.keys()) if (!a.has(key)) one(key);
  return out;
}

function describe(list: MeasureChange[]): string {
  return list.map((m) => `${m.measure} ${pct(m.before)} → ${pct(m.after)}`).join(', ');
}

/** Longer lists of origins are shortened to the first few and a count. */
const LIST_ORIGINS = 8;
const SHOWN_ORIGINS = 3;

/** "client, SYSA, SYSB", or "client, SYS001, SYS002 and 195 more". */
function originsText(sets: readonly OriginSet[]): string {
  const total = sets.reduce((n, s) => n + s.count, 0);
  const k = total <= LIST_ORIGINS ? total : SHOWN_ORIGINS;
  const names = sets
    .flatMap((s) => s.first(k))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, k)
    .map((o) => o.name);
  return total <= LIST_ORIGINS ? names.join(', ') : `${names.join(', ')} and ${total - k} more`;
}

/** Flows of one group from origins that moved alike, reported as one change at the place of its first origin. */
interface Alike {
  what: string;
  destination: string;
  measures: MeasureChange[];
  origins: OriginSet[];
  rank: number;
}

function flowCount(f: Flow): number {
  return 'origins' in f ? f.origins.count : 1;
}

export function behaviourDelta(before: Estate, after: Estate, options: BehaviourOptions = {}): BehaviourDelta {
  const threshold = options.threshold ?? 0.01;
  const exhaustive = options.exhaustive === true;
  const progress = options.progress ?? silentProgress;
  const out: BehaviourChange[] = [];
  let compared = 0;
  let skipped = 0;
  for (const source of [...defaultFlowSources, ...(options.extra ?? [])]) {
    const groups = source.groups(before, after, { exhaustive });
    if (groups.length === 0) continue;
    progress.phase(`routing delta: ${source.name}`, groups.reduce((n, g) => n + g.size, 0));
    for (const g of groups) {
      const all = exhaustive || !sameModel(g.inputs[0], g.inputs[1]);
      const flows = g.flows(all);
      const simulated = flows.reduce((n, f) => n + flowCount(f), 0);
      compared += simulated;
      if (!all) skipped += g.size - simulated;
      // A group's flows from origins all go to one destination: those that moved alike are merged.
      const alike = new Map<string, Alike>();
      for (const flow of flows) {
        const changes = moved(labelledMeasures(flow.run(before)), labelledMeasures(flow.run(after)), threshold);
        if (changes.length === 0) continue;
        if (!('origins' in flow)) {
          out.push({ flow: flow.name, measures: changes, text: `${flow.name}: ${describe(changes)}` });
          continue;
        }
        const key = `${flow.what}|${flow.destination}|${JSON.stringify(changes)}`;
        const rank = flow.origins.first(1)[0]?.rank ?? 0;
        const seen = alike.get(key);
        if (seen) {
          seen.origins.push(flow.origins);
          seen.rank = Math.min(seen.rank, rank);
        } else alike.set(key, { what: flow.what, destination: flow.destination, measures: changes, origins: [flow.origins], rank });
      }
      for (const a of [...alike.values()].sort((x, y) => x.rank - y.rank)) {
        const name = `${a.what} from ${originsText(a.origins)} to ${a.destination}`;
        out.push({ flow: name, measures: a.measures, text: `${name}: ${describe(a.measures)}` });
      }
      progress.tick(g.size);
    }
  }
  return { changes: out, compared, skipped };
}
