#!/usr/bin/env node
/**
 * `npm run fuzz [-- <vitest options>]`: the property tests of the suite
 * (test/*propert*.test.ts) and the mutation fuzzer (test/mutation-fuzz.test.ts)
 * as long runs.
 *
 *   PLEXLINT_FUZZ_RUNS      runs per property (default 2000; `npm test` uses each test's own small number)
 *   PLEXLINT_FUZZ_MUTANTS   mutants of the mutation fuzzer (default 2000; `npm test` runs 24)
 *   PLEXLINT_FUZZ_LARGE=1   larger mutations: huge tokens up to 4 MB, nesting 20,000 deep, 200,000 repeated lines
 *   PLEXLINT_FUZZ_KEEP      a folder to keep the mutants that failed in
 *   PLEXLINT_FUZZ_SEED      seed (default: a random one, printed first, so that a run can be repeated)
 *   PLEXLINT_FUZZ_PATH      with the seed, replays exactly the counterexample fast-check printed
 *   PLEXLINT_FUZZ_TIMEOUT   seconds before the run is stopped as hung (default 3600)
 *
 * fast-check's failure message names the seed and path of the smallest
 * counterexample; this script prints how to replay it.
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const runs = process.env.PLEXLINT_FUZZ_RUNS || '2000';
const mutants = process.env.PLEXLINT_FUZZ_MUTANTS || '2000';
const seed = process.env.PLEXLINT_FUZZ_SEED || String(randomInt(0, 2 ** 31 - 1));
const timeout = Number(process.env.PLEXLINT_FUZZ_TIMEOUT || 3600);
const args = process.argv.slice(2);

process.stderr.write(`plexlint fuzz: ${runs} runs per property, ${mutants} mutants, seed ${seed}${process.env.PLEXLINT_FUZZ_PATH ? `, path ${process.env.PLEXLINT_FUZZ_PATH}` : ''}\n`);
const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'propert', 'mutation-fuzz', '--testTimeout=0', '--hookTimeout=0', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLEXLINT_FUZZ_RUNS: runs, PLEXLINT_FUZZ_MUTANTS: mutants, PLEXLINT_FUZZ_SEED: seed },
  timeout: timeout * 1000,
  killSignal: 'SIGKILL',
});

if (r.status === 0) {
  process.stderr.write(`plexlint fuzz: passed (seed ${seed}).\n`);
  process.exit(0);
}
const why = r.error?.code === 'ETIMEDOUT' || r.signal ? `no result after ${timeout} s (a hang?)` : 'a property failed';
process.stderr.write(
  [
    '',
    `plexlint fuzz: ${why}; seed ${seed}.`,
    `  repeat the run:            PLEXLINT_FUZZ_SEED=${seed} PLEXLINT_FUZZ_RUNS=${runs} PLEXLINT_FUZZ_MUTANTS=${mutants} npm run fuzz${args.length ? ` -- ${args.join(' ')}` : ''}`,
    "  replay one counterexample: PLEXLINT_FUZZ_SEED=<seed> PLEXLINT_FUZZ_PATH=<path> npm run fuzz -- -t '<test name>'",
    "                             (seed and path as in fast-check's message above)",
    '',
  ].join('\n'),
);
process.exit(r.status || 1);
