/**
 * The simulator's entry point: the simulation (run.ts), its engines
 * (engines.ts), the scenario reader, the failure sweeps and the probes the rules
 * ask (probes.ts).
 */
export * from './run.js';
export type { ConnectDecision, ConnectOutcome } from './distributor.js';
export type { TraceStep } from './trace.js';
