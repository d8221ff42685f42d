/**
 * The steps of a scenario, as the reader (scenario.ts) builds them and the
 * engines run them. docs/scenarios.md documents every key.
 */
import type { Loc } from '../core/loc.js';
import type { Expectation } from './expect.js';
import type { StatePatch } from './state.js';

/** Where connections come from. */
export type Origin =
  /** Outside the sysplex: one client ("client"), or `clients` distinct ones ("client#1" …). */
  | { kind: 'client'; clients: number }
  /** A named client; its source address decides its affinity (TIMEDAFFINITY, stickytime). */
  | { kind: 'named'; name: string; ip?: string }
  /** A stack of the sysplex (OPTLOCAL applies when it is a target). */
  | { kind: 'system'; system: string };

export const EVENTS = ['stackDown', 'stackUp', 'odrDown', 'odrUp', 'memberDown', 'memberUp', 'lbTakeover', 'lbDown', 'lbUp'] as const;
export type EventKind = (typeof EVENTS)[number];

/** Which open connections a `close` step ends (every field optional: `close: all` is none of them). */
export interface CloseFilter {
  to?: { address: string; port?: number };
  /** The system (or server) they ended on. */
  target?: string;
  /** The client or system they came from. */
  from?: string;
  /** At most this many, oldest first. */
  count?: number;
}

interface StepBase {
  loc: Loc;
  /** A name other steps refer to (`sameTargetAs`). */
  label?: string;
  expect?: Expectation[];
}

export type Step =
  | (StepBase & { kind: 'set'; state: StatePatch })
  | (StepBase & { kind: 'connect'; from: Origin; address: string; port: number; count: number })
  | (StepBase & { kind: 'requests'; plugin?: string; url: string; count: number; sessions: number; client?: { name: string; ip?: string }; cookies?: [string, string][] })
  | (StepBase & { kind: 'ejb'; cell: string; cluster: string; fromNode: string; count: number })
  | (StepBase & { kind: 'event'; event: EventKind; target: string })
  | (StepBase & { kind: 'close'; filter: CloseFilter })
  | (StepBase & { kind: 'advance'; ms: number });

export type StepKind = Step['kind'];

/** What an engine runs: a step kind, or an event. */
export type StepKey = 'connect' | 'requests' | 'ejb' | `event:${EventKind}`;

export function stepKey(step: Step): StepKey | undefined {
  if (step.kind === 'event') return `event:${step.event}`;
  if (step.kind === 'connect' || step.kind === 'requests' || step.kind === 'ejb') return step.kind;
  return undefined;
}

/** The affinity identity of an origin's i-th connection: its source address, else its name. */
export function originKey(o: Origin, i = 0): string {
  switch (o.kind) {
    case 'system':
      return o.system;
    case 'named':
      return o.ip ?? `client:${o.name}`;
    default:
      return o.clients > 1 ? `client#${(i % o.clients) + 1}` : 'client';
  }
}

/** How reports name an origin. */
export function originText(o: Origin): string {
  switch (o.kind) {
    case 'system':
      return o.system;
    case 'named':
      return `client ${o.name}${o.ip ? ` (${o.ip})` : ''}`;
    default:
      return o.clients > 1 ? `${o.clients} clients` : 'client';
  }
}

/** An origin as the command line and the old scenario files write it: a system name or "client". */
export function originOf(from: string, clients = 1): Origin {
  return from.toLowerCase() === 'client' ? { kind: 'client', clients } : { kind: 'system', system: from.toUpperCase() };
}
