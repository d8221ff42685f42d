/**
 * A worker thread of a failure sweep (./sweep-pool.ts): it lays the sweep out from its copy of the estate while the
 * sweeping thread makes the run without failures, takes that run's probes as its first message, then runs the chunks
 * of runs it is handed, by the indexes of their components, until it is handed null.
 */
import { deserialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { Estate } from '../model/estate.js';
import { layOutSweep, runFailure, type FailureRun, type SweepOptions, type SweepPlan } from './failures.js';
import type { Probe } from './sweep-model.js';

export interface WorkerData {
  /** The module the worker imported (./sweep-pool.ts setWorkerEntry). */
  entry: string;
  /** v8.serialize of the estate. */
  estate: Uint8Array;
  options: Pick<SweepOptions, 'mode' | 'seed' | 'flowKinds' | 'criticalOnly'>;
  /** How many components the sweeping thread's plan has (a check that both plans are the same). */
  components: number;
}

/** The worker's first message: the probes of the run without failures. */
export interface WorkerBaseline {
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
  const layout = layOutSweep(estate, data.options);
  if (layout.components.length !== data.components) throw new Error(`the failure sweep's worker laid out ${layout.components.length} components, not ${data.components}`);
  let plan: SweepPlan | undefined;
  port.on('message', (message: WorkerBaseline | WorkerChunk | null) => {
    if (!message) {
      port.close();
      return;
    }
    if ('baseline' in message) {
      plan = { ...layout, baseline: message.baseline };
      const ready: WorkerReply = { ready: true };
      port.postMessage(ready);
      return;
    }
    if (!plan) throw new Error("the failure sweep's worker was handed runs before the run without failures");
    const current = plan;
    const reply: WorkerReply = { start: message.start, runs: message.members.map((members) => runFailure(estate, current, members)) };
    port.postMessage(reply);
  });
}
