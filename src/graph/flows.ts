/**
 * The traffic in the picture. A flow is what the simulator sent through the
 * estate — connections to a Load Balancer cluster:port or a DVIPA port,
 * requests for a plug-in route, EJB calls into a cluster.xml cluster — and its
 * outcome (the simulator's Observed) becomes edges with shares. A share is
 * relative to the flow's traffic at the edge's source node, so the shares out
 * of a node plus what the node loses (refused, dropped, failed) make 100%:
 * what a reader checks at a glance, and a test checks for every node.
 *
 * The draw functions turn one outcome into edges (a scenario step's outcome
 * too, ./steps.ts); `addFlows` measures every flow of the estate from clients.
 * Origin-dependent routing is shown on the node that decides it: OPTLOCAL (the
 * share each target system keeps local) on the DVIPA, prefer local (the share
 * each client node keeps on its own node) on the WAS cluster.
 */
import type { Distribution, ResolvedTarget, SysplexDvipa } from '../model/estate.js';
import type { ExternalLb, LbCluster, LbPort, LbServer } from '../model/lb.js';
import type { Observed } from '../sim/index.js';
import { sampleRequests, type SampleRequest } from '../sim/web.js';
import { webIndexOf, type PluginIx, type WasClusterIx } from '../sim/web-index.js';
import type { Measure } from './measure.js';
import { firstPositionBy, positionOf, positionsBy } from './positions.js';
import { CLIENT, lbClusterNode, memberNode, pluginClusterNode, type GraphParts } from './structure.js';
import type { GraphFlow, Lost } from './types.js';

// The keys the draw functions look elements up by (defined once: ./positions.ts indexes per list and key).
const targetName = (t: ResolvedTarget): string | undefined => t.system ?? t.address;
const machineName = (lb: ExternalLb): string => lb.name;
const clusterAddress = (c: LbCluster): string => c.address ?? c.id;
const portNumber = (p: LbPort): number => p.port;
const serverTarget = (s: LbServer): string => s.target?.system ?? s.address ?? s.id;
const routeOf = (r: PluginIx['routes'][number]): unknown => r.route;
const serverName = (s: PluginIx['clusters'][number]['servers'][number]): string => s.name;
const memberDisplay = (m: WasClusterIx['members'][number]): string => m.display;

function lose(parts: GraphParts, node: string, flow: string, what: Lost['what'], share: number | undefined): void {
  if (!share) return;
  const n = parts.nodes.get(node);
  if (n) (n.lost ??= []).push({ flow, what, share });
}

function flowEdge(parts: GraphParts, flow: string, from: string, to: string, share: number, model: string[], label?: string): void {
  parts.edges.push({ from, to, kind: 'flow', flow, share, model, ...(label ? { label } : {}) });
}

/** The node a flow starts at: the clients, or a system of the estate. */
export function originNode(parts: GraphParts, origin: string): string {
  return origin === CLIENT ? CLIENT : parts.systemNode(origin);
}

/** Every port a DVIPA is distributed on (0: every port, or not distributed). */
export function dvipaPorts(parts: GraphParts, dv: SysplexDvipa): number[] {
  const ports = new Set<number>();
  for (const id of dv.distributions) {
    const d = parts.distribution(id)?.d;
    if (!d) continue;
    if (d.ports.length === 0) ports.add(0);
    for (const p of d.ports) ports.add(p.from);
  }
  if (ports.size === 0) ports.add(0);
  return [...ports].sort((a, b) => a - b);
}

export function dvipaFlowId(address: string, port: number): string {
  return port ? `dvipa ${address}:${port}` : `dvipa ${address}`;
}

export interface DvipaOutcome {
  observed: Observed;
  /** The stack that distributed, and with which distribution (the simulator's decision for one connection). */
  distributor?: string;
  distribution?: string;
}

/** Connections from `origin` to a DVIPA port: origin → DVIPA → the target systems. */
export function drawDvipaFlow(parts: GraphParts, flow: string, origin: string, dv: SysplexDvipa, outcome: DvipaOutcome): void {
  const di = positionOf(parts.estate.sysplex.dvipas, dv);
  const node = `dvipa:${dv.address}`;
  const from = originNode(parts, origin);
  flowEdge(parts, flow, from, node, 1, [`/sysplex/dvipas/${di}`]);
  const used = outcome.distribution !== undefined ? parts.distribution(outcome.distribution) : undefined;
  const local = outcome.observed.local ?? 0;
  for (const [target, share] of Object.entries(outcome.observed.targets ?? {})) {
    const model = used ? positionsBy(used.d.targets, targetName, target).map((j) => `/sysplex/distributions/${used.index}/targets/${j}`) : [];
    if (model.length === 0) model.push(`/sysplex/dvipas/${di}`);
    const kept = target === origin && local > 0 ? (local >= share - 1e-9 ? 'kept local' : `${Math.round(local * 1000) / 10}% kept local`) : undefined;
    flowEdge(parts, flow, node, parts.targetNode(target, model), share, model, kept);
  }
  lose(parts, node, flow, 'refused', outcome.observed.refused);
  const owner = dv.owners[0]?.system;
  if (outcome.distributor && outcome.distributor !== owner) {
    const n = parts.nodes.get(node)!;
    const line = `distributed by ${outcome.distributor}${owner ? ` (owner ${owner} is down)` : ''}`;
    if (!n.details.includes(line)) n.details.push(line);
  }
}

/** Connections to a Load Balancer cluster:port: origin → the machine that forwarded → the cluster → the servers' systems. */
export function drawLbFlow(parts: GraphParts, flow: string, origin: string, address: string, port: number, observed: Observed, forwarder: string | undefined): void {
  const from = originNode(parts, origin);
  if (!forwarder) {
    // No machine forwarded any connection: no active machine has the cluster, or no server was ready.
    lose(parts, from, flow, 'refused', 1);
    return;
  }
  const machine = firstPositionBy(parts.estate.loadBalancers, machineName, forwarder);
  const lb = parts.estate.loadBalancers[machine]!;
  const ci = firstPositionBy(lb.clusters, clusterAddress, address);
  const node = lbClusterNode(parts.lbGroupOf.get(forwarder)!, address);
  const clusterPointer = [`/loadBalancers/${machine}/clusters/${ci}`];
  flowEdge(parts, flow, from, `lbm:${forwarder}`, 1, clusterPointer);
  flowEdge(parts, flow, `lbm:${forwarder}`, node, 1, clusterPointer);
  const cluster = lb.clusters[ci];
  const pi = cluster ? firstPositionBy(cluster.ports, portNumber, port) : -1;
  const servers = pi >= 0 ? cluster!.ports[pi]!.servers : [];
  for (const [target, share] of Object.entries(observed.targets ?? {})) {
    const model = positionsBy(servers, serverTarget, target).map((si) => `/loadBalancers/${machine}/clusters/${ci}/ports/${pi}/servers/${si}`);
    flowEdge(parts, flow, node, parts.targetNode(target, model.length ? model : clusterPointer), share, model.length ? model : clusterPointer);
  }
  lose(parts, node, flow, 'refused', observed.refused);
  lose(parts, node, flow, 'dropped', observed.dropped);
}

/** Requests for one route of a plug-in file: clients → the ServerCluster → its servers (ODRs, cluster members). */
export function drawRouteFlow(parts: GraphParts, flow: string, plugin: PluginIx, sample: Pick<SampleRequest, 'label' | 'resolution'>, observed: Observed | undefined): void {
  const pi = positionOf(parts.estate.web.plugins, plugin.p);
  const c = sample.resolution.cluster;
  const ci = positionOf(plugin.clusters, c);
  const ri = firstPositionBy(plugin.routes, routeOf, sample.resolution.route.route);
  const node = pluginClusterNode(parts.key(plugin.p.file), c.name);
  flowEdge(parts, flow, CLIENT, node, 1, [`/web/plugins/${pi}/routes/${ri}`], sample.label);
  if (!observed) {
    lose(parts, node, flow, 'failed', 1);
    return;
  }
  for (const [name, share] of Object.entries(observed.servers ?? {})) {
    const si = firstPositionBy(c.servers, serverName, name);
    const s = c.servers[si];
    if (s) flowEdge(parts, flow, node, parts.serverNode.get(s)!, share, [`/web/plugins/${pi}/clusters/${ci}/servers/${si}`]);
  }
  lose(parts, node, flow, 'failed', observed.failed);
}

/** EJB calls into a cluster.xml cluster (from a client node of the cell, or a remote client): → the cluster → its members. */
export function drawEjbFlow(parts: GraphParts, flow: string, wx: WasClusterIx, fromNode: string, observed: Observed | undefined): void {
  const clusterIndex = positionOf(parts.estate.web.clusters, wx.c);
  const node = `wc:${wx.key}`;
  flowEdge(parts, flow, CLIENT, node, 1, [`/web/clusters/${clusterIndex}`], fromNode ? `EJB calls from ${fromNode}` : 'EJB calls');
  if (!observed) {
    lose(parts, node, flow, 'failed', 1);
    return;
  }
  for (const [display, share] of Object.entries(observed.members ?? {})) {
    const mi = firstPositionBy(wx.members, memberDisplay, display);
    const m = wx.members[mi];
    if (m) flowEdge(parts, flow, node, memberNode(wx.key, m.m.nodeName, m.m.memberName), share, [`/web/clusters/${clusterIndex}/members/${mi}`]);
  }
  lose(parts, node, flow, 'failed', observed.failed);
}

/**
 * The machines that did not forward a cluster's connections: they take the cluster over when their partner fails.
 * `active`: the cluster nodes drawn, with the machine that forwarded.
 */
export function standbyEdges(parts: GraphParts, active: ReadonlyMap<string, string>): void {
  parts.estate.loadBalancers.forEach((lb, i) => {
    const group = parts.lbGroupOf.get(lb.name)!;
    lb.clusters.forEach((c, ci) => {
      const node = lbClusterNode(group, c.address ?? c.id);
      const forwarder = active.get(node);
      if (forwarder && forwarder !== lb.name) parts.edges.push({ from: `lbm:${lb.name}`, to: node, kind: 'standby', label: 'standby', model: [`/loadBalancers/${i}/clusters/${ci}`] });
    });
  });
}

/** The share of a WAS client node's EJB calls that its own members take (prefer local), from the calls' outcome. */
export function keptOnNode(wx: WasClusterIx, node: string, observed: Observed | undefined): number {
  const local = wx.members.filter((m) => m.m.nodeName === node).reduce((sum, m) => sum + (observed?.members?.[m.display] ?? 0), 0);
  return Math.round(local * 10000) / 10000;
}

function optLocal(parts: GraphParts, measure: Measure, d: Distribution, port: number): void {
  const n = parts.nodes.get(`dvipa:${d.dvipa}`)!;
  if (d.optLocal === undefined || n.local) return;
  const origins = d.targets.flatMap((t) => (t.system ? [t.system] : []));
  n.local = { by: `OPTLOCAL ${d.optLocal}`, origins: origins.map((origin) => ({ origin, share: measure.connect(origin, d.dvipa, port).observed.local ?? 0 })) };
}

function preferLocal(parts: GraphParts, measure: Measure, wx: WasClusterIx): void {
  const nodes = webIndexOf(parts.estate).cells.get(wx.cell)?.cell.clientNodes ?? [];
  if (!nodes.length) return;
  parts.nodes.get(`wc:${wx.key}`)!.local = {
    by: wx.c.preferLocal ? 'prefer local' : 'no prefer local',
    origins: nodes.map(({ name }) => ({ origin: name, share: keptOnNode(wx, name, measure.ejb(wx.cell, wx.c.name, name)) })),
  };
}

/** Run every flow of the estate from clients and add its edges. */
export function addFlows(parts: GraphParts, measure: Measure): GraphFlow[] {
  const { estate } = parts;
  const flows: GraphFlow[] = [];
  // The ids taken (a scan of the flows per Load Balancer port was quadratic: 15,000 clusters, seconds).
  const ids = new Set<string>();
  const add = (id: string, kind: GraphFlow['kind'], label: string): void => {
    ids.add(id);
    flows.push({ id, kind, label, source: CLIENT, count: measure.count });
  };

  // Load Balancer clusters, through the active machine of their pair.
  const active = new Map<string, string>();
  for (const lb of estate.loadBalancers) {
    for (const c of lb.clusters) {
      const address = c.address ?? c.id;
      for (const p of c.ports) {
        const id = `lb ${address}:${p.port}`;
        if (p.port <= 0 || ids.has(id)) continue;
        add(id, 'lb', `connections to ${address}:${p.port}`);
        const { observed, lb: forwarder } = measure.connect(CLIENT, address, p.port);
        drawLbFlow(parts, id, CLIENT, address, p.port, observed, forwarder);
        if (forwarder) active.set(lbClusterNode(parts.lbGroupOf.get(forwarder)!, address), forwarder);
      }
    }
  }
  standbyEdges(parts, active);

  for (const dv of estate.sysplex.dvipas) {
    for (const port of dvipaPorts(parts, dv)) {
      const id = dvipaFlowId(dv.address, port);
      add(id, 'dvipa', `connections to ${dv.address}${port ? `:${port}` : ''}`);
      const decision = measure.decision(dv.address, port);
      drawDvipaFlow(parts, id, CLIENT, dv, { observed: measure.connect(CLIENT, dv.address, port).observed, ...decision });
      const used = decision.distribution !== undefined ? parts.distribution(decision.distribution) : undefined;
      if (used) optLocal(parts, measure, used.d, port);
    }
  }

  const ix = webIndexOf(estate);
  for (const p of ix.plugins) {
    const key = parts.key(p.p.file);
    for (const sample of sampleRequests(p)) {
      const id = `route ${key} ${sample.label}`;
      add(id, 'route', `requests to ${sample.label}`);
      drawRouteFlow(parts, id, p, sample, measure.requests(p.p.file, sample.url));
    }
  }

  for (const wx of ix.wasClusters) {
    if (!wx.cell) continue;
    const id = `ejb ${wx.key}`;
    add(id, 'ejb', `EJB calls to ${wx.key}`);
    drawEjbFlow(parts, id, wx, '', measure.ejb(wx.cell, wx.c.name, ''));
    preferLocal(parts, measure, wx);
  }
  return flows;
}
