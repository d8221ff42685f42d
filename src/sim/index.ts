/**
 * The simulator's entry point: the core (run.ts) and every engine. Engines
 * register the step kinds and events they implement when their module loads,
 * so everything that runs simulations imports this module, never run.ts alone.
 */
export * from './run.js';
import './lb.js';
import './web.js';
