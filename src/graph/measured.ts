/**
 * Flows measured elsewhere, drawn as they are: the routing delta of `plexlint diff` (src/diff/behaviour.ts) has
 * simulated the flows whose routing changed on both estates, and the picture of the diff (./delta.ts) draws those
 * outcomes instead of simulating every flow of both estates again. Besides the shares, a picture shows two
 * decisions, worked out here with one connection each: which stack distributes a DVIPA with which distribution
 * (for the edges' model pointers and OPTLOCAL), and which Load Balancer machine forwards a cluster (the other is on
 * standby).
 *
 * A flow is named as `addFlows` (./flows.ts) names it, so a measured flow and a flow of `plexlint graph` are the same
 * flow with the same node and flow ids.
 */
import type { Observed } from '../sim/index.js';
import { parseRequestUrl, resolve } from '../sim/plugin.js';
import { webIndexOf } from '../sim/web-index.js';
import { drawDvipaFlow, drawEjbFlow, drawLbFlow, drawRouteFlow, dvipaFlowId, dvipaPorts, keptOnNode, standbyEdges } from './flows.js';
import { Measure } from './measure.js';
import { CLIENT, lbClusterNode, type GraphParts } from './structure.js';
import type { GraphFlow } from './types.js';

/** A flow of the routing delta, in the picture's terms. */
export type FlowRef =
  /** Connections to a DVIPA:port from the clients or from a system (a system's connections show as its OPTLOCAL locality). */
  | { kind: 'dvipa'; address: string; port: number; origin: string }
  | { kind: 'lb'; address: string; port: number }
  /** Requests (without sessions) through a plug-in file, named by its path below the estate's folder. */
  | { kind: 'route'; plugin: string; url: string; label: string }
  /** EJB calls into a cluster.xml cluster from a client node of its cell ('': a remote client; a node's calls show as its prefer-local locality). */
  | { kind: 'ejb'; cell: string; cluster: string; node: string };

/** A flow whose routing changed, with its outcome on each side (undefined where the flow does not run). */
export interface MeasuredFlow {
  ref: FlowRef;
  before: Observed | undefined;
  after: Observed | undefined;
}

/** One side's outcomes of the measured flows. */
export interface SideFlow {
  ref: FlowRef;
  observed: Observed | undefined;
}

/** Draw the measured flows on one estate's structure; the flows drawn, as `addFlows` lists them. */
export function drawMeasured(parts: GraphParts, measured: readonly SideFlow[]): GraphFlow[] {
  const { estate } = parts;
  // Decisions only: one connection each.
  const decide = new Measure(estate, undefined, 1);
  const flows: GraphFlow[] = [];
  const ids = new Set<string>();
  const add = (id: string, kind: GraphFlow['kind'], label: string, observed: Observed | undefined): void => {
    if (ids.has(id)) return;
    ids.add(id);
    flows.push({ id, kind, label, source: CLIENT, count: observed?.count ?? 0 });
  };

  const active = new Map<string, string>();
  for (const { ref, observed } of measured) {
    if (ref.kind !== 'lb' || !observed) continue;
    const id = `lb ${ref.address}:${ref.port}`;
    add(id, 'lb', `connections to ${ref.address}:${ref.port}`, observed);
    const forwarder = decide.connect(CLIENT, ref.address, ref.port).lb;
    drawLbFlow(parts, id, CLIENT, ref.address, ref.port, observed, forwarder);
    if (forwarder) active.set(lbClusterNode(parts.lbGroupOf.get(forwarder)!, ref.address), forwarder);
  }
  standbyEdges(parts, active);

  // Connections from systems, by DVIPA and port: OPTLOCAL locality.
  const fromSystems = new Map<string, Map<number, Map<string, Observed>>>();
  for (const { ref, observed } of measured) {
    if (ref.kind !== 'dvipa' || !observed) continue;
    const dv = estate.sysplex.dvipas.find((d) => d.address === ref.address);
    if (!dv) continue;
    if (ref.origin !== CLIENT) {
      const ports = fromSystems.get(ref.address) ?? fromSystems.set(ref.address, new Map()).get(ref.address)!;
      (ports.get(ref.port) ?? ports.set(ref.port, new Map()).get(ref.port)!).set(ref.origin, observed);
      continue;
    }
    // A distribution without PORT is every port: the flow of `plexlint graph` is the DVIPA's, without a port.
    const port = dvipaPorts(parts, dv).includes(ref.port) ? ref.port : 0;
    const id = dvipaFlowId(dv.address, port);
    add(id, 'dvipa', `connections to ${dv.address}${port ? `:${port}` : ''}`, observed);
    drawDvipaFlow(parts, id, CLIENT, dv, { observed, ...decide.decision(dv.address, ref.port) });
  }
  // As `plexlint graph` has it: the locality of the first port of the DVIPA whose distribution has OPTLOCAL, from the
  // connections the routing delta made to that distribution (on its first port, or any port: 1).
  for (const [address, ports] of fromSystems) {
    const dv = estate.sysplex.dvipas.find((d) => d.address === address)!;
    const node = parts.nodes.get(`dvipa:${address}`);
    for (const port of dvipaPorts(parts, dv)) {
      const used = parts.distribution(decide.decision(address, port).distribution ?? '');
      if (!used || used.d.optLocal === undefined || !node || node.local) continue;
      const outcomes = ports.get(used.d.ports[0]?.from ?? 1) ?? new Map<string, Observed>();
      const origins = used.d.targets.flatMap((t) => (t.system && outcomes.has(t.system) ? [{ origin: t.system, share: outcomes.get(t.system)!.local ?? 0 }] : []));
      if (origins.length) node.local = { by: `OPTLOCAL ${used.d.optLocal}`, origins };
      break;
    }
  }

  const ix = webIndexOf(estate);
  for (const { ref, observed } of measured) {
    if (ref.kind !== 'route') continue;
    const plugin = ix.plugins.find((p) => parts.key(p.p.file) === ref.plugin);
    const req = parseRequestUrl(ref.url);
    const resolution = plugin && typeof req !== 'string' ? resolve(plugin, req) : undefined;
    // The request takes no Route of this side's file: the flow is not on this side.
    if (!plugin || !resolution || typeof resolution === 'string') continue;
    const id = `route ${ref.plugin} ${ref.label}`;
    add(id, 'route', `requests to ${ref.label}`, observed);
    drawRouteFlow(parts, id, plugin, { label: ref.label, resolution }, observed);
  }

  const nodeCalls = new Map<string, { node: string; observed: Observed | undefined }[]>();
  for (const { ref, observed } of measured) {
    if (ref.kind !== 'ejb') continue;
    const wx = ix.wasClusters.find((x) => x.cell === ref.cell && x.c.name === ref.cluster);
    if (!wx) continue;
    if (ref.node) {
      (nodeCalls.get(wx.key) ?? nodeCalls.set(wx.key, []).get(wx.key)!).push({ node: ref.node, observed });
      continue;
    }
    const id = `ejb ${wx.key}`;
    add(id, 'ejb', `EJB calls to ${wx.key}`, observed);
    drawEjbFlow(parts, id, wx, '', observed);
  }
  // EJB calls from the client nodes of a cell: prefer-local locality, in the order of the cell's nodes.
  for (const wx of ix.wasClusters) {
    const calls = nodeCalls.get(wx.key);
    const node = parts.nodes.get(`wc:${wx.key}`);
    if (!calls || !node || node.local) continue;
    const nodes = ix.cells.get(wx.cell ?? '')?.cell.clientNodes ?? [];
    const origins = nodes.flatMap(({ name }) => {
      const c = calls.find((x) => x.node === name);
      return c ? [{ origin: name, share: keptOnNode(wx, name, c.observed) }] : [];
    });
    if (origins.length) node.local = { by: wx.c.preferLocal ? 'prefer local' : 'no prefer local', origins };
  }
  return flows;
}
