/**
 * Scenario files (`*.scenario.yaml`, docs/scenarios.md): parsed and validated
 * with positions, so a typo is a clear error at its line, never a stack trace.
 * A scenario beyond the limits of limits.ts is refused here, with one line.
 */
import type { Node } from 'yaml';
import { append } from '../core/append.js';
import { FindingLimit } from '../core/finding-limit.js';
import { yaml } from '../core/libs.js';
import { parseYamlFile } from '../core/yaml-doc.js';
import type { Finding } from '../core/diagnostic.js';
import { parseIp } from '../core/ip.js';
import type { Loc } from '../core/loc.js';
import { didYouMean } from '../core/suggest.js';
import type { SourceFile } from '../sources/source-file.js';
import { parseDuration } from './clock.js';
import type { Bound, Expectation } from './expect.js';
import { LIMITS } from './limits.js';
import { MEASURE_KEYS, MEASURES, SHARE_KEYS, SHARES_KEYS, STATE_KEYS, type CountKey, type MeasureKey } from './measures.js';
import { isLossReason, LOSS_REASONS } from './sessions.js';
import type { LbServerState, RuntimeState, ServerState, StatePatch } from './state.js';
import { EVENTS, type CloseFilter, type EventKind, type Origin, type Step } from './steps.js';
import { emptyRecord } from '../core/record.js';

export type { Bound, Expectation } from './expect.js';
export type { EventKind, Step } from './steps.js';

export interface Scenario {
  file: string;
  /** Manifest of the estate (resolved path), or the input paths. */
  estate?: string;
  inputs: string[];
  seed: number;
  steps: Step[];
}

const STEP_KINDS = ['set', 'connect', 'requests', 'ejb', 'event', 'close', 'advance'] as const;

/** Every key a scenario file may use, where (docs/scenarios.md documents each; a test keeps them in step). */
/** The numeric fields of a server's state in a `set` step. */
type ServerNumber = Exclude<keyof ServerState, 'listening'>;
const isServerNumber = (f: string): f is ServerNumber => f === 'health' || f === 'sef' || f === 'abnormal' || f === 'wlm' || f === 'tsr';

export const SCENARIO_KEYS = {
  top: ['estate', 'inputs', 'seed', 'steps', 'description', 'clients'],
  step: [...STEP_KINDS, 'expect', 'description', 'label'],
  connect: ['from', 'to', 'count', 'clients'],
  requests: ['plugin', 'url', 'count', 'sessions', 'client', 'cookies'],
  ejb: ['cell', 'cluster', 'fromNode', 'count'],
  close: ['to', 'target', 'from', 'count'],
  event: EVENTS,
  set: ['stacks', 'lbs', 'odrs', 'members', 'dvipas'],
  dvipa: ['holder'],
  stack: ['up', 'wlm', 'servers'],
  server: ['health', 'sef', 'abnormal', 'wlm', 'tsr', 'listening'],
  lb: ['up', 'active', 'servers'],
  lbServer: ['weight', 'managerWeight', 'quiesced'],
  odr: ['up'],
  client: ['client', 'ip'],
  bound: ['min', 'max'],
  expect: MEASURE_KEYS,
} as const;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;

class Reader {
  readonly findings: Finding[] = [];
  /** Named clients: name → source address (undefined: none given). */
  readonly clients = new Map<string, string | undefined>();
  constructor(private readonly file: SourceFile) {}

  loc(n: unknown): Loc {
    const r = (n as { range?: [number, number, number] } | null)?.range;
    return r ? this.file.lines.loc(this.file.path, r[0], Math.max(r[0] + 1, r[1])) : this.file.lines.loc(this.file.path, 0, 0);
  }

  fail(n: unknown, message: string): void {
    this.findings.push({ ruleId: 'syntax', consequence: 'scenario', loc: this.loc(n), message });
  }

  map(n: Node | null | undefined, what: string, known?: readonly string[]): [string, Node | null, Node][] {
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

  fields(n: Node | null, what: string, known: readonly string[]): Record<string, Node | null> {
    // Keys from the file (a scenario may say __proto__ or constructor): a record without inherited keys.
    const f = emptyRecord<Node | null>();
    for (const [k, v] of this.map(n, what, known)) f[k] = v;
    return f;
  }

  str(n: Node | null, what: string): string | undefined {
    if (yaml().isScalar(n) && (typeof n.value === 'string' || typeof n.value === 'number')) return String(n.value);
    this.fail(n, `${what} must be a string`);
    return undefined;
  }

  num(n: Node | null, what: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = yaml().isScalar(n) ? Number(n.value) : NaN;
    if (!Number.isFinite(v) || v < min || v > max) {
      this.fail(n, `${what} must be a number from ${min} to ${max.toLocaleString('en')}`);
      return undefined;
    }
    return v;
  }

  bool(n: Node | null, what: string): boolean | undefined {
    if (yaml().isScalar(n) && typeof n.value === 'boolean') return n.value;
    this.fail(n, `${what} must be true or false`);
    return undefined;
  }

  bound(n: Node | null, what: string, count: boolean, extra: readonly string[] = []): { bound: Bound; extra: Record<string, Node | null> } {
    const bound: Bound = { loc: this.loc(n) };
    const others = emptyRecord<Node | null>();
    for (const [k, v] of this.map(n, what, [...SCENARIO_KEYS.bound, ...extra])) {
      if (k === 'min' || k === 'max') {
        const x = this.num(v, `${what}.${k}`, 0, count ? Number.MAX_SAFE_INTEGER : 1);
        if (x !== undefined) bound[k] = x;
      } else others[k] = v;
    }
    return { bound, extra: others };
  }

  /** A named client: `c1` (declared elsewhere) or `{ client: c1, ip: 192.0.2.10 }`. */
  client(n: Node | null, what: string): { name: string; ip?: string } | undefined {
    let name: string | undefined;
    let ip: string | undefined;
    if (yaml().isMap(n)) {
      const f = this.fields(n, what, SCENARIO_KEYS.client);
      name = f['client'] ? this.str(f['client'], `${what}.client`) : undefined;
      if (!f['client']) this.fail(n, `${what} needs client: <name>`);
      if (f['ip']) {
        ip = this.str(f['ip'], `${what}.ip`);
        if (ip !== undefined && !IPV4.test(ip) && !ip.includes(':')) {
          this.fail(f['ip'], `${what}.ip: '${ip}' is not an IP address`);
          ip = undefined;
        }
      }
    } else name = this.str(n, what);
    if (!name) return undefined;
    const known = this.clients.get(name);
    if (ip !== undefined && known !== undefined && known !== ip) {
      this.fail(n, `${what}: client ${name} was given ${known} before, not ${ip}`);
      return undefined;
    }
    if (ip !== undefined || !this.clients.has(name)) this.clients.set(name, ip ?? known);
    const addr = ip ?? known;
    return addr !== undefined ? { name, ip: addr } : { name };
  }

  /** An expectation of one measure. */
  expectation(key: MeasureKey, v: Node | null, keyNode: Node): Expectation[] {
    const def = MEASURES[key];
    const what = `expect.${key}`;
    switch (def.kind) {
      case 'share': {
        const { bound } = this.bound(v, what, false);
        return [{ kind: 'share', key: key as (typeof SHARE_KEYS)[number], bound }];
      }
      case 'shares':
        return this.map(v, what).map(([name, b]) => ({ kind: 'shares' as const, key: key as (typeof SHARES_KEYS)[number], name, bound: this.bound(b, `${what}.${name}`, false).bound }));
      case 'count':
        return this.countExpectation(key as CountKey, v);
      case 'state':
        return this.map(v, what).flatMap(([name, value]) => {
          const s = this.str(value, `${what}.${name}`);
          return s === undefined ? [] : [{ kind: 'state' as const, key: key as (typeof STATE_KEYS)[number], name, value: s, loc: this.loc(value) }];
        });
      case 'same-target': {
        if (yaml().isScalar(v)) {
          const step = this.str(v, what);
          return step ? [{ kind: 'same-target', key: 'sameTargetAs', step, bound: { min: 1, loc: this.loc(v) } }] : [];
        }
        const { bound, extra } = this.bound(v, what, false, ['step']);
        const step = extra['step'] ? this.str(extra['step'], `${what}.step`) : undefined;
        if (!step) {
          this.fail(v ?? keyNode, `${what} names a step label: sameTargetAs: <label> or { step: <label>, min: … }`);
          return [];
        }
        if (bound.min === undefined && bound.max === undefined) bound.min = 1;
        return [{ kind: 'same-target', key: 'sameTargetAs', step, bound }];
      }
    }
  }

  /**
   * `{ min, max }` for the total; `{ <filter>: value, min, max }` for one slice
   * (`reason: no-gsc`, `to: "10.40.1.1:8080"`); or `{ "<address:port>": n | { min, max } }`
   * per destination (connectionsBroken).
   */
  private countExpectation(key: CountKey, v: Node | null): Expectation[] {
    const what = `expect.${key}`;
    const filters: readonly string[] = MEASURES[key].filters;
    if (!yaml().isMap(v)) {
      this.fail(v, `${what} must be a mapping: { min, max }${key === 'connectionsBroken' ? ', { "<address:port>": count }' : ''} or { ${filters.join(' | ')}: value, min, max }`);
      return [];
    }
    const keys = v.items.map((p) => (yaml().isScalar(p.key) ? String(p.key.value) : ''));
    const bySlice = keys.some((k) => filters.includes(k));
    if (bySlice || keys.every((k) => k === 'min' || k === 'max')) {
      const { bound, extra } = this.bound(v, what, true, filters);
      const dims = Object.keys(extra);
      if (dims.length > 1) {
        this.fail(v, `${what}: one of ${filters.join(', ')} at a time`);
        return [];
      }
      if (!dims.length) return [{ kind: 'count', key, bound }];
      const dim = dims[0]!;
      const value = this.str(extra[dim]!, `${what}.${dim}`);
      if (value === undefined) return [];
      if (dim === 'reason' && !isLossReason(value)) {
        this.fail(extra[dim], `${what}.reason: '${value}' is not a reason a session is lost (${Object.keys(LOSS_REASONS).join(', ')})${didYouMean(value, Object.keys(LOSS_REASONS), false)}`);
        return [];
      }
      // A slice without bounds: at least one.
      if (bound.min === undefined && bound.max === undefined) bound.min = 1;
      return [{ kind: 'count', key, by: { dim, value }, bound }];
    }
    if (key !== 'connectionsBroken') {
      this.fail(v, `${what}: unknown key '${keys.find((k) => k !== 'min' && k !== 'max')}' (min, max, ${filters.join(', ')})`);
      return [];
    }
    return this.map(v, what).flatMap(([dest, b]): Expectation[] => {
      if (!/^.+:\d{1,5}$/.test(dest)) {
        this.fail(b, `${what}: '${dest}' is neither min, max, ${filters.join(', ')} nor "<address>:<port>"`);
        return [];
      }
      if (yaml().isScalar(b)) {
        const n = this.num(b, `${what}.${dest}`);
        return n === undefined ? [] : [{ kind: 'count', key, by: { dim: 'to', value: dest }, bound: { min: n, max: n, loc: this.loc(b) } }];
      }
      return [{ kind: 'count', key, by: { dim: 'to', value: dest }, bound: this.bound(b, `${what}.${dest}`, true).bound }];
    });
  }

  expectations(n: Node | null): Expectation[] {
    const out: Expectation[] = [];
    for (const [k, v, keyNode] of this.map(n, 'expect', SCENARIO_KEYS.expect)) out.push(...this.expectation(k as MeasureKey, v, keyNode));
    return out;
  }

  state(n: Node | null): StatePatch {
    const out: StatePatch = {};
    for (const [k, v] of this.map(n, 'set', SCENARIO_KEYS.set)) {
      if (k === 'stacks') out.stacks = this.stacks(v);
      else if (k === 'lbs') out.lbs = this.lbs(v);
      else if (k === 'dvipas') out.dvipas = this.dvipas(v);
      else {
        // Names from the file (an ODR called __proto__ is a name like any other): a record without inherited keys.
        const group = emptyRecord<{ up?: boolean }>();
        for (const [name, s] of this.map(v, `set.${k}`)) {
          const entry: { up?: boolean } = {};
          for (const [, fv] of this.map(s, `set.${k}.${name}`, SCENARIO_KEYS.odr)) {
            const b = this.bool(fv, 'up');
            if (b !== undefined) entry.up = b;
          }
          group[name] = entry;
        }
        if (k === 'odrs') out.odrs = group;
        else out.members = group;
      }
    }
    return out;
  }

  /** `dvipas: { 10.40.1.1: { holder: SYSB } }`: who holds each DVIPA now (a system, or none). */
  private dvipas(v: Node | null): NonNullable<RuntimeState['dvipas']> {
    const out: NonNullable<RuntimeState['dvipas']> = emptyRecord();
    for (const [address, d] of this.map(v, 'set.dvipas')) {
      const ip = parseIp(address);
      if (!ip) {
        this.fail(d, `set.dvipas: ${address} is not an IPv4 or IPv6 address`);
        continue;
      }
      const entry: NonNullable<RuntimeState['dvipas']>[string] = {};
      for (const [, hv] of this.map(d, `set.dvipas.${address}`, SCENARIO_KEYS.dvipa)) {
        const holder = yaml().isScalar(hv) && (typeof hv.value === 'string' || typeof hv.value === 'number') ? String(hv.value) : undefined;
        if (holder === undefined || holder === '') this.fail(hv, `set.dvipas.${address}.holder must be a system name, or none`);
        else entry.holder = holder.toLowerCase() === 'none' ? 'none' : holder.toUpperCase();
      }
      out[ip.text] = entry;
    }
    return out;
  }

  private stacks(v: Node | null): RuntimeState['stacks'] {
    const out: RuntimeState['stacks'] = emptyRecord();
    for (const [name, s] of this.map(v, 'set.stacks')) {
      const st: NonNullable<RuntimeState['stacks'][string]> = {};
      for (const [sk, sv] of this.map(s, `set.stacks.${name}`, SCENARIO_KEYS.stack)) {
        if (sk === 'up') {
          const b = this.bool(sv, 'up');
          if (b !== undefined) st.up = b;
        } else if (sk === 'wlm') {
          const x = this.num(sv, 'wlm', 0, 64);
          if (x !== undefined) st.wlm = x;
        } else {
          st.servers = emptyRecord();
          for (const [port, srv] of this.map(sv, `set.stacks.${name}.servers`)) {
            const server: Partial<ServerState> = emptyRecord<number | boolean>();
            for (const [f, fv] of this.map(srv, `set.stacks.${name}.servers.${port}`, SCENARIO_KEYS.server)) {
              if (f === 'listening') {
                const b = this.bool(fv, 'listening');
                if (b !== undefined) server.listening = b;
              } else {
                const max = f === 'abnormal' ? 1000 : f === 'wlm' ? 64 : 100;
                const x = this.num(fv, f, 0, max);
                if (x !== undefined && isServerNumber(f)) server[f] = x;
              }
            }
            st.servers[port] = server;
          }
        }
      }
      out[name.toUpperCase()] = st;
    }
    return out;
  }

  private lbs(v: Node | null): RuntimeState['lbs'] {
    const out: RuntimeState['lbs'] = emptyRecord();
    for (const [name, s] of this.map(v, 'set.lbs')) {
      const entry: RuntimeState['lbs'][string] = {};
      for (const [f, fv] of this.map(s, `set.lbs.${name}`, SCENARIO_KEYS.lb)) {
        if (f === 'servers') {
          entry.servers = emptyRecord();
          for (const [key, srv] of this.map(fv, `set.lbs.${name}.servers`)) {
            const st: LbServerState = {};
            for (const [sf, sv] of this.map(srv, `set.lbs.${name}.servers.${key}`, SCENARIO_KEYS.lbServer)) {
              if (sf === 'quiesced') {
                if (yaml().isScalar(sv) && sv.value === 'now') st.quiesced = 'now';
                else {
                  const b = this.bool(sv, 'quiesced');
                  if (b !== undefined) st.quiesced = b;
                }
              } else {
                const x = this.num(sv, sf, 0, 100);
                if (x !== undefined && sf === 'weight') st.weight = x;
                else if (x !== undefined) st.managerWeight = x;
              }
            }
            entry.servers[key] = st;
          }
        } else {
          const b = this.bool(fv, f);
          if (b !== undefined && f === 'up') entry.up = b;
          else if (b !== undefined) entry.active = b;
        }
      }
      out[name] = entry;
    }
    return out;
  }
}

/**
 * The problems of a scenario or state file as listed: at most MAX_FINDINGS_PER_RULE_AND_FILE of a kind, the rest
 * counted in one more (a 1 MB scenario of unknown keys was 50,000 lines on stderr).
 */
function bounded(findings: Finding[]): Finding[] {
  const limit = new FindingLimit();
  return [...limit.filter(findings), ...limit.summaries()];
}

/**
 * @param resolvePath the absolute path an `estate:` or `inputs:` entry (`what`) names, or why it may not be used
 *                    (outside the scenario's sandbox, src/sources/side-files.ts): a finding on the entry
 */
export function parseScenario(file: SourceFile, resolvePath: (p: string, what: 'estate' | 'inputs entry') => string | { error: string }): { scenario?: Scenario; findings: Finding[] } {
  const r = new Reader(file);
  const parsed = parseYamlFile(file, { label: '', typical: 'a scenario nests a few levels', consequence: 'scenario' });
  append(r.findings, parsed.findings);
  const doc = parsed.doc;
  if (!doc || r.findings.length) return { findings: bounded(r.findings) };
  const scenario: Scenario = { file: file.path, inputs: [], seed: 1, steps: [] };
  let stepsNode: Node | null = null;
  let refused = false;
  for (const [k, v] of r.map(doc.contents as Node | null, 'scenario', SCENARIO_KEYS.top)) {
    const path = (n: Node | null, what: 'estate' | 'inputs entry'): string | undefined => {
      const p = r.str(n, what);
      const abs = p ? resolvePath(p, what) : undefined;
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
      else
        for (const i of v.items) {
          const p = path(i as Node, 'inputs entry');
          if (p) scenario.inputs.push(p);
        }
    } else if (k === 'seed') {
      const x = r.num(v, 'seed', 0, 2 ** 32 - 1);
      if (x !== undefined) scenario.seed = Math.floor(x);
    } else if (k === 'clients') {
      for (const [name, ip] of r.map(v, 'clients')) {
        const a = r.str(ip, `clients.${name}`);
        if (a !== undefined && !IPV4.test(a) && !a.includes(':')) r.fail(ip, `clients.${name}: '${a}' is not an IP address`);
        else if (a !== undefined) r.clients.set(name, a);
      }
    } else if (k === 'steps') stepsNode = v;
  }
  if (!scenario.estate && scenario.inputs.length === 0 && !refused) r.fail(doc.contents, 'a scenario needs `estate:` (a plexlint.yaml) or `inputs:` (files or folders)');
  if (!stepsNode || !yaml().isSeq(stepsNode)) r.fail(stepsNode ?? doc.contents, 'a scenario needs `steps:`, a list');
  else {
    const labels = new Set<string>();
    for (const item of stepsNode.items) {
      const step = readStep(r, item as Node, labels);
      if (step) scenario.steps.push(step);
    }
  }
  if (!r.findings.length) checkLimits(r, scenario, doc.contents as Node | null);
  return r.findings.length ? { findings: bounded(r.findings) } : { scenario, findings: [] };
}

/** The limits of limits.ts over the whole scenario (each step's own are checked where it is read). */
function checkLimits(r: Reader, scenario: Scenario, root: Node | null): void {
  let total = 0;
  const sessions = new Map<string, number>();
  for (const s of scenario.steps) {
    if (s.kind === 'connect' || s.kind === 'requests' || s.kind === 'ejb') total += s.count;
    if (s.kind === 'requests' && s.sessions > 0) {
      let host = s.url;
      try {
        host = new URL(s.url).hostname;
      } catch {
        // the step reports a bad URL when it runs
      }
      const key = `${s.plugin ?? ''}|${host}`;
      sessions.set(key, Math.max(sessions.get(key) ?? 0, s.sessions));
    }
  }
  if (total > LIMITS.totalCount) {
    r.fail(root, `the steps make ${total.toLocaleString('en')} connections, requests and calls; a scenario may make at most ${LIMITS.totalCount.toLocaleString('en')} (docs/scenarios.md "Limits")`);
  }
  const clients = [...sessions.values()].reduce((a, b) => a + b, 0);
  if (clients > LIMITS.totalSessions) {
    r.fail(root, `the requests steps keep ${clients.toLocaleString('en')} sessions (the largest per plug-in file and host, added up); a scenario may keep at most ${LIMITS.totalSessions.toLocaleString('en')} (docs/scenarios.md "Limits")`);
  }
}

function parseDestination(text: string): { address: string; port: number } | undefined {
  const m = /^(.+):(\d{1,5})$/.exec(text.replace(/^\[(.*)\]:/, '$1:'));
  if (!m) return undefined;
  return { address: m[1]!, port: Number(m[2]) };
}

function readOrigin(r: Reader, n: Node | null | undefined, clients: Node | null | undefined): Origin | undefined {
  let origin: Origin | undefined;
  if (!n) origin = { kind: 'client', clients: 1 };
  else if (yaml().isMap(n)) {
    const c = r.client(n, 'connect.from');
    if (c) origin = { kind: 'named', ...c };
  } else {
    const s = r.str(n, 'connect.from');
    if (s !== undefined) origin = s.toLowerCase() === 'client' ? { kind: 'client', clients: 1 } : r.clients.has(s) ? { kind: 'named', ...r.client(n, 'connect.from')! } : { kind: 'system', system: s.toUpperCase() };
  }
  if (clients) {
    const k = r.num(clients, 'connect.clients', 1, LIMITS.clients);
    if (k === undefined) return undefined;
    if (origin?.kind !== 'client') {
      r.fail(clients, 'connect.clients spreads connections from outside the sysplex over several clients: it needs from: client (or no from)');
      return undefined;
    }
    origin = { kind: 'client', clients: Math.floor(k) };
  }
  return origin;
}

function readStep(r: Reader, n: Node, labels: Set<string>): Step | undefined {
  const entries = r.map(n, 'step', SCENARIO_KEYS.step);
  const kinds = entries.filter(([k]) => (STEP_KINDS as readonly string[]).includes(k));
  const loc = r.loc(n);
  if (kinds.length !== 1) {
    r.fail(n, `a step has exactly one of ${STEP_KINDS.join(', ')}`);
    return undefined;
  }
  const labelNode = entries.find(([k]) => k === 'label')?.[1];
  const label = labelNode !== undefined ? r.str(labelNode, 'label') : undefined;
  const expectNode = entries.find(([k]) => k === 'expect')?.[1];
  const expect = expectNode ? r.expectations(expectNode) : undefined;
  for (const e of expect ?? []) {
    if (e.kind === 'same-target' && !labels.has(e.step)) r.fail(expectNode, `expect.sameTargetAs: no earlier step has label '${e.step}'${didYouMean(e.step, labels, false)}`);
  }
  if (label !== undefined) {
    if (labels.has(label)) r.fail(labelNode, `label '${label}' is used by an earlier step`);
    labels.add(label);
  }
  const [kind, body] = kinds[0]!;
  const step = readBody(r, kind as Step['kind'], body, loc);
  if (!step) return undefined;
  if (label !== undefined) step.label = label;
  if (expect) step.expect = expect;
  return step;
}

function readBody(r: Reader, kind: Step['kind'], body: Node | null, loc: Loc): Step | undefined {
  switch (kind) {
    case 'set':
      return { kind: 'set', state: r.state(body), loc };
    case 'advance': {
      let ms: number | string | undefined;
      if (yaml().isScalar(body) && typeof body.value === 'number') ms = body.value >= 0 ? Math.round(body.value * 1000) : `advance: ${body.value} is negative`;
      else {
        const t = r.str(body, 'advance');
        if (t === undefined) return undefined;
        ms = parseDuration(t);
      }
      if (typeof ms === 'string') {
        r.fail(body, `advance: ${ms}`);
        return undefined;
      }
      return { kind: 'advance', ms, loc };
    }
    case 'connect': {
      const f = r.fields(body, 'connect', SCENARIO_KEYS.connect);
      const to = f['to'] ? r.str(f['to'], 'connect.to') : undefined;
      const count = f['count'] ? r.num(f['count'], 'connect.count', 1, LIMITS.count) : 1;
      const dest = to ? parseDestination(to) : undefined;
      if (!dest) {
        r.fail(f['to'] ?? body, 'connect.to must be "address:port"');
        return undefined;
      }
      // An address and a port a connection can have: `999.1.1.1` or port 99999 is a typo, never a destination.
      if (!parseIp(dest.address) || dest.port < 1 || dest.port > 65535) {
        r.fail(f['to']!, `connect.to: ${parseIp(dest.address) ? `port ${dest.port} is not from 1 to 65535` : `${dest.address} is not an IPv4 or IPv6 address`}`);
        return undefined;
      }
      const from = readOrigin(r, f['from'], f['clients']);
      if (!from || count === undefined) return undefined;
      return { kind: 'connect', from, address: dest.address, port: dest.port, count: Math.floor(count), loc };
    }
    case 'requests': {
      const f = r.fields(body, 'requests', SCENARIO_KEYS.requests);
      const plugin = f['plugin'] ? r.str(f['plugin'], 'requests.plugin') : undefined;
      const url = f['url'] ? r.str(f['url'], 'requests.url') : undefined;
      const count = f['count'] ? r.num(f['count'], 'requests.count', 1, LIMITS.count) : 1;
      const sessions = f['sessions'] ? r.num(f['sessions'], 'requests.sessions', 0, LIMITS.sessions) : 0;
      const client = f['client'] ? r.client(f['client'], 'requests.client') : undefined;
      if (client && sessions) r.fail(f['sessions'], 'requests: a named client is one session; give client or sessions, not both');
      const cookies: [string, string][] = [];
      for (const [name, v] of r.map(f['cookies'], 'requests.cookies')) {
        const value = r.str(v, `requests.cookies.${name}`);
        if (value !== undefined) cookies.push([name, value]);
      }
      if (!url) {
        r.fail(body, 'requests needs url');
        return undefined;
      }
      if (count === undefined || sessions === undefined || (f['client'] && !client)) return undefined;
      const step: Step = { kind: 'requests', url, count: Math.floor(count), sessions: Math.floor(sessions), loc };
      if (plugin !== undefined) step.plugin = plugin;
      if (client) step.client = client;
      if (cookies.length) step.cookies = cookies;
      return step;
    }
    case 'ejb': {
      const f = r.fields(body, 'ejb', SCENARIO_KEYS.ejb);
      const cell = f['cell'] ? r.str(f['cell'], 'ejb.cell') : undefined;
      const cluster = f['cluster'] ? r.str(f['cluster'], 'ejb.cluster') : undefined;
      const fromNode = f['fromNode'] ? r.str(f['fromNode'], 'ejb.fromNode') : '';
      const count = f['count'] ? r.num(f['count'], 'ejb.count', 1, LIMITS.count) : 1;
      if (!cell || !cluster || count === undefined || fromNode === undefined) {
        if (!cell || !cluster) r.fail(body, 'ejb needs cell and cluster');
        return undefined;
      }
      return { kind: 'ejb', cell, cluster, fromNode, count: Math.floor(count), loc };
    }
    case 'event': {
      const e = r.map(body, 'event', SCENARIO_KEYS.event);
      if (e.length !== 1) {
        r.fail(body, `an event is one of ${EVENTS.join(', ')}`);
        return undefined;
      }
      const target = r.str(e[0]![1], e[0]![0]);
      if (!target) return undefined;
      const event = e[0]![0] as EventKind;
      return { kind: 'event', event, target: event.startsWith('stack') ? target.toUpperCase() : target, loc };
    }
    case 'close': {
      if (yaml().isScalar(body)) {
        if (body.value !== 'all') {
          r.fail(body, "close takes 'all' or a mapping: { to, target, from, count }");
          return undefined;
        }
        return { kind: 'close', filter: {}, loc };
      }
      const f = r.fields(body, 'close', SCENARIO_KEYS.close);
      const filter: CloseFilter = {};
      if (f['to']) {
        const to = r.str(f['to'], 'close.to');
        if (to === undefined) return undefined;
        filter.to = parseDestination(to) ?? { address: to };
      }
      if (f['target']) {
        const t = r.str(f['target'], 'close.target');
        if (t !== undefined) filter.target = t.toUpperCase();
      }
      if (f['from']) {
        const t = r.str(f['from'], 'close.from');
        if (t !== undefined) filter.from = t.toLowerCase() === 'client' ? 'client' : (r.clients.get(t) ?? (r.clients.has(t) ? t : t.toUpperCase()));
      }
      if (f['count']) {
        const c = r.num(f['count'], 'close.count', 1, LIMITS.count);
        if (c !== undefined) filter.count = Math.floor(c);
      }
      return { kind: 'close', filter, loc };
    }
  }
}

/** A runtime-state file for `plexlint trace --state`: the body of a `set` step. */
export function parseStateFile(file: SourceFile): { state?: StatePatch; findings: Finding[] } {
  const r = new Reader(file);
  const parsed = parseYamlFile(file, { label: '', typical: 'a state file nests a few levels', consequence: 'scenario' });
  append(r.findings, parsed.findings);
  const doc = parsed.doc;
  if (!doc || r.findings.length) return { findings: bounded(r.findings) };
  const state = r.state(doc.contents as Node | null);
  return r.findings.length ? { findings: bounded(r.findings) } : { state, findings: [] };
}
