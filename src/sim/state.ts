/**
 * Runtime state of a simulation: what the configuration does not say —
 * which stacks, balancers, ODRs and members are up, and how each server is
 * doing. Defaults (docs/scenarios.md "Runtime state"): everything is up; every
 * server a distribution needs is listening and healthy: WLM system and server
 * weight 64, TSR 100, SEF 100, health 100, abnormal completions 0; every Load
 * Balancer server has its configured weight and is not quiesced.
 */
import { emptyRecord } from '../core/record.js';

export interface ServerState {
  listening: boolean;
  /** Server health 0–100 (IWM4HLTH / IWMSRSRG). */
  health: number;
  /** Server accept efficiency fraction 0–100 (part of TSR). */
  sef: number;
  /** Abnormal transaction completions per 1000 (ABNORM). */
  abnormal: number;
  /** WLM server-specific weight (0–64). */
  wlm: number;
  /** Target server responsiveness 0–100. */
  tsr: number;
}

export interface StackState {
  up: boolean;
  /** WLM system weight (BASEWLM uses it). */
  wlm: number;
  servers: Record<string, Partial<ServerState>>;
}

/** A Load Balancer server as the executor weighs it now. */
export interface LbServerState {
  /** `dscontrol server set … weight`: the operator's weight, in force even with fixedweight yes. */
  weight?: number;
  /** The manager's weight from its advisors; a server with `fixedweight yes` keeps its configured weight. */
  managerWeight?: number;
  /** `dscontrol manager quiesce`: no new connections; `now` also ends the affinity of sticky clients. */
  quiesced?: boolean | 'now';
}

export interface LbState {
  up?: boolean;
  active?: boolean;
  /** By server: "<server>" (every cluster and port of the machine) or "<cluster>@<port>@<server>". */
  servers?: Record<string, LbServerState>;
}

/**
 * Who holds a DVIPA now, as the running stacks report it (NETSTAT VIPADYN, DISPLAY TCPIP,,SYSPLEX,VIPADYN): that
 * stack holds it while it is up, until the next stack failure or return; from then on the takeover rules decide
 * (src/sim/holder.ts). `none`: no stack has it active. `null`: no holder given (the rules decide).
 */
export interface DvipaState {
  holder?: string | null;
}

export interface RuntimeState {
  stacks: Record<string, Partial<StackState>>;
  lbs: Record<string, LbState>;
  odrs: Record<string, { up?: boolean }>;
  members: Record<string, { up?: boolean }>;
  /** Holders given by the running state; absent in states built before it existed. */
  dvipas?: Record<string, DvipaState>;
}

/** The runtime state as engines and callers read it: changes go through `Simulation.apply`, which tells the engines. */
export type ReadonlyState = {
  readonly [K in keyof RuntimeState]: { readonly [name: string]: DeepReadonly<NonNullable<RuntimeState[K]>[string]> };
};

type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** What a `set` step (or `trace --state`) changes. */
export type StatePatch = Partial<RuntimeState>;

export const DEFAULT_SERVER: Readonly<ServerState> = Object.freeze({ listening: true, health: 100, sef: 100, abnormal: 0, wlm: 64, tsr: 100 });

export function emptyState(): RuntimeState {
  return { stacks: emptyRecord(), lbs: emptyRecord(), odrs: emptyRecord(), members: emptyRecord(), dvipas: emptyRecord() };
}

export function stackUp(state: ReadonlyState, system: string): boolean {
  return state.stacks[system]?.up !== false;
}

export function systemWeight(state: ReadonlyState, system: string): number {
  return state.stacks[system]?.wlm ?? 64;
}

/** The server on a stack for a port (a port range or all-ports distribution asks for the connection's port). */
export function server(state: ReadonlyState, system: string, port: number): Readonly<ServerState> {
  const servers = state.stacks[system]?.servers;
  const s = servers ? servers[String(port)] : undefined;
  // Most servers are in the default state: share one read-only object (no allocation per decision).
  return s ? { ...DEFAULT_SERVER, ...s } : DEFAULT_SERVER;
}

/** Deep-merge a patch into the state. */
export function mergeState(into: RuntimeState, patch: StatePatch): void {
  for (const [name, s] of Object.entries(patch.stacks ?? {})) {
    const cur = (into.stacks[name] ??= {});
    if (s.up !== undefined) cur.up = s.up;
    if (s.wlm !== undefined) cur.wlm = s.wlm;
    for (const [port, srv] of Object.entries(s.servers ?? {})) {
      cur.servers ??= emptyRecord();
      cur.servers[port] = { ...(cur.servers[port] ?? {}), ...srv };
    }
  }
  for (const [name, v] of Object.entries(patch.lbs ?? {})) {
    const cur = (into.lbs[name] ??= {});
    if (v.up !== undefined) cur.up = v.up;
    if (v.active !== undefined) cur.active = v.active;
    for (const [key, srv] of Object.entries(v.servers ?? {})) {
      cur.servers ??= emptyRecord();
      cur.servers[key] = { ...(cur.servers[key] ?? {}), ...srv };
    }
  }
  for (const key of ['odrs', 'members'] as const) {
    for (const [name, v] of Object.entries(patch[key] ?? {})) into[key][name] = { ...(into[key][name] ?? {}), ...v };
  }
  for (const [address, v] of Object.entries(patch.dvipas ?? {})) {
    const dvipas = (into.dvipas ??= emptyRecord());
    dvipas[address] = { ...(dvipas[address] ?? {}), ...v };
  }
}
