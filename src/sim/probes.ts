/**
 * Questions the rules ask the simulator, so that what a finding says will
 * happen is what the engines do (one source of truth). Each probe runs its own
 * simulation; none changes an engine's state behind its back.
 */
import type { Estate } from '../model/estate.js';
import type { ExternalLb, LbPort } from '../model/lb.js';
import type { ConnectDecision } from './distributor.js';
import { takeoverEffect, type TakeoverCause } from './lb-ha.js';
import { Simulation } from './run.js';
import type { LossReason } from './sessions.js';
import type { TraceStep } from './trace.js';
import { resolveOdrKey } from './web-index.js';

/**
 * A new connection from `from` ("client" or a system) to address:port, traced (unless `traced` is false: the
 * same decision, without its explanation), after the stacks started with everything up and then `down` failed.
 */
export function connectAfterFailure(estate: Estate, down: readonly string[], from: string, address: string, port: number, traced = true): ConnectDecision {
  const sim = new Simulation(estate, 1);
  sim.engines.distributor.activate(address);
  if (down.length) sim.apply({ stacks: Object.fromEntries(down.map((s) => [s, { up: false }])) });
  return sim.distributor.connect(from, address, port, traced);
}

/**
 * connectAfterFailure, untraced, for several DVIPA:ports at once: one simulation in which the DVIPAs were activated
 * and then `down` failed. A DVIPA's holder and its port entries are its own, so each decision is the one a
 * simulation of it alone makes (a rule asking about thousands of DVIPAs of one owner builds one simulation).
 */
export function connectionsAfterFailure(estate: Estate, down: readonly string[], from: string, probes: readonly { address: string; port: number }[]): ConnectDecision[] {
  const sim = new Simulation(estate, 1);
  for (const p of probes) sim.engines.distributor.activate(p.address);
  if (down.length) sim.apply({ stacks: Object.fromEntries(down.map((s) => [s, { up: false }])) });
  return probes.map((p) => sim.distributor.connect(from, p.address, p.port, false));
}

/** Whether the open connections of a cluster address and port survive when `from` stops being the active machine. */
export function connectionsSurvive(from: ExternalLb, address: string, port: LbPort | undefined, cause: TakeoverCause): { survives: boolean; reason: string } {
  return takeoverEffect(from, address, port, cause);
}

export interface RerouteOutcome {
  /** The ODR that completes the request and adopts the session (undefined: the session is lost). */
  adoptedBy?: string;
  reason?: LossReason;
  trace: TraceStep[];
}

/**
 * An in-session request of a session that ODR `owner` ("CELL/name") holds,
 * misrouted to an ODR of cell `receiving` while the ODRs in `down` are down: does
 * the receiving cell's GSC get it back to the owning cell?
 */
export function rerouteThroughGsc(estate: Estate, receiving: string, owner: string, down: readonly string[] = []): RerouteOutcome | string {
  const sim = new Simulation(estate, 1);
  const web = sim.engines.web;
  const named = resolveOdrKey(web.ix, owner);
  if (typeof named === 'string') return named;
  const cell = web.ix.cells.get(receiving);
  const at = cell?.odrs[0];
  if (!at) return `cell ${receiving} has no ODR`;
  if (down.length) sim.apply({ odrs: Object.fromEntries(down.map((o) => [o, { up: false }])) });
  web.refresh();
  const trace: TraceStep[] = [];
  const r = web.odr.throughGsc(at, named, named.cell.name, trace);
  const out: RerouteOutcome = { trace };
  if (r.final) out.adoptedBy = r.final.odr.name;
  if (r.reason) out.reason = r.reason;
  return out;
}
