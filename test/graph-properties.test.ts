/**
 * Properties of every picture, over the example and fixture estates in random
 * runtime states (stacks, servers, balancers, ODRs and members up or down,
 * servers unhealthy), merged or not:
 * - every node (but the clients, the outside world) and every edge names model
 *   elements as JSON pointers into `plexlint compile` output, each pointer
 *   resolves, and the element it finds is that node's or edge's thing;
 * - for every node and flow, the shares on the flow's edges out of the node
 *   and what the node loses of the flow make 100%.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';
import { buildGraph } from '../src/graph/index.js';
import type { Graph } from '../src/graph/types.js';
import type { Estate } from '../src/model/estate.js';
import type { RuntimeState } from '../src/sim/state.js';

const root = join(import.meta.dirname, '..');
const dirs = [
  'fixtures/example',
  ...readdirSync(join(root, 'fixtures/estates')).map((d) => `fixtures/estates/${d}`),
  ...readdirSync(join(root, 'fixtures/diff')).flatMap((d) => [`fixtures/diff/${d}/old`, `fixtures/diff/${d}/new`]),
  'fixtures/rules/missing-per-cell-gsc/bad',
  'fixtures/rules/dispatch-cluster-not-in-home/bad',
];
const estates: { dir: string; estate: Estate; json: unknown }[] = dirs.map((dir) => {
  const { estate } = compile([dir], { cwd: root });
  return { dir, estate, json: JSON.parse(JSON.stringify(estate)) as unknown };
});

function resolvePointer(doc: unknown, pointer: string): unknown {
  let cur: unknown = doc;
  for (const part of pointer.split('/').slice(1)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const IDENTITY = ['name', 'address', 'id', 'memberName', 'system', 'dvipa', 'serverCluster'];

/** The names an element goes by. */
function namesOf(element: unknown): string[] {
  if (element === null || typeof element !== 'object') return [];
  const e = element as Record<string, unknown>;
  return IDENTITY.flatMap((k) => (typeof e[k] === 'string' ? [(e[k] as string).toLowerCase()] : []));
}

/** The element or one of the elements it is part of goes by one of these names. */
function mentions(doc: unknown, pointer: string, names: string[], ancestors: boolean): boolean {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const parts = pointer.split('/');
  for (let end = parts.length; end > 1; end--) {
    if (namesOf(resolvePointer(doc, parts.slice(0, end).join('/'))).some((n) => wanted.has(n))) return true;
    if (!ancestors) return false;
  }
  return false;
}

function checkGraph(g: Graph, json: unknown): void {
  const nodes = new Map(g.nodes.map((n) => [n.id, n]));
  expect(nodes.size).toBe(g.nodes.length);
  const flows = new Set(g.flows.map((f) => f.id));
  for (const n of g.nodes) {
    if (n.kind === 'client') continue;
    expect(n.model.length, n.id).toBeGreaterThan(0);
    for (const p of n.model) {
      expect(resolvePointer(json, p), `${n.id} ${p}`).toBeDefined();
      expect(mentions(json, p, n.names, false), `${n.id}: ${p} is not one of ${n.names.join(', ')}`).toBe(true);
    }
  }
  const out = new Map<string, number>();
  for (const e of g.edges) {
    const from = nodes.get(e.from);
    const to = nodes.get(e.to);
    expect(from && to, `${e.from} -> ${e.to}`).toBeTruthy();
    expect(e.model.length, `${e.from} -> ${e.to}`).toBeGreaterThan(0);
    for (const p of e.model) {
      expect(resolvePointer(json, p), p).toBeDefined();
      expect(mentions(json, p, [...from!.names, ...to!.names], true), `${e.from} -> ${e.to}: ${p}`).toBe(true);
    }
    if (e.kind !== 'flow') continue;
    expect(flows.has(e.flow!)).toBe(true);
    expect(e.share).toBeGreaterThanOrEqual(0);
    expect(e.share).toBeLessThanOrEqual(1.0001);
    const key = `${e.from}\u0000${e.flow}`;
    out.set(key, (out.get(key) ?? 0) + e.share!);
  }
  for (const n of g.nodes) for (const l of n.lost ?? []) out.set(`${n.id}\u0000${l.flow}`, (out.get(`${n.id}\u0000${l.flow}`) ?? 0) + l.share);
  for (const [key, sum] of out) expect(sum, key.replace('\u0000', ' flow ')).toBeCloseTo(1, 2);
}

function stateOf(estate: Estate): fc.Arbitrary<RuntimeState> {
  const systems = estate.systems.map((s) => s.name);
  const ports = [...new Set([...estate.sysplex.distributions.flatMap((d) => d.ports.map((p) => String(p.from))), '80', '443'])];
  const server = fc.record({ listening: fc.boolean(), health: fc.constantFrom(100, 60), wlm: fc.constantFrom(64, 0) }, { requiredKeys: [] });
  const stack = fc.record({ up: fc.boolean(), wlm: fc.constantFrom(64, 8, 0), servers: fc.dictionary(fc.constantFrom(...ports), server, { maxKeys: 2 }) }, { requiredKeys: [] });
  const names = (list: string[]): fc.Arbitrary<Record<string, { up?: boolean }>> => (list.length ? fc.dictionary(fc.constantFrom(...list), fc.record({ up: fc.boolean() }), { maxKeys: 2 }) : fc.constant({}));
  return fc.record({
    stacks: systems.length ? fc.dictionary(fc.constantFrom(...systems), stack, { maxKeys: 3 }) : fc.constant({}),
    lbs: estate.loadBalancers.length ? fc.dictionary(fc.constantFrom(...estate.loadBalancers.map((l) => l.name)), fc.record({ up: fc.boolean() }, { requiredKeys: [] }), { maxKeys: 2 }) : fc.constant({}),
    odrs: names(estate.web.cells.flatMap((c) => c.odrs.map((o) => `${c.name}/${o.name}`))),
    members: names(estate.web.clusters.flatMap((c) => (c.cell ? c.members.map((m) => `${c.cell}/${c.name}/${m.nodeName}/${m.memberName}`) : []))),
  });
}

describe('every picture', () => {
  it('in the default state: nodes and edges are model elements, shares out of a node make 100%', () => {
    for (const { dir, estate, json } of estates) {
      const g = buildGraph(estate, { title: dir, maxNodes: 0 });
      expect(g.nodes.length, dir).toBeGreaterThan(1);
      checkGraph(g, json);
    }
  });
  it('in random runtime states, merged or not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...estates).chain((e) => fc.tuple(fc.constant(e), stateOf(e.estate), fc.constantFrom(0, 4, 60))),
        ([{ dir, estate, json }, state, maxNodes]) => {
          const g = buildGraph(estate, { title: dir, state, maxNodes, samples: 120 });
          checkGraph(g, json);
        },
      ),
      { numRuns: 60 },
    );
  });
});
