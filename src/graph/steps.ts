/**
 * The picture of one scenario step with expectations (`plexlint simulate -f
 * markdown`): a connect, requests or ejb step is drawn from what the step
 * itself observed — its origin, the DVIPA, cluster or route it reached, the
 * shares it measured — and an event step as the flows through what it changed,
 * measured in the state it left. Each expectation is put on the node it is
 * about (`targets.SYSA` on SYSA, `local` and `refused` on the DVIPA or
 * cluster), held or not.
 */
import type { Estate } from '../model/estate.js';
import type { ExpectationResult, StepResult } from '../sim/index.js';
import { parseRequestUrl, resolve } from '../sim/plugin.js';
import type { Origin, Step } from '../sim/steps.js';
import type { RuntimeState } from '../sim/state.js';
import { pickPlugin } from '../sim/web.js';
import { webIndexOf } from '../sim/web-index.js';
import { drawDvipaFlow, drawEjbFlow, drawLbFlow, drawRouteFlow, originNode } from './flows.js';
import { GraphError, keepFlows } from './focus.js';
import { assemble, buildGraph } from './index.js';
import { Measure } from './measure.js';
import { CLIENT, lbClusterNode, pluginClusterNode, structure, type GraphParts } from './structure.js';
import type { Graph, GraphFlow, NodeKind } from './types.js';
import { nameTable } from '../core/record.js';

const FLOW = 'step';

/** Draw a step's own flow; the node its unnamed expectations are about, or undefined when it draws nothing. */
function drawStep(parts: GraphParts, step: Step, result: StepResult, state: RuntimeState): string | undefined {
  const { estate } = parts;
  const observed = result.observed;
  switch (step.kind) {
    case 'connect': {
      const dv = estate.sysplex.dvipas.find((d) => d.address === step.address);
      const measure = new Measure(estate, state, 1);
      const origin = originName(step.from);
      if (dv) {
        drawDvipaFlow(parts, FLOW, origin, dv, { observed, ...measure.decision(step.address, step.port) });
        return `dvipa:${dv.address}`;
      }
      const lb = estate.loadBalancers.find((x) => x.clusters.some((c) => (c.address ?? c.id) === step.address));
      if (lb) {
        const forwarder = measure.connect(step.from, step.address, step.port).lb;
        drawLbFlow(parts, FLOW, origin, step.address, step.port, observed, forwarder);
        return forwarder ? lbClusterNode(parts.lbGroupOf.get(forwarder)!, step.address) : originNode(parts, origin);
      }
      return undefined;
    }
    case 'requests': {
      const ix = webIndexOf(estate);
      const req = parseRequestUrl(step.url);
      if (typeof req === 'string') return undefined;
      const plugin = pickPlugin(ix, step.plugin || undefined, req);
      if (typeof plugin === 'string') return undefined;
      const resolution = resolve(plugin, req);
      if (typeof resolution === 'string') return undefined;
      drawRouteFlow(parts, FLOW, plugin, { label: step.url, resolution }, observed);
      return pluginClusterNode(parts.key(plugin.p.file), resolution.cluster.name);
    }
    case 'ejb': {
      const wx = webIndexOf(estate).wasByKey.get(`${step.cell}/${step.cluster}`);
      if (!wx) return undefined;
      drawEjbFlow(parts, FLOW, wx, step.fromNode, observed);
      return `wc:${wx.key}`;
    }
    default:
      return undefined;
  }
}

/** A connect step's origin as the graph names it: a system, or the clients (named clients are outside the sysplex too). */
function originName(o: Origin): string {
  return o.kind === 'system' ? o.system : CLIENT;
}

/** Where an expectation's name points: the node kinds, and the name after the measure (and its breakdown). */
const NAMED: Record<string, { kinds: NodeKind[]; skip: number }> = nameTable({
  targets: { kinds: ['system', 'external-target'], skip: 1 },
  servers: { kinds: ['plugin-server', 'member', 'odr'], skip: 1 },
  members: { kinds: ['member'], skip: 1 },
  odrs: { kinds: ['odr'], skip: 1 },
  holder: { kinds: ['dvipa'], skip: 1 },
  active: { kinds: ['lb-machine'], skip: 1 },
  'connectionsBroken.target': { kinds: ['system', 'external-target'], skip: 2 },
});

/** The node an expectation names (`targets.SYSA`, `servers.NODE_m`, `holder.10.40.1.3`, …), else undefined. */
function namedNode(graph: Graph, e: ExpectationResult): string | undefined {
  const parts = e.name.split('.');
  const rule = NAMED[parts[0]!] ?? NAMED[parts.slice(0, 2).join('.')];
  if (!rule) return undefined;
  const name = parts.slice(rule.skip).join('.').toLowerCase();
  return graph.nodes.find((n) => rule.kinds.includes(n.kind) && n.names.some((x) => x.toLowerCase() === name))?.id;
}

function putChecks(graph: Graph, subject: string | undefined, expectations: ExpectationResult[]): void {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  for (const e of expectations) {
    const id = namedNode(graph, e) ?? subject;
    const node = id !== undefined ? byId.get(id) : undefined;
    if (!node) continue;
    const check: NonNullable<typeof node.checks>[number] = { expectation: e.name, actual: e.actual, pass: e.pass };
    if (e.min !== undefined) check.min = e.min;
    if (e.max !== undefined) check.max = e.max;
    if (e.expected !== undefined) check.expected = e.expected;
    (node.checks ??= []).push(check);
  }
}

/** The picture of a step with expectations, or undefined when the step has none or there is nothing to draw. */
export function stepGraph(estate: Estate, step: Step, result: StepResult, state: RuntimeState, title: string): Graph | undefined {
  if (result.error || result.expectations.length === 0) return undefined;
  if (step.kind === 'event') {
    let graph: Graph;
    try {
      graph = buildGraph(estate, { title, state, focus: { name: step.target } });
    } catch (e) {
      if (e instanceof GraphError) return undefined;
      throw e;
    }
    const subject = graph.nodes.find((n) => n.names.some((x) => x.toLowerCase() === step.target.toLowerCase()))?.id;
    putChecks(graph, subject, result.expectations);
    return graph;
  }
  const parts = structure(estate);
  const subject = drawStep(parts, step, result, state);
  if (subject === undefined) return undefined;
  const flow: GraphFlow = { id: FLOW, kind: step.kind === 'connect' ? (subject.startsWith('dvipa:') ? 'dvipa' : 'lb') : step.kind === 'requests' ? 'route' : 'ejb', label: result.summary, source: step.kind === 'connect' ? originNode(parts, originName(step.from)) : CLIENT, count: result.observed.count ?? 0 };
  const graph = keepFlows(assemble(parts, [flow], title), new Set([FLOW]), [subject]);
  putChecks(graph, subject, result.expectations);
  return graph;
}
