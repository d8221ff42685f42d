/**
 * Per-stage timing for `npm run bench` (read, lex, parse, model, rules,
 * report). Off by default: one boolean test per call when disabled.
 */
const totals = new Map<string, number>();
let enabled = false;

export function enableTimings(on = true): void {
  enabled = on;
  totals.clear();
}

export function timed<T>(stage: string, fn: () => T): T {
  if (!enabled) return fn();
  const t = performance.now();
  try {
    return fn();
  } finally {
    totals.set(stage, (totals.get(stage) ?? 0) + performance.now() - t);
  }
}

/** Time spent in each stage (ms). Nested stages are subtracted from their parent by the caller. */
export function stageTimes(): Record<string, number> {
  return Object.fromEntries(totals);
}
