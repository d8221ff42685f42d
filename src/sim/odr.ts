/**
 * ODR cell affinity: what an On Demand Router does with a request the plug-in
 * sends it, when the plug-in sprays over the ODRs of several cells.
 *
 * Facts (IBM WebSphere Application Server ND, "Cell affinity function" and
 * "Cell affinity when an ODR fails"; "Using generic server clusters with cell
 * affinity"; "Generic server cluster members"):
 * - Sessions belong to the cell whose application server created them. IHS knows
 *   only the ODRs; with cell affinity the ODR-generated plugin-cfg.xml makes the
 *   plug-in use the ODR session cookie (ODRSESSIONID, or the tier's
 *   odrSessionIdCookieName) as its affinity cookie, so IHS stays on one ODR.
 * - An ODR of another cell that receives an in-session request does not know the
 *   application server: without cell affinity the session is lost. With
 *   odrSessionAffinityEnabled=true in its cell it looks through its GSCs for the
 *   one holding the ODR named by the ODR session ID and reroutes the request to
 *   that GSC; the ODR that completes the request adopts the session and puts its
 *   own server ID into the cookie, so the next request goes straight to it.
 * - ODR failure: IHS fails over to another ODR; if it is in another cell,
 *   that ODR finds the GSC holding the failed ODR and routes to an active member
 *   (with the dynamic workload manager off, weight 0 = never routed; with it on,
 *   the default, DWLM's weight replaces the configured one: gscRoutingWeight),
 *   which adopts the session.
 * - Cells joined by a core group bridge or the overlay (bridgedWith) reach each
 *   other's servers directly and need no GSC.
 *
 * Choices where IBM is silent:
 * - The ODR session cookie carries the ODR's server ID, modelled as the CloneID
 *   of the plug-in Server that is the ODR (else the ODR's name): IBM does not
 *   document its encoding.
 * - Within the GSC the ODR named by the cookie is preferred while it is up and
 *   has weight > 0; otherwise the members that are up with weight > 0 share the
 *   requests by weight (smooth weighted round robin).
 * - Only ODRs of a cell with cell affinity enabled write the ODR session cookie.
 * - The application servers behind an ODR are not modelled: a cell serves a
 *   request while one of its ODRs can take it.
 */
import { APP_SESSION_COOKIE, type Jar, type LossReason, type SessionStore } from './sessions.js';
import { SmoothWeighted } from './rng.js';
import type { TraceStep } from './trace.js';
import type { ClusterIx, GscIx, OdrIx, WebHealth, WebIndex } from './web-index.js';
import { gscRoutingWeight } from '../model/web.js';

export { APP_SESSION_COOKIE, type LossReason } from './sessions.js';

export interface OdrResult {
  /** The ODR that completed the request. */
  final: OdrIx;
  /** The cell that served it. */
  cell: string;
  inSession: boolean;
  lost: boolean;
  reason?: LossReason;
  /** The cell that held a lost session. */
  owner?: string;
}

export class OdrRouter {
  private readonly gscWrr = new Map<GscIx, SmoothWeighted>();
  /** Per plug-in cluster: ODR gid → the CloneID IHS knows it by. */
  private readonly ids = new Map<ClusterIx, Map<number, string>>();

  constructor(
    private readonly ix: WebIndex,
    private readonly health: WebHealth,
    private readonly sessions: SessionStore,
  ) {}

  private up(o: OdrIx): boolean {
    return this.health.odrDown[o.gid] !== 1;
  }

  /** The server ID an ODR writes into the ODR session cookie, as the plug-in cluster knows it. */
  idFor(o: OdrIx, c: ClusterIx): string {
    let m = this.ids.get(c);
    if (!m) {
      m = new Map();
      for (const s of c.servers) if (s.odr && s.s.cloneId && !m.has(s.odr.gid)) m.set(s.odr.gid, s.s.cloneId);
      this.ids.set(c, m);
    }
    return m.get(o.gid) ?? o.odr.name;
  }

  private sameSide(o: OdrIx, holder: string): boolean {
    return o.cell.name === holder || o.cell.bridged.has(holder);
  }

  /**
   * Reroute through the GSC that holds the ODR the cookie names (IBM, "Cell
   * affinity function"): the ODR that completes the request, or why there is none.
   * Rules ask this too, so that what they state is what the simulation does.
   */
  throughGsc(receiving: OdrIx, named: OdrIx, holder: string, trace?: TraceStep[]): { final?: OdrIx; reason?: LossReason } {
    const C = receiving.cell;
    const gsc = C.gscs.find((g) => g.members.some((m) => m.odr === named));
    if (!gsc) {
      trace?.push({
        what: 'GSC',
        detail: `no generic server cluster of ${C.name} holds ${named.odr.name} (GSCs: ${C.gscs.map((g) => `${g.gsc.name} [${g.members.map((m) => m.odr?.odr.name ?? `${m.m.host}:${m.m.port}`).join(', ')}]`).join('; ') || 'none'}): the request cannot be sent back to ${holder}`,
      });
      return { reason: 'no-gsc' };
    }
    const own = gsc.members.find((m) => m.odr === named);
    const weight = (m: (typeof gsc.members)[number]): number => gscRoutingWeight(gsc.gsc, m.m);
    let member = own && weight(own) > 0 && this.up(named) ? own : undefined;
    if (member) trace?.push({ what: 'GSC', detail: `GSC ${gsc.gsc.name} of ${C.name} holds ${named.odr.name}, which is up: ${receiving.odr.name} reroutes the request to it` });
    else {
      const live = gsc.members.filter((m) => weight(m) > 0 && (!m.odr || this.up(m.odr)));
      if (live.length) {
        let wrr = this.gscWrr.get(gsc);
        if (!wrr) this.gscWrr.set(gsc, (wrr = new SmoothWeighted()));
        const key = wrr.pick(live.map((m, i) => ({ key: String(i), weight: weight(m) })))!;
        member = live[Number(key)]!;
        trace?.push({
          what: 'GSC',
          detail: `GSC ${gsc.gsc.name} of ${C.name} holds ${named.odr.name}, which is ${this.up(named) ? 'a member with weight 0 (never routed)' : 'down'}: ${receiving.odr.name} routes to an active member, ${member.odr?.odr.name ?? `${member.m.host}:${member.m.port}`} (weight ${weight(member)}${gsc.gsc.dwlm ? ', the dynamic workload manager\'s in plexlint\'s reading' : ''})`,
        });
      }
    }
    if (!member) {
      const ownerCell = this.ix.cells.get(holder);
      const ownerLive = ownerCell?.odrs.some((o) => this.up(o) && o.odr.tier === named.odr.tier) ?? false;
      trace?.push({
        what: 'GSC',
        detail: `GSC ${gsc.gsc.name} of ${C.name} has no member that is up with weight > 0${ownerLive ? '' : `, and no ODR of ${holder} is up`}: the request cannot reach ${holder}`,
      });
      return { reason: ownerLive ? 'gsc-incomplete' : 'owner-odrs-down' };
    }
    if (!member.odr || !this.sameSide(member.odr, holder)) {
      trace?.push({
        what: 'GSC',
        detail: `${member.odr ? `${member.odr.odr.name} is an ODR of ${member.odr.cell.name}` : `${member.m.host}:${member.m.port} is no ODR of the manifest`}, not of ${holder}: it does not know ${holder}'s application servers`,
      });
      return { reason: 'gsc-wrong-member' };
    }
    return { final: member.odr };
  }

  /**
   * A request that the plug-in sent to ODR `receiving` (a server of cluster `c`).
   * `jar` holds the client's cookies and receives the ones the response sets.
   */
  handle(receiving: OdrIx, c: ClusterIx, jar: Jar | undefined, trace?: TraceStep[]): OdrResult {
    const C = receiving.cell;
    const jsid = jar?.get(APP_SESSION_COOKIE);
    const sid = jsid !== undefined ? (jsid.split(/[:+]/)[0] ?? '').slice(4) : undefined;
    const odrValue = jar?.get(receiving.odr.cookieName);
    const named = odrValue !== undefined ? this.ix.odrById.get(odrValue.split(/[:+]/).pop()!) : undefined;
    let holder = sid !== undefined ? this.sessions.holder(sid)?.replace(/^cell:/, '') : undefined;
    if (holder === undefined && named) {
      // A session the simulation did not create (cookies given to trace): held by the cell of the ODR the cookie names.
      holder = named.cell.name;
      trace?.push({ what: 'session', detail: `${receiving.odr.cookieName}=${odrValue} names ${named.odr.name} of ${holder}: the session belongs to ${holder}` });
    }
    const inSession = holder !== undefined || sid !== undefined;
    let final = receiving;
    let lost = false;
    let reason: LossReason | undefined;
    if (!inSession) {
      trace?.push({ what: 'ODR', detail: `${receiving.odr.name} (${C.name}) routes the new session to an application server of ${C.name}` });
    } else if (holder === undefined) {
      lost = true;
      reason = 'unknown-session';
      trace?.push({ what: 'ODR', detail: `no cell knows session ${sid}: ${receiving.odr.name} starts a new one in ${C.name}` });
    } else if (holder === C.name) {
      trace?.push({ what: 'ODR', detail: `${receiving.odr.name} is an ODR of ${holder}, which holds the session: it routes to the session's application server` });
    } else if (C.bridged.has(holder)) {
      trace?.push({ what: 'ODR', detail: `${receiving.odr.name} (${C.name}) is bridged to ${holder} (core group bridge / overlay): it routes to ${holder}'s application server directly, no GSC needed` });
    } else if (!C.cell.affinityEnabled) {
      lost = true;
      reason = 'affinity-disabled';
      trace?.push({ what: 'ODR', detail: `${receiving.odr.name} of ${C.name} gets a session of ${holder}, but ${C.name} does not enable cell affinity (odrSessionAffinityEnabled): it does not recognise the server and the session is lost` });
    } else if (!named) {
      lost = true;
      reason = 'no-odr-cookie';
      trace?.push({ what: 'ODR', detail: `${receiving.odr.name} of ${C.name} gets a session of ${holder}, but the request carries no ${receiving.odr.cookieName} naming an ODR${odrValue !== undefined ? ` (${odrValue} names none)` : ''}: it cannot find the owning cell and the session is lost` });
    } else {
      trace?.push({ what: 'ODR', detail: `${receiving.odr.name} of ${C.name} gets a session of ${holder} (misrouted): cell affinity is enabled, so it looks for the GSC holding ${named.odr.name}` });
      const r = this.throughGsc(receiving, named, holder, trace);
      if (r.final) {
        final = r.final;
        trace?.push({ what: 'adoption', detail: `${final.odr.name} completes the request and adopts the session` });
      } else {
        lost = true;
        reason = r.reason!;
      }
    }
    const cell = lost || !inSession ? C.name : holder!;
    if (jar) {
      if (!inSession || lost) {
        if (sid !== undefined) this.sessions.forget(sid);
        const newSid = this.sessions.create(`cell:${C.name}`);
        jar.set(APP_SESSION_COOKIE, `0000${newSid}`);
        if (lost) trace?.push({ what: 'session', detail: `the session is lost: an application server of ${C.name} starts a new one` });
      }
      if (final.cell.cell.affinityEnabled) {
        const id = this.idFor(final, c);
        if (jar.get(final.odr.cookieName) !== id) {
          jar.set(final.odr.cookieName, id);
          trace?.push({ what: 'cookie', detail: `${final.odr.name} writes its own server ID into ${final.odr.cookieName}=${id}: IHS sends the session's next requests to it` });
        }
      }
    }
    const out: OdrResult = { final, cell, inSession, lost };
    if (reason) out.reason = reason;
    if (lost && holder !== undefined) out.owner = holder;
    return out;
  }
}
