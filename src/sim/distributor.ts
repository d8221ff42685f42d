/**
 * The sysplex distributor engine: which stack a new TCP connection to a
 * DVIPA:port ends on, and why.
 *
 * Facts (IBM IP Configuration Guide, sysplex distributor; IBM topic "Sysplex distributor: OPTLOCAL"):
 * - The DVIPA is active on its VIPADEFINE owner while that stack is up; when it
 *   is down, the highest-ranked live VIPABACKUP takes it over and distributes with
 *   its own VIPADISTRIBUTE, else the owner's. A short-form VIPABACKUP can only take
 *   over a DVIPA that was already active; it cannot create it.
 * - BASEWLM: WLM system weight × TSR. SERVERWLM: WLM server weight, lowered by
 *   health and abnormal completions, × TSR. ROUNDROBIN: ready targets in turn,
 *   TSR 0 skipped. WEIGHTEDACTIVE: active connections kept proportional to WEIGHT
 *   (lowered by health/abnormal when the target codes SYSPLEXROUTING). HOTSTANDBY:
 *   PREFERRED while available, else the highest-ranked available BACKUP;
 *   AUTOSWITCHBACK returns to PREFERRED when it recovers; HEALTHSWITCH counts
 *   health problems as unavailability. All weights 0 → round robin over ready targets.
 * - OPTLOCAL, for connections that start on a target stack: 0 stays local while
 *   the local server is healthy; 1 the same unless the local WLM weight is 0;
 *   2–16 multiply the local weight. Whatever the value, the connection goes to the
 *   distributor when no local server is available, SEF < 75, abnormal > 250 or
 *   health < 75.
 * Where IBM gives no arithmetic (how health lowers a weight, how 2–16 favour the
 * local stack), the engine uses the simplest proportional reading and says so in
 * the trace; docs/simulator.md lists these choices.
 */
import type { Distribution, Estate, ResolvedTarget, SysplexDvipa } from '../model/estate.js';
import { server, stackUp, systemWeight, type RuntimeState, type ServerState } from './state.js';
import { SmoothWeighted } from './rng.js';

export interface TraceStep {
  what: string;
  detail: string;
}

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

/** The trace of a decision made without one (shared, never written to). */
const NO_TRACE: TraceStep[] = Object.freeze([]) as unknown as TraceStep[];

/** IBM OPTLOCAL topic: conditions that always send the connection to the distributor. */
export const OPTLOCAL_LIMITS = { sef: 75, abnormal: 250, health: 75 } as const;

/** WEIGHT when DESTIP codes none ([unverified] default; IBM's examples use 10 and 20). */
export const DEFAULT_WEIGHTEDACTIVE_WEIGHT = 10;

interface Candidate {
  system: string;
  target: ResolvedTarget;
  server: Readonly<ServerState>;
  ready: boolean;
  why: string;
}

export function portCovered(d: { ports: { from: number; to: number }[] }, port: number): boolean {
  return d.ports.length === 0 || d.ports.some((p) => port >= p.from && port <= p.to);
}

function healthFactor(s: Readonly<ServerState>): number {
  return (Math.max(0, Math.min(100, s.health)) / 100) * Math.max(0, 1 - Math.min(1000, s.abnormal) / 1000);
}

/** Look-up tables over one estate, built once and shared by every engine over it. */
interface EstateIndex {
  byId: Map<string, Distribution>;
  byAddress: Map<string, SysplexDvipa>;
  /** DVIPA → system → the distributions that system codes for the DVIPA. */
  bySystem: Map<string, Map<string, Distribution[]>>;
  sysplexRouting: Map<string, boolean>;
  /** Ordinary (non-DVIPA) addresses → the system that owns them. */
  addressOwner: Map<string, string>;
}

const indexes = new WeakMap<Estate, EstateIndex>();

function indexOf(estate: Estate): EstateIndex {
  let ix = indexes.get(estate);
  if (ix) return ix;
  const bySystem = new Map<string, Map<string, Distribution[]>>();
  for (const d of estate.sysplex.distributions) {
    let m = bySystem.get(d.dvipa);
    if (!m) bySystem.set(d.dvipa, (m = new Map()));
    const list = m.get(d.system) ?? [];
    list.push(d);
    m.set(d.system, list);
  }
  const addressOwner = new Map<string, string>();
  for (const s of estate.systems) {
    const own = [...s.stack.home.map((h) => h.address), ...s.stack.interfaces.flatMap((i) => i.addresses.map((a) => a.address))];
    if (s.stack.dynamicXcf.v4) own.push(s.stack.dynamicXcf.v4.address);
    if (s.stack.dynamicXcf.v6) own.push(s.stack.dynamicXcf.v6.address);
    for (const a of own) if (!addressOwner.has(a)) addressOwner.set(a, s.name);
  }
  ix = {
    byId: new Map(estate.sysplex.distributions.map((d) => [d.id, d])),
    byAddress: new Map(estate.sysplex.dvipas.map((d) => [d.address, d])),
    bySystem,
    sysplexRouting: new Map(estate.systems.map((s) => [s.name, s.stack.sysplexRouting?.enabled === true])),
    addressOwner,
  };
  indexes.set(estate, ix);
  return ix;
}

export class DistributorEngine {
  private readonly wrr = new Map<string, SmoothWeighted>();
  private readonly rrNext = new Map<string, number>();
  private readonly active = new Map<string, Map<string, number>>();
  private readonly affinity = new Map<string, string>();
  private readonly hotHolder = new Map<string, string>();
  private readonly everActive = new Set<string>();
  private readonly ix: EstateIndex;

  constructor(
    estate: Estate,
    private readonly state: RuntimeState,
  ) {
    this.ix = indexOf(estate);
  }

  /**
   * A DVIPA exists once an owner or a long-form backup has created it. Checked at
   * each decision, so the state in force at the first connection is the state the
   * stacks started in (a `set` before any connection describes the IPL).
   */
  private activated(dv: SysplexDvipa): boolean {
    if (this.everActive.has(dv.address)) return true;
    if (dv.owners.some((o) => stackUp(this.state, o.system)) || dv.backups.some((b) => !b.shortForm && stackUp(this.state, b.system))) {
      this.everActive.add(dv.address);
      return true;
    }
    return false;
  }

  isDvipa(address: string): boolean {
    return this.ix.byAddress.has(address);
  }

  /** The stack that holds the DVIPA now, and the distributions it uses. */
  holder(dv: SysplexDvipa, trace: TraceStep[] | undefined): { system: string; distributions: Distribution[] } | undefined {
    if (!this.activated(dv)) {
      trace?.push({ what: 'DVIPA', detail: `${dv.address} was never activated: no VIPADEFINE owner is up and every VIPABACKUP is the short form, which can only take over an active DVIPA` });
      return undefined;
    }
    const owner = dv.owners.find((o) => stackUp(this.state, o.system));
    if (owner) {
      const mine = this.ix.bySystem.get(dv.address)?.get(owner.system) ?? [];
      trace?.push({ what: 'DVIPA', detail: `${dv.address} is active on its owner ${owner.system} (VIPADEFINE)` });
      return { system: owner.system, distributions: mine };
    }
    const down = dv.owners.map((o) => o.system).join(', ') || 'no VIPADEFINE owner';
    for (const t of dv.takeover) {
      if (!stackUp(this.state, t.system)) continue;
      const dists = t.distributions.map((id) => this.ix.byId.get(id)!).filter(Boolean);
      trace?.push({
        what: 'takeover',
        detail: `owner ${down} is down; ${t.system} (VIPABACKUP rank ${t.rank}) has taken ${dv.address} over` +
          (dists.length ? ` and distributes with ${t.inherited ? `the owner's VIPADISTRIBUTE (it codes none of its own)` : 'its own VIPADISTRIBUTE'}` : ''),
      });
      return { system: t.system, distributions: dists };
    }
    trace?.push({ what: 'DVIPA', detail: `owner ${down} is down and no VIPABACKUP stack is up: ${dv.address} is not active anywhere` });
    return undefined;
  }

  private candidates(d: Distribution, port: number): Candidate[] {
    return d.targets.map((t) => {
      if (!t.system) {
        // Non-z/OS tier-1 targets (GRE/ENCAP) are taken as ready; unknown DESTIPs never are.
        const ready = Boolean(d.routing);
        return { system: t.address ?? '?', target: t, server: { ...server(this.state, '', port) }, ready, why: ready ? 'non-z/OS tier-1 target' : `DESTIP ${t.address} is no stack's dynamic XCF address` };
      }
      const up = stackUp(this.state, t.system);
      const s = server(this.state, t.system, port);
      const why = !up ? 'stack down' : !s.listening ? `no server listening on port ${port}` : 'ready';
      return { system: t.system, target: t, server: s, ready: up && s.listening, why };
    });
  }

  private weight(d: Distribution, c: Candidate): number {
    const tsr = Math.max(0, Math.min(100, c.server.tsr)) / 100;
    switch (d.method) {
      case 'BASEWLM':
        return systemWeight(this.state, c.system) * tsr;
      case 'SERVERWLM':
        return c.server.wlm * healthFactor(c.server) * tsr;
      case 'WEIGHTEDACTIVE': {
        const w = c.target.weight ?? DEFAULT_WEIGHTEDACTIVE_WEIGHT;
        return w * (this.ix.sysplexRouting.get(c.system) ? healthFactor(c.server) : 1) * tsr;
      }
      default:
        return tsr > 0 ? 1 : 0;
    }
  }

  /** OPTLOCAL verdict for a connection that starts on `origin`, a target of the distribution. */
  private optLocal(d: Distribution, origin: string, port: number, trace: TraceStep[] | undefined): 'local' | 'distributor' | 'favour' {
    const value = d.optLocal!;
    const up = stackUp(this.state, origin);
    const s = server(this.state, origin, port);
    const failing: string[] = [];
    if (!up || !s.listening) failing.push('no local server is available');
    if (s.sef < OPTLOCAL_LIMITS.sef) failing.push(`SEF ${s.sef} < ${OPTLOCAL_LIMITS.sef}`);
    if (s.abnormal > OPTLOCAL_LIMITS.abnormal) failing.push(`abnormal completions ${s.abnormal} > ${OPTLOCAL_LIMITS.abnormal}`);
    if (s.health < OPTLOCAL_LIMITS.health) failing.push(`health ${s.health} < ${OPTLOCAL_LIMITS.health}`);
    if (failing.length) {
      trace?.push({ what: 'OPTLOCAL', detail: `OPTLOCAL ${value}, but ${failing.join(', ')}: the connection goes to the distributor (IBM: regardless of the OPTLOCAL value)` });
      return 'distributor';
    }
    const localWeight = d.method === 'BASEWLM' ? systemWeight(this.state, origin) : s.wlm;
    if (value === 0) {
      trace?.push({ what: 'OPTLOCAL', detail: `OPTLOCAL 0 and the local server is healthy: the connection stays on ${origin} (other systems' capacity is not considered)` });
      return 'local';
    }
    if (value === 1) {
      if (localWeight === 0) {
        trace?.push({ what: 'OPTLOCAL', detail: `OPTLOCAL 1 but the local WLM weight is 0: the connection goes to the distributor` });
        return 'distributor';
      }
      trace?.push({ what: 'OPTLOCAL', detail: `OPTLOCAL 1, local server healthy and WLM weight ${localWeight} > 0: the connection stays on ${origin}` });
      return 'local';
    }
    trace?.push({ what: 'OPTLOCAL', detail: `OPTLOCAL ${value}: ${origin}'s weight is multiplied by ${value} in the choice, favouring the local stack` });
    return 'favour';
  }

  connect(from: string, address: string, port: number, wantTrace = false): ConnectDecision {
    // Trace steps are built only when asked for: a decision without them allocates no strings.
    const trace: TraceStep[] | undefined = wantTrace ? [] : undefined;
    // Each call site builds a fresh result object: add the trace to it rather than copying it.
    const done = (d: Omit<ConnectDecision, 'trace'>): ConnectDecision => {
      (d as ConnectDecision).trace = trace ?? NO_TRACE;
      return d as ConnectDecision;
    };
    const dv = this.ix.byAddress.get(address);
    if (!dv) {
      const ownerName = this.ix.addressOwner.get(address);
      const owner = ownerName ? { name: ownerName } : undefined;
      if (!owner) {
        trace?.push({ what: 'address', detail: `${address} is no DVIPA and no address of a stack in the estate` });
        return done({ outcome: 'refused', reason: 'unknown address' });
      }
      const s = server(this.state, owner.name, port);
      if (!stackUp(this.state, owner.name) || !s.listening) {
        trace?.push({ what: 'address', detail: `${address} belongs to ${owner.name}, which is ${stackUp(this.state, owner.name) ? `not listening on ${port}` : 'down'}` });
        return done({ outcome: 'refused', reason: 'server unavailable' });
      }
      trace?.push({ what: 'address', detail: `${address} is an address of ${owner.name} (not a DVIPA): no distribution` });
      return done({ outcome: 'direct', target: owner.name });
    }
    const holder = this.holder(dv, trace);
    if (!holder) return done({ outcome: 'refused', reason: 'DVIPA not active' });
    const d = holder.distributions.find((x) => portCovered(x, port));
    if (!d) {
      const s = server(this.state, holder.system, port);
      trace?.push({ what: 'distribution', detail: `${dv.address} is not distributed on port ${port}: the connection goes to ${holder.system}, which holds it` });
      if (!s.listening) return done({ outcome: 'refused', reason: `no server on ${holder.system} port ${port}` });
      return done({ outcome: 'direct', target: holder.system });
    }
    trace?.push({
      what: 'distribution',
      detail: `VIPADISTRIBUTE ${d.dvipa} ${d.ports.length ? `port ${port}` : '(all ports)'} coded on ${d.system}: DISTMETHOD ${d.method}, ${d.optLocal === undefined ? 'NOOPTLOCAL' : `OPTLOCAL ${d.optLocal}`}${d.timedAffinity ? `, TIMEDAFFINITY ${d.timedAffinity}` : ''}`,
    });
    const cands = this.candidates(d, port);
    let favour: string | undefined;
    if (d.optLocal !== undefined && cands.some((c) => c.system === from)) {
      const verdict = this.optLocal(d, from, port, trace);
      if (verdict === 'local') return done({ outcome: 'local', target: from, distributor: holder.system, distribution: d.id });
      if (verdict === 'favour') favour = from;
    } else if (d.optLocal !== undefined && from !== 'client') {
      trace?.push({ what: 'OPTLOCAL', detail: `${from} is not a target of this distribution: OPTLOCAL does not apply` });
    }
    const affinityKey = d.timedAffinity > 0 ? `${d.id}|${from}` : '';
    if (d.timedAffinity > 0) {
      const prev = this.affinity.get(affinityKey);
      const c = cands.find((x) => x.system === prev && x.ready);
      if (c) {
        trace?.push({ what: 'TIMEDAFFINITY', detail: `${from} connected within ${d.timedAffinity} s: it goes to ${c.system} again` });
        return done(this.finish(d, holder.system, c.system, false));
      }
    }
    if (trace) for (const c of cands) trace.push({ what: 'candidate', detail: `${c.system}: ${c.why}${c.ready ? `, weight ${this.weight(d, c).toFixed(1)}` : ''}` });
    const ready = cands.filter((c) => c.ready);
    if (ready.length === 0) {
      trace?.push({ what: 'result', detail: 'no target is ready: the connection is refused' });
      return done({ outcome: 'refused', reason: 'no ready target', distributor: holder.system, distribution: d.id });
    }
    const chosen = this.choose(d, ready, favour, trace);
    if (d.timedAffinity > 0) this.affinity.set(affinityKey, chosen);
    // With OPTLOCAL 2–16 the origin's multiplied weight won: the local stack keeps it.
    return done(this.finish(d, holder.system, chosen, favour !== undefined && chosen === favour));
  }

  private finish(d: Distribution, distributor: string, target: string, local: boolean): Omit<ConnectDecision, 'trace'> {
    const m = this.active.get(d.id) ?? new Map<string, number>();
    m.set(target, (m.get(target) ?? 0) + 1);
    this.active.set(d.id, m);
    return { outcome: local ? 'local' : 'distributed', target, distributor, distribution: d.id };
  }

  /** An open connection closed (WEIGHTEDACTIVE counts active connections). */
  release(distribution: string | undefined, target: string | undefined): void {
    if (!distribution || !target) return;
    const m = this.active.get(distribution);
    if (m) m.set(target, Math.max(0, (m.get(target) ?? 0) - 1));
  }

  private choose(d: Distribution, ready: Candidate[], favour: string | undefined, trace: TraceStep[] | undefined): string {
    if (d.method === 'HOTSTANDBY') return this.hotStandby(d, ready, trace);
    if (d.method === 'ROUNDROBIN' || d.method === 'TARGCONTROLLED') {
      const eligible = ready.filter((c) => c.server.tsr > 0);
      const pool = eligible.length ? eligible : ready;
      const i = (this.rrNext.get(d.id) ?? 0) % pool.length;
      this.rrNext.set(d.id, i + 1);
      trace?.push({ what: 'choice', detail: `${d.method}: next ready target in turn is ${pool[i]!.system}` });
      return pool[i]!.system;
    }
    const weights = ready.map((c) => ({ key: c.system, weight: this.weight(d, c) * (c.system === favour ? d.optLocal! : 1) }));
    if (weights.every((w) => w.weight <= 0)) {
      const i = (this.rrNext.get(d.id) ?? 0) % ready.length;
      this.rrNext.set(d.id, i + 1);
      trace?.push({ what: 'choice', detail: `every weight is 0: round robin over the ready targets picks ${ready[i]!.system}` });
      return ready[i]!.system;
    }
    if (d.method === 'WEIGHTEDACTIVE') {
      const act = this.active.get(d.id) ?? new Map<string, number>();
      let best = weights[0]!;
      let bestScore = Infinity;
      for (const w of weights) {
        if (w.weight <= 0) continue;
        const score = ((act.get(w.key) ?? 0) + 1) / w.weight;
        if (score < bestScore) {
          bestScore = score;
          best = w;
        }
      }
      trace?.push({ what: 'choice', detail: `WEIGHTEDACTIVE keeps active connections proportional to weight: ${best.key} is furthest below its share` });
      return best.key;
    }
    const key = favour === undefined ? d.id : `${d.id}|${favour}`;
    let wrr = this.wrr.get(key);
    if (!wrr) this.wrr.set(key, (wrr = new SmoothWeighted()));
    const pick = wrr.pick(weights)!;
    trace?.push({ what: 'choice', detail: `${d.method} weighted choice (${weights.map((w) => `${w.key} ${w.weight.toFixed(1)}`).join(', ')}) picks ${pick}` });
    return pick;
  }

  private healthy(c: Candidate): boolean {
    return c.server.health >= OPTLOCAL_LIMITS.health && c.server.abnormal <= OPTLOCAL_LIMITS.abnormal;
  }

  private hotStandby(d: Distribution, ready: Candidate[], trace: TraceStep[] | undefined): string {
    const usable = ready.filter((c) => c.server.tsr > 0 && (!d.healthSwitch || this.healthy(c)));
    const preferred = usable.find((c) => c.target.preferred);
    const backups = usable.filter((c) => c.target.backupRank !== undefined).sort((a, b) => b.target.backupRank! - a.target.backupRank!);
    const holder = this.hotHolder.get(d.id);
    const holderStill = usable.find((c) => c.system === holder);
    let pick: Candidate | undefined;
    if (preferred && (d.autoSwitchBack || !holderStill || holder === preferred.system)) {
      pick = preferred;
      trace?.push({ what: 'choice', detail: `HOTSTANDBY: the PREFERRED target ${preferred.system} is available` });
    } else if (holderStill && !d.autoSwitchBack) {
      pick = holderStill;
      trace?.push({ what: 'choice', detail: `HOTSTANDBY NOAUTOSWITCHBACK: connections stay on ${holderStill.system} until it becomes unavailable` });
    } else {
      pick = backups[0];
      if (pick) trace?.push({ what: 'choice', detail: `HOTSTANDBY: PREFERRED unavailable; highest-ranked available BACKUP is ${pick.system} (rank ${pick.target.backupRank})` });
    }
    if (!pick) {
      pick = ready[0]!;
      trace?.push({ what: 'choice', detail: `HOTSTANDBY: no PREFERRED or BACKUP usable${d.healthSwitch ? ' (HEALTHSWITCH)' : ''}; ${pick.system} is the only ready target` });
    }
    this.hotHolder.set(d.id, pick.system);
    return pick.system;
  }
}
