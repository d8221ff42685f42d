/**
 * The WebSphere tier's engine: `requests` through a plug-in file (with the ODR
 * cell-affinity engine behind ODR servers), `ejb` calls into a cluster.xml
 * cluster, the events odrDown/odrUp and memberDown/memberUp, and the `odrs` /
 * `members` runtime state of `set`.
 */
import { SimulationError, type Engine, type RunOptions, type SimContext, type StepOutcome } from './engine.js';
import { EjbEngine } from './ejb.js';
import { bump, round4, sharesOf, type Breakdown, type Observed, type StateKey } from './measures.js';
import { OdrRouter } from './odr.js';
import { parseRequestUrl, PluginEngine, resolve, type PluginRequest, type RequestOutcome, type Resolution } from './plugin.js';
import { Rng } from './rng.js';
import { SessionStore, type Jar, type LossReason } from './sessions.js';
import type { StatePatch } from './state.js';
import type { Step, StepKey } from './steps.js';
import type { TraceStep } from './trace.js';
import { findPlugins, resolveMemberKey, resolveOdrKey, WebHealth, webIndexOf, type KeyTargets, type PluginIx, type WebIndex } from './web-index.js';
import { emptyRecord } from '../core/record.js';

export { sampleRequests, type SampleRequest } from './web-samples.js';

/** The plug-in file a scenario or trace names; a string says why none. */
export function pickPlugin(ix: WebIndex, ref: string | undefined, req?: PluginRequest): PluginIx | string {
  if (ref !== undefined) {
    const found = findPlugins(ix, ref);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) return `${ref} matches several plug-in files (${found.map((p) => p.p.file).join(', ')}): give more of the path`;
    return `no plug-in file ${ref} in the estate (plug-in files: ${ix.plugins.map((p) => p.p.file).join(', ') || 'none'})`;
  }
  if (ix.plugins.length === 1) return ix.plugins[0]!;
  if (ix.plugins.length === 0) return 'the estate has no plug-in file (plugin-cfg.xml)';
  const matching = req ? ix.plugins.filter((p) => typeof resolve(p, req) !== 'string') : [];
  if (matching.length === 1) return matching[0]!;
  return `the estate has ${ix.plugins.length} plug-in files${matching.length > 1 ? ` and ${matching.length} of them route this URL` : ''}: name one with --plugin (${ix.plugins.map((p) => p.p.file).join(', ')})`;
}

export interface RequestOptions {
  /** One named client that keeps its cookies across steps (instead of `sessions`). */
  client?: { name: string; ip?: string };
  /** Cookies the requests carry: the named client's or each new session's to start with; without either, every request carries exactly these. */
  cookies?: [string, string][];
  assignments?: boolean;
  /** Keep these sessions apart from other steps' clients of the same plug-in file and host (the failure sweeps). */
  jars?: string;
}

export interface RequestsResult {
  observed: Observed;
  summary: string;
  resolution: Resolution;
  /** Lost in-session requests by reason. */
  reasons: Map<LossReason, number>;
  assignments?: Map<string, string>;
}

export interface EjbResult {
  observed: Observed;
  summary: string;
}

export interface TracedRequest {
  plugin: PluginIx;
  trace: TraceStep[];
  outcome?: RequestOutcome;
  /** Why the request did not reach the plug-in's servers (no route, bad URL). */
  error?: string;
}

/** Routes resolved per estate (by its web index): resolving is stateless and scans every Route. */
const routeCaches = new WeakMap<WebIndex, Map<string, { req: PluginRequest; plugin: PluginIx; res: Resolution }>>();

/** Every plug-in server and cluster member a key names, with the JVMs linked to them (web-index.ts). */
function jvms(t: KeyTargets): { servers: Set<number>; members: Set<number> } {
  const servers = new Set<number>();
  const members = new Set<number>();
  for (const s of t.servers) {
    servers.add(s.gid);
    if (s.member) members.add(s.member.gid);
  }
  for (const m of t.members) {
    members.add(m.gid);
    for (const s of m.servers) servers.add(s.gid);
  }
  return { servers, members };
}

/** The steps the WebSphere tier runs. */
export const WEB_STEP_KEYS: readonly StepKey[] = ['requests', 'ejb', 'event:odrDown', 'event:odrUp', 'event:memberDown', 'event:memberUp'];

export class WebEngine implements Engine {
  readonly name = 'WebSphere tier';
  readonly handles = WEB_STEP_KEYS;
  readonly ix: WebIndex;
  readonly health: WebHealth;
  readonly sessions = new SessionStore();
  readonly odr: OdrRouter;
  readonly plugin: PluginEngine;
  readonly ejb: EjbEngine;
  /** Clients that keep cookies, per plug-in file and host: session i of a requests step is jars[i]. */
  readonly jars = new Map<string, Jar[]>();
  /** Named clients' cookies, per client and host. */
  private readonly named = new Map<string, Jar>();
  /** Which session sends the next request (seeded, apart from the engines' own randomness). */
  private readonly clients: Rng;
  private healthEpoch = -1;

  constructor(private readonly sim: SimContext) {
    this.ix = webIndexOf(sim.estate);
    this.health = new WebHealth(this.ix);
    this.odr = new OdrRouter(this.ix, this.health, this.sessions);
    this.clients = new Rng(Math.floor(sim.rng.next() * 2 ** 32));
    this.plugin = new PluginEngine(this.ix, this.health, sim.rng, this.sessions, this.odr, {}, { now: () => sim.now, clocked: () => sim.clocked });
    this.ejb = new EjbEngine(this.health, sim.rng);
  }

  claims(): boolean {
    return true;
  }

  /** Bring the down flags in line with the runtime state (when it changed). */
  refresh(): void {
    if (this.healthEpoch === this.sim.epoch) return;
    this.health.refresh(this.sim.state);
    this.healthEpoch = this.sim.epoch;
  }

  run(step: Step, options: RunOptions): StepOutcome {
    switch (step.kind) {
      case 'requests': {
        const opts: RequestOptions = { assignments: options.assignments };
        if (step.client) opts.client = step.client;
        if (step.cookies) opts.cookies = step.cookies;
        const r = this.requests(step.plugin, step.url, step.count, step.sessions, opts);
        const out: StepOutcome = { observed: r.observed, summary: r.summary };
        if (r.assignments) out.assignments = r.assignments;
        return out;
      }
      case 'ejb':
        return this.ejbCalls(step.cell, step.cluster, step.fromNode, step.count);
      case 'event':
        if (step.event === 'odrDown' || step.event === 'odrUp') return this.odrEvent(step.target, step.event === 'odrUp');
        if (step.event === 'memberDown' || step.event === 'memberUp') return this.memberEvent(step.target, step.event === 'memberUp');
        break;
    }
    throw new SimulationError(`the WebSphere tier does not run this step`);
  }

  /** Where a plug-in file routes a URL (stateless, so kept: the sweeps send the same URLs thousands of times). */
  private route(pluginRef: string | undefined, url: string): { req: PluginRequest; plugin: PluginIx; res: Resolution } {
    const key = `${pluginRef ?? ''}\u0000${url}`;
    let routes = routeCaches.get(this.ix);
    if (!routes) routeCaches.set(this.ix, (routes = new Map()));
    const known = routes.get(key);
    if (known) return known;
    const req = parseRequestUrl(url);
    if (typeof req === 'string') throw new SimulationError(`requests.url: ${req}`);
    const plugin = pickPlugin(this.ix, pluginRef, req);
    if (typeof plugin === 'string') throw new SimulationError(`requests.plugin: ${plugin}`);
    const res = resolve(plugin, req);
    if (typeof res === 'string') throw new SimulationError(res);
    const r = { req, plugin, res };
    routes.set(key, r);
    return r;
  }

  /** Send `count` requests for `url` through a plug-in file, from `sessions` clients that keep cookies (or one named client). */
  requests(pluginRef: string | undefined, url: string, count: number, sessions: number, options: RequestOptions = {}): RequestsResult {
    const { req, plugin, res } = this.route(pluginRef, url);
    this.refresh();
    this.plugin.beginStep();
    const cookies = options.cookies ?? [];
    // The clients: one named client, `sessions` anonymous ones, or none (each request carries `cookies` only).
    let jars: Jar[] = [];
    let names: (i: number) => string = (i) => `session#${i + 1}`;
    if (options.client) {
      const key = `${options.client.name}|${plugin.p.file}|${req.host}`;
      let jar = this.named.get(key);
      if (!jar) this.named.set(key, (jar = new Map()));
      for (const [k, v] of cookies) jar.set(k, v);
      jars = [jar];
      names = () => options.client!.name;
    } else if (sessions > 0) {
      const jarKey = `${options.jars !== undefined ? `${options.jars}|` : ''}${plugin.p.file}|${req.host}`;
      let all = this.jars.get(jarKey);
      if (!all) this.jars.set(jarKey, (all = []));
      while (all.length < sessions) all.push(new Map(cookies));
      jars = all;
    }
    const stateless: Jar | undefined = jars.length === 0 && cookies.length ? new Map() : undefined;
    const clientCount = options.client ? 1 : sessions;
    const servers = new Map<string, number>();
    const odrs = new Map<string, number>();
    const cells = new Map<string, number>();
    const reasons = new Map<LossReason, number>();
    const lostCells = new Map<string, number>();
    const assignments = options.assignments ? new Map<string, string>() : undefined;
    let failed = 0;
    let lost = 0;
    // Each session's first request creates it (sessions that exist from an earlier
    // step already carry their cookies); later requests come from the sessions in
    // a seeded random order — real clients do not take turns in lockstep with the
    // plug-in's round robin.
    for (let i = 0; i < count; i++) {
      let jar: Jar | undefined;
      let who = 0;
      if (clientCount > 0) {
        who = i < clientCount ? i : this.clients.int(clientCount);
        jar = jars[who];
      } else if (stateless) {
        stateless.clear();
        for (const [k, v] of cookies) stateless.set(k, v);
        jar = stateless;
      }
      const o: RequestOutcome = this.plugin.request(res, req, jar);
      if (!o.server) {
        failed++;
        continue;
      }
      bump(servers, o.server.name);
      assignments?.set(names(who), o.server.name);
      if (o.odr !== undefined) bump(odrs, o.odr);
      if (o.cell !== undefined) bump(cells, o.cell);
      if (o.lost) {
        lost++;
        if (o.reason) bump(reasons, o.reason);
        if (o.owner !== undefined && o.odr !== undefined) bump(lostCells, o.owner);
      }
    }
    const observed: Observed = { count, servers: sharesOf(servers, count), failed: round4(failed / count), sessionsLost: lost };
    if (lost) {
      const by: Partial<Record<'reason' | 'cell' | 'cluster', Breakdown>> = { reason: Object.fromEntries(reasons), cluster: { [res.cluster.name]: lost } };
      if (lostCells.size) by.cell = Object.fromEntries(lostCells);
      observed.sessionsLostBy = by;
    }
    if (res.cluster.odrs) {
      observed.odrs = sharesOf(odrs, count);
      observed.cells = sharesOf(cells, count);
    }
    const from = options.client ? ` from client ${options.client.name}` : sessions ? ` in ${sessions} session${sessions === 1 ? '' : 's'}` : '';
    const summary =
      `${count} request${count === 1 ? '' : 's'} to ${url}${from} through ${plugin.p.file}: ` +
      `Uri ${res.uri.pattern} → ServerCluster ${res.cluster.name}${lost ? `; ${lost} in-session request${lost === 1 ? '' : 's'} lost their session` : ''}`;
    const out: RequestsResult = { observed, summary, resolution: res, reasons };
    if (assignments) out.assignments = assignments;
    return out;
  }

  /** `count` EJB calls from a client on `fromNode` ('' for a remote client) into a cluster.xml cluster. */
  ejbCalls(cell: string, cluster: string, fromNode: string, count: number): EjbResult {
    const w = this.ix.wasByKey.get(`${cell}/${cluster}`);
    if (!w) throw new SimulationError(`ejb: no cluster.xml cluster ${cluster} in cell ${cell} (clusters: ${this.ix.wasClusters.map((c) => c.key).join(', ') || 'none'})`);
    this.refresh();
    const members = new Map<string, number>();
    let failed = 0;
    for (let i = 0; i < count; i++) {
      const m = this.ejb.call(w, fromNode);
      if (m) bump(members, m.display);
      else failed++;
    }
    return {
      observed: { count, members: sharesOf(members, count), failed: round4(failed / count) },
      summary: `${count} EJB call${count === 1 ? '' : 's'} ${fromNode ? `from ${fromNode}` : 'from a remote client'} to ${w.key} (preferLocal ${w.c.preferLocal})`,
    };
  }

  private odrEvent(target: string, up: boolean): StepOutcome {
    const o = resolveOdrKey(this.ix, target);
    if (typeof o === 'string') throw new SimulationError(`${up ? 'odrUp' : 'odrDown'}: ${o}`);
    this.sim.apply({ odrs: { [target]: { up } } });
    return { observed: {}, summary: `ODR ${o.odr.name} of ${o.cell.name} ${up ? 'up' : 'down'}` };
  }

  private memberEvent(target: string, up: boolean): StepOutcome {
    const t = resolveMemberKey(this.ix, target);
    if (typeof t === 'string') throw new SimulationError(`${up ? 'memberUp' : 'memberDown'}: ${t}`);
    this.sim.apply({ members: { [target]: { up } } });
    const names = [...t.servers.map((s) => `${s.name} (${s.plugin.file})`), ...t.members.map((m) => `${m.display} of ${m.cluster.key}`)];
    const linked = [...t.servers.flatMap((s) => (s.member ? [`cluster member ${s.member.display} of ${s.member.cluster.key}`] : [])), ...t.members.flatMap((m) => m.servers.map((s) => `plug-in server ${s.name}`))];
    return { observed: {}, summary: `${names.join(', ')} ${up ? 'up' : 'down'}${linked.length ? ` (the same JVM as ${linked.join(', ')})` : ''}` };
  }

  checkState(patch: StatePatch): void {
    for (const key of Object.keys(patch.odrs ?? {})) {
      const r = resolveOdrKey(this.ix, key);
      if (typeof r === 'string') throw new SimulationError(`set.odrs.${key}: ${r}`);
    }
    for (const key of Object.keys(patch.members ?? {})) {
      const r = resolveMemberKey(this.ix, key);
      if (typeof r === 'string') throw new SimulationError(`set.members.${key}: ${r}`);
    }
  }

  /**
   * Every key already in the state that names the same JVM (or ODR) gets the
   * new `up`, so that the last write wins whichever name a scenario uses.
   */
  normalise(patch: StatePatch): StatePatch {
    const extra: StatePatch = {};
    const state = this.sim.state;
    for (const [key, v] of Object.entries(patch.members ?? {})) {
      if (v.up === undefined) continue;
      const t = resolveMemberKey(this.ix, key);
      if (typeof t === 'string') continue;
      const a = jvms(t);
      for (const other of Object.keys(state.members)) {
        if (other === key) continue;
        const o = resolveMemberKey(this.ix, other);
        if (typeof o === 'string') continue;
        const b = jvms(o);
        if ([...b.servers].some((g) => a.servers.has(g)) || [...b.members].some((g) => a.members.has(g))) (extra.members ??= emptyRecord())[other] = { up: v.up };
      }
    }
    for (const [key, v] of Object.entries(patch.odrs ?? {})) {
      if (v.up === undefined) continue;
      const t = resolveOdrKey(this.ix, key);
      if (typeof t === 'string') continue;
      for (const other of Object.keys(state.odrs)) {
        if (other !== key && resolveOdrKey(this.ix, other) === t) (extra.odrs ??= emptyRecord())[other] = { up: v.up };
      }
    }
    return extra;
  }

  observe(_key: StateKey, _name: string): string | undefined {
    return undefined;
  }

  release(): void {}

  /** Explain one request step by step (`plexlint trace --url`). */
  trace(pluginRef: string | undefined, url: string, cookies: [string, string][]): TracedRequest | string {
    const req = parseRequestUrl(url);
    if (typeof req === 'string') return req;
    const plugin = pickPlugin(this.ix, pluginRef, req);
    if (typeof plugin === 'string') return plugin;
    const trace: TraceStep[] = [{ what: 'plug-in', detail: `${plugin.p.file} (one web-server process; random choices seeded)` }];
    const res = resolve(plugin, req, trace);
    if (typeof res === 'string') return { plugin, trace, error: res };
    this.refresh();
    this.plugin.beginStep();
    const jar: Jar = new Map(cookies);
    const outcome = this.plugin.request(res, req, jar, trace);
    return { plugin, trace, outcome };
  }
}

/** What the functions below need of a simulation. */
export interface WithWeb {
  readonly engines: { readonly web: WebEngine };
}

/** The web-tier engine of a simulation, its down flags up to date. */
export function webRuntime(sim: WithWeb): WebEngine {
  sim.engines.web.refresh();
  return sim.engines.web;
}

export function sendRequests(sim: WithWeb, pluginRef: string | undefined, url: string, count: number, sessions: number, options?: RequestOptions): RequestsResult {
  return sim.engines.web.requests(pluginRef, url, count, sessions, options);
}

export function sendEjbCalls(sim: WithWeb, cell: string, cluster: string, fromNode: string, count: number): EjbResult {
  return sim.engines.web.ejbCalls(cell, cluster, fromNode, count);
}

export function traceRequest(sim: WithWeb, pluginRef: string | undefined, url: string, cookies: [string, string][]): TracedRequest | string {
  return sim.engines.web.trace(pluginRef, url, cookies);
}
