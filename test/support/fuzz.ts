/**
 * How many runs each property test makes, and with which seed — so that
 * `npm run fuzz` (test/tools/fuzz.mjs) can turn the same tests into long runs
 * and replay a failure:
 *
 * - PLEXLINT_FUZZ_RUNS=N: every property runs N times (default: the test's own
 *   small number, which keeps `npm test` quick; PLEXLINT_PROPERTY_RUNS is the
 *   older name).
 * - PLEXLINT_FUZZ_SEED=S: start from seed S (fast-check prints the seed of a
 *   failing run in its message); PLEXLINT_FUZZ_PATH=P (also printed) replays
 *   exactly the shrunk counterexample.
 */
import type fc from 'fast-check';

function envInt(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new Error(`${name}=${v}: expected a whole number`);
  return n;
}

/** fast-check parameters for a property that runs `base` times in `npm test`. */
export function fuzz<T = unknown>(base: number): fc.Parameters<T> {
  const runs = envInt('PLEXLINT_FUZZ_RUNS') ?? envInt('PLEXLINT_PROPERTY_RUNS') ?? base;
  const seed = envInt('PLEXLINT_FUZZ_SEED');
  const path = process.env['PLEXLINT_FUZZ_PATH'];
  const params: fc.Parameters<T> = { numRuns: runs };
  if (seed !== undefined) params.seed = seed;
  if (path) {
    params.path = path;
    params.endOnFailure = true;
  }
  return params;
}
