/**
 * Properties of `plexlint diff`:
 * - diff(A, A) reports nothing, for random estates (also written in another
 *   form) and for estates of mutated fixture files, and simulates nothing;
 * - diff(A, mutate(A)) reports exactly the changes of meaning injected;
 * - the behaviour delta with change impact equals the full one (every flow
 *   simulated on its own): on the diff fixtures, on the fixture estates with a
 *   line changed, and on random estates with injected changes;
 * - the routing picture drawn from the routing delta's outcomes is the picture
 *   of both estates measured whole, limited to the flows the routing delta
 *   reports (shares within the sampling of the two).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { behaviourDelta, type BehaviourDelta } from '../src/diff/behaviour.js';
import { runDiff, type DiffResult } from '../src/diff/index.js';
import { lint } from '../src/engine/lint.js';
import { EVERY_FLOW, graphDelta } from '../src/graph/delta.js';
import type { Graph } from '../src/graph/types.js';
import { fixtureFiles } from './support/fixture-files.js';
import { filesBelow } from './support/files-below.js';
import { fuzz } from './support/fuzz.js';
import { mutations, planArb, render, writeEstate, type Plan } from './support/estate-gen.js';

const root = join(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'plexlint-diff-props-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => join(tmp, `e${n++}`);

const estates = [join(root, 'fixtures', 'example'), ...readdirSync(join(root, 'fixtures', 'estates')).map((e) => join(root, 'fixtures', 'estates', e))];
const lineEdit = fc.record({
  estate: fc.constantFrom(...estates),
  file: fc.nat(),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  kind: fc.constantFrom('number', 'number', 'delete', 'duplicate', 'swap'),
  value: fc.integer({ min: 0, max: 100 }),
});

/** A fixture estate and a copy with one line changed (a number, deleted, doubled or moved); undefined when nothing to change. */
function lineEdited(e: typeof lineEdit extends fc.Arbitrary<infer T> ? T : never): [string, string] | undefined {
  const a = fresh();
  const b = fresh();
  cpSync(e.estate, a, { recursive: true });
  cpSync(e.estate, b, { recursive: true });
  const files = filesBelow(b);
  const file = join(b, files[e.file % files.length]!);
  const lines = readFileSync(file, 'utf8').split('\n');
  let i = Math.floor(e.at * lines.length) % lines.length;
  if (e.kind === 'number') {
    // The next line with a number (weights, ranks, ports, addresses), from the chosen one on.
    const j = [...lines.keys()].map((k) => (i + k) % lines.length).find((k) => /\d/.test(lines[k]!.replace(/^\s*[;#].*|<!--.*/, '')));
    if (j === undefined) return undefined;
    i = j;
    lines[i] = lines[i]!.replace(/\d+/, String(e.value));
  } else if (e.kind === 'delete') lines.splice(i, 1);
  else if (e.kind === 'duplicate') lines.splice(i, 0, lines[i]!);
  else if (i + 1 < lines.length) [lines[i], lines[i + 1]] = [lines[i + 1]!, lines[i]!];
  writeFileSync(file, lines.join('\n'));
  return [a, b];
}

function nothing(r: DiffResult): void {
  expect(r.changes).toEqual([]);
  expect(r.behaviour).toEqual([]);
  expect(r.findings.new).toEqual([]);
  expect(r.findings.fixed).toEqual([]);
  expect(r.flows.compared).toBe(0);
}

const changeKey = (c: DiffResult['changes'][number]): string => (c.kind === 'changed' ? `${c.object}|${c.attribute}` : `${c.kind}|${c.object}`);

/** The behaviour delta of two folders, with change impact and with every flow simulated. */
function bothDeltas(a: string, b: string): { impact: BehaviourDelta; full: BehaviourDelta } {
  const before = lint([a], { cwd: a }).compiled.estate;
  const after = lint([b], { cwd: b }).compiled.estate;
  return { impact: behaviourDelta(before, after), full: behaviourDelta(before, after, { exhaustive: true }) };
}

function sameDelta(a: string, b: string): void {
  const { impact, full } = bothDeltas(a, b);
  expect(impact.changes).toEqual(full.changes);
  expect(full.skipped).toBe(0);
}

describe('diff(A, A) reports nothing', () => {
  it('for random estates, also when the copy is written in another form (case, comments, blank lines)', () => {
    fc.assert(
      fc.property(planArb, fc.record({ lower: fc.boolean(), comments: fc.boolean() }), (plan, form) => {
        const a = writeEstate(fresh(), render(plan));
        const b = writeEstate(fresh(), render(plan, form));
        nothing(runDiff(a, b, tmp));
      }),
      fuzz(12),
    );
  });

  it('for estates of mutated fixture files (broken input included)', () => {
    const configs = fixtureFiles().filter((f) => f.kind === 'profile' || f.kind === 'plugin-cfg' || f.kind === 'cluster-xml' || f.kind === 'dscontrol');
    const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), cut: fc.integer({ min: 0, max: 80 }), insert: fc.constantFrom('', ';', '<', '"', '\n', 'ENDVIPADYNAMIC\n', 'VIPADISTRIBUTE ') });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...configs), edit), { minLength: 1, maxLength: 4 }), (picked) => {
        const files: Record<string, string> = {};
        picked.forEach(([f, e], i) => {
          const at = Math.floor(e.at * f.text.length);
          const ext = f.kind === 'profile' ? 'tcpip' : f.kind === 'dscontrol' ? 'cfg' : 'xml';
          files[`${f.kind}/${i}/${f.kind === 'cluster-xml' ? 'cluster' : f.kind === 'plugin-cfg' ? 'plugin-cfg' : `F${i}`}.${ext}`] = f.text.slice(0, at) + e.insert + f.text.slice(at + e.cut);
        });
        const a = writeEstate(fresh(), files);
        const b = writeEstate(fresh(), files);
        nothing(runDiff(a, b, tmp));
      }),
      fuzz(10),
    );
  });
});

describe('diff(A, mutate(A)) reports every injected change and no other', () => {
  it('random estates, one change of meaning each; change impact gives the full behaviour delta', () => {
    const mutated = planArb.chain((plan) => fc.constantFrom(...mutations(plan)).map((m) => ({ plan, m })));
    fc.assert(
      fc.property(mutated, ({ plan, m }) => {
        const a = writeEstate(fresh(), render(plan));
        const b = writeEstate(fresh(), render(m.plan));
        const r = runDiff(a, b, tmp);
        expect(r.changes.map(changeKey).sort(), m.what).toEqual(m.expected);
        const full = runDiff(a, b, tmp, { exhaustive: true });
        expect(r.behaviour, m.what).toEqual(full.behaviour);
        expect(r.flows.compared + r.flows.skipped).toBe(full.flows.compared);
      }),
      fuzz(25),
    );
  });

  it('random estates, two changes at once', () => {
    const twice = planArb.chain((plan) =>
      fc.constantFrom(...mutations(plan)).chain((m1) => fc.constantFrom(...mutations(m1.plan)).map((m2) => ({ plan, m1, m2 }))),
    );
    fc.assert(
      fc.property(twice, ({ plan, m2 }) => {
        sameDelta(writeEstate(fresh(), render(plan)), writeEstate(fresh(), render(m2.plan)));
      }),
      fuzz(10),
    );
  });
});

describe('change impact equals the full behaviour delta', () => {
  it('on every pair of fixtures/diff', () => {
    for (const name of readdirSync(join(root, 'fixtures', 'diff'))) {
      sameDelta(join(root, 'fixtures', 'diff', name, 'old'), join(root, 'fixtures', 'diff', name, 'new'));
    }
  });

  it('on the fixture estates with a line changed (a number, deleted, doubled or moved)', () => {
    fc.assert(
      fc.property(lineEdit, (e) => {
        const pair = lineEdited(e);
        if (pair) sameDelta(...pair);
      }),
      fuzz(30),
    );
  });

  /** A copy of a fixture estate with text replaced in one of its files. */
  function edited(estate: string, file: string, from: string, to: string): [string, string] {
    const a = fresh();
    const b = fresh();
    cpSync(join(root, 'fixtures', estate), a, { recursive: true });
    cpSync(a, b, { recursive: true });
    const p = join(b, file);
    const text = readFileSync(p, 'utf8');
    expect(text).toContain(from);
    writeFileSync(p, text.replace(from, to));
    return [a, b];
  }

  /** The routing changes of an edit, which change impact must find with some flows skipped. */
  function impactOf(estate: string, file: string, from: string, to: string): string[] {
    const [a, b] = edited(estate, file, from, to);
    const r = runDiff(a, b, tmp);
    const full = runDiff(a, b, tmp, { exhaustive: true });
    expect(r.behaviour).toEqual(full.behaviour);
    expect(r.flows.skipped).toBeGreaterThan(0);
    expect(r.flows.compared + r.flows.skipped).toBe(full.flows.compared);
    return r.behaviour.map((x) => x.flow);
  }

  it('a changed DYNAMICXCF address touches every distribution that names it as DESTIP', () => {
    expect(impactOf('example', 'profiles/SYSC.tcpip', 'DYNAMICXCF 10.30.1.3', 'DYNAMICXCF 10.30.2.3')).toEqual([
      // SYSC's WEIGHTEDACTIVE and ROUNDROBIN distributions name 10.30.1.3: SYSC is no longer a target.
      'connections from client, SYSA, SYSB, SYSC, SYSD to 10.40.1.4:9080',
      'connections from client, SYSA, SYSB, SYSC, SYSD to 10.40.1.5:515',
    ]);
  });

  it('a changed GSC or cell affinity setting touches the routes that spray over the cells', () => {
    const flows = impactOf('estates/odr-two-cells', 'plexlint.yaml', 'properties: { odrSessionAffinityEnabled: "true" }\n      gscs:\n        - name: ODRS_CELLA', 'properties: { odrSessionAffinityEnabled: "false" }\n      gscs:\n        - name: ODRS_CELLA');
    expect(flows).toEqual(['requests in sessions to *:80/shop/*']);
  });

  it('a DVIPA that is not distributed: the clients follow the stack that holds it', () => {
    const [a, b] = edited('estates/multi-port', 'profiles/SYS1.tcpip', 'VIPADEFINE MOVEABLE WHENIDLE 255.255.255.255 10.91.1.4', 'VIPABACKUP 50 MOVEABLE WHENIDLE 255.255.255.255 10.91.1.4');
    const sys2 = join(b, 'profiles', 'SYS2.tcpip');
    writeFileSync(sys2, readFileSync(sys2, 'utf8').replace('VIPABACKUP 100 MOVEABLE WHENIDLE 255.255.255.255 10.91.1.4', 'VIPADEFINE MOVEABLE WHENIDLE 255.255.255.255 10.91.1.4'));
    const r = runDiff(a, b, tmp);
    expect(r.behaviour.map((x) => x.text)).toEqual(['connections from client to 10.91.1.4: to SYS1 100% → 0%, to SYS2 0% → 100%']);
    expect(r.behaviour).toEqual(runDiff(a, b, tmp, { exhaustive: true }).behaviour);
    expect(r.flows.compared).toBe(1);
  });

  it('a changed load-balancer server weight touches the flows to its cluster', () => {
    expect(impactOf('example', 'lb/edge1.cfg', '@10.20.1.12 weight 10', '@10.20.1.12 weight 30')).toEqual(['connections from client to 10.60.1.1:80 (load balancer)', 'connections from client to 10.60.1.1:443 (load balancer)']);
  });

  it('a changed routing table samples every Route again, and simulates only the requests that now go elsewhere', () => {
    const plan: Plan = {
      systems: [0, 1].map((i) => ({ xcf: `10.30.1.${i + 1}`, named: `10.30.1.${i + 1}`, homes: [] })),
      dists: [{ address: '10.40.1.1', port: 3000, owner: 0, method: 'BASEWLM', targets: 'ALL', weights: [] }],
      clusters: [{ servers: [1, 2] }, { servers: [2, 2] }, { servers: [3, 1] }],
    };
    const moved = mutations(plan).find((m) => m.what === 'Uri of cluster1')!;
    const [a, b] = [writeEstate(fresh(), render(plan)), writeEstate(fresh(), render(moved.plan))];
    const r = runDiff(a, b, tmp);
    const full = runDiff(a, b, tmp, { exhaustive: true });
    expect(r.behaviour).toEqual(full.behaviour);
    expect(r.behaviour.map((x) => x.flow)).toEqual(['requests to *:80/app1/*', 'requests in sessions to *:80/app1/*', 'requests to *:80/shop1/*', 'requests in sessions to *:80/shop1/*']);
    // Four requests (old and new Uri, with and without sessions) simulated; the two other Routes' four, and the
    // connections to the unchanged DVIPA, skipped.
    expect(r.flows).toEqual({ compared: 4, skipped: full.flows.compared - 4 });
  });

  it('identical estates simulate nothing, and the report says how many flows it skipped', () => {
    const example = join(root, 'fixtures', 'example');
    const r = runDiff(example, example, root);
    expect(r.flows.compared).toBe(0);
    const full = runDiff(example, example, root, { exhaustive: true });
    expect(r.flows.skipped).toBe(full.flows.compared);
    expect(full.behaviour).toEqual([]);
  });
});

describe('the routing picture draws the routing delta\'s outcomes', () => {
  /** Both pictures of a diff: from the routing delta's outcomes, and of every flow of both estates measured again. */
  function pictures(a: string, b: string): { measured?: Graph; every?: Graph; routing: number } {
    const before = lint([a], { cwd: a }).compiled.estate;
    const after = lint([b], { cwd: b }).compiled.estate;
    const d = behaviourDelta(before, after, { measured: true });
    const options = { threshold: 0.01, title: '' };
    if (d.changes.length === 0) return { routing: 0 };
    const measured = graphDelta(before, after, d.measured, options);
    const every = graphDelta(before, after, EVERY_FLOW, options);
    return { ...(measured ? { measured } : {}), ...(every ? { every } : {}), routing: d.changes.length };
  }

  /**
   * Every node and edge of the picture is in the picture of every flow, with the same status and before → after
   * shares within a point: the pictures sample 1,200 connections, requests or calls per flow, the routing delta
   * 1,200 connections and 6,000 requests or calls. The picture of every flow may have more: the ports of a
   * VIPADISTRIBUTE after its first, and flows that only changed their name (a port moved) but not where they go.
   */
  function within(p: Graph | undefined, every: Graph | undefined): void {
    if (!p) return;
    expect(every).toBeDefined();
    const nodes = new Map(every!.nodes.map((n) => [n.id, n]));
    for (const n of p.nodes) {
      expect(nodes.has(n.id), n.id).toBe(true);
      expect(n.delta?.status, n.id).toBe(nodes.get(n.id)!.delta?.status);
    }
    const edges = new Map(every!.edges.map((e) => [`${e.from} ${e.to} ${e.kind} ${e.flow ?? ''}`, e]));
    for (const e of p.edges) {
      const key = `${e.from} ${e.to} ${e.kind} ${e.flow ?? ''}`;
      const r = edges.get(key);
      expect(r, key).toBeDefined();
      expect(e.delta?.status, key).toBe(r!.delta?.status);
      for (const side of ['before', 'after'] as const) {
        expect(e.delta?.[side] === undefined, key).toBe(r!.delta?.[side] === undefined);
        if (e.delta?.[side] !== undefined) expect(Math.abs(e.delta[side]! - r!.delta![side]!), key).toBeLessThanOrEqual(0.01);
      }
    }
  }

  it('on every pair of fixtures/diff: the same picture (each flow says how many requests it measured)', () => {
    const uncounted = (g: Graph | undefined): unknown => g && { ...g, flows: g.flows.map(({ count: _count, ...f }) => f) };
    for (const name of readdirSync(join(root, 'fixtures', 'diff'))) {
      const { measured, every } = pictures(join(root, 'fixtures', 'diff', name, 'old'), join(root, 'fixtures', 'diff', name, 'new'));
      expect(uncounted(measured), name).toEqual(uncounted(every));
    }
  });

  it('on random estates with one change of meaning', () => {
    let drawn = 0;
    const mutated = planArb.chain((plan) => fc.constantFrom(...mutations(plan)).map((m) => ({ plan, m })));
    fc.assert(
      fc.property(mutated, ({ plan, m }) => {
        const { measured, every } = pictures(writeEstate(fresh(), render(plan)), writeEstate(fresh(), render(m.plan)));
        within(measured, every);
        if (measured) drawn++;
      }),
      fuzz(40),
    );
    expect(drawn).toBeGreaterThan(0);
  });

  it('on the fixture estates with a line changed (load balancers, ODR cells, EJB clusters, several ports)', () => {
    fc.assert(
      fc.property(lineEdit, (e) => {
        const pair = lineEdited(e);
        if (!pair) return;
        const { measured, every } = pictures(...pair);
        within(measured, every);
      }),
      fuzz(30),
    );
  });
});
