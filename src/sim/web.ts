/**
 * Scenario steps of the WebSphere tier (docs/scenarios.md): `requests`
 * through a plug-in file (with the ODR cell-affinity engine behind ODR
 * servers), `ejb` calls into a cluster.xml cluster, the events odrDown/odrUp and
 * memberDown/memberUp, and the `odrs` / `members` runtime state of `set`.
 *
 * The handlers register when this module loads (src/sim/index.ts loads it).
 */
import type { TraceStep } from './distributor.js';
import { EjbEngine } from './ejb.js';
import { OdrRouter } from './odr.js';
import { parseRequestUrl, PluginEngine, resolve, SessionStore, type Jar, type PluginRequest, type RequestOutcome, type Resolution } from './plugin.js';
import { registerStateCheck, registerStepHandler, SimulationError, type Observed, type Simulation, type StepHandler } from './run.js';
import type { Step } from './scenario.js';
import { Rng } from './rng.js';
import { mergeState, type RuntimeState } from './state.js';
import { findPlugins, resolveMemberKey, resolveOdrKey, WebHealth, webIndexOf, type KeyTargets, type PluginIx, type WebIndex } from './web-index.js';

export interface WebRuntime {
  ix: WebIndex;
  health: WebHealth;
  sessions: SessionStore;
  odr: OdrRouter;
  plugin: PluginEngine;
  ejb: EjbEngine;
  /** Clients that keep cookies, per plug-in file and host: session i of a requests step is jars[i]. */
  jars: Map<string, Jar[]>;
  /** Which session sends the next request (seeded, apart from the engines' own randomness). */
  clients: Rng;
}

/** The web-tier engines of a simulation (created on first use, kept in sim.engines). */
export function webRuntime(sim: Simulation): WebRuntime {
  const existing = sim.engines.get('web') as WebRuntime | undefined;
  if (existing) return existing;
  const ix = webIndexOf(sim.estate);
  const health = new WebHealth(ix);
  const sessions = new SessionStore();
  const odr = new OdrRouter(ix, health, sessions);
  const rt: WebRuntime = { ix, health, sessions, odr, plugin: new PluginEngine(ix, health, sim.rng, sessions, odr), ejb: new EjbEngine(health, sim.rng), jars: new Map(), clients: new Rng(Math.floor(sim.rng.next() * 2 ** 32)) };
  sim.engines.set('web', rt);
  return rt;
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}

function shares(m: Map<string, number>, count: number): Record<string, number> {
  return Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, round(v / count)]));
}

function bump(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

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

export interface RequestsResult {
  observed: Observed;
  summary: string;
  resolution: Resolution;
  /** Lost in-session requests by reason (ODR sprays). */
  reasons: Map<string, number>;
}

/** Send `count` requests for `url` through a plug-in file, spread over `sessions` clients that keep cookies. */
export function sendRequests(sim: Simulation, pluginRef: string | undefined, url: string, count: number, sessions: number): RequestsResult {
  const rt = webRuntime(sim);
  const req = parseRequestUrl(url);
  if (typeof req === 'string') throw new SimulationError(`requests.url: ${req}`);
  const plugin = pickPlugin(rt.ix, pluginRef, req);
  if (typeof plugin === 'string') throw new SimulationError(`requests.plugin: ${plugin}`);
  const res = resolve(plugin, req);
  if (typeof res === 'string') throw new SimulationError(res);
  rt.health.refresh(sim.state);
  rt.plugin.beginStep();
  const jarKey = `${plugin.p.file}|${req.host}`;
  let jars = rt.jars.get(jarKey);
  if (!jars) rt.jars.set(jarKey, (jars = []));
  while (jars.length < sessions) jars.push(new Map());
  const servers = new Map<string, number>();
  const odrs = new Map<string, number>();
  const cells = new Map<string, number>();
  const reasons = new Map<string, number>();
  let failed = 0;
  let lost = 0;
  // Each session's first request creates it (sessions that exist from an earlier
  // step already carry their cookies); later requests come from the sessions in
  // a seeded random order — real clients do not take turns in lockstep with the
  // plug-in's round robin.
  for (let i = 0; i < count; i++) {
    const jar = sessions > 0 ? jars[i < sessions ? i : rt.clients.int(sessions)] : undefined;
    const o: RequestOutcome = rt.plugin.request(res, req, jar);
    if (!o.server) {
      failed++;
      continue;
    }
    bump(servers, o.server.name);
    if (o.odr !== undefined) bump(odrs, o.odr);
    if (o.cell !== undefined) bump(cells, o.cell);
    if (o.lost) {
      lost++;
      if (o.reason) bump(reasons, o.reason);
    }
  }
  const observed: Observed = { count, servers: shares(servers, count), failed: round(failed / count), sessionsLost: lost };
  if (res.cluster.odrs) {
    observed.odrs = shares(odrs, count);
    observed.cells = shares(cells, count);
  }
  const summary =
    `${count} request${count === 1 ? '' : 's'} to ${url}${sessions ? ` in ${sessions} session${sessions === 1 ? '' : 's'}` : ''} through ${plugin.p.file}: ` +
    `Uri ${res.uri.pattern} → ServerCluster ${res.cluster.name}${lost ? `; ${lost} in-session request${lost === 1 ? '' : 's'} lost their session` : ''}`;
  return { observed, summary, resolution: res, reasons };
}

export interface EjbResult {
  observed: Observed;
  summary: string;
}

export function sendEjbCalls(sim: Simulation, cell: string, cluster: string, fromNode: string, count: number): EjbResult {
  const rt = webRuntime(sim);
  const w = rt.ix.wasByKey.get(`${cell}/${cluster}`);
  if (!w) {
    throw new SimulationError(`ejb: no cluster.xml cluster ${cluster} in cell ${cell} (clusters: ${rt.ix.wasClusters.map((c) => c.key).join(', ') || 'none'})`);
  }
  rt.health.refresh(sim.state);
  const members = new Map<string, number>();
  let failed = 0;
  for (let i = 0; i < count; i++) {
    const m = rt.ejb.call(w, fromNode);
    if (m) bump(members, m.display);
    else failed++;
  }
  return {
    observed: { count, members: shares(members, count), failed: round(failed / count) },
    summary: `${count} EJB call${count === 1 ? '' : 's'} ${fromNode ? `from ${fromNode}` : 'from a remote client'} to ${w.key} (preferLocal ${w.c.preferLocal})`,
  };
}

function stateError(ix: WebIndex, patch: Partial<RuntimeState>): string | undefined {
  for (const key of Object.keys(patch.odrs ?? {})) {
    const r = resolveOdrKey(ix, key);
    if (typeof r === 'string') return `set.odrs.${key}: ${r}`;
  }
  for (const key of Object.keys(patch.members ?? {})) {
    const r = resolveMemberKey(ix, key);
    if (typeof r === 'string') return `set.members.${key}: ${r}`;
  }
  return undefined;
}

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

/**
 * Give every key already in the state that names the same JVM (or ODR) the new
 * `up`, so that the last write wins whichever name a scenario uses.
 */
function propagate(sim: Simulation, ix: WebIndex, patch: Partial<RuntimeState>): void {
  for (const [key, v] of Object.entries(patch.members ?? {})) {
    if (v.up === undefined) continue;
    const t = resolveMemberKey(ix, key);
    if (typeof t === 'string') continue;
    const a = jvms(t);
    for (const other of Object.keys(sim.state.members)) {
      if (other === key) continue;
      const o = resolveMemberKey(ix, other);
      if (typeof o === 'string') continue;
      const b = jvms(o);
      if ([...b.servers].some((g) => a.servers.has(g)) || [...b.members].some((g) => a.members.has(g))) sim.state.members[other] = { ...sim.state.members[other], up: v.up };
    }
  }
  for (const [key, v] of Object.entries(patch.odrs ?? {})) {
    if (v.up === undefined) continue;
    const t = resolveOdrKey(ix, key);
    if (typeof t === 'string') continue;
    for (const other of Object.keys(sim.state.odrs)) {
      if (other !== key && resolveOdrKey(ix, other) === t) sim.state.odrs[other] = { ...sim.state.odrs[other], up: v.up };
    }
  }
}

/**
 * Check the `odrs` and `members` names of a `set` step (or a trace state file)
 * against the estate, and bring other names of the same JVMs and ODRs in line.
 */
export function checkWebState(sim: Simulation, patch: Partial<RuntimeState>): void {
  if (!Object.keys(patch.odrs ?? {}).length && !Object.keys(patch.members ?? {}).length) return;
  const ix = webRuntime(sim).ix;
  const e = stateError(ix, patch);
  if (e) throw new SimulationError(e);
  propagate(sim, ix, patch);
}

function requestsStep(sim: Simulation, step: Step): { observed: Observed; summary: string } {
  if (step.kind !== 'requests') throw new SimulationError(`not a requests step`);
  const r = sendRequests(sim, step.plugin, step.url, step.count, step.sessions);
  return { observed: r.observed, summary: r.summary };
}

function ejbStep(sim: Simulation, step: Step): { observed: Observed; summary: string } {
  if (step.kind !== 'ejb') throw new SimulationError(`not an ejb step`);
  return sendEjbCalls(sim, step.cell, step.cluster, step.fromNode, step.count);
}

function odrEvent(sim: Simulation, step: Step): { observed: Observed; summary: string } {
  if (step.kind !== 'event') throw new SimulationError(`not an event`);
  const rt = webRuntime(sim);
  const o = resolveOdrKey(rt.ix, step.target);
  if (typeof o === 'string') throw new SimulationError(`${step.event}: ${o}`);
  const up = step.event === 'odrUp';
  const patch = { odrs: { [step.target]: { up } } };
  propagate(sim, rt.ix, patch);
  mergeState(sim.state, patch);
  return { observed: {}, summary: `ODR ${o.odr.name} of ${o.cell.name} ${up ? 'up' : 'down'}` };
}

function memberEvent(sim: Simulation, step: Step): { observed: Observed; summary: string } {
  if (step.kind !== 'event') throw new SimulationError(`not an event`);
  const rt = webRuntime(sim);
  const t = resolveMemberKey(rt.ix, step.target);
  if (typeof t === 'string') throw new SimulationError(`${step.event}: ${t}`);
  const up = step.event === 'memberUp';
  const patch = { members: { [step.target]: { up } } };
  propagate(sim, rt.ix, patch);
  mergeState(sim.state, patch);
  const names = [...t.servers.map((s) => `${s.name} (${s.plugin.file})`), ...t.members.map((m) => `${m.display} of ${m.cluster.key}`)];
  const linked = [...t.servers.flatMap((s) => (s.member ? [`cluster member ${s.member.display} of ${s.member.cluster.key}`] : [])), ...t.members.flatMap((m) => m.servers.map((s) => `plug-in server ${s.name}`))];
  return { observed: {}, summary: `${names.join(', ')} ${up ? 'up' : 'down'}${linked.length ? ` (the same JVM as ${linked.join(', ')})` : ''}` };
}

const handlers: [string, StepHandler][] = [
  ['requests', requestsStep],
  ['ejb', ejbStep],
  ['event:odrDown', odrEvent],
  ['event:odrUp', odrEvent],
  ['event:memberDown', memberEvent],
  ['event:memberUp', memberEvent],
];
for (const [kind, handler] of handlers) registerStepHandler(kind, handler);
registerStateCheck(checkWebState);

export interface TracedRequest {
  plugin: PluginIx;
  trace: TraceStep[];
  outcome?: RequestOutcome;
  /** Why the request did not reach the plug-in's servers (no route, bad URL). */
  error?: string;
}

/** Explain one request step by step (`plexlint trace --url`). */
export function traceRequest(sim: Simulation, pluginRef: string | undefined, url: string, cookies: [string, string][]): TracedRequest | string {
  const rt = webRuntime(sim);
  const req = parseRequestUrl(url);
  if (typeof req === 'string') return req;
  const plugin = pickPlugin(rt.ix, pluginRef, req);
  if (typeof plugin === 'string') return plugin;
  const trace: TraceStep[] = [{ what: 'plug-in', detail: `${plugin.p.file} (one web-server process; random choices seeded)` }];
  const res = resolve(plugin, req, trace);
  if (typeof res === 'string') return { plugin, trace, error: res };
  rt.health.refresh(sim.state);
  rt.plugin.beginStep();
  const jar: Jar = new Map(cookies);
  const outcome = rt.plugin.request(res, req, jar, trace);
  return { plugin, trace, outcome };
}

export interface SampleRequest {
  /** A URL that the plug-in routes through this route. */
  url: string;
  /** What the route serves, e.g. "shop.example.com/shop/*" (the host as the VirtualHost names it). */
  label: string;
  resolution: Resolution;
}

function samplePath(pattern: string): string {
  const p = pattern.trim();
  if (p === '/*') return '/index';
  if (p.startsWith('*.')) return `/index${p.slice(1)}`;
  if (p.endsWith('/*')) return `${p.slice(0, -1)}index`;
  return p.replace(/\*/g, 'index');
}

/**
 * A request for each Route of a plug-in file: its first Uri that the plug-in
 * really routes through it, on its first VirtualHost with a host name (else its
 * first one). Used by the routing delta of `plexlint diff` and by the rules.
 */
export function sampleRequests(plugin: PluginIx): SampleRequest[] {
  const out: SampleRequest[] = [];
  for (const r of plugin.routes) {
    if (!r.cluster) continue;
    const hosts = [...r.hosts.filter((h) => h.exact), ...r.hosts.filter((h) => !h.exact)];
    let found: SampleRequest | undefined;
    for (const u of r.uris) {
      for (const h of hosts) {
        const host = h.vh.host.trim() === '*' ? 'www.example.com' : h.vh.host.trim().replace(/\*/g, 'www');
        const port = h.vh.port ?? 80;
        const scheme = port === 443 ? 'https' : 'http';
        const url = `${scheme}://${host}${port === (scheme === 'https' ? 443 : 80) ? '' : `:${port}`}${samplePath(u.pattern)}`;
        const req = parseRequestUrl(url);
        if (typeof req === 'string') continue;
        const res = resolve(plugin, req);
        if (typeof res === 'string' || res.route !== r || res.uri !== u) continue;
        const shown = h.exact ? `${h.vh.host}${port === 80 || port === 443 ? '' : `:${port}`}` : h.vh.name;
        found = { url, label: `${shown}${u.pattern}`, resolution: res };
        break;
      }
      if (found) break;
    }
    if (found) out.push(found);
  }
  return out;
}
