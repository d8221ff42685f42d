/**
 * EJB workload management against IBM's statements
 * (IBM Redbook "WebSphere Application Server V6.1 Scalability", 7.5.2 Prefer local):
 * server-weighted round robin (the 2, 2, 3 example), prefer local, weight 0.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Estate } from '../src/model/estate.js';
import { EjbEngine } from '../src/sim/ejb.js';
import { Rng } from '../src/sim/rng.js';
import type { TraceStep } from '../src/sim/trace.js';
import { Simulation } from '../src/sim/index.js';
import { sendEjbCalls } from '../src/sim/web.js';
import { WebHealth, webIndexOf } from '../src/sim/web-index.js';
import { cleanupWebEstates, clusterXml, webEstate } from './support/web.js';

afterAll(cleanupWebEstates);

function cell(members: { member: string; node: string; weight?: number }[], preferLocal?: boolean): Estate {
  return webEstate({
    'plexlint.yaml': 'web:\n  cells:\n    CELL1:\n      clusters: [clusters]\n',
    'clusters/AppCluster/cluster.xml': clusterXml('AppCluster', members, preferLocal),
  });
}

const e223 = cell([
  { member: 'm1', node: 'N1', weight: 2 },
  { member: 'm2', node: 'N2', weight: 2 },
  { member: 'm3', node: 'N3', weight: 3 },
]);

describe('server-weighted round robin', () => {
  it('weights 2, 2 and 3 give 2/7, 2/7 and 3/7; once the weight-2 members are used up, the weight-3 member gets the extra request', () => {
    for (let start = 0; start < 3; start++) {
      const ix = webIndexOf(e223);
      const w = ix.wasByKey.get('CELL1/AppCluster')!;
      const ejb = new EjbEngine(new WebHealth(ix), new Rng(1));
      ejb.setStart(w, '', start);
      const seq = Array.from({ length: 7 }, () => ejb.call(w, '')!.display);
      expect(seq.filter((m) => m === 'm1')).toHaveLength(2);
      expect(seq.filter((m) => m === 'm2')).toHaveLength(2);
      expect(seq.filter((m) => m === 'm3')).toHaveLength(3);
      expect(seq[6]).toBe('m3');
    }
  });
  it('from m1: m1, m2, m3, m1, m2, m3, m3 — then the weights are reset', () => {
    const ix = webIndexOf(e223);
    const w = ix.wasByKey.get('CELL1/AppCluster')!;
    const ejb = new EjbEngine(new WebHealth(ix), new Rng(1));
    ejb.setStart(w, '', 0);
    expect(Array.from({ length: 8 }, () => ejb.call(w, '')!.display)).toEqual(['m1', 'm2', 'm3', 'm1', 'm2', 'm3', 'm3', 'm1']);
  });
  it('a remote client (no node) gets the shares 2/7, 2/7, 3/7 in a scenario', () => {
    const r = sendEjbCalls(new Simulation(e223, 4), 'CELL1', 'AppCluster', '', 700);
    expect(r.observed.members).toEqual({ m1: 0.2857, m2: 0.2857, m3: 0.4286 });
  });
  it('every member at weight 0: the calls fail, and trace says that the members are up and that this is plexlint\'s reading (IBM is silent; cluster-all-weights-zero)', () => {
    const ix = webIndexOf(cell([
      { member: 'm1', node: 'N1', weight: 0 },
      { member: 'm2', node: 'N2', weight: 0 },
    ]));
    const w = ix.wasByKey.get('CELL1/AppCluster')!;
    const trace: TraceStep[] = [];
    expect(new EjbEngine(new WebHealth(ix), new Rng(1)).call(w, '', trace)).toBeUndefined();
    const result = trace.find((t) => t.what === 'result')!.detail;
    expect(result).not.toContain('no member is available');
    expect(result).toBe('every member that is up has weight 0: IBM does not document what WAS does then; plexlint counts the call as failed');
  });
  it('weight 0: the member gets nothing', () => {
    const e = cell([
      { member: 'm1', node: 'N1', weight: 0 },
      { member: 'm2', node: 'N2', weight: 2 },
    ]);
    expect(sendEjbCalls(new Simulation(e, 4), 'CELL1', 'AppCluster', '', 100).observed.members).toEqual({ m2: 1 });
  });
});

describe('prefer local', () => {
  const e = cell([
    { member: 'a1', node: 'N1', weight: 2 },
    { member: 'a2', node: 'N1', weight: 1 },
    { member: 'b1', node: 'N2', weight: 2 },
    { member: 'c1', node: 'N3', weight: 4 },
  ]);
  it('is the default: calls from a node stay on its members, by weight among them', () => {
    expect(sendEjbCalls(new Simulation(e, 1), 'CELL1', 'AppCluster', 'N1', 300).observed.members).toEqual({ a1: 0.6667, a2: 0.3333 });
  });
  it('remote members are used only when every local member is unavailable; then by weight', () => {
    const sim = new Simulation(e, 1);
    sim.apply({ members: { ['CELL1/AppCluster/a1']: { up: false } } });
    expect(sendEjbCalls(sim, 'CELL1', 'AppCluster', 'N1', 300).observed.members).toEqual({ a2: 1 });
    sim.apply({ members: { ['CELL1/AppCluster/a2']: { up: false } } });
    expect(sendEjbCalls(sim, 'CELL1', 'AppCluster', 'N1', 600).observed.members).toEqual({ b1: 0.3333, c1: 0.6667 });
  });
  it('has no influence for a client on a node without members (a remote client)', () => {
    expect(sendEjbCalls(new Simulation(e, 1), 'CELL1', 'AppCluster', 'N9', 900).observed.members).toEqual({ a1: 0.2222, a2: 0.1111, b1: 0.2222, c1: 0.4444 });
  });
  it('preferLocal="false": every member by weight, wherever the client is', () => {
    const off = cell([
      { member: 'a1', node: 'N1', weight: 1 },
      { member: 'b1', node: 'N2', weight: 1 },
    ], false);
    expect(sendEjbCalls(new Simulation(off, 1), 'CELL1', 'AppCluster', 'N1', 100).observed.members).toEqual({ a1: 0.5, b1: 0.5 });
  });
  it('a local member with weight 0 does not hold calls on the node (plexlint: weight 0 is a drained member)', () => {
    const z = cell([
      { member: 'a1', node: 'N1', weight: 0 },
      { member: 'b1', node: 'N2', weight: 1 },
    ]);
    expect(sendEjbCalls(new Simulation(z, 1), 'CELL1', 'AppCluster', 'N1', 10).observed.members).toEqual({ b1: 1 });
  });
  it('every member down: the calls fail', () => {
    const sim = new Simulation(e, 1);
    for (const m of ['a1', 'a2', 'b1', 'c1']) sim.apply({ members: { [`CELL1/AppCluster/${m}`]: { up: false } } });
    expect(sendEjbCalls(sim, 'CELL1', 'AppCluster', 'N1', 10).observed).toMatchObject({ failed: 1, members: {} });
  });
});
