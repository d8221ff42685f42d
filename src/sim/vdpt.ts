/**
 * One entry of the distributor's destination port table (VDPT): the state the
 * sysplex distributor keeps for one DVIPA and port. IBM keeps one entry per
 * DVIPA..port ("Verifying sysplex distributor workload", Netstat VDPT) and
 * distributes "for each DVIPA/port combination" (Q&A "What are the different
 * distribution methods"), so a VIPADISTRIBUTE with `PORT 20 21` has two
 * entries: round-robin turns, WEIGHTEDACTIVE's active connections, the
 * HOTSTANDBY target in use and TIMEDAFFINITY's affinities are per port.
 *
 * What the entry derives from the runtime state (holder, candidates, weights)
 * is recomputed when the simulation's epoch moves; what it remembers (turns,
 * counts, affinities) is kept by target system, so it survives a takeover that
 * changes the distribution in force.
 */
import type { Distribution, ResolvedTarget, SysplexDvipa } from '../model/estate.js';
import { seconds } from './clock.js';
import type { SimContext } from './engine.js';
import { reachableFromOutside, type OutsideReach } from './advertised.js';
import type { Holder, Holders } from './holder.js';
import { server, stackUp, systemWeight, type ServerState } from './state.js';
import { firstCovering, type SysplexIndex } from './sysplex-index.js';
import type { TraceStep } from './trace.js';

/** IBM OPTLOCAL topic: conditions that always send the connection to the distributor. */
export const OPTLOCAL_LIMITS = { sef: 75, abnormal: 250, health: 75 } as const;

/** WEIGHT when DESTIP codes none (IBM's examples use 10 and 20; the default is not documented). */
export const DEFAULT_WEIGHTEDACTIVE_WEIGHT = 10;

export interface Candidate {
  system: string;
  target: ResolvedTarget;
  server: Readonly<ServerState>;
  ready: boolean;
  why: string;
  /** The method's weight (before an OPTLOCAL multiplier). */
  weight: number;
}

interface Affinity {
  target: string;
  /** Open connections under the affinity. */
  count: number;
  /** When it ends once count is 0 (ms). */
  expires: number;
}

type OptLocalVerdict = 'local' | 'distributor' | 'favour';

function healthFactor(s: Readonly<ServerState>): number {
  return (Math.max(0, Math.min(100, s.health)) / 100) * Math.max(0, 1 - Math.min(1000, s.abnormal) / 1000);
}

/** The outcome of the last decision of an entry (read right after `decide`). */
export interface Decision {
  /** Index into `cands`, -1: refused, -2: direct to the holder. */
  index: number;
  local: boolean;
  reason?: string;
}

export class PortEntry {
  epoch = -1;
  holder: Holder | undefined;
  /** The distribution in force for the port; undefined: the holder serves it itself. */
  dist: Distribution | undefined;
  /** Whether clients outside the sysplex reach the DVIPA on its holder (what the holder advertises, advertised.ts). */
  outside: OutsideReach = { reachable: true };
  cands: Candidate[] = [];
  private bySystem = new Map<string, number>();
  /** Round-robin pool (ready, TSR > 0 — or ready when none has TSR > 0), ready list. */
  private rrPool: number[] = [];
  private readyList: number[] = [];
  /** Per candidate: active connections, smooth-weighted-round-robin state (no favour). */
  private active: Float64Array = new Float64Array(0);
  private current: Float64Array = new Float64Array(0);
  private favourCurrent = new Map<string, Float64Array>();
  private verdicts = new Map<string, OptLocalVerdict>();
  /** Kept by system across rebuilds. */
  private savedActive = new Map<string, number>();
  private savedCurrent = new Map<string, number>();
  private rr = 0;
  private hot: string | undefined;
  private readonly affinities = new Map<string, Affinity>();
  readonly last: Decision = { index: -1, local: false };

  constructor(
    readonly dv: SysplexDvipa,
    readonly port: number,
    private readonly ix: SysplexIndex,
    private readonly sim: SimContext,
    private readonly holders: Holders,
  ) {}

  /** Recompute what the state decides: the holder, the distribution, the candidates and their weights. */
  refresh(trace?: TraceStep[]): void {
    if (this.epoch === this.sim.epoch && !trace) return;
    this.save();
    this.epoch = this.sim.epoch;
    this.holder = this.holders.holder(this.dv, trace);
    this.outside = this.holder ? reachableFromOutside(this.sim.estate, this.holder.system, this.dv.address) : { reachable: true };
    this.dist = this.holder && firstCovering(this.holder.distributions, this.port);
    this.cands = this.dist ? this.candidates(this.dist) : [];
    this.bySystem = new Map(this.cands.map((c, i) => [c.system, i]));
    this.readyList = this.cands.flatMap((c, i) => (c.ready ? [i] : []));
    const eligible = this.readyList.filter((i) => this.cands[i]!.server.tsr > 0);
    this.rrPool = eligible.length ? eligible : this.readyList;
    this.active = new Float64Array(this.cands.map((c) => this.savedActive.get(c.system) ?? 0));
    this.current = new Float64Array(this.cands.map((c) => this.savedCurrent.get(c.system) ?? 0));
    this.favourCurrent.clear();
    this.verdicts.clear();
  }

  private save(): void {
    this.cands.forEach((c, i) => {
      this.savedActive.set(c.system, this.active[i]!);
      this.savedCurrent.set(c.system, this.current[i]!);
    });
  }

  private candidates(d: Distribution): Candidate[] {
    const state = this.sim.state;
    return d.targets.map((t) => {
      if (!t.system) {
        // Non-z/OS tier-1 targets (GRE/ENCAP) are taken as ready; unknown DESTIPs never are.
        const ready = Boolean(d.routing);
        const s = server(state, '', this.port);
        return { system: t.address ?? '?', target: t, server: s, ready, why: ready ? 'non-z/OS tier-1 target' : `DESTIP ${t.address} is no stack's dynamic XCF address`, weight: ready ? this.weightOf(d, t, '', s) : 0 };
      }
      const up = stackUp(state, t.system);
      const s = server(state, t.system, this.port);
      const ready = up && s.listening;
      const why = !up ? 'stack down' : !s.listening ? `no server listening on port ${this.port}` : 'ready';
      return { system: t.system, target: t, server: s, ready, why, weight: ready ? this.weightOf(d, t, t.system, s) : 0 };
    });
  }

  private weightOf(d: Distribution, t: ResolvedTarget, system: string, s: Readonly<ServerState>): number {
    const tsr = Math.max(0, Math.min(100, s.tsr)) / 100;
    switch (d.method) {
      case 'BASEWLM':
        return systemWeight(this.sim.state, system) * tsr;
      case 'SERVERWLM':
        return s.wlm * healthFactor(s) * tsr;
      case 'WEIGHTEDACTIVE':
        return (t.weight ?? DEFAULT_WEIGHTEDACTIVE_WEIGHT) * (this.ix.sysplexRouting.get(system) ? healthFactor(s) : 1) * tsr;
      default:
        return tsr > 0 ? 1 : 0;
    }
  }

  /** OPTLOCAL verdict for a connection that starts on `origin`, a target of the distribution. */
  private optLocal(d: Distribution, origin: string, trace: TraceStep[] | undefined): OptLocalVerdict {
    if (!trace) {
      const v = this.verdicts.get(origin);
      if (v) return v;
    }
    const value = d.optLocal!;
    const state = this.sim.state;
    const s = server(state, origin, this.port);
    const failing: string[] = [];
    if (!stackUp(state, origin) || !s.listening) failing.push('no local server is available');
    if (s.sef < OPTLOCAL_LIMITS.sef) failing.push(`SEF ${s.sef} < ${OPTLOCAL_LIMITS.sef}`);
    if (s.abnormal > OPTLOCAL_LIMITS.abnormal) failing.push(`abnormal completions ${s.abnormal} > ${OPTLOCAL_LIMITS.abnormal}`);
    if (s.health < OPTLOCAL_LIMITS.health) failing.push(`health ${s.health} < ${OPTLOCAL_LIMITS.health}`);
    let v: OptLocalVerdict;
    const localWeight = d.method === 'BASEWLM' ? systemWeight(state, origin) : s.wlm;
    if (failing.length) {
      trace?.push({ what: 'OPTLOCAL', detail: `OPTLOCAL ${value}, but ${failing.join(', ')}: the connection goes to the distributor (IBM: regardless of the OPTLOCAL value)` });
      v = 'distributor';
    } else if (value === 0) {
      trace?.push({ what: 'OPTLOCAL', detail: `OPTLOCAL 0 and the local server is healthy: the connection stays on ${origin} (other systems' capacity is not considered)` });
      v = 'local';
    } else if (value === 1) {
      if (localWeight === 0) trace?.push({ what: 'OPTLOCAL', detail: `OPTLOCAL 1 but the local WLM weight is 0: the connection goes to the distributor` });
      else trace?.push({ what: 'OPTLOCAL', detail: `OPTLOCAL 1, local server healthy and WLM weight ${localWeight} > 0: the connection stays on ${origin}` });
      v = localWeight === 0 ? 'distributor' : 'local';
    } else {
      trace?.push({ what: 'OPTLOCAL', detail: `OPTLOCAL ${value}: ${origin}'s weight is multiplied by ${value} in the choice, favouring the local stack` });
      v = 'favour';
    }
    this.verdicts.set(origin, v);
    return v;
  }

  /**
   * Decide one new connection. `origin` is the stack it starts on (undefined:
   * outside the sysplex); `client` its affinity identity. The result is in
   * `this.last` (no allocation per decision).
   */
  decide(origin: string | undefined, client: string, trace?: TraceStep[]): Decision {
    if (this.epoch !== this.sim.epoch || trace) this.refresh(trace);
    const last = this.last;
    last.local = false;
    last.reason = undefined;
    const d = this.dist;
    const holder = this.holder;
    if (!holder) {
      last.index = -1;
      last.reason = 'DVIPA not active';
      return last;
    }
    if (origin === undefined && !this.outside.reachable) {
      // The holder took the DVIPA over on the stack but does not advertise it: only the sysplex reaches it.
      trace?.push({ what: 'routing', detail: this.outside.why! });
      last.index = -1;
      last.reason = 'not advertised';
      return last;
    }
    if (!d) {
      const s = server(this.sim.state, holder.system, this.port);
      trace?.push({ what: 'distribution', detail: `${this.dv.address} is not distributed on port ${this.port}: the connection goes to ${holder.system}, which holds it` });
      last.index = s.listening ? -2 : -1;
      if (!s.listening) last.reason = `no server on ${holder.system} port ${this.port}`;
      return last;
    }
    if (trace) {
      trace.push({
        what: 'distribution',
        detail: `VIPADISTRIBUTE ${d.dvipa} ${d.ports.length ? `port ${this.port}` : '(all ports)'} coded on ${d.system}: DISTMETHOD ${d.method}, ${d.optLocal === undefined ? 'NOOPTLOCAL' : `OPTLOCAL ${d.optLocal}`}${d.timedAffinity ? `, TIMEDAFFINITY ${d.timedAffinity}` : ''}`,
      });
    }
    let favour = -1;
    if (d.optLocal !== undefined && origin !== undefined) {
      const oi = this.bySystem.get(origin);
      if (oi !== undefined) {
        const verdict = this.optLocal(d, origin, trace);
        if (verdict === 'local') return this.finish(oi, true, client, d);
        if (verdict === 'favour') favour = oi;
      } else trace?.push({ what: 'OPTLOCAL', detail: `${origin} is not a target of this distribution: OPTLOCAL does not apply` });
    }
    if (d.timedAffinity > 0) {
      const a = this.affinities.get(client);
      if (a && (a.count > 0 || this.sim.now < a.expires)) {
        const i = this.bySystem.get(a.target);
        if (i !== undefined && this.cands[i]!.ready) {
          trace?.push({
            what: 'TIMEDAFFINITY',
            detail: `${client} has an affinity to ${a.target} on ${this.dv.address}..${this.port} (${a.count ? `${a.count} connection${a.count === 1 ? '' : 's'} open` : `last connection closed, ${Math.round((a.expires - this.sim.now) / 1000)} s of ${d.timedAffinity} left`}): it goes to ${a.target} again`,
          });
          return this.finish(i, false, client, d);
        }
        trace?.push({ what: 'TIMEDAFFINITY', detail: `${client}'s affinity target ${a.target} is not ready: the connection is distributed anew` });
      } else if (a) trace?.push({ what: 'TIMEDAFFINITY', detail: `${client}'s affinity to ${a.target} expired ${d.timedAffinity} s after its last connection closed: the connection is distributed anew` });
    }
    if (trace) for (const c of this.cands) trace.push({ what: 'candidate', detail: `${c.system}: ${c.why}${c.ready ? `, weight ${c.weight.toFixed(1)}` : ''}` });
    if (this.readyList.length === 0) {
      trace?.push({ what: 'result', detail: 'no target is ready: the connection is refused' });
      last.index = -1;
      last.reason = 'no ready target';
      return last;
    }
    const chosen = this.choose(d, favour, trace);
    // With OPTLOCAL 2–16 the origin's multiplied weight won: the local stack keeps it.
    return this.finish(chosen, favour >= 0 && chosen === favour, client, d);
  }

  private finish(i: number, local: boolean, client: string, d: Distribution): Decision {
    this.active[i]!++;
    if (d.timedAffinity > 0) {
      const a = this.affinities.get(client);
      const target = this.cands[i]!.system;
      if (a && a.target === target) a.count++;
      else this.affinities.set(client, { target, count: 1, expires: Infinity });
    }
    this.last.index = i;
    this.last.local = local;
    return this.last;
  }

  /** Open connections closed or broken (WEIGHTEDACTIVE counts active connections; TIMEDAFFINITY counts them too). */
  release(target: string, client: string, n: number): void {
    this.refresh();
    const i = this.bySystem.get(target);
    if (i !== undefined) this.active[i] = Math.max(0, this.active[i]! - n);
    else this.savedActive.set(target, Math.max(0, (this.savedActive.get(target) ?? 0) - n));
    const a = this.affinities.get(client);
    if (a && a.target === target && this.dist && this.dist.timedAffinity > 0) {
      a.count = Math.max(0, a.count - n);
      // IBM, "Timed affinities": the affinity outlives its last connection by TIMEDAFFINITY seconds.
      if (a.count === 0) a.expires = this.sim.now + seconds(this.dist.timedAffinity);
    }
  }

  private choose(d: Distribution, favour: number, trace: TraceStep[] | undefined): number {
    if (d.method === 'HOTSTANDBY') return this.hotStandby(d, trace);
    if (d.method === 'ROUNDROBIN' || d.method === 'TARGCONTROLLED') {
      const pool = this.rrPool;
      const i = pool[this.rr++ % pool.length]!;
      trace?.push({ what: 'choice', detail: `${d.method}: next ready target in turn is ${this.cands[i]!.system} (turns are kept for ${this.dv.address}..${this.port})` });
      return i;
    }
    const ready = this.readyList;
    const cands = this.cands;
    const mult = favour >= 0 ? d.optLocal! : 1;
    let anyPositive = false;
    for (let k = 0; k < ready.length; k++) {
      if (cands[ready[k]!]!.weight > 0) {
        anyPositive = true;
        break;
      }
    }
    if (!anyPositive) {
      const i = ready[this.rr++ % ready.length]!;
      trace?.push({ what: 'choice', detail: `every weight is 0: round robin over the ready targets picks ${cands[i]!.system}` });
      return i;
    }
    if (d.method === 'WEIGHTEDACTIVE') {
      let best = -1;
      let bestScore = Infinity;
      for (let k = 0; k < ready.length; k++) {
        const i = ready[k]!;
        const w = i === favour ? cands[i]!.weight * mult : cands[i]!.weight;
        if (w <= 0) continue;
        const score = (this.active[i]! + 1) / w;
        if (score < bestScore) {
          bestScore = score;
          best = i;
        }
      }
      trace?.push({ what: 'choice', detail: `WEIGHTEDACTIVE keeps active connections on ${this.dv.address}..${this.port} proportional to weight: ${cands[best]!.system} is furthest below its share` });
      return best;
    }
    // Smooth weighted round robin (rng.ts): every window of Σweights picks follows the weights exactly.
    let cur = this.current;
    if (favour >= 0) {
      const key = cands[favour]!.system;
      let f = this.favourCurrent.get(key);
      if (!f) this.favourCurrent.set(key, (f = new Float64Array(cands.length)));
      cur = f;
    }
    let total = 0;
    let best = -1;
    let bestValue = -Infinity;
    for (let k = 0; k < ready.length; k++) {
      const i = ready[k]!;
      const w = i === favour ? cands[i]!.weight * mult : cands[i]!.weight;
      if (w <= 0) continue;
      const v = (cur[i] = cur[i]! + w);
      total += w;
      if (v > bestValue) {
        bestValue = v;
        best = i;
      }
    }
    cur[best] = bestValue - total;
    if (trace) {
      const ws = ready.map((i) => `${cands[i]!.system} ${(i === favour ? cands[i]!.weight * mult : cands[i]!.weight).toFixed(1)}`).join(', ');
      trace.push({ what: 'choice', detail: `${d.method} weighted choice (${ws}) picks ${cands[best]!.system}` });
    }
    return best;
  }

  private healthy(c: Candidate): boolean {
    return c.server.health >= OPTLOCAL_LIMITS.health && c.server.abnormal <= OPTLOCAL_LIMITS.abnormal;
  }

  private hotStandby(d: Distribution, trace: TraceStep[] | undefined): number {
    const usable = this.readyList.filter((i) => this.cands[i]!.server.tsr > 0 && (!d.healthSwitch || this.healthy(this.cands[i]!)));
    const preferred = usable.find((i) => this.cands[i]!.target.preferred);
    const backups = usable.filter((i) => this.cands[i]!.target.backupRank !== undefined).sort((a, b) => this.cands[b]!.target.backupRank! - this.cands[a]!.target.backupRank!);
    const holderStill = usable.find((i) => this.cands[i]!.system === this.hot);
    let pick: number | undefined;
    const name = (i: number): string => this.cands[i]!.system;
    if (preferred !== undefined && (d.autoSwitchBack || holderStill === undefined || this.hot === name(preferred))) {
      pick = preferred;
      trace?.push({ what: 'choice', detail: `HOTSTANDBY: the PREFERRED target ${name(preferred)} is available` });
    } else if (holderStill !== undefined && !d.autoSwitchBack) {
      pick = holderStill;
      trace?.push({ what: 'choice', detail: `HOTSTANDBY NOAUTOSWITCHBACK: connections to ${this.dv.address}..${this.port} stay on ${name(holderStill)} until it becomes unavailable` });
    } else {
      pick = backups[0];
      if (pick !== undefined) trace?.push({ what: 'choice', detail: `HOTSTANDBY: PREFERRED unavailable; highest-ranked available BACKUP is ${name(pick)} (rank ${this.cands[pick]!.target.backupRank})` });
    }
    if (pick === undefined) {
      pick = this.readyList[0]!;
      trace?.push({ what: 'choice', detail: `HOTSTANDBY: no PREFERRED or BACKUP usable${d.healthSwitch ? ' (HEALTHSWITCH)' : ''}; ${name(pick)} is the only ready target` });
    }
    this.hot = name(pick);
    return pick;
  }
}
