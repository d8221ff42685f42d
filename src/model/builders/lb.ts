/**
 * dscontrol + go-script ASTs (+ the estate's systems) → ExternalLb.
 *
 * The configuration is applied statement by statement, the way `dscontrol file
 * newload` runs it: a command dscontrol refuses (front-end findings, a keyword
 * or separator of the other product line) changes nothing, and commands that
 * depend on an object it failed to create are skipped, and listed by the
 * finding that explains them (ExternalLb.dependents, src/model/dependents.ts). Go scripts are applied per HA state (lb.ts HaState).
 * Servers are matched to z/OS stacks through their addresses (interfaces, HOME,
 * static VIPAs, DVIPAs) or a system name.
 */
import { fix, replaceAt } from '../../core/fix.js';
import type { Finding } from '../../core/diagnostic.js';
import { parseIp } from '../../core/ip.js';
import type { Loc } from '../../core/loc.js';
import type { DsOption, DsStatement, DscontrolAst, ObjectSpec, SpecRef } from '../../frontends/dscontrol/ast.js';
import type { GoScriptAst } from '../../frontends/goscript/index.js';
import { Ordered } from '../../core/ordered.js';
import type { System } from '../estate.js';
import type {
  ExternalLb,
  HaState,
  LbAlias,
  LbCluster,
  LbHa,
  LbPort,
  LbRejection,
  LbServer,
  LbTarget,
  RepStrategy,
  SelectionAlgorithm,
} from '../lb.js';

export interface LbInput {
  name: string;
  nameSource: 'manifest' | 'file-name';
  config: DscontrolAst;
  scripts: GoScriptAst[];
  /** The partner named in the manifest. */
  partner?: { name: string; loc: Loc };
}

export const LINE_NAMES: Record<'ipv4' | 'ipv4v6', string> = {
  ipv4: 'Load Balancer for IPv4',
  ipv4v6: 'Load Balancer for IPv4 and IPv6',
};

const key = (...parts: (string | number)[]): string => parts.map((p) => String(p).toLowerCase()).join('|');

function option(options: DsOption[], name: string): DsOption | undefined {
  let found: DsOption | undefined;
  for (const o of options) if (o.name === name) found = o;
  return found;
}

function valueOf(options: DsOption[], name: string): { text: string; loc: Loc; option: DsOption } | undefined {
  const o = option(options, name);
  const v = o?.values[0];
  return o && v && !v.symbolic ? { text: v.text, loc: o.loc, option: o } : undefined;
}

function num(options: DsOption[], name: string): { value: number; loc: Loc } | undefined {
  const v = valueOf(options, name);
  return v && /^\d+$/.test(v.text) ? { value: Number(v.text), loc: v.loc } : undefined;
}

function yes(options: DsOption[], name: string): { value: boolean; loc: Loc } | undefined {
  const v = valueOf(options, name);
  return v ? { value: v.text === 'yes', loc: v.loc } : undefined;
}

function addressOf(text: string): string | undefined {
  return parseIp(text)?.text;
}

function describeSpec(c: string, p?: number | string, s?: string, sep = '@'): string {
  return [c, p, s].filter((x) => x !== undefined).join(sep);
}

/** A port's key: its number (a port that is not a number is never found, as `p.port === NaN` never holds). */
const portKey = (n: number): string | undefined => (Number.isNaN(n) ? undefined : String(n));

class LbBuilder {
  readonly lb: ExternalLb;
  private readonly clusters = new Map<string, LbCluster>();
  /** Clusters by address, built when a reference does not name a cluster; dropped whenever clusters change. */
  private clustersByAddress: Map<string, LbCluster> | undefined;
  private readonly ports = new Map<LbCluster, Ordered<LbPort>>();
  private readonly servers = new Map<LbPort, Ordered<LbServer>>();
  /** `executor configure` addresses, in the order of their last configure. */
  private readonly configured = new Map<string, ExternalLb['executor']['configured'][number]>();
  /** Objects a refused `add` would have created, with the finding that explains the refusal. */
  private readonly failed = new Map<string, Loc>();
  private readonly sep: string;

  constructor(private readonly input: LbInput) {
    const ast = input.config;
    const evidence = ast.evidence.find((e) => e.line === ast.productLine);
    this.lb = {
      name: input.name,
      nameSource: input.nameSource,
      config: ast.file,
      productLine: ast.productLine,
      executor: { configured: [] },
      clusters: [],
      advisors: [],
      scripts: [],
      aliases: { inop: [], active: [], standby: [], idle: [] },
      definitions: [],
      rejections: [],
      loc: { file: ast.file, line: 1, column: 1, endLine: 1, endColumn: 1 },
    };
    if (evidence) this.lb.productLineLoc = evidence.loc;
    this.sep = ast.productLine === 'ipv4' ? ':' : '@';
  }

  private reject(r: LbRejection): void {
    this.lb.rejections.push(r);
  }

  build(systems: System[]): ExternalLb {
    for (const s of this.input.config.statements) this.apply(s);
    this.lb.clusters = [...this.clusters.values()];
    this.lb.executor.configured = [...this.configured.values()];
    this.finish(systems);
    this.aliases();
    return this.lb;
  }

  // product line ---------------------------------------------------------------------

  /** Keywords and separators of the other product line: dscontrol of this line refuses the command. */
  private lineProblems(s: DsStatement): LbRejection[] {
    const line = this.lb.productLine;
    if (line === 'unknown') return [];
    const out: LbRejection[] = [];
    const here = LINE_NAMES[line];
    const related = this.lb.productLineLoc ? [{ loc: this.lb.productLineLoc, message: `this configuration is written for ${here}` }] : [];
    const first = this.lb.productLineLoc ? ` (line ${this.lb.productLineLoc.line})` : '';
    const spec = 'spec' in s ? s.spec : undefined;
    const specLine = spec?.separator === '@' ? 'ipv4v6' : spec?.separator === ':' ? 'ipv4' : undefined;
    if (spec && specLine && specLine !== line) {
      const i = spec.word.raw.indexOf(spec.separator!);
      const loc = i >= 0 && !spec.word.symbolic ? { ...spec.word.loc, column: spec.word.loc.column + i, endLine: spec.word.loc.line, endColumn: spec.word.loc.column + i + 1 } : spec.word.loc;
      const fixed = spec.word.text.split(spec.separator!).join(line === 'ipv4v6' ? '@' : ':');
      out.push({
        ruleId: 'lb-mixed-product-lines',
        loc,
        message:
          `'${spec.word.raw}' uses '${spec.separator}' between cluster, port and server, the separator of ${LINE_NAMES[specLine]}, but this configuration is written for ${here}${first}. ` +
          `Each product reads only its own separator, so plexlint assumes dscontrol refuses this command (or takes '${spec.word.raw}' as a single host name) and the ${s.kind} is not configured. ` +
          `Write '${fixed}'${line === 'ipv4v6' ? " (IBM's migration guide: change every ':' to '@')" : ''}.`,
        related,
        ...(spec.word.symbolic ? {} : { fix: fix(`write ${spec.word.raw.split(spec.separator!).join(line === 'ipv4v6' ? '@' : ':')}`, replaceAt(spec.word.loc, spec.word.raw.split(spec.separator!).join(line === 'ipv4v6' ? '@' : ':'))) }),
      });
    }
    if ('options' in s) {
      for (const o of s.options) {
        if (o.line === 'both' || o.line === line) continue;
        out.push({
          ruleId: 'lb-product-line-keyword',
          loc: o.keyword.loc,
          message:
            `${s.kind} ${s.action}: '${o.keyword.raw}'${o.keyword.raw.toLowerCase() === o.name ? '' : ` (${o.name})`} is a ${LINE_NAMES[o.line]} keyword, but this configuration is written for ${here}${first}` +
            `${o.note && o.line === 'ipv4' ? `: ${o.note}` : ', which does not have it'}. plexlint assumes dscontrol refuses the whole command, so nothing of it is configured. ` +
            (o.line === 'ipv4'
              ? o.name === 'method'
                ? `Remove 'method'; for NAT or encapsulated forwarding set it on each server (server add … nat yes returnaddress … router …, or encapforward yes encaptype ipip|gre encapcond always).`
                : o.name === 'collocated'
                  ? `Write 'collocation'.`
                  : `Remove '${o.name}'.`
              : `Remove '${o.name}', or convert the whole configuration to ${LINE_NAMES.ipv4v6}.`),
          related,
        });
      }
    }
    if (s.kind === 'highavailability' && s.role?.value === 'both' && line === 'ipv4v6') {
      out.push({
        ruleId: 'lb-product-line-keyword',
        loc: s.role.word.loc,
        message:
          `highavailability backup add both: mutual high availability (role 'both') is a ${LINE_NAMES.ipv4} feature; ${here}${first} supports only primary and backup. ` +
          'plexlint assumes dscontrol refuses the command, so this machine has no high availability at all. Make one machine primary and the other backup.',
        related,
      });
    }
    return out;
  }

  // statements -------------------------------------------------------------------------

  private apply(s: DsStatement): void {
    if (s.rejected) {
      // On an object whose `add` was refused, it fails with it, whatever else is wrong with it.
      this.markFailed(s, this.onFailed(s) ?? s.rejected.cause);
      return;
    }
    const problems = this.lineProblems(s);
    if (problems.length) {
      for (const p of problems) this.reject(p);
      this.markFailed(s, problems[0]!.loc);
      return;
    }
    switch (s.kind) {
      case 'executor':
        this.executor(s);
        break;
      case 'cluster':
        this.cluster(s);
        break;
      case 'port':
        this.port(s);
        break;
      case 'server':
        this.server(s);
        break;
      case 'manager': {
        this.lb.manager ??= { loc: s.loc };
        if (s.action === 'start') this.lb.manager.start = s.loc;
        if (s.action === 'stop') delete this.lb.manager.start;
        const seconds = s.action === 'interval' ? s.operands[0] : undefined;
        if (seconds && !seconds.symbolic && /^\d+$/.test(seconds.text) && Number(seconds.text) > 0) this.lb.manager.interval = { value: Number(seconds.text), loc: seconds.loc };
        break;
      }
      case 'advisor':
        this.advisor(s);
        break;
      case 'highavailability':
        this.highavailability(s);
        break;
      default:
        break;
    }
  }

  /** Objects a refused `add` would have created: commands on them fail with it (see `dependent`). */
  private markFailed(s: DsStatement, cause: Loc): void {
    if (!('spec' in s) || !s.spec || !('action' in s) || s.action !== 'add') return;
    for (const c of s.spec.clusters) {
      if (s.kind === 'cluster') this.failed.set(key(c.text), cause);
      for (const p of s.spec.ports) {
        if (s.kind === 'port') this.failed.set(key(c.text, p.text), cause);
        for (const v of s.spec.servers) if (s.kind === 'server') this.failed.set(key(c.text, p.text, v.text), cause);
      }
    }
  }

  /**
   * A refused command that names a cluster (or port) whose `add` was refused before it: recorded as a dependent of
   * that refusal, whose cause it returns (so that what depends on this command goes to the same finding).
   */
  private onFailed(s: DsStatement): Loc | undefined {
    if (!('spec' in s) || !s.spec || s.kind === 'cluster') return undefined;
    for (const c of s.spec.clusters) {
      if (this.failed.has(key(c.text))) return this.dependent(c, s, key(c.text), `cluster ${c.text}`);
      if (s.kind !== 'server') continue;
      for (const p of s.spec.ports) if (this.failed.has(key(c.text, p.text))) return this.dependent(p, s, key(c.text, p.text), `port ${describeSpec(c.text, p.text, undefined, this.sep)}`);
    }
    return undefined;
  }

  /** A command on an object whose `add` was refused fails with it: listed by the finding of the refusal. */
  private dependent(ref: SpecRef, s: DsStatement, failedKey: string, what: string): Loc {
    const cause = this.failed.get(failedKey)!;
    (this.lb.dependents ??= []).push({ cause, loc: ref.loc, message: `${s.kind} ${'action' in s ? s.action : ''} (line ${ref.loc.line}) names ${what}, whose add dscontrol refuses, and fails with it` });
    return cause;
  }

  private undefinedObject(what: string, ref: SpecRef, s: DsStatement, failedKey: string): void {
    if (this.failed.has(failedKey)) {
      this.dependent(ref, s, failedKey, what);
      return;
    }
    this.reject({
      ruleId: 'lb-undefined-object',
      loc: ref.loc,
      message:
        `${s.kind} ${'action' in s ? s.action : ''}: ${what} is not defined at this point of the configuration, so plexlint assumes dscontrol refuses the command and nothing of it is configured. ` +
        `Add it first (clusters before their ports, ports before their servers), or correct the name.`,
    });
  }

  private clustersOf(spec: ObjectSpec, s: DsStatement): { cluster: LbCluster; ref: SpecRef }[] {
    const out: { cluster: LbCluster; ref: SpecRef }[] = [];
    for (const ref of spec.clusters) {
      if (ref.wildcard) {
        for (const c of this.clusters.values()) out.push({ cluster: c, ref });
        continue;
      }
      const c = this.findCluster(ref.text);
      if (c) out.push({ cluster: c, ref });
      else this.undefinedObject(`cluster ${ref.text}`, ref, s, key(ref.text));
    }
    return out;
  }

  private findCluster(text: string): LbCluster | undefined {
    const direct = this.clusters.get(text.toLowerCase());
    if (direct) return direct;
    if (!this.clustersByAddress) {
      this.clustersByAddress = new Map();
      for (const c of this.clusters.values()) if (c.address !== undefined && !this.clustersByAddress.has(c.address)) this.clustersByAddress.set(c.address, c);
    }
    return this.clustersByAddress.get(text);
  }

  private portsIn(cluster: LbCluster): Ordered<LbPort> {
    let o = this.ports.get(cluster);
    if (!o) {
      o = new Ordered(cluster.ports, (p) => portKey(p.port));
      for (const p of cluster.ports.splice(0)) o.put(p);
      this.ports.set(cluster, o);
    }
    return o;
  }

  private serversOn(port: LbPort): Ordered<LbServer> {
    let o = this.servers.get(port);
    if (!o) {
      o = new Ordered(
        port.servers,
        (v) => v.id.toLowerCase(),
        (v) => v.address,
      );
      for (const v of port.servers.splice(0)) o.put(v);
      this.servers.set(port, o);
    }
    return o;
  }

  private portsOf(spec: ObjectSpec, s: DsStatement): { cluster: LbCluster; port: LbPort; ref: SpecRef }[] {
    const out: { cluster: LbCluster; port: LbPort; ref: SpecRef }[] = [];
    for (const { cluster } of this.clustersOf(spec, s)) {
      for (const ref of spec.ports) {
        if (ref.wildcard) {
          for (const port of cluster.ports) out.push({ cluster, port, ref });
          continue;
        }
        const k = portKey(Number(ref.text));
        const port = k === undefined ? undefined : this.portsIn(cluster).find(k);
        if (port) out.push({ cluster, port, ref });
        else if (!spec.clusters.some((c) => c.wildcard)) this.undefinedObject(`port ${describeSpec(cluster.id, ref.text, undefined, this.sep)}`, ref, s, key(cluster.id, ref.text));
      }
    }
    return out;
  }

  private executor(s: Extract<DsStatement, { kind: 'executor' }>): void {
    const e = this.lb.executor;
    if (s.action === 'start') e.start = s.loc;
    if (s.action === 'set') {
      for (const [name, field] of [['nfa', 'nfa'], ['clientgateway', 'clientGateway'], ['clientgateway6', 'clientGateway6']] as const) {
        const v = valueOf(s.options, name);
        if (v) e[field] = { value: addressOf(v.text) ?? v.text, loc: v.loc };
      }
      const ha = num(s.options, 'hatimeout');
      if (ha) e.haTimeout = ha;
      const fin = num(s.options, 'fintimeout');
      if (fin) e.finTimeout = fin;
    }
    if (s.action === 'configure' || s.action === 'unconfigure') this.configure(s.action, s.addresses, s.interfaceName?.text, s.loc);
  }

  private configure(action: 'configure' | 'unconfigure', refs: SpecRef[], iface: string | undefined, loc: Loc): void {
    for (const r of refs) {
      const address = this.findCluster(r.text)?.address ?? addressOf(r.text) ?? r.text;
      this.configured.delete(address);
      if (action === 'configure') this.configured.set(address, iface ? { address, interface: iface, loc } : { address, loc });
    }
  }

  private cluster(s: Extract<DsStatement, { kind: 'cluster' }>): void {
    if (!s.spec) return;
    if (s.action === 'configure' || s.action === 'unconfigure') {
      this.configure(s.action, s.spec.clusters, s.interfaceName?.text, s.loc);
      this.lb.definitions.push({ loc: s.loc, order: s.order });
      return;
    }
    if (s.action === 'add') {
      for (const ref of s.spec.clusters) {
        const c: LbCluster = { id: ref.text, ports: [], targets: [], loc: ref.loc, order: s.order };
        const a = addressOf(ref.text);
        if (a) c.address = a;
        this.clusters.set(ref.text.toLowerCase(), c);
        this.clusterOptions(c, s.options);
        this.clustersByAddress = undefined;
      }
      this.lb.definitions.push({ loc: s.loc, order: s.order });
      return;
    }
    if (s.action === 'set' || s.action === 'remove') {
      for (const { cluster } of this.clustersOf(s.spec, s)) {
        if (s.action === 'set') this.clusterOptions(cluster, s.options);
        else this.clusters.delete(cluster.id.toLowerCase());
        this.clustersByAddress = undefined;
      }
      this.lb.definitions.push({ loc: s.loc, order: s.order });
    }
  }

  private clusterOptions(c: LbCluster, options: DsOption[]): void {
    const a = valueOf(options, 'address');
    if (a) {
      const ip = addressOf(a.text);
      if (ip) c.address = ip;
    }
    const ph = valueOf(options, 'primaryhost');
    if (ph) c.primaryHost = { value: addressOf(ph.text) ?? ph.text, loc: ph.loc };
    const pr = option(options, 'proportions');
    if (pr && pr.values.length === 4 && pr.values.every((v) => /^\d+$/.test(v.text))) {
      c.proportions = { value: pr.values.map((v) => Number(v.text)) as [number, number, number, number], loc: pr.loc };
    }
  }

  private port(s: Extract<DsStatement, { kind: 'port' }>): void {
    if (!s.spec) return;
    if (s.action === 'add') {
      for (const { cluster } of this.clustersOf(s.spec, s)) {
        for (const ref of s.spec.ports) {
          if (ref.wildcard) continue;
          const n = Number(ref.text);
          const port: LbPort = { port: n, method: 'mac', selectionAlgorithm: 'connection', servers: [], loc: ref.loc, order: s.order };
          this.portOptions(port, s.options);
          this.portsIn(cluster).put(port);
        }
      }
    } else if (s.action === 'set' || s.action === 'remove') {
      for (const { cluster, port } of this.portsOf(s.spec, s)) {
        if (s.action === 'set') this.portOptions(port, s.options);
        else this.portsIn(cluster).remove(port);
      }
    } else return;
    this.lb.definitions.push({ loc: s.loc, order: s.order });
  }

  private portOptions(p: LbPort, options: DsOption[]): void {
    const m = valueOf(options, 'method');
    if (m) {
      p.method = m.text as LbPort['method'];
      p.methodLoc = m.loc;
    }
    const sa = valueOf(options, 'selectionalgorithm');
    if (sa) {
      p.selectionAlgorithm = sa.text as SelectionAlgorithm;
      p.selectionAlgorithmLoc = sa.loc;
    }
    const rep = valueOf(options, 'repstrategy');
    if (rep) p.repStrategy = { value: rep.text as RepStrategy, loc: rep.loc };
    for (const [name, field] of [['stickytime', 'stickyTime'], ['staletimeout', 'staleTimeout'], ['crossport', 'crossPort']] as const) {
      const v = num(options, name);
      if (v) p[field] = v;
    }
    for (const [name, field] of [['porttype', 'portType'], ['protocol', 'protocol']] as const) {
      const v = valueOf(options, name);
      if (v) p[field] = { value: v.text, loc: v.loc };
    }
  }

  private server(s: Extract<DsStatement, { kind: 'server' }>): void {
    if (!s.spec) return;
    const targets = this.portsOf(s.spec, s);
    if (s.action === 'add') {
      for (const { port } of targets) {
        for (const ref of s.spec.servers) {
          const server: LbServer = { id: ref.text, forwarding: 'mac', loc: ref.loc, order: s.order };
          const a = addressOf(ref.text);
          if (a) server.address = a;
          this.serverOptions(server, s.options);
          this.serversOn(port).put(server);
        }
      }
    } else if (s.action === 'set' || s.action === 'remove') {
      for (const { cluster, port } of targets) {
        for (const ref of s.spec.servers) {
          const servers = this.serversOn(port);
          const server = servers.find(ref.text.toLowerCase(), ref.text);
          if (!server) {
            this.undefinedObject(`server ${describeSpec(cluster.id, port.port, ref.text, this.sep)}`, ref, s, key(cluster.id, port.port, ref.text));
            continue;
          }
          if (s.action === 'set') {
            const before = server.address;
            this.serverOptions(server, s.options);
            servers.moved(server, before);
          } else servers.remove(server);
        }
      }
    } else return;
    this.lb.definitions.push({ loc: s.loc, order: s.order });
  }

  private serverOptions(v: LbServer, options: DsOption[]): void {
    const a = valueOf(options, 'address');
    if (a) {
      const ip = addressOf(a.text);
      if (ip) v.address = ip;
    }
    const w = num(options, 'weight');
    if (w) v.weight = w;
    const fw = valueOf(options, 'fixedweight');
    if (fw) v.fixedWeight = { value: fw.text, loc: fw.loc };
    const nat = yes(options, 'nat');
    if (nat) v.nat = nat;
    const enc = yes(options, 'encapforward');
    if (enc) v.encapForward = enc;
    for (const [name, field] of [['encaptype', 'encapType'], ['encapcond', 'encapCond']] as const) {
      const x = valueOf(options, name);
      if (x) v[field] = { value: x.text, loc: x.loc };
    }
    for (const [name, field] of [['returnaddress', 'returnAddress'], ['router', 'router']] as const) {
      const x = valueOf(options, name);
      if (x) v[field] = { value: addressOf(x.text) ?? x.text, loc: x.loc };
    }
    const mp = num(options, 'mapport');
    if (mp) v.mapPort = mp;
    const col = yes(options, 'collocated') ?? yes(options, 'collocation');
    if (col) v.collocated = col;
  }

  private advisor(s: Extract<DsStatement, { kind: 'advisor' }>): void {
    if (s.action !== 'start' || !s.operands[0]) return;
    const a: ExternalLb['advisors'][number] = { name: s.operands[0].text.toLowerCase(), loc: s.loc };
    const target = s.operands[1]?.text;
    if (target) {
      const parts = target.split(/[@:]/);
      const port = parts.length === 1 ? parts[0] : parts[1];
      if (port && /^\d+$/.test(port)) a.port = Number(port);
      if (parts.length > 1 && parts[0]) a.cluster = parts[0];
    }
    this.lb.advisors.push(a);
  }

  private highavailability(s: Extract<DsStatement, { kind: 'highavailability' }>): void {
    const ha: LbHa = (this.lb.ha ??= { heartbeats: [], reach: [], statements: [] });
    ha.statements.push({ loc: s.loc, order: s.order });
    switch (s.action) {
      case 'backup-add':
        ha.backup = s.loc;
        if (s.role) ha.role = { value: s.role.value, loc: s.role.word.loc };
        if (s.strategy) ha.recovery = { value: s.strategy.value, loc: s.strategy.word.loc };
        if (s.port) ha.port = { value: s.port.value, loc: s.port.word.loc };
        break;
      case 'backup-delete':
        delete ha.backup;
        delete ha.role;
        delete ha.recovery;
        delete ha.port;
        break;
      case 'heartbeat-add': {
        const [src, dst] = s.addresses;
        if (src && dst) ha.heartbeats.push({ source: src.text, destination: dst.text, loc: s.loc, order: s.order });
        break;
      }
      case 'heartbeat-delete': {
        const a = s.addresses[0]?.text;
        ha.heartbeats = ha.heartbeats.filter((h) => h.source !== a && h.destination !== a);
        break;
      }
      case 'reach-add':
        if (s.addresses[0]) ha.reach.push({ value: s.addresses[0].text, loc: s.addresses[0].loc });
        break;
      case 'reach-delete':
        ha.reach = ha.reach.filter((r) => r.value !== s.addresses[0]?.text);
        break;
      case 'takeover':
        ha.takeover = s.addresses[0] ? { address: s.addresses[0].text, loc: s.loc } : { loc: s.loc };
        break;
      default:
        break;
    }
  }

  // after the statements --------------------------------------------------------------

  private finish(systems: System[]): void {
    const index = targetIndex(systems);
    const names = new Map(systems.map((s) => [s.name.toUpperCase(), s.name]));
    for (const c of this.lb.clusters) {
      const targets = new Set(c.targets);
      for (const p of c.ports) {
        for (const v of p.servers) {
          if (this.lb.productLine === 'ipv4') v.forwarding = p.method;
          else if (v.encapForward?.value) v.forwarding = 'encap';
          else if (v.nat?.value) v.forwarding = 'nat';
          else v.forwarding = p.method;
          const t = (v.address && index.get(v.address)) ?? (names.has(v.id.toUpperCase()) ? { system: names.get(v.id.toUpperCase())!, via: 'system-name' as const } : undefined);
          if (t) {
            v.target = t;
            if (!targets.has(t.system)) {
              targets.add(t.system);
              c.targets.push(t.system);
            }
          }
        }
      }
    }
    if (this.input.partner) {
      const ha = (this.lb.ha ??= { heartbeats: [], reach: [], statements: [] });
      ha.partner = { name: this.input.partner.name, source: 'manifest', loc: this.input.partner.loc };
    }
  }

  private aliases(): void {
    const byName = new Map(this.input.scripts.map((s) => [s.name, s]));
    this.lb.scripts = this.input.scripts.map((s) => ({ name: s.name, file: s.file, loc: s.loc, sources: s.sourced.flatMap((x) => (x.file ? [x.file] : [])) }));
    const base: LbAlias[] = this.lb.executor.configured.map((c) => ({
      address: c.address,
      ...(c.interface ? { interface: c.interface } : {}),
      kind: c.interface ? (/^lo/i.test(c.interface) ? 'loopback' : 'adapter') : 'adapter',
      via: 'configure',
      conditional: false,
      loc: c.loc,
    }));
    const run = (from: LbAlias[], script: GoScriptAst | undefined): LbAlias[] => {
      let state = [...from];
      for (const op of script?.ops ?? []) {
        if (op.op === 'add') {
          if (!op.address) continue;
          state = state.filter((a) => !(a.address === op.address && a.interface === op.interface));
          const alias: LbAlias = { address: op.address, kind: op.interfaceKind, via: script!.name as LbAlias['via'], conditional: op.conditional, loc: op.loc };
          if (op.interface) alias.interface = op.interface;
          state.push(alias);
        } else {
          state = state.filter((a) => {
            if (op.address && a.address !== op.address) return true;
            if (!op.address && !op.interface) return true;
            // ifconfig eth0:1 down, ip addr flush dev X: everything on that interface; otherwise the address there (or anywhere when no interface is named).
            if (op.interface && a.interface !== undefined && a.interface !== op.interface && !(op.command === 'dscontrol' && a.via === 'configure')) return true;
            return op.conditional;
          });
        }
      }
      return state;
    };
    const inop = run(base, byName.get('goInOp'));
    const active = run(inop, byName.get('goActive'));
    const states: Record<HaState, LbAlias[]> = {
      inop,
      active,
      standby: run(active, byName.get('goStandby')),
      idle: run(inop, byName.get('goIdle')),
    };
    this.lb.aliases = states;
  }
}

/** Where each address lives in the estate's stacks (the first definition wins; DVIPAs last). */
function targetIndex(systems: System[]): Map<string, LbTarget> {
  const m = new Map<string, LbTarget>();
  const put = (address: string, t: LbTarget) => {
    if (!m.has(address)) m.set(address, t);
  };
  for (const s of systems) {
    for (const i of s.stack.interfaces) for (const a of i.addresses) put(a.address, { system: s.name, via: i.kind === 'static-vipa' ? 'static-vipa' : 'interface', loc: a.loc });
    for (const h of s.stack.home) if (h.kind !== 'loopback') put(h.address, { system: s.name, via: h.kind === 'static-vipa' ? 'static-vipa' : 'home', loc: h.loc });
  }
  for (const s of systems) for (const d of s.stack.dvipas) if (d.role === 'define') put(d.address, { system: s.name, via: 'dvipa', loc: d.loc });
  return m;
}

export interface BuiltLoadBalancers {
  loadBalancers: ExternalLb[];
  findings: Finding[];
}

export function buildLoadBalancers(inputs: LbInput[], systems: System[]): BuiltLoadBalancers {
  const findings: Finding[] = [];
  const lbs = inputs.map((i) => new LbBuilder(i).build(systems));
  const byName = new Map(lbs.map((l) => [l.name, l]));
  // Partners named in the manifest must exist; a partnership is symmetric.
  for (const lb of lbs) {
    const p = lb.ha?.partner;
    if (!p || p.source !== 'manifest') continue;
    const other = byName.get(p.name);
    if (!other || other === lb) {
      findings.push({
        ruleId: 'manifest-invalid-value',
        loc: p.loc!,
        message: `loadBalancers.${lb.name}.partner: '${p.name}' is ${other === lb ? 'this load balancer itself' : 'not a load balancer of this manifest'}${other ? '' : ` (they are ${[...byName.keys()].join(', ') || 'none'})`}, so the high-availability pair is not checked.`,
      });
      delete lb.ha!.partner;
      continue;
    }
    if (!other.ha?.partner) {
      const ha = (other.ha ??= { heartbeats: [], reach: [], statements: [] });
      ha.partner = { name: lb.name, source: 'manifest' };
    }
  }
  // Without the manifest: the partner is the machine a heartbeat goes to.
  for (const lb of lbs) {
    if (!lb.ha || lb.ha.partner || !lb.ha.backup) continue;
    const dests = new Set(lb.ha.heartbeats.map((h) => h.destination));
    const other = lbs.find((o) => o !== lb && o.ha?.backup && ((o.executor.nfa && dests.has(o.executor.nfa.value)) || o.ha.heartbeats.some((h) => dests.has(h.source))));
    if (other) lb.ha.partner = { name: other.name, source: 'heartbeat' };
  }
  return { loadBalancers: lbs, findings };
}
