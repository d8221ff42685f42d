/**
 * The speed of `plexlint diff`, as ratios measured in one run (docs/performance.md):
 *
 * - the large estate against a copy with three changes (./generate.ts
 *   threeChanges) vs. checking the old and the new side: target ≤ 1.5×;
 * - the large estate against an identical copy vs. two checks: target ≤ 1.2×;
 * - 32 stacks vs. 16 stacks (the same three changes): target ≈ 2× (linear);
 * - a new user's first run: 100 and 200 small stacks against an empty folder.
 *
 * Each figure is the best of three runs, taken in turns with what it is
 * compared with, in wall time and in the CPU time of this process (user +
 * system, garbage collection threads included): on a shared machine the other
 * jobs stretch wall time unevenly, CPU time much less.
 */
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runDiff } from '../src/diff/index.js';
import { lint } from '../src/engine/lint.js';
import { generate, LARGE, SMALL, threeChanges } from './generate.js';

export interface Time {
  wallMs: number;
  cpuMs: number;
}

function timed(f: () => void): Time {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  f();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
}

const RUNS = 3;

/**
 * The best of three runs of `f` and of `base`, taken in turns, so that both
 * meet the same moments of a shared machine's load.
 */
function against(f: () => void, base: (() => void)[], target: number): Ratio {
  const best: Time = { wallMs: Infinity, cpuMs: Infinity };
  const bestBase: Time = { wallMs: Infinity, cpuMs: Infinity };
  for (let i = 0; i < RUNS; i++) {
    const t = timed(f);
    const b = base.map(timed).reduce((x, y) => ({ wallMs: x.wallMs + y.wallMs, cpuMs: x.cpuMs + y.cpuMs }));
    best.wallMs = Math.min(best.wallMs, t.wallMs);
    best.cpuMs = Math.min(best.cpuMs, t.cpuMs);
    bestBase.wallMs = Math.min(bestBase.wallMs, b.wallMs);
    bestBase.cpuMs = Math.min(bestBase.cpuMs, b.cpuMs);
  }
  return ratio(best, bestBase, target);
}

const check = (dir: string) => (): unknown => lint([dir], { cwd: dir });
const diff = (old: string, current: string) => (): unknown => runDiff(old, current, old);

/** A copy of `dir` with the three changes. */
function changedCopy(dir: string, to: string): string {
  cpSync(dir, to, { recursive: true });
  threeChanges(to);
  return to;
}

export interface Ratio {
  /** The measured run and what it is compared with, rounded to milliseconds. */
  ms: Time;
  baseMs: Time;
  /** ms ÷ baseMs, in wall time and in CPU time. */
  wall: number;
  cpu: number;
  target: number;
}

function ratio(t: Time, base: Time, target: number): Ratio {
  const round = (x: Time): Time => ({ wallMs: Math.round(x.wallMs), cpuMs: Math.round(x.cpuMs) });
  return { ms: round(t), baseMs: round(base), wall: +(t.wallMs / base.wallMs).toFixed(2), cpu: +(t.cpuMs / base.cpuMs).toFixed(2), target };
}

export interface DiffFigures {
  /** diff (three changes) ÷ (check old + check new). */
  threeChanges: Ratio & { changes: number; routingChanges: number; compared: number; skipped: number };
  /** diff (identical copy) ÷ two checks. */
  identical: Ratio & { compared: number; skipped: number };
  /** diff of 32 stacks ÷ diff of 16 stacks (three changes each). */
  doubling: Ratio;
  /** 200 small stacks ÷ 100 small stacks, each against an empty folder. */
  againstEmpty: Ratio;
}

/** `large` holds the generated LARGE estate; `work` is a scratch folder. */
export function benchDiff(large: string, work: string): DiffFigures {
  const changed = changedCopy(large, join(work, 'changed'));
  const same = join(work, 'same');
  cpSync(large, same, { recursive: true });
  const three = runDiff(large, changed, large); // also warms up
  const identical = runDiff(large, same, large);

  const stacks = (n: number): [string, string] => {
    const dir = join(work, `stacks-${n}`);
    generate(dir, { ...LARGE, systems: n });
    return [dir, changedCopy(dir, join(work, `stacks-${n}-changed`))];
  };
  const empty = join(work, 'empty');
  mkdirSync(empty, { recursive: true });
  const small = (n: number): string => {
    const dir = join(work, `small-${n}`);
    generate(dir, { ...SMALL, systems: n });
    return dir;
  };
  const [s16, s32] = [stacks(16), stacks(32)];
  const [e100, e200] = [small(100), small(200)];

  return {
    threeChanges: {
      ...against(diff(large, changed), [check(large), check(changed)], 1.5),
      changes: three.changes.length,
      routingChanges: three.behaviour.length,
      ...three.flows,
    },
    identical: { ...against(diff(large, same), [check(large), check(same)], 1.2), ...identical.flows },
    doubling: against(diff(...s32), [diff(...s16)], 2),
    againstEmpty: against(diff(empty, e200), [diff(empty, e100)], 2),
  };
}

/** The bench's table rows for the diff. */
export function diffRows(d: DiffFigures): [string, string, string][] {
  const s = (r: Ratio): string => `${(r.ms.wallMs / 1000).toFixed(1)} s`;
  const vs = (r: Ratio, what: string): string => `${r.wall}× ${what} (${(r.baseMs.wallMs / 1000).toFixed(1)} s; CPU time ${r.cpu}×; target ≤ ${r.target}×)`;
  const t = d.threeChanges;
  return [
    ['diff, 3 changes', s(t), `${vs(t, 'check old + check new')}; ${t.compared.toLocaleString('en')} flows compared, ${t.skipped.toLocaleString('en')} skipped`],
    ['diff, identical', s(d.identical), vs(d.identical, 'two checks')],
    ['diff, 16 → 32 stacks', s(d.doubling), vs(d.doubling, '16 stacks')],
    ['diff, 200 small stacks vs empty', s(d.againstEmpty), vs(d.againstEmpty, '100 stacks')],
  ];
}
