/**
 * The web server plug-in engine: which application server (or ODR) a request
 * that reaches IBM HTTP Server goes to, and why.
 *
 * Facts (IBM WebSphere plug-in documentation: plugin-cfg.xml elements, "How the
 * plug-in selects a server", the weighted round robin technotes; APARs PQ85554, PM12112):
 * - the Host header is matched against the VirtualHosts and the URI against
 *   the Uri patterns → Route → ServerCluster; the plug-in looks for the affinity
 *   cookie the Uri names (AffinityCookie, any position among the cookies — PQ85554)
 *   or the URL identifier (";jsessionid="), splits off the clone IDs and compares
 *   them with the CloneIDs of the primary servers. A matched server that is
 *   marked down is skipped; requests without a match are load balanced.
 * - JSESSIONID = 4-character cache ID + session ID + ":" + clone ID(s)
 *   ("+" with CloneSeparatorChange).
 * - weighted round robin: weights divided by their GCD; a random starting
 *   point per web-server process; each request routed by load balancing
 *   decrements the chosen server's weight; servers at ≤ 0 are skipped; when all
 *   are ≤ 0 every weight is reset to its starting value. Affinity requests
 *   decrement only with IgnoreAffinityRequests="false" (and may go below 0).
 *   Weight 0 gets no new requests but keeps its sessions. Worked example
 *   (weights 2 and 4): s1, s2, s1, s2, s2, s2, reset, s1.
 * - Random: a random member per new request, weights ignored; affinity honoured.
 * - PrimaryServers are balanced; BackupServers are tried in list order only
 *   when no primary is available.
 * - a connect failure (ConnectTimeout) marks the server down
 *   for RetryInterval and the request goes to another member; without session
 *   replication the new member starts a new session (the session is lost).
 * - a cluster where no server has a CloneID has no affinity: the plug-in only balances.
 *
 * Choices where IBM is silent (docs/simulator.md lists them):
 * - URI precedence: the matching Uri with the most literal characters wins (an
 *   exact URI before any wildcard), then an exact host before a `*` host, then
 *   file order.
 * - Time: a mark-down lasts RetryInterval seconds of simulated time (clock.ts).
 *   A scenario without `advance` steps keeps the first generation's reading: each
 *   step starts after RetryInterval has passed, so the plug-in tries the server again.
 * - A session the simulation did not create (a cookie a scenario or trace gives)
 *   is held by every server its clone IDs name: after a failover the member that
 *   adopted the session appends its clone ID (`…:rr3:rr1`), and the plug-in tries
 *   the clone IDs in order.
 * - The reset looks at the servers the plug-in may choose now: a marked-down
 *   server's remaining weight does not hold the reset back.
 * - A primary with weight 0 takes no new request: when no primary with weight > 0
 *   is available, new requests go to the backups, and fail when there is none.
 *   Unless every primary is configured with weight 0: then the plug-in readjusts
 *   the weights above 0 (IBM support, "Recommended values for web server plug-in
 *   config"; APAR PQ76548) and IBM does not say how they share, so each primary
 *   gets weight 1 (plain round robin).
 * - An affinity request whose server is down is load balanced (the behaviour
 *   after PM12112); clone IDs of backup servers are honoured only while no
 *   primary is available.
 * - One web-server process per plug-in file (one random starting point per
 *   cluster); ClusterAddress is not modelled (the plug-in balances as if absent).
 * - Application servers set the cookie the Uri names; sessions live in the JVM
 *   (the server's first http transport), so two plug-ins that send to the same
 *   JVM share its sessions.
 */
import { wildcardMatch } from '../core/wildcard.js';
import type { PluginUri } from '../model/web.js';
import { seconds } from './clock.js';
import type { OdrRouter } from './odr.js';
import type { Rng } from './rng.js';
import type { Jar, LossReason, SessionStore } from './sessions.js';
import type { TraceStep } from './trace.js';
import type { ClusterIx, PluginIx, RouteIx, ServerIx, VhostIx, WebHealth, WebIndex } from './web-index.js';

export { SessionStore, type Jar } from './sessions.js';

export interface PluginRequest {
  url: string;
  scheme: 'http' | 'https';
  /** Lower case; IPv6 in brackets. */
  host: string;
  port: number;
  /** The path without ";" parameters and query. */
  path: string;
  /** ";name=value" path parameters (the URL identifier). */
  params: Map<string, string>;
}

/** Parse a request URL; a string says what is wrong with it. */
export function parseRequestUrl(url: string): PluginRequest | string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `'${url}' is not a URL (expected e.g. http://shop.example.com/shop/cart)`;
  }
  const scheme = u.protocol === 'https:' ? 'https' : u.protocol === 'http:' ? 'http' : undefined;
  if (!scheme) return `'${url}': only http and https URLs reach the plug-in`;
  const raw = u.pathname || '/';
  const semi = raw.indexOf(';');
  const params = new Map<string, string>();
  if (semi >= 0) {
    for (const part of raw.slice(semi + 1).split(';')) {
      const eq = part.indexOf('=');
      if (eq <= 0) continue;
      const value = decodePercent(part.slice(eq + 1));
      if (value === undefined) return `'${url}': the path parameter '${part.slice(0, eq)}' holds a malformed percent escape (a % not followed by two hex digits of a UTF-8 sequence)`;
      params.set(part.slice(0, eq).toLowerCase(), value);
    }
  }
  return {
    url,
    scheme,
    host: u.hostname.toLowerCase(),
    port: u.port ? Number(u.port) : scheme === 'https' ? 443 : 80,
    path: semi >= 0 ? raw.slice(0, semi) || '/' : raw,
    params,
  };
}

/** decodeURIComponent, or undefined for a malformed escape (which it throws on). */
function decodePercent(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export interface Resolution {
  plugin: PluginIx;
  route: RouteIx;
  cluster: ClusterIx;
  uri: PluginUri;
  vhost: VhostIx;
}

/** How specific a Uri pattern is for a path: -1 no match; exact patterns above every wildcard. */
export function uriScore(pattern: string, path: string): number {
  const p = pattern.trim();
  if (!p.includes('*')) return p === path ? 1_000_000 + p.length : -1;
  if (p.endsWith('/*') && !p.slice(0, -2).includes('*')) {
    const prefix = p.slice(0, -2);
    return path === prefix || path.startsWith(`${prefix}/`) || prefix === '' ? prefix.length + 1 : -1;
  }
  if (p.startsWith('*.') && !p.slice(1).includes('*')) return path.endsWith(p.slice(1)) ? p.length - 1 : -1;
  return wildcardMatch(p, path) ? p.replace(/\*/g, '').length : -1;
}

function vhostMatches(v: VhostIx, req: PluginRequest): boolean {
  return (v.vh.port === undefined || v.vh.port === req.port) && v.host.test(req.host);
}

/** Route a request through a plug-in file (no state: the same answer for every request to the URL). */
export function resolve(plugin: PluginIx, req: PluginRequest, trace?: TraceStep[]): Resolution | string {
  let best: { r: RouteIx; uri: PluginUri; vh: VhostIx; score: number; exact: boolean } | undefined;
  const considered: string[] = [];
  let matching = 0;
  for (const r of plugin.routes) {
    const vh = r.hosts.find((v) => v.exact && vhostMatches(v, req)) ?? r.hosts.find((v) => vhostMatches(v, req));
    if (!vh) {
      if (trace) considered.push(`Route to ${r.route.serverCluster ?? '?'}: no VirtualHost of ${r.vhostGroup ?? '(none)'} matches ${req.host}:${req.port}`);
      continue;
    }
    let uri: PluginUri | undefined;
    let score = -1;
    for (const u of r.uris) {
      const s = uriScore(u.pattern, req.path);
      if (s > score) {
        score = s;
        uri = u;
      }
    }
    if (!uri) {
      if (trace) considered.push(`Route to ${r.route.serverCluster ?? '?'}: ${req.host}:${req.port} matches VirtualHost ${vh.vh.name}, but no Uri of ${r.uriGroup ?? '(none)'} matches ${req.path}`);
      continue;
    }
    matching++;
    if (!best || score > best.score || (score === best.score && vh.exact && !best.exact)) best = { r, uri, vh, score, exact: vh.exact };
  }
  if (!best) {
    trace?.push(...considered.map((d) => ({ what: 'route', detail: d })));
    return `no Route of ${plugin.p.file} matches Host ${req.host}:${req.port} and URI ${req.path}: the plug-in does not handle the request (the web server serves it itself)`;
  }
  const cluster = best.r.cluster;
  if (trace) {
    trace.push({ what: 'virtual host', detail: `Host ${req.host}:${req.port} matches VirtualHost ${best.vh.vh.name} of VirtualHostGroup ${best.r.vhostGroup}` });
    const others = matching > 1 ? ` (the most specific of ${matching} matching Route${matching === 1 ? '' : 's'}: plexlint ranks exact URIs first, then more literal characters, then an exact host)` : '';
    trace.push({ what: 'URI', detail: `${req.path} matches Uri ${best.uri.pattern} of UriGroup ${best.r.uriGroup}${others}` });
  }
  if (!cluster) return `the Route for ${best.uri.pattern} names ServerCluster ${best.r.route.serverCluster ?? '(none)'}, which ${plugin.p.file} does not define: the plug-in fails to load`;
  if (trace) {
    const c = cluster.c;
    trace.push({
      what: 'route',
      detail: `Route → ServerCluster ${c.name}: LoadBalance ${cluster.random ? 'Random' : cluster.unknownLoadBalance ? `"${cluster.unknownLoadBalance}" (not a value the plug-in knows; taken as Round Robin, the default)` : 'Round Robin'}, IgnoreAffinityRequests ${c.ignoreAffinityRequests}, RetryInterval ${c.retryInterval} s`,
    });
  }
  return { plugin, route: best.r, cluster, uri: best.uri, vhost: best.vh };
}

/** What happened to one request. */
export interface RequestOutcome {
  /** The plug-in server that took it; undefined when it failed. */
  server?: ServerIx;
  affinity: boolean;
  /** The request carried a session. */
  inSession: boolean;
  /** ... and reached a server (or cell) that does not hold it. */
  lost: boolean;
  reason?: LossReason;
  /** What held the lost session: a plug-in server's name, or behind ODRs the owning cell. */
  owner?: string;
  /** Behind ODRs: the ODR that completed the request and the cell that served it. */
  odr?: string;
  cell?: string;
}

/** Per web-server process, per cluster: the weighted round robin counters and the mark-downs. */
interface ClusterRuntime {
  /** Starting weight of each primary: LoadBalanceWeight ÷ GCD (or as written, see PluginEngineOptions); 1 each when all are 0. */
  start: number[];
  /** Every primary is configured with weight 0, so the plug-in readjusted them all to above 0 (PQ76548). */
  readjusted: boolean;
  /** Current weight of each primary (aligned with ClusterIx.primaries). */
  current: number[];
  /** Position in the primaries where the next search starts. */
  next: number;
  /** Until when (ms) each server (by position in ClusterIx.servers) is marked down. */
  markedUntil: Float64Array;
  /** Scenarios without a clock: the step whose mark-downs these are. */
  markedStep: number;
}

/** The time the plug-in engine lives in. */
export interface PluginClock {
  /** Simulated time (ms). */
  now(): number;
  /** false: each step starts after RetryInterval has passed (scenarios without `advance`). */
  clocked(): boolean;
}

const NO_CLOCK: PluginClock = { now: () => 0, clocked: () => false };

/**
 * The parts of a JSESSIONID-format value: cache ID, session ID, clone IDs.
 * A value without a separator is a session without a clone ID — or, in front of
 * ODRs (`bareIsClone`), the ODR's server ID that the ODR session cookie carries.
 */
export function parseAffinityValue(value: string, separator: string, bareIsClone: boolean): { sid?: string; clones: string[] } {
  if (!value.includes(separator)) return bareIsClone ? { clones: value ? [value] : [] } : { sid: value.slice(4), clones: [] };
  const parts = value.split(separator);
  return { sid: parts[0]!.slice(4), clones: parts.slice(1).filter(Boolean) };
}

export interface PluginEngineOptions {
  /**
   * Divide the weights by their GCD (default true: today's plug-in, and the
   * technote "Recommended values for web server plug-in config"). The WAS V6
   * Redpaper's worked example (Table 1: weights 2 and 4, counters 2/4 → … → 0/0)
   * counts down the weights as written: false reproduces that plug-in.
   */
  divideByGcd?: boolean;
}

export class PluginEngine {
  private readonly runtimes = new Map<ClusterIx, ClusterRuntime>();
  private step = 0;

  constructor(
    readonly ix: WebIndex,
    private readonly health: WebHealth,
    private readonly rng: Rng,
    readonly sessions: SessionStore,
    private readonly odr: OdrRouter,
    private readonly options: PluginEngineOptions = {},
    private readonly clock: PluginClock = NO_CLOCK,
  ) {}

  /** A new step. Without a clock, the mark-downs of the previous step have expired (RetryInterval). */
  beginStep(): void {
    this.step++;
  }

  private runtime(c: ClusterIx): ClusterRuntime {
    let rt = this.runtimes.get(c);
    if (!rt) {
      // the starting point is chosen at random per web-server process.
      // With no positive weight the plug-in readjusts every weight to above 0 (PQ76548): equal shares.
      const readjusted = c.primaries.length > 0 && c.weights.every((w) => w === 0);
      const start = readjusted ? c.weights.map(() => 1) : this.options.divideByGcd === false ? c.weights : c.reduced;
      rt = { start, readjusted, current: [...start], next: c.primaries.length ? this.rng.int(c.primaries.length) : 0, markedUntil: new Float64Array(c.servers.length), markedStep: this.step };
      this.runtimes.set(c, rt);
    }
    if (!this.clock.clocked() && rt.markedStep !== this.step) {
      rt.markedUntil.fill(0);
      rt.markedStep = this.step;
    }
    return rt;
  }

  /** Current weights of a cluster's primaries, for trace. */
  currentWeights(c: ClusterIx): number[] {
    return [...this.runtime(c).current];
  }

  /** The first primary the next weighted round robin search starts from (for tests that fix the start point). */
  setStart(c: ClusterIx, position: number): void {
    this.runtime(c).next = position % Math.max(1, c.primaries.length);
  }

  private markDown(c: ClusterIx, rt: ClusterRuntime, s: ServerIx, trace?: TraceStep[]): void {
    rt.markedUntil[s.pos] = this.clock.clocked() ? this.clock.now() + seconds(Math.max(0, c.c.retryInterval)) : Infinity;
    trace?.push({
      what: 'mark-down',
      detail: `${s.name} does not answer (${s.s.connectTimeout > 0 ? `ConnectTimeout ${s.s.connectTimeout} s` : 'blocking connect'}): the plug-in marks it down for RetryInterval ${c.c.retryInterval} s and tries another server`,
    });
  }

  private isMarked(rt: ClusterRuntime, s: ServerIx): boolean {
    return rt.markedUntil[s.pos]! > this.clock.now();
  }

  /** Weighted round robin over the primaries; -1 when no primary with weight > 0 is available. */
  private wrrPick(c: ClusterIx, rt: ClusterRuntime, trace?: TraceStep[]): number {
    const n = c.primaries.length;
    const cur = rt.current;
    let anyEligible = false;
    let anyPositive = false;
    for (let j = 0; j < n; j++) {
      if (rt.start[j]! <= 0 || this.isMarked(rt, c.primaries[j]!)) continue;
      anyEligible = true;
      if (cur[j]! > 0) {
        anyPositive = true;
        break;
      }
    }
    if (!anyEligible) return -1;
    if (!anyPositive) {
      for (let j = 0; j < n; j++) cur[j] = rt.start[j]!;
      trace?.push({ what: 'reset', detail: `every available server's weight is ≤ 0: the plug-in resets all weights to their starting values (${rt.start.join(', ')})` });
    }
    for (let k = 0; k < n; k++) {
      const j = (rt.next + k) % n;
      if (cur[j]! > 0 && !this.isMarked(rt, c.primaries[j]!)) return j;
    }
    return -1;
  }

  /** Load balancing with failover: a server that does not answer is marked down and the choice is made again. */
  private balance(c: ClusterIx, rt: ClusterRuntime, trace?: TraceStep[]): ServerIx | undefined {
    for (let attempt = 0; attempt <= c.servers.length; attempt++) {
      let chosen: ServerIx | undefined;
      let position = -1;
      if (c.random) {
        const pool = c.primaries.filter((s) => !this.isMarked(rt, s));
        if (pool.length) {
          chosen = pool[this.rng.int(pool.length)]!;
          trace?.push({ what: 'choice', detail: `LoadBalance Random: ${chosen.name}, picked at random among ${pool.length} available primar${pool.length === 1 ? 'y' : 'ies'} (weights are ignored)` });
        }
      } else {
        if (trace && attempt === 0) {
          if (rt.readjusted) {
            trace.push({
              what: 'weights',
              detail: `no primary has a positive LoadBalanceWeight: the plug-in readjusts every weight to above 0 (APAR PQ76548), so new requests ${c.primaries.length === 1 ? 'still go to it' : 'are still balanced over them'}. IBM does not say how the readjusted weights share; plexlint gives each primary weight 1`,
            });
          }
          c.primaries.forEach((s, j) =>
            trace.push({
              what: 'candidate',
              detail: `${s.name}: LoadBalanceWeight ${s.s.weight}${rt.readjusted ? ', readjusted to 1' : ''}${rt.start !== c.weights && c.gcd > 1 ? ` ÷ GCD ${c.gcd} = ${c.reduced[j]}` : ''}, current weight ${rt.current[j]}${this.isMarked(rt, s) ? ', marked down' : ''}${rt.start[j] === 0 ? ' (weight 0: no new requests)' : ''}`,
            }),
          );
        }
        position = this.wrrPick(c, rt, trace);
        if (position >= 0) chosen = c.primaries[position]!;
      }
      if (!chosen) {
        for (const b of c.backups) {
          if (this.isMarked(rt, b)) continue;
          if (this.health.serverDown[b.gid]) {
            this.markDown(c, rt, b, trace);
            continue;
          }
          trace?.push({ what: 'choice', detail: `no primary server is available: BackupServers are tried in list order; ${b.name} (backup ${b.backupRank + 1}) takes the request` });
          return b;
        }
        trace?.push({ what: 'result', detail: `no server is available${c.backups.length ? ' (primaries and backups)' : ''}: the request fails` });
        return undefined;
      }
      if (this.health.serverDown[chosen.gid]) {
        if (trace && position >= 0) trace.push({ what: 'choice', detail: `weighted round robin picks ${chosen.name}` });
        this.markDown(c, rt, chosen, trace);
        continue;
      }
      if (position >= 0) {
        const before = rt.current[position]!;
        rt.current[position] = before - 1;
        rt.next = (position + 1) % c.primaries.length;
        trace?.push({ what: 'choice', detail: `weighted round robin picks ${chosen.name} (the next server with weight > 0 from the search position): current weight ${before} → ${before - 1}` });
      }
      return chosen;
    }
    return undefined;
  }

  /**
   * One request. `jar` is the client's cookie jar (updated with the cookies the
   * response sets); without one the client keeps no cookies.
   */
  request(res: Resolution, req: PluginRequest, jar: Jar | undefined, trace?: TraceStep[]): RequestOutcome {
    const c = res.cluster;
    const rt = this.runtime(c);
    const uri = res.uri;
    // the affinity cookie, else the URL identifier.
    let value = jar?.get(uri.affinityCookie);
    let source = `cookie ${uri.affinityCookie}`;
    if (value === undefined) {
      const fromUrl = req.params.get(uri.affinityUrlIdentifier.toLowerCase());
      if (fromUrl !== undefined) {
        value = fromUrl;
        source = `URL identifier ;${uri.affinityUrlIdentifier}=`;
      }
    }
    const parsed = value !== undefined ? parseAffinityValue(value, c.separator, c.odrs) : { clones: [] as string[] };
    let target: ServerIx | undefined;
    let affinity = false;
    /** Why affinity could not be honoured (the loss reason if the session then lands elsewhere). */
    let skipped: LossReason | undefined;
    if (value === undefined) trace?.push({ what: 'affinity', detail: `no ${uri.affinityCookie} cookie and no ;${uri.affinityUrlIdentifier}= in the URL: a new session, load balanced` });
    else if (c.noClones) {
      skipped = 'no-clone-ids';
      trace?.push({ what: 'affinity', detail: `${source} = ${value}, but no server of ${c.name} has a CloneID: the plug-in assumes no affinity and load balances` });
    } else {
      const noPrimary = c.primaries.every((s) => this.isMarked(rt, s) || this.health.serverDown[s.gid] === 1);
      for (const clone of parsed.clones) {
        const s = c.byClone.get(clone);
        if (!s) {
          skipped ??= 'unknown-clone';
          trace?.push({ what: 'affinity', detail: `${source} carries clone ID ${clone}, which no Server of ${c.name} has` });
          continue;
        }
        if (!s.primary && !(s.backupRank >= 0 && noPrimary)) {
          if (skipped === undefined || skipped === 'unknown-clone') skipped = 'backup-server';
          trace?.push({ what: 'affinity', detail: `clone ID ${clone} is ${s.name}, which is not a primary server: its affinity holds only while no primary is available` });
          continue;
        }
        if (this.isMarked(rt, s)) {
          skipped = 'server-down';
          trace?.push({ what: 'affinity', detail: `clone ID ${clone} is ${s.name}, which is marked down: skipped until RetryInterval has passed` });
          continue;
        }
        if (this.health.serverDown[s.gid]) {
          skipped = 'server-down';
          trace?.push({ what: 'affinity', detail: `clone ID ${clone} is ${s.name}` });
          this.markDown(c, rt, s, trace);
          continue;
        }
        target = s;
        affinity = true;
        const more = parsed.clones.indexOf(clone) > 0 ? ' (the plug-in tries the clone IDs in order)' : '';
        trace?.push({ what: 'affinity', detail: `${source} = ${value}: clone ID ${clone} is ${s.name}, which is available — the request goes there by affinity${more}` });
        break;
      }
      if (!target && parsed.clones.length === 0) trace?.push({ what: 'affinity', detail: `${source} = ${value} carries no clone ID: load balanced` });
    }
    if (affinity && target && !c.c.ignoreAffinityRequests) {
      const j = target.ppos;
      if (j >= 0) {
        rt.current[j] = rt.current[j]! - 1;
        trace?.push({ what: 'weights', detail: `IgnoreAffinityRequests="false": the affinity request decrements ${target.name}'s weight too (${rt.current[j]! + 1} → ${rt.current[j]})` });
      }
    }
    if (!target) target = this.balance(c, rt, trace);
    if (!target) return { affinity: false, inSession: parsed.sid !== undefined || parsed.clones.length > 0, lost: false };

    if (target.odr) {
      const r = this.odr.handle(target.odr, c, jar, trace);
      const out: RequestOutcome = { server: target, affinity, inSession: r.inSession, lost: r.lost, odr: r.final.odr.name, cell: r.cell };
      if (r.reason) out.reason = r.reason;
      if (r.owner) out.owner = r.owner;
      return out;
    }

    // An application server: does it hold the session?
    const identity = `srv:${target.identity}`;
    let inSession = false;
    let lost = false;
    let reason: LossReason | undefined;
    let owner: string | undefined;
    if (parsed.sid !== undefined) {
      inSession = true;
      const holder = this.sessions.holder(parsed.sid);
      let holds: boolean;
      if (holder !== undefined) {
        holds = holder === identity;
        owner = holder.slice(4);
      } else {
        // A session the simulation did not create (a cookie a scenario or trace gives): held by
        // every server its clone IDs name — a member that adopted it after a failover appended its own.
        const named = parsed.clones.flatMap((x) => {
          const sx = c.byClone.get(x);
          return sx ? [sx] : [];
        });
        holds = named.some((sx) => sx.identity === target.identity);
        owner = named[0]?.name;
      }
      lost = !holds;
      if (lost) {
        reason = skipped ?? 'unknown-session';
        trace?.push({
          what: 'session',
          detail: `${target.name} does not hold session ${parsed.sid}${owner ? ` (${owner} does)` : ''}: sessions are not replicated in the simulation, so the session is lost and ${target.name} starts a new one`,
        });
      } else if (holder === undefined && parsed.clones.length > 1) {
        trace?.push({ what: 'session', detail: `${target.name}'s clone ID is in the cookie: it has served the session (adopted it after a failover) and holds it` });
      }
    }
    if (jar && (!inSession || lost)) {
      if (parsed.sid !== undefined) this.sessions.forget(parsed.sid);
      const sid = this.sessions.create(identity);
      const cookie = `0000${sid}${target.s.cloneId ? `${c.separator}${target.s.cloneId}` : ''}`;
      jar.set(uri.affinityCookie, cookie);
      trace?.push({ what: 'session', detail: `${target.name} creates a session; the response sets ${uri.affinityCookie}=${cookie}` });
    }
    const out: RequestOutcome = { server: target, affinity, inSession, lost };
    if (reason) out.reason = reason;
    if (lost && owner) out.owner = owner;
    return out;
  }
}

export type { LossReason };
