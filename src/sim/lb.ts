/**
 * The external Load Balancer engine: client connections to a cluster
 * address:port through the active Dispatcher machine, client affinity, the
 * servers' runtime weights, machine failures and HA takeovers.
 *
 * Facts (IBM Edge Components Load Balancer: "Optimize connections with
 * client-to-server affinity", `dscontrol port` / `server` / `manager quiesce` /
 * `highavailability`, "High Availability recovery strategy"; z/OS external
 * load balancing in dispatch and directed mode; APAR PH50064):
 * - MAC forwarding (dispatch mode; also encapsulated MAC) keeps the cluster
 *   address as the destination: a z/OS target accepts the packet only when the
 *   address is in its HOME list (a LOOPBACK entry is the documented way) —
 *   otherwise it drops it. NAT (directed mode) rewrites the destination.
 * - Servers are chosen by weight (smooth weighted round robin); weight 0 gets no
 *   new connections. The manager's weights replace the configured ones except for
 *   a server with `fixedweight yes`, and a weight the operator sets is "quickly
 *   overwritten" while the manager runs (plexlint: at its next cycle, weightOf);
 *   `manager quiesce` sets the weight to 0 and lets existing connections finish;
 *   with `now` sticky clients move too.
 * - Client affinity (`selectionalgorithm affinity` or `conn+affin` on the IPv4 and
 *   IPv6 line, a stickytime > 0 on the IPv4 line; ports joined by `crossport`
 *   share it): a client's next connection within stickytime of its last one goes
 *   to the same server. plexlint reads "each affinity record lives for the
 *   stickytime value" as: while the client has a connection open, and for
 *   stickytime seconds after its last connection opened or closed.
 * - HA: the machine whose role is `primary` is active by default. A takeover
 *   (`lbTakeover: M`, `dscontrol highavailability takeover` issued on the standby M)
 *   makes M active; when the active machine
 *   fails (`lbDown`) the partner takes over once the heartbeat timeout
 *   (`executor set hatimeout`, default 2 s) has passed, and until then no machine
 *   forwards. When the primary returns (`lbUp`) with recovery strategy `auto` it
 *   takes the active role back at once; with `manual` it stays standby until a
 *   takeover. What happens to open connections: lb-ha.ts.
 * - PH50064's go-script window: for 2 s after a takeover the machine that gave up
 *   the active role may still have the cluster aliased on its adapter; new
 *   connections that still reach it in that window are reset by its operating
 *   system (plexlint assumes all of them do: routers may still send to its MAC).
 */
import type { Estate } from '../model/estate.js';
import type { ExternalLb, LbCluster, LbPort, LbServer } from '../model/lb.js';
import { seconds } from './clock.js';
import type { ConnGroup } from './connections.js';
import { brokenObserved } from './distributor.js';
import { SimulationError, type Engine, type RunOptions, type SimContext, type StepOutcome } from './engine.js';
import { GO_SCRIPT_WINDOW_MS, haTimeoutMs, ph50064Exposure, replication, takeoverEffect, type TakeoverCause } from './lb-ha.js';
import { bump, round4, sharesOf, type Observed, type StateKey } from './measures.js';
import { SmoothWeighted } from './rng.js';
import { server, stackUp, type StatePatch } from './state.js';
import { originKey, originText, type Origin, type Step, type StepKey } from './steps.js';
import type { TraceStep } from './trace.js';
import { listText } from '../core/list-text.js';
import { didYouMean } from '../core/suggest.js';

/** IBM, `dscontrol manager interval`: how often the manager updates the weights, 2 seconds unless set. */
export const DEFAULT_MANAGER_INTERVAL_S = 2;

export interface ClusterRef {
  lb: ExternalLb;
  cluster: LbCluster;
  port: LbPort;
}

interface LbIndex {
  byName: Map<string, ExternalLb>;
  /** Cluster address → every machine's definition of it. */
  clusters: Map<string, { lb: ExternalLb; cluster: LbCluster }[]>;
  /** System → the addresses its stack has in HOME (any kind), on interfaces, as DVIPAs and dynamic XCF. */
  homes: Map<string, Set<string>>;
}

const indexes = new WeakMap<Estate, LbIndex>();

function lbIndex(estate: Estate): LbIndex {
  let ix = indexes.get(estate);
  if (ix) return ix;
  const homes = new Map<string, Set<string>>();
  for (const s of estate.systems) {
    const set = new Set<string>(s.stack.home.map((h) => h.address));
    for (const i of s.stack.interfaces) for (const a of i.addresses) set.add(a.address);
    for (const d of s.stack.dvipas) set.add(d.address);
    if (s.stack.dynamicXcf.v4) set.add(s.stack.dynamicXcf.v4.address);
    homes.set(s.name, set);
  }
  const clusters = new Map<string, { lb: ExternalLb; cluster: LbCluster }[]>();
  for (const lb of estate.loadBalancers) {
    for (const cluster of lb.clusters) {
      const a = cluster.address ?? cluster.id;
      clusters.set(a, [...(clusters.get(a) ?? []), { lb, cluster }]);
    }
  }
  ix = { byName: new Map(estate.loadBalancers.map((l) => [l.name, l])), clusters, homes };
  indexes.set(estate, ix);
  return ix;
}

function portOf(cluster: LbCluster, port: number): LbPort | undefined {
  return cluster.ports.find((x) => x.port === port) ?? cluster.ports.find((x) => x.port === 0);
}

/** Whether a port keeps client affinity, and for how long. */
export function stickiness(lb: ExternalLb, p: LbPort): number {
  const t = p.stickyTime?.value ?? 0;
  if (t <= 0) return 0;
  if (lb.productLine === 'ipv4') return t;
  return p.selectionAlgorithm === 'affinity' || p.selectionAlgorithm === 'conn+affin' ? t : 0;
}

/** What one traced connection to a cluster port comes to. */
export type LbTraceResult =
  | { kind: 'forwarded'; lb: string; target: string; server: string }
  | { kind: 'refused'; why: string }
  | { kind: 'dropped'; why: string };

const FORWARDING_TEXT: Record<LbServer['forwarding'], string> = {
  mac: 'MAC forwarding',
  encap: 'encapsulated MAC forwarding',
  nat: 'NAT forwarding',
  cbr: 'content-based routing',
};

interface AffinityRecord {
  server: string;
  open: number;
  /** When it ends once nothing is open (ms). */
  expires: number;
}

/** The candidates of one connect step (LbEngine.poolOf). */
interface ChoicePool {
  candidates: { key: string; weight: number }[];
  byId: Map<string, LbServer>;
  wrr: SmoothWeighted;
}

export class LbEngine implements Engine {
  readonly name = 'load balancer';
  readonly handles: readonly StepKey[] = ['connect', 'event:lbTakeover', 'event:lbDown', 'event:lbUp'];
  private readonly ix: LbIndex;
  private readonly wrr = new Map<string, SmoothWeighted>();
  /** Per HA pair (or lone machine), cluster and port group: client → affinity. */
  private readonly affinity = new Map<string, Map<string, AffinityRecord>>();
  /** A failed active machine's partner takes over at `at`. */
  private readonly pending = new Map<string, { machine: string; at: number }>();
  /** A machine that gave up the active role keeps its active aliases until `until`. */
  private readonly windows = new Map<string, number>();
  /** When the operator set a server's weight (machine|state key → ms): it lasts until the manager's next cycle. */
  private readonly weightSetAt = new Map<string, number>();

  constructor(private readonly sim: SimContext) {
    this.ix = lbIndex(sim.estate);
  }

  machine(name: string): ExternalLb | undefined {
    return this.ix.byName.get(name);
  }

  partnerOf(lb: ExternalLb): ExternalLb | undefined {
    const name = lb.ha?.partner?.name;
    return name ? this.ix.byName.get(name) : undefined;
  }

  private pairKey(lb: ExternalLb): string {
    const p = this.partnerOf(lb);
    return p ? [lb.name, p.name].sort().join('+') : lb.name;
  }

  /** A pending takeover whose time has come. */
  tick(): void {
    for (const [pair, p] of this.pending) {
      if (this.sim.now < p.at) continue;
      this.pending.delete(pair);
      if (this.sim.state.lbs[p.machine]?.up !== false) this.sim.apply({ lbs: { [p.machine]: { active: true } } });
    }
  }

  /** Whether a machine is the active one of its HA pair (or stands alone). */
  isActive(lb: ExternalLb): boolean {
    const st = this.sim.state.lbs[lb.name];
    if (st?.up === false) return false;
    if (st?.active !== undefined) return st.active;
    if (!lb.ha?.backup) return true;
    const partner = this.partnerOf(lb);
    const ps = partner ? this.sim.state.lbs[partner.name] : undefined;
    if (ps?.active === true && ps.up !== false) return false;
    if (partner && (ps?.up === false || ps?.active === false)) return true;
    return lb.ha.role?.value !== 'backup';
  }

  /** The active machine of the pair a machine belongs to ("none": neither). */
  activeOf(lb: ExternalLb): string {
    if (this.isActive(lb)) return lb.name;
    const p = this.partnerOf(lb);
    return p && this.isActive(p) ? p.name : 'none';
  }

  /** The cluster:port on the active machine, or why there is none. */
  find(address: string, port: number): { ref?: ClusterRef; known: boolean } {
    let known = false;
    for (const { lb, cluster } of this.ix.clusters.get(address) ?? []) {
      const p = portOf(cluster, port);
      if (!p) continue;
      known = true;
      if (this.isActive(lb)) return { ref: { lb, cluster, port: p }, known };
    }
    return { known };
  }

  claims(step: Step): boolean {
    if (step.kind !== 'connect') return true;
    return this.find(step.address, step.port).known;
  }

  private serverState(lb: ExternalLb, cluster: LbCluster, p: LbPort, s: LbServer) {
    const servers = this.sim.state.lbs[lb.name]?.servers;
    if (!servers) return undefined;
    return servers[`${cluster.id}@${p.port}@${s.id}`] ?? servers[`${cluster.id}:${p.port}:${s.id}`] ?? servers[s.id];
  }

  /** Which key of the machine's server state a server's weight is set under (the most specific one given). */
  private serverKey(lb: ExternalLb, cluster: LbCluster, p: LbPort, s: LbServer): string | undefined {
    const servers = this.sim.state.lbs[lb.name]?.servers;
    if (!servers) return undefined;
    return [`${cluster.id}@${p.port}@${s.id}`, `${cluster.id}:${p.port}:${s.id}`, s.id].find((k) => servers[k] !== undefined);
  }

  /**
   * The weight the executor uses for new connections now.
   *
   * IBM (Load Balancer, server settings): a weight set with `dscontrol server set … weight` is "quickly overwritten"
   * while the manager is running; `fixedweight yes` keeps it. plexlint's reading: the operator's weight holds until
   * the manager's next cycle (every `manager interval` seconds from the start of the clock, 2 by default), then the
   * server has the manager's weight again — a `managerWeight` the scenario gives, else, with the advisors reporting
   * equal load, the configured weight.
   */
  weightOf(lb: ExternalLb, cluster: LbCluster, p: LbPort, s: LbServer): number {
    const st = this.serverState(lb, cluster, p, s);
    if (st?.quiesced) return 0;
    const fixed = s.fixedWeight?.value.toLowerCase() === 'yes';
    if (st?.weight !== undefined && (fixed || !this.managerRuns(lb) || this.sim.now < this.nextCycle(lb, this.weightSetAt.get(`${lb.name}|${this.serverKey(lb, cluster, p, s)}`) ?? 0))) return st.weight;
    if (st?.managerWeight !== undefined && !fixed) return st.managerWeight;
    return s.weight?.value ?? 1;
  }

  /** The manager runs: `manager start` in the configuration (and no `manager stop` after it). */
  managerRuns(lb: ExternalLb): boolean {
    return lb.manager?.start !== undefined;
  }

  /** The manager's cycle in ms (`manager interval`, IBM's default 2 s). */
  managerIntervalMs(lb: ExternalLb): number {
    return (lb.manager?.interval?.value ?? DEFAULT_MANAGER_INTERVAL_S) * 1000;
  }

  /** The first manager cycle after `t` (cycles at every interval from the start of the clock). */
  private nextCycle(lb: ExternalLb, t: number): number {
    const every = this.managerIntervalMs(lb);
    return (Math.floor(t / every) + 1) * every;
  }

  applied(patch: StatePatch): void {
    for (const [name, v] of Object.entries(patch.lbs ?? {})) {
      for (const [key, server] of Object.entries(v.servers ?? {})) if (server.weight !== undefined) this.weightSetAt.set(`${name}|${key}`, this.sim.now);
    }
  }

  /** Why a server is not ready (serverReady false): its stack is down, or nothing listens on the port. */
  private notReadyText(s: LbServer, port: number): string {
    const sys = s.target?.system ?? s.id;
    return s.target && !stackUp(this.sim.state, s.target.system) ? `${sys} is down` : `${sys} has no listener on port ${port}`;
  }

  private serverReady(s: LbServer, port: number): boolean {
    const sys = s.target?.system;
    if (!sys) return true; // not a z/OS system of this estate: taken as up
    return stackUp(this.sim.state, sys) && server(this.sim.state, sys, port).listening;
  }

  private affinityTable(ref: ClusterRef): Map<string, AffinityRecord> {
    const group = ref.port.crossPort ? Math.min(ref.port.port, ref.port.crossPort.value) : ref.port.port;
    const key = `${this.pairKey(ref.lb)}|${ref.cluster.id}|${group}`;
    let t = this.affinity.get(key);
    if (!t) this.affinity.set(key, (t = new Map()));
    return t;
  }

  /**
   * What every new connection of one connect step is chosen from: the ready servers with their weights, the servers
   * by id, and the port's weighted round robin. The runtime state does not change during a step, so this is worked
   * out once per step, not once per connection (a cluster of thousands of servers made each connection a new list).
   */
  private poolOf(ref: ClusterRef): ChoicePool {
    const servers = ref.port.servers;
    const candidates = servers.filter((s) => this.serverReady(s, ref.port.port)).map((s) => ({ key: s.id, weight: this.weightOf(ref.lb, ref.cluster, ref.port, s) }));
    const byId = new Map<string, LbServer>();
    for (const s of servers) if (!byId.has(s.id)) byId.set(s.id, s);
    const key = `${ref.lb.name}|${ref.cluster.id}|${ref.port.port}`;
    let wrr = this.wrr.get(key);
    if (!wrr) this.wrr.set(key, (wrr = new SmoothWeighted()));
    return { candidates, byId, wrr };
  }

  /** The server for one new connection from `client` (undefined: none can take it). */
  private choose(ref: ClusterRef, client: string, sticky: number, pool: ChoicePool): LbServer | undefined {
    if (sticky > 0) {
      const rec = this.affinityTable(ref).get(client);
      if (rec && (rec.open > 0 || this.sim.now < rec.expires)) {
        const s = pool.byId.get(rec.server);
        if (s && this.serverReady(s, ref.port.port) && this.serverState(ref.lb, ref.cluster, ref.port, s)?.quiesced !== 'now') return s;
      }
    }
    const pick = pool.wrr.pick(pool.candidates);
    return pick === undefined ? undefined : pool.byId.get(pick);
  }

  /**
   * One connection to a cluster address and port, explained step by step (`plexlint trace`) and then made
   * the way a scenario's `connect` makes it, so the explanation and the simulation cannot disagree.
   */
  trace(from: Origin, address: string, port: number): { trace: TraceStep[]; result: LbTraceResult } {
    this.tick();
    const trace: TraceStep[] = [];
    const machines = (this.ix.clusters.get(address) ?? []).filter((x) => portOf(x.cluster, port)).map((x) => x.lb.name);
    const { ref } = this.find(address, port);
    trace.push({
      what: 'load balancer',
      detail: `${address}:${port} is a cluster port of the Load Balancer ${listText(machines)}: ${ref ? `${ref.lb.name} is the active machine and forwards it` : 'no machine that defines it is active'}`,
    });
    if (ref) {
      const sticky = stickiness(ref.lb, ref.port);
      const client = originKey(from);
      if (sticky > 0) {
        const rec = this.affinityTable(ref).get(client);
        trace.push({
          what: 'affinity',
          detail: rec && (rec.open > 0 || this.sim.now < rec.expires) ? `stickytime ${sticky} s: ${originText(from)} has an affinity record for ${rec.server}` : `stickytime ${sticky} s: ${originText(from)} has no affinity record yet, so the server is chosen by weight`,
        });
      }
      for (const s of ref.port.servers) {
        const ready = this.serverReady(s, ref.port.port);
        const on = s.target ? ` (${s.target.system})` : '';
        trace.push({
          what: 'candidate',
          detail: `${s.id}${on}, ${FORWARDING_TEXT[s.forwarding]}: ${ready ? `ready, weight ${this.weightOf(ref.lb, ref.cluster, ref.port, s)}` : `not ready: ${this.notReadyText(s, ref.port.port)}`}`,
        });
      }
    }
    const outcome = this.connect({ kind: 'connect', from, address, port, count: 1, loc: { file: '', line: 0, column: 0, endLine: 0, endColumn: 0 } }, { assignments: true });
    const target = [...(outcome.assignments?.values() ?? [])][0];
    if (!ref) return { trace, result: { kind: 'refused', why: outcome.summary.replace(/^.* refused: /, '') } };
    if (target !== undefined) {
      const server = ref.port.servers.find((s) => (s.target?.system ?? s.address ?? s.id) === target);
      if (server && (server.forwarding === 'mac' || server.forwarding === 'encap') && server.target) {
        trace.push({ what: 'forwarding', detail: `${FORWARDING_TEXT[server.forwarding]} keeps ${address} as the destination; ${target} has it in its HOME list, so its stack accepts the connection` });
      }
      return { trace, result: { kind: 'forwarded', lb: ref.lb.name, target, server: server?.id ?? target } };
    }
    if ((outcome.observed.dropped ?? 0) > 0) {
      return { trace, result: { kind: 'dropped', why: `the chosen server is reached by MAC forwarding, which keeps ${address} as the destination, but its z/OS stack does not have ${address} in its HOME list, which IBM requires in dispatch mode; plexlint's reading: the stack does not accept the packets` } };
    }
    return { trace, result: { kind: 'refused', why: / refused: /.test(outcome.summary) ? outcome.summary.replace(/^.* refused: /, '') : 'no server of the port can take it' } };
  }

  run(step: Step, options: RunOptions): StepOutcome {
    this.tick();
    if (step.kind === 'connect') return this.connect(step, options);
    if (step.kind !== 'event') throw new SimulationError(`the load balancer does not run ${step.kind} steps`);
    const lb = this.ix.byName.get(step.target);
    if (!lb) {
      const names = [...this.ix.byName.keys()];
      throw new SimulationError(`${step.event}: no load balancer ${step.target} in the estate (${names.join(', ') || 'none'})${didYouMean(step.target, names, false)}`);
    }
    if (step.event === 'lbTakeover') return this.takeoverStep(lb);
    if (step.event === 'lbDown') return this.down(lb);
    return this.up(lb);
  }

  private connect(step: Extract<Step, { kind: 'connect' }>, options: RunOptions): StepOutcome {
    const { ref } = this.find(step.address, step.port);
    const count = step.count;
    const targets = new Map<string, number>();
    const assignments = options.assignments ? new Map<string, string>() : undefined;
    let refused = 0;
    let dropped = 0;
    let why = '';
    const pair = ref ? undefined : this.pairOfCluster(step.address, step.port);
    const inWindow = ref && (this.windows.get(this.partnerOf(ref.lb)?.name ?? '') ?? -1) > this.sim.now && this.partnerOf(ref.lb) !== undefined
      ? ph50064Exposure(this.partnerOf(ref.lb)!).some((e) => e.alias.address === step.address)
      : false;
    if (!ref) {
      refused = count;
      why = pair && this.pending.has(pair) ? ': no machine is active — the partner takes over when the heartbeat timeout has passed' : ': no machine of the balancer is active';
    } else if (inWindow) {
      refused = count;
      why = `: ${this.partnerOf(ref.lb)!.name} gave up the active role less than ${GO_SCRIPT_WINDOW_MS / 1000} s ago and still has ${step.address} on its adapter — its operating system resets the connections that reach it (PH50064)`;
    } else {
      const sticky = stickiness(ref.lb, ref.port);
      const table = sticky > 0 ? this.affinityTable(ref) : undefined;
      const clients = step.from.kind === 'client' ? Math.min(step.from.clients, count) : 1;
      const keys = Array.from({ length: clients }, (_, i) => originKey(step.from, i));
      // Per client and server: connections opened (then one group each).
      const opened = new Map<string, Map<LbServer, number>>();
      const pool = this.poolOf(ref);
      for (let i = 0; i < count; i++) {
        const client = keys[clients === 1 ? 0 : i % clients]!;
        const chosen = this.choose(ref, client, sticky, pool);
        if (!chosen) {
          refused++;
          continue;
        }
        const keepsDestination = chosen.forwarding === 'mac' || chosen.forwarding === 'encap';
        if (keepsDestination && chosen.target && !this.ix.homes.get(chosen.target.system)?.has(step.address)) {
          dropped++;
          continue;
        }
        let m = opened.get(client);
        if (!m) opened.set(client, (m = new Map()));
        m.set(chosen, (m.get(chosen) ?? 0) + 1);
        if (table) {
          const rec = table.get(client);
          if (rec && rec.server === chosen.id) rec.open++;
          else table.set(client, { server: chosen.id, open: 1, expires: Infinity });
        }
      }
      const lbPort = `${ref.cluster.id}:${ref.port.port}`;
      for (const [client, m] of opened) {
        for (const [s, n] of m) {
          const system = s.target?.system ?? s.address ?? s.id;
          bump(targets, system, n);
          this.sim.connections.open({ client, address: step.address, port: step.port, target: system, lb: ref.lb.name, lbPort, lbServer: s.id }, n);
          assignments?.set(client, system);
        }
      }
    }
    const observed: Observed = { count, refused: round4(refused / count), dropped: round4(dropped / count), targets: sharesOf(targets, count) };
    const out: StepOutcome = {
      observed,
      summary: `${count} connection${count === 1 ? '' : 's'} from ${originText(step.from)} to ${step.address}:${step.port} through ${ref ? `the load balancer ${ref.lb.name}` : 'the load balancer'}${refused === count ? ` refused${why}` : ''}`,
    };
    if (assignments) out.assignments = assignments;
    return out;
  }

  private pairOfCluster(address: string, port: number): string | undefined {
    const e = (this.ix.clusters.get(address) ?? []).find((x) => portOf(x.cluster, port));
    return e ? this.pairKey(e.lb) : undefined;
  }

  /**
   * `from` stops being the active machine and `to` takes its open connections
   * that survive (lb-ha.ts decides which); affinities that were not replicated are forgotten.
   */
  private handOver(from: ExternalLb, to: ExternalLb | undefined, cause: TakeoverCause): ConnGroup[] {
    const verdicts = new Map<string, boolean>();
    const survives = (g: ConnGroup): boolean => {
      const key = `${g.address}|${g.lbPort}`;
      let v = verdicts.get(key);
      if (v === undefined) {
        const [clusterId, portText] = (g.lbPort ?? '').split(/:(?=\d+$)/);
        const p = from.clusters.find((c) => c.id === clusterId)?.ports.find((x) => String(x.port) === portText);
        v = to !== undefined && takeoverEffect(from, g.address, p, cause).survives;
        verdicts.set(key, v);
      }
      return v;
    };
    const broken = this.sim.drop((g) => g.lb === from.name && !survives(g));
    if (to) this.sim.connections.rehome((g) => g.lb === from.name, to.name);
    for (const c of from.clusters) {
      for (const p of c.ports) {
        if (!replication(from, p).affinities) this.affinity.delete(`${this.pairKey(from)}|${c.id}|${p.crossPort ? Math.min(p.port, p.crossPort.value) : p.port}`);
      }
    }
    return broken;
  }

  /**
   * `dscontrol highavailability takeover`, issued on `lb`: IBM's command runs on the standby machine and makes it
   * the active one. Refused when `lb` has no partner, is already active, or is down.
   */
  takeoverStep(lb: ExternalLb): StepOutcome {
    const partner = this.partnerOf(lb);
    if (!partner) throw new SimulationError(`lbTakeover: ${lb.name} has no HA partner to take over from`);
    if (this.sim.state.lbs[lb.name]?.up === false) throw new SimulationError(`lbTakeover: ${lb.name} is down and cannot take over (dscontrol highavailability takeover runs on the machine that becomes active)`);
    if (this.isActive(lb)) {
      throw new SimulationError(
        `lbTakeover: ${lb.name} is already the active machine of its pair; dscontrol highavailability takeover is issued on the standby machine to make it active — name ${partner.name} to hand the active role to it`,
      );
    }
    const from = partner;
    const to = lb;
    this.sim.apply({ lbs: { [from.name]: { active: false }, [to.name]: { active: true } } });
    this.pending.delete(this.pairKey(lb));
    const broken = this.handOver(from, to, 'takeover');
    if (ph50064Exposure(from).length) this.windows.set(from.name, this.sim.now + GO_SCRIPT_WINDOW_MS);
    const n = broken.reduce((s, g) => s + g.count, 0);
    return { observed: brokenObserved(broken), summary: `${to.name} takes over from ${from.name}${n ? `: ${n} open connection${n === 1 ? '' : 's'} broken` : ''}` };
  }

  /** A machine fails. When it was active, the partner takes over after the heartbeat timeout. */
  private down(lb: ExternalLb): StepOutcome {
    const wasActive = this.isActive(lb);
    const partner = this.partnerOf(lb);
    const partnerUp = partner !== undefined && this.sim.state.lbs[partner.name]?.up !== false;
    this.sim.apply({ lbs: { [lb.name]: { up: false, active: false }, ...(partner && wasActive && partnerUp ? { [partner.name]: { active: false } } : {}) } });
    let summary = `${lb.name} down`;
    let broken: ConnGroup[] = [];
    if (wasActive) {
      broken = this.handOver(lb, partnerUp ? partner : undefined, 'failure');
      if (partner && partnerUp) {
        const at = this.sim.now + haTimeoutMs(partner);
        this.pending.set(this.pairKey(lb), { machine: partner.name, at });
        summary += `: ${partner.name} takes over when the heartbeat timeout (${haTimeoutMs(partner) / 1000} s) has passed; until then no machine forwards`;
        this.tick();
      } else summary += ': no machine forwards to its clusters';
    }
    const n = broken.reduce((s, g) => s + g.count, 0);
    if (n) summary += `; ${n} open connection${n === 1 ? '' : 's'} broken`;
    return { observed: brokenObserved(broken), summary };
  }

  /** A machine returns: recovery strategy auto takes the active role back for the primary (a takeover on it), manual waits for one. */
  private up(lb: ExternalLb): StepOutcome {
    const partner = this.partnerOf(lb);
    this.sim.apply({ lbs: { [lb.name]: { up: true } } });
    if (!partner || !lb.ha?.backup) {
      this.sim.apply({ lbs: { [lb.name]: { active: true } } });
      return { observed: { connectionsBroken: 0 }, summary: `${lb.name} up` };
    }
    const partnerActive = this.sim.state.lbs[partner.name]?.up !== false && this.activeOf(partner) === partner.name;
    if (!partnerActive) {
      this.pending.delete(this.pairKey(lb));
      this.sim.apply({ lbs: { [lb.name]: { active: true }, [partner.name]: { active: false } } });
      return { observed: { connectionsBroken: 0 }, summary: `${lb.name} up and active (${partner.name} is not active)` };
    }
    const recovery = lb.ha.recovery?.value ?? 'manual';
    if (lb.ha.role?.value === 'primary' && recovery === 'auto') {
      const r = this.takeoverStep(lb);
      return { observed: r.observed, summary: `${lb.name} up; recovery strategy auto: ${r.summary}` };
    }
    this.sim.apply({ lbs: { [lb.name]: { active: false } } });
    return {
      observed: { connectionsBroken: 0 },
      summary: `${lb.name} up as standby (${lb.ha.role?.value === 'primary' ? `recovery strategy ${recovery}: it waits for a takeover` : `its role is ${lb.ha.role?.value ?? 'not set'}`}); ${partner.name} stays active`,
    };
  }

  checkState(patch: StatePatch): void {
    for (const [name, v] of Object.entries(patch.lbs ?? {})) {
      const lb = this.ix.byName.get(name);
      if (!lb) {
        const names = [...this.ix.byName.keys()];
        throw new SimulationError(`set.lbs.${name}: no load balancer ${name} in the estate (${names.join(', ') || 'none'})${didYouMean(name, names, false)}`);
      }
      for (const key of Object.keys(v.servers ?? {})) {
        const parts = key.split(/[@:]/);
        const ok = lb.clusters.some((c) => c.ports.some((p) => p.servers.some((s) => (parts.length === 1 ? s.id === key : parts.length === 3 && c.id === parts[0] && String(p.port) === parts[1] && s.id === parts[2]))));
        if (!ok) {
          const names = [...new Set(lb.clusters.flatMap((c) => c.ports.flatMap((p) => p.servers.map((s) => s.id))))];
          throw new SimulationError(`set.lbs.${name}.servers.${key}: ${name} has no such server (servers: ${names.join(', ') || 'none'}; or "<cluster>@<port>@<server>")`);
        }
      }
    }
  }

  observe(key: StateKey, name: string): string | undefined {
    if (key !== 'active') return undefined;
    this.tick();
    const lb = this.ix.byName.get(name);
    return lb ? this.activeOf(lb) : undefined;
  }

  release(g: ConnGroup): void {
    if (!g.lb || !g.lbServer) return;
    const lb = this.ix.byName.get(g.lb);
    const [clusterId, portText] = (g.lbPort ?? '').split(/:(?=\d+$)/);
    const cluster = lb?.clusters.find((c) => c.id === clusterId);
    const p = cluster?.ports.find((x) => String(x.port) === portText);
    if (!lb || !cluster || !p) return;
    const sticky = stickiness(lb, p);
    if (sticky <= 0) return;
    const rec = this.affinityTable({ lb, cluster, port: p }).get(g.client);
    if (!rec || rec.server !== g.lbServer) return;
    rec.open = Math.max(0, rec.open - g.count);
    if (rec.open === 0) rec.expires = this.sim.now + seconds(sticky);
  }
}
