/**
 * Which stack holds a DVIPA now — the one function that decides it. Whether
 * clients outside the sysplex reach it there (what the holder advertises) is
 * advertised.ts's answer, asked once per holder in vdpt.ts.
 *
 * IBM (IP Configuration Guide, dynamic VIPA takeover and takeback; VIPADEFINE
 * and VIPABACKUP statements):
 * - the DVIPA is created on its VIPADEFINE owner; a long-form VIPABACKUP
 *   (MOVEABLE and a mask) may create it when it comes up first, a short-form one
 *   only takes over a DVIPA that was active;
 * - when the stack that holds it fails, the highest-ranked live VIPABACKUP
 *   takes it over, with its own VIPADISTRIBUTE or else the owner's;
 * - a backup holds it until its owner returns: with MOVEABLE IMMEDIATE the owner
 *   takes it back at once (existing connections are kept); with MOVEABLE WHENIDLE
 *   new connections "continue to be directed to the current stack" until no
 *   connection to the DVIPA exists there, then it moves. A backup that comes up
 *   while another backup holds the DVIPA does not take it.
 *
 * The running state (a `set` step's `dvipas`, or the captures of NETSTAT VIPADYN and DISPLAY
 * TCPIP,,SYSPLEX,VIPADYN that --state reads) may say who holds a DVIPA now: that stack holds it while it is up,
 * whatever the rules above would choose (an operator's VARY TCPIP,,SYSPLEX,DEACTIVATE, a WHENIDLE move in
 * progress), until the next stack failure or return, which the distributor engine tells by clearing the pins.
 */
import type { Distribution, SysplexDvipa } from '../model/estate.js';
import type { SimContext } from './engine.js';
import { stackUp } from './state.js';
import type { SysplexIndex } from './sysplex-index.js';
import type { TraceStep } from './trace.js';

export interface Holder {
  system: string;
  /** The distributions it uses for the DVIPA (empty: it serves the DVIPA itself). */
  distributions: Distribution[];
  how: 'owner' | 'takeover' | 'whenidle';
  /** WHENIDLE: the owner that waits for the current stack to be idle. */
  waiting?: string;
}

/** A takeover's distributions, by its ids (the takeover and the index belong to one estate; every simulation shares them). */
const takeoverDistributions = new WeakMap<SysplexDvipa['takeover'][number], Distribution[]>();

export class Holders {
  private readonly current = new Map<string, string>();
  private readonly everActive = new Set<string>();
  private readonly cache = new Map<string, { epoch: number; holder: Holder | undefined }>();

  constructor(
    private readonly ix: SysplexIndex,
    private readonly sim: SimContext,
  ) {}

  /** The stack that holds the DVIPA now (undefined: no stack does). */
  holder(dv: SysplexDvipa, trace?: TraceStep[]): Holder | undefined {
    if (!trace) {
      const c = this.cache.get(dv.address);
      if (c && c.epoch === this.sim.epoch) return c.holder;
    }
    const h = this.decide(dv, trace);
    this.cache.set(dv.address, { epoch: this.sim.epoch, holder: h });
    return h;
  }

  /** The stack holding the DVIPA as of the last decision, without deciding again (observations). */
  held(address: string): string | undefined {
    return this.current.get(address);
  }

  private up(system: string): boolean {
    return stackUp(this.sim.state, system);
  }

  private ownerHolder(dv: SysplexDvipa, system: string, how: Holder['how']): Holder {
    return { system, distributions: this.ix.bySystem.get(dv.address)?.get(system) ?? [], how };
  }

  private decide(dv: SysplexDvipa, trace?: TraceStep[]): Holder | undefined {
    const pinned = this.pinned(dv, trace);
    if (pinned !== false) return pinned;
    // A DVIPA exists once an owner or a long-form backup has created it. Checked at
    // each decision, so the state in force at the first connection is the state the
    // stacks started in (a `set` before any connection describes the IPL).
    if (!this.everActive.has(dv.address)) {
      if (!dv.owners.some((o) => this.up(o.system)) && !dv.backups.some((b) => !b.shortForm && this.up(b.system))) {
        trace?.push({ what: 'DVIPA', detail: `${dv.address} was never activated: no VIPADEFINE owner is up and every VIPABACKUP is the short form, which can only take over an active DVIPA` });
        return undefined;
      }
      this.everActive.add(dv.address);
    }
    const cur = this.current.get(dv.address);
    const liveOwner = dv.owners.find((o) => this.up(o.system));
    let h: Holder | undefined;
    if (cur !== undefined && this.up(cur) && (dv.owners.some((o) => o.system === cur) || !liveOwner)) {
      // The holder stays: it is an owner, or no owner is up to take the DVIPA back.
      h = dv.owners.some((o) => o.system === cur) ? this.ownerHolder(dv, cur, 'owner') : this.takeoverHolder(dv, cur, trace, false);
      if (h && h.how === 'owner') trace?.push({ what: 'DVIPA', detail: `${dv.address} is active on its owner ${cur} (VIPADEFINE)` });
    } else if (cur !== undefined && this.up(cur) && liveOwner) {
      // A backup holds it and the owner is back.
      const open = this.sim.connections.to(dv.address);
      if (liveOwner.moveable === 'WHENIDLE' && open > 0) {
        h = { ...this.takeoverHolder(dv, cur, undefined, false)!, how: 'whenidle', waiting: liveOwner.system };
        trace?.push({
          what: 'DVIPA',
          detail: `${liveOwner.system} is back, but its VIPADEFINE is MOVEABLE WHENIDLE and ${cur} still has ${open} connection${open === 1 ? '' : 's'} to ${dv.address}: new connections stay on ${cur} until it is idle`,
        });
      } else {
        h = this.ownerHolder(dv, liveOwner.system, 'owner');
        trace?.push({
          what: 'DVIPA',
          detail: `${liveOwner.system} is back and takes ${dv.address} back from ${cur} (${liveOwner.moveable === 'WHENIDLE' ? `MOVEABLE WHENIDLE: ${cur} is idle` : 'MOVEABLE IMMEDIATE'}); existing connections are kept`,
        });
      }
    } else if (liveOwner) {
      h = this.ownerHolder(dv, liveOwner.system, 'owner');
      trace?.push({ what: 'DVIPA', detail: `${dv.address} is active on its owner ${liveOwner.system} (VIPADEFINE)` });
    } else {
      const down = cur ?? (dv.owners.map((o) => o.system).join(', ') || 'no VIPADEFINE owner');
      const next = dv.takeover.find((t) => this.up(t.system));
      h = next ? this.takeoverHolder(dv, next.system, trace, true, down) : undefined;
      if (!h) trace?.push({ what: 'DVIPA', detail: `${down} is down and no VIPABACKUP stack is up: ${dv.address} is not active anywhere` });
    }
    if (h) this.current.set(dv.address, h.system);
    else this.current.delete(dv.address);
    return h;
  }

  /** The holder the running state gives (false: it gives none, or that stack is down — the rules decide). */
  private pinned(dv: SysplexDvipa, trace?: TraceStep[]): Holder | undefined | false {
    const pin = this.sim.state.dvipas?.[dv.address]?.holder;
    if (pin === undefined || pin === null) return false;
    if (pin === 'none') {
      this.current.delete(dv.address);
      trace?.push({ what: 'DVIPA', detail: `${dv.address} is active on no stack (the running state says so)` });
      return undefined;
    }
    if (!this.up(pin)) return false;
    this.everActive.add(dv.address);
    this.current.set(dv.address, pin);
    const owner = dv.owners.some((o) => o.system === pin);
    trace?.push({ what: 'DVIPA', detail: `${dv.address} is active on ${pin} (the running state says so${owner ? ': its VIPADEFINE owner' : ''})` });
    return owner ? this.ownerHolder(dv, pin, 'owner') : this.takeoverHolder(dv, pin, undefined, false);
  }

  private takeoverHolder(dv: SysplexDvipa, system: string, trace: TraceStep[] | undefined, announce: boolean, down?: string): Holder | undefined {
    const t = dv.takeover.find((x) => x.system === system);
    if (!t) return { system, distributions: [], how: 'takeover' };
    // Resolved once per takeover: a DVIPA distributed on thousands of ports has thousands of distributions.
    let dists = takeoverDistributions.get(t);
    if (!dists) {
      dists = t.distributions.map((id) => this.ix.byId.get(id)).filter((d): d is Distribution => d !== undefined);
      takeoverDistributions.set(t, dists);
    }
    if (trace) {
      const text =
        `${announce ? `${down} is down; ` : ''}${t.system} (VIPABACKUP rank ${t.rank}) ${announce ? 'has taken' : 'holds'} ${dv.address} over` +
        (dists.length ? ` and distributes with ${t.inherited ? `the owner's VIPADISTRIBUTE (it codes none of its own)` : 'its own VIPADISTRIBUTE'}` : '');
      trace.push({ what: 'takeover', detail: text });
    }
    return { system: t.system, distributions: dists, how: 'takeover' };
  }
}
