/**
 * Scenario files (`*.scenario.yaml`, docs/scenarios.md): parsed and
 * validated with positions, so a typo is a clear error at its line, never a
 * stack trace.
 */
import type { Node } from 'yaml';
import { append } from '../core/append.js';
import { yaml } from '../core/libs.js';
import { parseYamlFile } from '../core/yaml-doc.js';
import type { Finding } from '../core/diagnostic.js';
import { parseIp } from '../core/ip.js';
import type { Loc } from '../core/loc.js';
import { didYouMean } from '../core/suggest.js';
import type { SourceFile } from '../sources/source-file.js';
import type { RuntimeState } from './state.js';

export interface Bound {
  min?: number;
  max?: number;
  loc: Loc;
}

export interface Expectations {
  local?: Bound;
  refused?: Bound;
  dropped?: Bound;
  targets?: Record<string, Bound>;
  servers?: Record<string, Bound>;
  members?: Record<string, Bound>;
  odrs?: Record<string, Bound>;
  cells?: Record<string, Bound>;
  sessionsLost?: Bound;
  connectionsBroken?: Bound;
  failed?: Bound;
}

export type EventKind = 'stackDown' | 'stackUp' | 'odrDown' | 'odrUp' | 'memberDown' | 'memberUp' | 'lbTakeover';

export type Step =
  | { kind: 'set'; state: Partial<RuntimeState>; loc: Loc; expect?: Expectations }
  | { kind: 'connect'; from: string; address: string; port: number; count: number; loc: Loc; expect?: Expectations }
  | { kind: 'requests'; plugin: string; url: string; count: number; sessions: number; loc: Loc; expect?: Expectations }
  | { kind: 'ejb'; cell: string; cluster: string; fromNode: string; count: number; loc: Loc; expect?: Expectations }
  | { kind: 'event'; event: EventKind; target: string; loc: Loc; expect?: Expectations }
  | { kind: 'close'; what: 'all'; loc: Loc; expect?: Expectations };

export interface Scenario {
  file: string;
  /** Manifest of the estate (resolved path), or the input paths. */
  estate?: string;
  inputs: string[];
  seed: number;
  steps: Step[];
}

const STEP_KINDS = ['set', 'connect', 'requests', 'ejb', 'event', 'close'];
const EVENTS: EventKind[] = ['stackDown', 'stackUp', 'odrDown', 'odrUp', 'memberDown', 'memberUp', 'lbTakeover'];
const EXPECT_KEYS = ['local', 'refused', 'dropped', 'targets', 'servers', 'members', 'odrs', 'cells', 'sessionsLost', 'connectionsBroken', 'failed'];
const COUNT_KEYS = new Set(['sessionsLost', 'connectionsBroken']);

class Reader {
  readonly findings: Finding[] = [];
  constructor(private readonly file: SourceFile) {}

  loc(n: unknown): Loc {
    const r = (n as { range?: [number, number, number] } | null)?.range;
    return r ? this.file.lines.loc(this.file.path, r[0], Math.max(r[0] + 1, r[1])) : this.file.lines.loc(this.file.path, 0, 0);
  }

  fail(n: unknown, message: string): void {
    this.findings.push({ ruleId: 'syntax', consequence: 'scenario', loc: this.loc(n), message });
  }

  map(n: Node | null | undefined, what: string, known?: string[]): [string, Node | null, Node][] {
    if (!n) return [];
    if (!yaml().isMap(n)) {
      this.fail(n, `${what} must be a mapping`);
      return [];
    }
    const out: [string, Node | null, Node][] = [];
    for (const p of n.items) {
      const k = yaml().isScalar(p.key) ? String(p.key.value) : '';
      if (known && !known.includes(k)) {
        this.fail(p.key, `unknown key '${k}' in ${what}.${didYouMean(k, known, false)}`);
        continue;
      }
      out.push([k, p.value as Node | null, p.key as Node]);
    }
    return out;
  }

  str(n: Node | null, what: string): string | undefined {
    if (yaml().isScalar(n) && (typeof n.value === 'string' || typeof n.value === 'number')) return String(n.value);
    this.fail(n, `${what} must be a string`);
    return undefined;
  }

  num(n: Node | null, what: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = yaml().isScalar(n) ? Number(n.value) : NaN;
    if (!Number.isFinite(v) || v < min || v > max) {
      this.fail(n, `${what} must be a number from ${min} to ${max}`);
      return undefined;
    }
    return v;
  }

  bool(n: Node | null, what: string): boolean | undefined {
    if (yaml().isScalar(n) && typeof n.value === 'boolean') return n.value;
    this.fail(n, `${what} must be true or false`);
    return undefined;
  }

  bound(n: Node | null, what: string, count: boolean): Bound | undefined {
    const b: Bound = { loc: this.loc(n) };
    for (const [k, v] of this.map(n, what, ['min', 'max'])) {
      const x = this.num(v, `${what}.${k}`, 0, count ? Number.MAX_SAFE_INTEGER : 1);
      if (x !== undefined) b[k as 'min' | 'max'] = x;
    }
    return b;
  }

  expectations(n: Node | null): Expectations {
    const e: Expectations = {};
    for (const [k, v] of this.map(n, 'expect', EXPECT_KEYS)) {
      if (k === 'targets' || k === 'servers' || k === 'members' || k === 'odrs' || k === 'cells') {
        const group: Record<string, Bound> = {};
        for (const [name, b] of this.map(v, `expect.${k}`)) {
          const x = this.bound(b, `expect.${k}.${name}`, false);
          if (x) group[name] = x;
        }
        e[k] = group;
      } else {
        const x = this.bound(v, `expect.${k}`, COUNT_KEYS.has(k));
        if (x) (e as Record<string, Bound>)[k] = x;
      }
    }
    return e;
  }

  state(n: Node | null): Partial<RuntimeState> {
    const out: Partial<RuntimeState> = {};
    for (const [k, v] of this.map(n, 'set', ['stacks', 'lbs', 'odrs', 'members'])) {
      if (k === 'stacks') {
        out.stacks = {};
        for (const [name, s] of this.map(v, 'set.stacks')) {
          const st: NonNullable<RuntimeState['stacks'][string]> = {};
          for (const [sk, sv] of this.map(s, `set.stacks.${name}`, ['up', 'wlm', 'servers'])) {
            if (sk === 'up') {
              const b = this.bool(sv, 'up');
              if (b !== undefined) st.up = b;
            } else if (sk === 'wlm') {
              const x = this.num(sv, 'wlm', 0, 64);
              if (x !== undefined) st.wlm = x;
            } else {
              st.servers = {};
              for (const [port, srv] of this.map(sv, `set.stacks.${name}.servers`)) {
                const server: Record<string, number | boolean> = {};
                for (const [f, fv] of this.map(srv, `set.stacks.${name}.servers.${port}`, ['health', 'sef', 'abnormal', 'wlm', 'tsr', 'listening'])) {
                  if (f === 'listening') {
                    const b = this.bool(fv, 'listening');
                    if (b !== undefined) server[f] = b;
                  } else {
                    const max = f === 'abnormal' ? 1000 : f === 'wlm' ? 64 : 100;
                    const x = this.num(fv, f, 0, max);
                    if (x !== undefined) server[f] = x;
                  }
                }
                st.servers[port] = server;
              }
            }
          }
          out.stacks[name.toUpperCase()] = st;
        }
      } else {
        const group: Record<string, { up?: boolean; active?: boolean }> = {};
        for (const [name, s] of this.map(v, `set.${k}`)) {
          const entry: { up?: boolean; active?: boolean } = {};
          for (const [f, fv] of this.map(s, `set.${k}.${name}`, k === 'lbs' ? ['up', 'active'] : ['up'])) {
            const b = this.bool(fv, f);
            if (b !== undefined) entry[f as 'up' | 'active'] = b;
          }
          group[name] = entry;
        }
        out[k as 'lbs' | 'odrs' | 'members'] = group;
      }
    }
    return out;
  }
}

/**
 * @param resolvePath the absolute path an `estate:` or `inputs:` entry names, or why it may not be used
 *                    (outside the scenario's sandbox, src/sources/side-files.ts): a finding on the entry
 */
export function parseScenario(file: SourceFile, resolvePath: (p: string) => string | { error: string }): { scenario?: Scenario; findings: Finding[] } {
  const r = new Reader(file);
  const parsed = parseYamlFile(file, { label: '', typical: 'a scenario nests a few levels', consequence: 'scenario' });
  append(r.findings, parsed.findings);
  const doc = parsed.doc;
  if (!doc || r.findings.length) return { findings: r.findings };
  const scenario: Scenario = { file: file.path, inputs: [], seed: 1, steps: [] };
  let stepsNode: Node | null = null;
  let refused = false;
  for (const [k, v] of r.map(doc.contents as Node | null, 'scenario', ['estate', 'inputs', 'seed', 'steps', 'description'])) {
    const path = (n: Node | null, what: string): string | undefined => {
      const p = r.str(n, what);
      const abs = p ? resolvePath(p) : undefined;
      if (typeof abs === 'object') {
        r.fail(n, `${what}: ${abs.error}`);
        refused = true;
      }
      return typeof abs === 'string' ? abs : undefined;
    };
    if (k === 'estate') {
      const p = path(v, 'estate');
      if (p) scenario.estate = p;
    } else if (k === 'inputs') {
      if (!yaml().isSeq(v)) r.fail(v, 'inputs must be a list of files or folders');
      else for (const i of v.items) {
        const p = path(i as Node, 'inputs entry');
        if (p) scenario.inputs.push(p);
      }
    } else if (k === 'seed') {
      const x = r.num(v, 'seed', 0, 2 ** 32 - 1);
      if (x !== undefined) scenario.seed = Math.floor(x);
    } else if (k === 'steps') stepsNode = v;
  }
  if (!scenario.estate && scenario.inputs.length === 0 && !refused) r.fail(doc.contents, 'a scenario needs `estate:` (a plexlint.yaml) or `inputs:` (files or folders)');
  if (!stepsNode || !yaml().isSeq(stepsNode)) r.fail(stepsNode ?? doc.contents, 'a scenario needs `steps:`, a list');
  else for (const item of stepsNode.items) {
    const step = readStep(r, item as Node);
    if (step) scenario.steps.push(step);
  }
  checkVolume(r, scenario.steps);
  return r.findings.length ? { findings: r.findings } : { scenario, findings: [] };
}

/**
 * What one scenario may simulate in all. The simulator keeps every open connection (about 140 bytes) and every
 * session (about 530 bytes with its cookie jar) and decides each connection, request and call on its own (1 to
 * 2 million a second): these limits keep a scenario within about 1 GB and 10 s. Shares and session counts need
 * far less — a scenario of 10,000 requests measures a share to a hundredth.
 */
export const MAX_SIMULATED = 5_000_000;
export const MAX_SESSIONS = 1_000_000;

/** The step that takes the scenario over a limit is an error (docs/robustness.md), so the run never starts. */
function checkVolume(r: Reader, steps: Step[]): void {
  let simulated = 0;
  let sessions = 0;
  for (const step of steps) {
    if (step.kind === 'connect' || step.kind === 'requests' || step.kind === 'ejb') simulated += step.count;
    if (step.kind === 'requests') sessions += step.sessions;
    const over =
      simulated > MAX_SIMULATED
        ? `the scenario simulates ${simulated.toLocaleString('en-US')} connections, requests and EJB calls up to this step, more than the ${MAX_SIMULATED.toLocaleString('en-US')} plexlint simulates in one scenario`
        : sessions > MAX_SESSIONS
          ? `the scenario opens ${sessions.toLocaleString('en-US')} sessions up to this step, more than the ${MAX_SESSIONS.toLocaleString('en-US')} plexlint simulates in one scenario`
          : undefined;
    if (over) {
      r.findings.push({ ruleId: 'syntax', consequence: 'scenario', loc: step.loc, message: `${over} (to stay within about 1 GB and 10 s); use smaller counts: 10,000 requests measure a share to a hundredth.` });
      return;
    }
  }
}

function readStep(r: Reader, n: Node): Step | undefined {
  const entries = r.map(n, 'step', [...STEP_KINDS, 'expect', 'description']);
  const kinds = entries.filter(([k]) => STEP_KINDS.includes(k));
  const loc = r.loc(n);
  if (kinds.length !== 1) {
    r.fail(n, `a step has exactly one of ${STEP_KINDS.join(', ')}`);
    return undefined;
  }
  const expectNode = entries.find(([k]) => k === 'expect')?.[1];
  const expect = expectNode ? r.expectations(expectNode) : undefined;
  const [kind, body] = kinds[0]!;
  const withExpect = <T extends object>(s: T): T & { expect?: Expectations } => (expect ? { ...s, expect } : s);
  switch (kind) {
    case 'set':
      return withExpect({ kind: 'set' as const, state: r.state(body), loc });
    case 'connect': {
      const f: Record<string, Node | null> = {};
      for (const [k, v] of r.map(body, 'connect', ['from', 'to', 'count'])) f[k] = v;
      const from = f['from'] ? r.str(f['from'], 'connect.from') : 'client';
      const to = f['to'] ? r.str(f['to'], 'connect.to') : undefined;
      const count = f['count'] ? r.num(f['count'], 'connect.count', 1, 10_000_000) : 1;
      const m = to ? /^(.+):(\d{1,5})$/.exec(to.replace(/^\[(.*)\]:/, '$1:')) : null;
      if (!m) {
        r.fail(f['to'] ?? body, 'connect.to must be "address:port"');
        return undefined;
      }
      if (!parseIp(m[1]!) || Number(m[2]) < 1 || Number(m[2]) > 65535) {
        r.fail(f['to']!, `connect.to: ${parseIp(m[1]!) ? `port ${m[2]} is not from 1 to 65535` : `${m[1]} is not an IPv4 or IPv6 address`}`);
        return undefined;
      }
      if (!from || count === undefined) return undefined;
      return withExpect({ kind: 'connect' as const, from: from === 'client' ? 'client' : from.toUpperCase(), address: m[1]!, port: Number(m[2]), count, loc });
    }
    case 'requests': {
      const f: Record<string, Node | null> = {};
      for (const [k, v] of r.map(body, 'requests', ['plugin', 'url', 'count', 'sessions'])) f[k] = v;
      const plugin = f['plugin'] ? r.str(f['plugin'], 'requests.plugin') : undefined;
      const url = f['url'] ? r.str(f['url'], 'requests.url') : undefined;
      const count = f['count'] ? r.num(f['count'], 'requests.count', 1, 10_000_000) : 1;
      const sessions = f['sessions'] ? r.num(f['sessions'], 'requests.sessions', 0, 10_000_000) : 0;
      if (!plugin || !url || count === undefined || sessions === undefined) {
        if (!plugin || !url) r.fail(body, 'requests needs plugin and url');
        return undefined;
      }
      return withExpect({ kind: 'requests' as const, plugin, url, count, sessions, loc });
    }
    case 'ejb': {
      const f: Record<string, Node | null> = {};
      for (const [k, v] of r.map(body, 'ejb', ['cell', 'cluster', 'fromNode', 'count'])) f[k] = v;
      const cell = f['cell'] ? r.str(f['cell'], 'ejb.cell') : undefined;
      const cluster = f['cluster'] ? r.str(f['cluster'], 'ejb.cluster') : undefined;
      const fromNode = f['fromNode'] ? r.str(f['fromNode'], 'ejb.fromNode') : '';
      const count = f['count'] ? r.num(f['count'], 'ejb.count', 1, 10_000_000) : 1;
      if (!cell || !cluster || count === undefined || fromNode === undefined) {
        if (!cell || !cluster) r.fail(body, 'ejb needs cell and cluster');
        return undefined;
      }
      return withExpect({ kind: 'ejb' as const, cell, cluster, fromNode, count, loc });
    }
    case 'event': {
      const e = r.map(body, 'event', EVENTS);
      if (e.length !== 1) {
        r.fail(body, `an event is one of ${EVENTS.join(', ')}`);
        return undefined;
      }
      const target = r.str(e[0]![1], e[0]![0]);
      if (!target) return undefined;
      const event = e[0]![0] as EventKind;
      return withExpect({ kind: 'event' as const, event, target: event.startsWith('stack') ? target.toUpperCase() : target, loc });
    }
    case 'close': {
      const what = r.str(body, 'close');
      if (what !== 'all') {
        r.fail(body, "close takes 'all'");
        return undefined;
      }
      return withExpect({ kind: 'close' as const, what: 'all' as const, loc });
    }
    default:
      return undefined;
  }
}

/** A runtime-state file for `plexlint trace --state`: the body of a `set` step. */
export function parseStateFile(file: SourceFile): { state?: Partial<RuntimeState>; findings: Finding[] } {
  const r = new Reader(file);
  const parsed = parseYamlFile(file, { label: '', typical: 'a state file nests a few levels', consequence: 'scenario' });
  append(r.findings, parsed.findings);
  const doc = parsed.doc;
  if (!doc || r.findings.length) return { findings: r.findings };
  const state = r.state(doc.contents as Node | null);
  return r.findings.length ? { findings: r.findings } : { state, findings: [] };
}
