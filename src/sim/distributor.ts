/**
 * The sysplex distributor engine: which stack a new TCP connection to a
 * DVIPA:port ends on, and why; stack failures and returns.
 *
 * Facts (IBM IP Configuration Guide, sysplex distributor; the OPTLOCAL topic
 * "Sysplex distributor optimization with the OPTLOCAL keyword"; "Timed
 * affinities"; the distribution-methods Q&A):
 * - Which stack holds the DVIPA: holder.ts. Which target gets a connection, per
 *   DVIPA and port: vdpt.ts.
 * - BASEWLM: WLM system weight × TSR. SERVERWLM: WLM server weight, lowered by
 *   health and abnormal completions, × TSR. ROUNDROBIN: ready targets in turn,
 *   TSR 0 skipped. WEIGHTEDACTIVE: active connections kept proportional to WEIGHT
 *   (lowered by health/abnormal when the target codes SYSPLEXROUTING). HOTSTANDBY:
 *   PREFERRED while available, else the highest-ranked available BACKUP;
 *   AUTOSWITCHBACK returns to PREFERRED when it recovers; HEALTHSWITCH counts
 *   health problems as unavailability. All weights 0 → round robin over ready targets.
 * - OPTLOCAL, for connections that start on a target stack: 0 stays local while the
 *   local server is healthy; 1 the same unless the local WLM weight is 0;
 *   2–16 multiply the local weight. Whatever the value, the connection goes to the
 *   distributor when no local server is available, SEF < 75, abnormal > 250 or
 *   health < 75.
 * - TIMEDAFFINITY: connections from the same client address to the same DVIPA and
 *   port go to the same target while the affinity lasts: as long as one of them is
 *   open, and for TIMEDAFFINITY seconds after the last one closed.
 * Where IBM gives no arithmetic (how health lowers a weight, how 2–16 favour the
 * local stack), the engine uses the simplest proportional reading and says so in
 * the trace; docs/simulator.md lists these choices.
 */
import { SimulationError, type Engine, type RunOptions, type SimContext, type StepOutcome } from './engine.js';
import { Holders } from './holder.js';
import { bump, round4, sharesOf, type Observed, type StateKey } from './measures.js';
import { server, stackUp, type StatePatch } from './state.js';
import { originKey, originOf, originText, type Origin, type Step, type StepKey } from './steps.js';
import { sysplexIndex, type SysplexIndex } from './sysplex-index.js';
import { NO_TRACE, type TraceStep } from './trace.js';
import { PortEntry } from './vdpt.js';
import type { ConnGroup } from './connections.js';
import { didYouMean } from '../core/suggest.js';

export { OPTLOCAL_LIMITS, DEFAULT_WEIGHTEDACTIVE_WEIGHT } from './vdpt.js';
export type { TraceStep } from './trace.js';

export type ConnectOutcome = 'local' | 'distributed' | 'direct' | 'refused';

export interface ConnectDecision {
  outcome: ConnectOutcome;
  /** The system the connection ends on. */
  target?: string;
  /** The stack that distributed it. */
  distributor?: string;
  distribution?: string;
  reason?: string;
  trace: TraceStep[];
}

/** The outcome of `decide`. */
export interface Route {
  outcome: ConnectOutcome;
  target: string | undefined;
}

/** The counts of a run of decisions from one origin to one destination. */
export interface ConnectTally {
  count: number;
  local: number;
  refused: number;
  /** Per client: target → connections. */
  opened: Map<string, Map<string, number>>;
}

export class DistributorEngine implements Engine {
  readonly name = 'sysplex distributor';
  readonly handles: readonly StepKey[] = ['connect', 'event:stackDown', 'event:stackUp'];
  private readonly ix: SysplexIndex;
  readonly holders: Holders;
  /** DVIPA → its first port's entry, and the other ports' entries. */
  private readonly entries = new Map<string, { port: number; entry: PortEntry; others?: Map<number, PortEntry> }>();
  private readonly route: Route = { outcome: 'refused', target: undefined };

  constructor(private readonly sim: SimContext) {
    this.ix = sysplexIndex(sim.estate);
    this.holders = new Holders(this.ix, sim);
  }

  claims(): boolean {
    return true;
  }

  isDvipa(address: string): boolean {
    return this.ix.byAddress.has(address);
  }

  /** The VDPT entry of a DVIPA and port (undefined: not a DVIPA). */
  entry(address: string, port: number): PortEntry | undefined {
    let slot = this.entries.get(address);
    if (slot && slot.port === port) return slot.entry;
    const dv = this.ix.byAddress.get(address);
    if (!dv) return undefined;
    if (!slot) {
      const entry = new PortEntry(dv, port, this.ix, this.sim, this.holders);
      this.entries.set(address, { port, entry });
      return entry;
    }
    // Most DVIPAs are asked for one port: it is found without a second look-up; other ports are kept beside it.
    slot.others ??= new Map();
    let e = slot.others.get(port);
    if (!e) slot.others.set(port, (e = new PortEntry(dv, port, this.ix, this.sim, this.holders)));
    return e;
  }

  /** Every DVIPA as the stacks started: created where an owner (or a long-form backup) is up. */
  activateAll(): void {
    for (const dv of this.ix.byAddress.values()) this.holders.holder(dv);
  }

  /** One DVIPA as the stacks started (see activateAll). */
  activate(address: string): void {
    const dv = this.ix.byAddress.get(address);
    if (dv) this.holders.holder(dv);
  }

  /** A connection to an address that is no DVIPA: the stack that owns it, if up and listening. */
  private direct(address: string, port: number, trace?: TraceStep[]): { target?: string; reason?: string } {
    const owner = this.ix.addressOwner.get(address);
    if (!owner) {
      trace?.push({ what: 'address', detail: `${address} is no DVIPA and no address of a stack in the estate` });
      return { reason: 'unknown address' };
    }
    const up = stackUp(this.sim.state, owner);
    if (!up || !server(this.sim.state, owner, port).listening) {
      trace?.push({ what: 'address', detail: `${address} belongs to ${owner}, which is ${up ? `not listening on ${port}` : 'down'}` });
      return { reason: 'server unavailable' };
    }
    trace?.push({ what: 'address', detail: `${address} is an address of ${owner} (not a DVIPA): no distribution` });
    return { target: owner };
  }

  /**
   * One decision without explanation, for callers that make millions: `from` is
   * a system name or "client"; the result is a record the engine reuses (read it
   * before the next decision). The connection counts as open for the distributor
   * (WEIGHTEDACTIVE, TIMEDAFFINITY) but is not kept by the simulation.
   */
  decide(from: string, address: string, port: number): Readonly<Route> {
    const r = this.route;
    const e = this.entry(address, port);
    if (!e) {
      const d = this.direct(address, port);
      r.outcome = d.target ? 'direct' : 'refused';
      r.target = d.target;
      return r;
    }
    const d = e.decide(from === 'client' ? undefined : from, from);
    if (d.index >= 0) {
      r.outcome = d.local ? 'local' : 'distributed';
      r.target = e.cands[d.index]!.system;
    } else if (d.index === -2) {
      r.outcome = 'direct';
      r.target = e.holder!.system;
    } else {
      r.outcome = 'refused';
      r.target = undefined;
    }
    return r;
  }

  /**
   * One decision, explained when `wantTrace` (`plexlint trace`); `from` is a
   * system name or "client". Counted as open as for `decide`.
   */
  connect(from: string, address: string, port: number, wantTrace = false): ConnectDecision {
    const trace: TraceStep[] | undefined = wantTrace ? [] : undefined;
    const origin = originOf(from);
    const system = origin.kind === 'system' ? origin.system : undefined;
    const e = this.entry(address, port);
    if (!e) {
      const r = this.direct(address, port, trace);
      return r.target ? { outcome: 'direct', target: r.target, trace: trace ?? NO_TRACE } : { outcome: 'refused', reason: r.reason!, trace: trace ?? NO_TRACE };
    }
    const d = e.decide(system, originKey(origin), trace);
    const holder = e.holder?.system;
    if (d.index === -1) {
      const out: ConnectDecision = { outcome: 'refused', reason: d.reason ?? 'refused', trace: trace ?? NO_TRACE };
      if (holder) out.distributor = holder;
      if (holder && e.dist && d.reason !== 'not advertised') out.distribution = e.dist.id;
      return out;
    }
    if (d.index === -2) return { outcome: 'direct', target: holder!, trace: trace ?? NO_TRACE };
    return { outcome: d.local ? 'local' : 'distributed', target: e.cands[d.index]!.system, distributor: holder!, distribution: e.dist!.id, trace: trace ?? NO_TRACE };
  }

  /** `count` decisions from an origin, tallied per client and target (no record per connection). */
  decideMany(origin: Origin, address: string, port: number, count: number): ConnectTally {
    const tally: ConnectTally = { count, local: 0, refused: 0, opened: new Map() };
    const system = origin.kind === 'system' ? origin.system : undefined;
    const e = this.entry(address, port);
    const clients = origin.kind === 'client' ? Math.min(origin.clients, count) : 1;
    const keys = Array.from({ length: clients }, (_, i) => originKey(origin, i));
    const add = (client: string, target: string, n: number): void => {
      let m = tally.opened.get(client);
      if (!m) tally.opened.set(client, (m = new Map()));
      m.set(target, (m.get(target) ?? 0) + n);
    };
    if (!e) {
      const r = this.direct(address, port);
      if (!r.target) tally.refused = count;
      else for (let c = 0; c < clients; c++) add(keys[c]!, r.target, Math.floor(count / clients) + (c < count % clients ? 1 : 0));
      return tally;
    }
    e.refresh();
    // Connections per client and candidate (slot cands.length: the holder itself), kept sparse: a dense table of
    // clients × candidates per connect was most of a failure sweep over stacks that all DESTIP ALL.
    const slots = e.cands.length + 1;
    const counts = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      const c = clients === 1 ? 0 : i % clients;
      const d = e.decide(system, keys[c]!);
      const slot = d.index >= 0 ? d.index : d.index === -2 ? e.cands.length : -1;
      if (slot < 0) {
        tally.refused++;
        continue;
      }
      if (d.index >= 0 && d.local) tally.local++;
      const key = c * slots + slot;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    // By client, then candidate, then the holder: the order the groups of connections are opened in.
    for (const key of [...counts.keys()].sort((a, b) => a - b)) {
      const c = Math.floor(key / slots);
      const slot = key % slots;
      add(keys[c]!, slot < e.cands.length ? e.cands[slot]!.system : e.holder!.system, counts.get(key)!);
    }
    return tally;
  }

  run(step: Step, options: RunOptions): StepOutcome {
    if (step.kind === 'event' && (step.event === 'stackDown' || step.event === 'stackUp')) return this.stackEvent(step.target, step.event === 'stackUp');
    if (step.kind !== 'connect') throw new SimulationError(`the sysplex distributor does not run ${step.kind} steps`);
    const t = this.decideMany(step.from, step.address, step.port, step.count);
    const targets = new Map<string, number>();
    const assignments = options.assignments ? new Map<string, string>() : undefined;
    for (const [client, m] of t.opened) {
      for (const [target, n] of m) {
        bump(targets, target, n);
        this.sim.connections.open({ client, address: step.address, port: step.port, target }, n);
        assignments?.set(client, target);
      }
    }
    const observed: Observed = { count: step.count, local: round4(t.local / step.count), refused: round4(t.refused / step.count), targets: sharesOf(targets, step.count) };
    const out: StepOutcome = { observed, summary: `${step.count} connection${step.count === 1 ? '' : 's'} from ${originText(step.from)} to ${step.address}:${step.port}` };
    if (assignments) out.assignments = assignments;
    return out;
  }

  /** A stack fails or returns; connections that end on a failed stack break. */
  stackEvent(system: string, up: boolean): StepOutcome {
    if (!this.ix.systems.has(system)) throw new SimulationError(`no system ${system} in the estate (systems: ${[...this.ix.systems].join(', ')})`);
    // The running state said who held each DVIPA as it was captured; a failure or a return changes that, and from
    // here the takeover rules decide (holder.ts). The DVIPAs are active where they were held.
    const pins = Object.entries(this.sim.state.dvipas ?? {}).filter(([, v]) => v.holder !== undefined && v.holder !== null);
    if (pins.length) this.activateAll();
    this.sim.apply({ stacks: { [system]: { up } }, ...(pins.length ? { dvipas: Object.fromEntries(pins.map(([a]) => [a, { holder: null }])) } : {}) });
    // The distributor's takeover keeps connections to surviving targets (the backup
    // inherits the routing of existing connections); those that end on the failed
    // stack break, whoever forwarded them.
    const broken = up ? [] : this.sim.drop((g) => g.target === system);
    const n = broken.reduce((s, g) => s + g.count, 0);
    return { observed: brokenObserved(broken), summary: `${system} ${up ? 'up' : 'down'}${n ? `: ${n} open connection${n === 1 ? '' : 's'} broken` : ''}` };
  }

  checkState(patch: StatePatch): void {
    for (const name of Object.keys(patch.stacks ?? {})) {
      if (!this.ix.systems.has(name)) throw new SimulationError(`set.stacks.${name}: no system ${name} in the estate (systems: ${[...this.ix.systems].join(', ')})${didYouMean(name, [...this.ix.systems])}`);
    }
    for (const [address, v] of Object.entries(patch.dvipas ?? {})) {
      if (!this.ix.byAddress.has(address)) throw new SimulationError(`set.dvipas.${address}: ${address} is no DVIPA of the estate`);
      const h = v.holder;
      if (h !== undefined && h !== null && h !== 'none' && !this.ix.systems.has(h)) {
        throw new SimulationError(`set.dvipas.${address}.holder: no system ${h} in the estate (systems: ${[...this.ix.systems].join(', ')}, or none)${didYouMean(h, [...this.ix.systems])}`);
      }
    }
  }

  observe(key: StateKey, name: string): string | undefined {
    if (key !== 'holder') return undefined;
    const dv = this.ix.byAddress.get(name);
    if (!dv) return undefined;
    return this.holders.holder(dv)?.system ?? 'none';
  }

  release(g: ConnGroup): void {
    if (g.lb) return;
    this.entry(g.address, g.port)?.release(g.target, g.client, g.count);
  }
}

/** The observation of connections an event broke: the total and by destination and target. */
export function brokenObserved(broken: ConnGroup[]): Observed {
  const to = new Map<string, number>();
  const target = new Map<string, number>();
  let n = 0;
  for (const g of broken) {
    n += g.count;
    bump(to, `${g.address}:${g.port}`, g.count);
    bump(target, g.target, g.count);
  }
  const o: Observed = { connectionsBroken: n };
  if (n) o.connectionsBrokenBy = { to: Object.fromEntries(to), target: Object.fromEntries(target) };
  return o;
}
