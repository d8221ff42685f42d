/**
 * The speed of `plexlint diff`, as ratios measured in one run (docs/performance.md):
 *
 * - the large estate against a copy with three changes (./generate.ts
 *   threeChanges) vs. checking the old and the new side: target ≤ 1.5×;
 * - the large estate against an identical copy vs. two checks: target ≤ 1.2×;
 * - 32 stacks vs. 16 stacks (the same three changes): target ≈ 2× (linear);
 * - a new user's first run, 100 and 200 small stacks against an empty folder.
 *
 * Every time is the best of two runs (the machines are shared and noisy).
 */
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runDiff } from '../src/diff/index.js';
import { lint } from '../src/engine/lint.js';
import { generate, LARGE, SMALL, threeChanges } from './generate.js';

function best(runs: number, f: () => void): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

const checkMs = (dir: string): number => best(2, () => lint([dir], { cwd: dir }));
const diffMs = (old: string, current: string): number => best(2, () => runDiff(old, current, old));

/** A copy of `dir` with the three changes. */
function changedCopy(dir: string, to: string): string {
  cpSync(dir, to, { recursive: true });
  threeChanges(to);
  return to;
}

export interface DiffFigures {
  threeChanges: { diffMs: number; checksMs: number; ratio: number; target: number; changes: number; routingChanges: number; compared: number; skipped: number };
  identical: { diffMs: number; checksMs: number; ratio: number; target: number; compared: number; skipped: number };
  doubling: { stacks16Ms: number; stacks32Ms: number; ratio: number; target: number };
  againstEmpty: { stacks100Ms: number; stacks200Ms: number; ratio: number };
}

const round = (x: number): number => Math.round(x);
const ratio = (a: number, b: number): number => +(a / b).toFixed(2);

/** `large` holds the generated LARGE estate; `work` is a scratch folder. */
export function benchDiff(large: string, work: string): DiffFigures {
  const changed = changedCopy(large, join(work, 'changed'));
  const same = join(work, 'same');
  cpSync(large, same, { recursive: true });
  runDiff(large, changed, large); // warm up
  const r = runDiff(large, changed, large);
  const three = { diffMs: diffMs(large, changed), checksMs: checkMs(large) + checkMs(changed) };
  const id = runDiff(large, same, large);
  const identical = { diffMs: diffMs(large, same), checksMs: checkMs(large) + checkMs(same) };

  const stacks = (n: number): number => {
    const dir = join(work, `stacks-${n}`);
    generate(dir, { ...LARGE, systems: n });
    return diffMs(dir, changedCopy(dir, join(work, `stacks-${n}-changed`)));
  };
  const [s16, s32] = [stacks(16), stacks(32)];

  const empty = join(work, 'empty');
  mkdirSync(empty, { recursive: true });
  const small = (n: number): number => {
    const dir = join(work, `small-${n}`);
    generate(dir, { ...SMALL, systems: n });
    return diffMs(empty, dir);
  };
  const [e100, e200] = [small(100), small(200)];

  return {
    threeChanges: {
      diffMs: round(three.diffMs),
      checksMs: round(three.checksMs),
      ratio: ratio(three.diffMs, three.checksMs),
      target: 1.5,
      changes: r.changes.length,
      routingChanges: r.behaviour.length,
      ...r.flows,
    },
    identical: { diffMs: round(identical.diffMs), checksMs: round(identical.checksMs), ratio: ratio(identical.diffMs, identical.checksMs), target: 1.2, ...id.flows },
    doubling: { stacks16Ms: round(s16), stacks32Ms: round(s32), ratio: ratio(s32, s16), target: 2 },
    againstEmpty: { stacks100Ms: round(e100), stacks200Ms: round(e200), ratio: ratio(e200, e100) },
  };
}

/** The bench's table rows for the diff. */
export function diffRows(d: DiffFigures): [string, string, string][] {
  const t = d.threeChanges;
  return [
    ['diff, 3 changes', `${t.diffMs} ms`, `${t.ratio}× check old + check new (${t.checksMs} ms; target ≤ ${t.target}×); ${t.compared} flows compared, ${t.skipped.toLocaleString('en')} skipped`],
    ['diff, identical', `${d.identical.diffMs} ms`, `${d.identical.ratio}× two checks (${d.identical.checksMs} ms; target ≤ ${d.identical.target}×)`],
    ['diff, 16 → 32 stacks', `${d.doubling.stacks32Ms} ms`, `${d.doubling.ratio}× 16 stacks (${d.doubling.stacks16Ms} ms; target ≈ ${d.doubling.target}×)`],
    ['diff, 200 small stacks vs empty', `${d.againstEmpty.stacks200Ms} ms`, `${d.againstEmpty.ratio}× 100 stacks (${d.againstEmpty.stacks100Ms} ms)`],
  ];
}
