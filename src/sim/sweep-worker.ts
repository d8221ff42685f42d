/**
 * A worker thread of a failure sweep (./sweep-pool.ts): it makes the sweep's plan from its copy of the estate (with
 * the run without failures it is given), then runs the chunks of runs it is handed, by the indexes of their components, until it is handed null.
 */
import { deserialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { Estate } from '../model/estate.js';
import { planSweep, runFailure, type FailureRun, type SweepOptions } from './failures.js';
import type { Probe } from './sweep-model.js';

export interface WorkerData {
  /** The module the worker imported (./sweep-pool.ts setWorkerEntry). */
  entry: string;
  /** v8.serialize of the estate. */
  estate: Uint8Array;
  options: Pick<SweepOptions, 'mode' | 'seed' | 'flowKinds' | 'criticalOnly'>;
  /** How many components the sweeping thread's plan has (a check that both plans are the same). */
  components: number;
  /** The probes of the run without failures, as the sweeping thread's plan has them. */
  baseline: Map<string, Probe>;
}

export interface WorkerChunk {
  /** Index of the first run of the chunk in the sweep's runs. */
  start: number;
  members: (readonly number[])[];
}

export type WorkerReply = { ready: true } | { start: number; runs: FailureRun[] };

export function serveWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorker runs in a worker thread');
  const data = workerData as WorkerData;
  const estate = deserialize(data.estate) as Estate;
  const plan = planSweep(estate, data.options, data.baseline);
  if (plan.components.length !== data.components) throw new Error(`the failure sweep's worker made a plan of ${plan.components.length} components, not ${data.components}`);
  port.on('message', (chunk: WorkerChunk | null) => {
    if (!chunk) {
      port.close();
      return;
    }
    const reply: WorkerReply = { start: chunk.start, runs: chunk.members.map((members) => runFailure(estate, plan, members)) };
    port.postMessage(reply);
  });
  const ready: WorkerReply = { ready: true };
  port.postMessage(ready);
}
