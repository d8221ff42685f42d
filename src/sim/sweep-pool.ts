/**
 * A failure sweep on worker threads (`plexlint simulate --failures`): every run of a sweep is independent of the
 * others — it fails its components in a fresh simulation and compares its flows with the run without failures — so
 * the runs are shared out over a pool of workers, one per core the process may use (os.availableParallelism()).
 *
 * - Same report: each worker lays the sweep out (./failures.ts layOutSweep) from a copy of the same estate with the
 *   same options, and takes the probes of the run without failures this thread made, so a run is named by the
 *   indexes of its components; the results are put back in the order of the
 *   runs, whichever worker finished first, and the report is assembled as in one thread.
 * - The estate is serialised once (v8.serialize: the estate is plain data, as `plexlint compile` prints it) and
 *   each worker deserialises its copy. The workers start before the run without failures, and lay the sweep out
 *   while this thread makes it: on a large estate, laying out and that run cost as much as a good part of the runs.
 * - Runs are handed out in small chunks as workers ask for them, so a worker given slow runs does not hold up the
 *   end.
 * - Small sweeps run in this thread: starting a worker (loading plexlint, copying the estate, laying the sweep out)
 *   costs more than they do (MIN_POOL_FLOW_RUNS). So do sweeps with a `skip` function (it cannot be sent to a worker), and
 *   sweeps where the worker's entry module is not there (tests running the TypeScript sources).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { silentProgress, type Progress } from '../core/progress.js';
import type { Estate } from '../model/estate.js';
import { assembleSweep, layOutSweep, runFailure, runJobsInThread, runWithoutFailures, sweepJobs, type SweepLayout, type SweepPlan, type FailureRun, type SweepOptions, type SweepReport } from './failures.js';
import type { WorkerBaseline, WorkerChunk, WorkerData, WorkerReply } from './sweep-worker.js';

/**
 * A sweep that reruns fewer flows than this in all (each run reruns the flows its failures touch) runs in this
 * thread. A flow's rerun costs about 0.1 ms; a worker's start — loading plexlint, its copy of the estate, laying the
 * sweep out, a cold JIT — about 0.6 s of CPU for an estate of 16 stacks and 1,040 flows, more for a larger one.
 * Measured on a loaded 2-core machine: 8,880 reruns (1,248 runs) took 0.85 s of CPU in one thread and 1.4 s on two.
 */
export const MIN_POOL_FLOW_RUNS = 50_000;

/**
 * The module a worker imports; it exports serveWorker(). The unbuilt default: ./sweep-worker.js beside this module.
 * The bundled CLI sets bin/bundle.js, whose serveWorker() loads the bundle (with its code cache) first.
 */
let workerEntry: string = new URL('./sweep-worker.js', import.meta.url).href;

export function setWorkerEntry(entry: string): void {
  workerEntry = entry;
}

export interface PoolOptions {
  /** Workers at most (default: os.availableParallelism()); 1 runs the sweep in this thread. */
  workers?: number;
  /** A sweep that reruns fewer flows than this runs in this thread (default MIN_POOL_FLOW_RUNS). */
  minFlowRuns?: number;
}

/** The worker's first code: import the entry module and serve. A rejected import is the worker's error event. */
const BOOT = `const { workerData } = require('node:worker_threads'); import(workerData.entry).then((m) => m.serveWorker());`;

function entryExists(entry: string): boolean {
  try {
    return existsSync(fileURLToPath(entry));
  } catch {
    return false;
  }
}

/** Run a sweep, on worker threads when it is worth it; the report is the one sweepFailures gives. */
export async function sweepFailuresOnPool(estate: Estate, options: SweepOptions, pool: PoolOptions = {}): Promise<SweepReport> {
  const progress = options.progress ?? silentProgress;
  progress.phase('failure sweep: the run without failures', 1);
  const layout = layOutSweep(estate, options);
  const jobs = sweepJobs(layout, options);
  const all: (readonly number[])[] = [...jobs.singles, ...jobs.pairs];
  const threads = Math.min(pool.workers ?? availableParallelism(), Math.ceil(all.length / 16));
  // For tests only (test/sweep-pool.test.ts, test/package.test.ts): the real CLI sweeps a small estate on its threads.
  const testMinimum = Number(process.env['PLEXLINT_TEST_SWEEP_MIN_FLOW_RUNS'] ?? Number.NaN);
  const minimum = pool.minFlowRuns ?? (Number.isInteger(testMinimum) ? testMinimum : MIN_POOL_FLOW_RUNS);
  const parallel = threads > 1 && !options.skip && flowRuns(layout, all) >= minimum && entryExists(workerEntry);
  // The workers start now: they lay the sweep out from their copies of the estate while this thread makes the run
  // without failures, the largest part of a plan.
  const helpers = parallel ? startWorkers(estate, options, layout, threads - 1) : undefined;
  let runs: FailureRun[];
  try {
    const plan: SweepPlan = { ...layout, baseline: runWithoutFailures(estate, layout) };
    progress.tick();
    if (helpers) {
      progress.phase(options.mode === 'pairs' ? `failure sweep: single failures and pairs on ${threads} threads` : `failure sweep: single failures on ${threads} threads`, all.length);
      runs = await runOnWorkers(estate, plan, all, helpers, progress);
    } else runs = runJobsInThread(estate, plan, jobs, progress);
  } finally {
    if (helpers) for (const w of helpers) void w.terminate();
  }
  progress.end();
  return assembleSweep(layout, options, jobs, runs.slice(0, jobs.singles.length), runs.slice(jobs.singles.length));
}

/** How many flow reruns the runs make: for each, the flows its failures touch. */
function flowRuns(layout: SweepLayout, all: readonly (readonly number[])[]): number {
  let n = 0;
  const touched = new Set<string>();
  for (const members of all) {
    touched.clear();
    for (const i of members) for (const id of layout.components[i]!.touches) if (layout.byId.has(id)) touched.add(id);
    n += touched.size;
  }
  return n;
}

function startWorkers(estate: Estate, options: SweepOptions, layout: SweepLayout, count: number): Worker[] {
  const data: WorkerData = {
    entry: workerEntry,
    estate: serialize(estate),
    options: { mode: options.mode, ...(options.seed !== undefined ? { seed: options.seed } : {}), ...(options.flowKinds ? { flowKinds: [...options.flowKinds] } : {}), ...(options.criticalOnly ? { criticalOnly: true } : {}) },
    components: layout.components.length,
  };
  return Array.from({ length: count }, () => {
    const w = new Worker(BOOT, { eval: true, workerData: data });
    // A worker's events reach this thread only when it waits, and runOnWorkers listens by then. This handler keeps
    // an error from being an uncaught 'error' event when the run without failures throws first (its error is the
    // sweep's, and the workers are ended).
    w.on('error', () => {});
    return w;
  });
}

/**
 * The runs shared out between this thread and the workers. This thread is already warm (it compiled the estate and
 * made the plan), so it takes chunks too, between which it lets the workers' messages in.
 */
function runOnWorkers(estate: Estate, plan: SweepPlan, all: (readonly number[])[], workers: Worker[], progress: Progress): Promise<FailureRun[]> {
  // Small chunks (about 32 for each thread, at most 16 runs): runs differ widely in cost — a stack fails with every
  // flow it holds, a plug-in server with one route — and the heavy ones come first.
  const size = Math.max(1, Math.min(16, Math.ceil(all.length / ((workers.length + 1) * 32))));
  const results: FailureRun[] = new Array<FailureRun>(all.length);
  let next = 0;
  let done = 0;
  const take = (): WorkerChunk | undefined => {
    if (next >= all.length) return undefined;
    const chunk: WorkerChunk = { start: next, members: all.slice(next, next + size) };
    next += chunk.members.length;
    return chunk;
  };
  const store = (start: number, runs: FailureRun[]): void => {
    runs.forEach((r, k) => (results[start + k] = r));
    done += runs.length;
    progress.tick(runs.length);
  };
  return new Promise((resolve, reject) => {
    let failed = false;
    const finish = (): void => {
      if (done === all.length && !failed) resolve(results);
    };
    const fail = (e: unknown): void => {
      if (failed) return;
      failed = true;
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    const baseline: WorkerBaseline = { baseline: plan.baseline };
    for (const w of workers) {
      w.on('message', (reply: WorkerReply) => {
        if ('runs' in reply) store(reply.start, reply.runs);
        w.postMessage(take() ?? null);
        finish();
      });
      w.on('error', fail);
      w.on('exit', (code) => {
        if (code !== 0 && done < all.length) fail(new Error(`a worker thread of the failure sweep stopped (exit code ${code})`));
      });
      w.postMessage(baseline);
    }
    const own = (): void => {
      if (failed) return;
      const chunk = take();
      if (!chunk) return finish();
      try {
        store(chunk.start, chunk.members.map((members) => runFailure(estate, plan, members)));
      } catch (e) {
        fail(e);
        return;
      }
      // Let the workers' replies in before the next chunk.
      setImmediate(own);
    };
    setImmediate(own);
  });
}
