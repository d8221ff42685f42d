/**
 * Rules that state a routing consequence say what the engines do (one source
 * of truth): each case runs the rule and the simulation on the same estate.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';
import { lint } from '../src/engine/lint.js';
import { Simulation } from '../src/sim/index.js';
import { sendRequests } from '../src/sim/web.js';

const root = join(import.meta.dirname, '..');

function diagnostics(dir: string, ruleId: string) {
  return lint([join(root, dir)], { cwd: root }).diagnostics.filter((d) => d.ruleId === ruleId);
}

function takeoverBreaks(dir: string, connects: [string, number][], machine: string): Record<string, number> {
  const { estate } = compile([join(root, dir)], { cwd: root });
  const sim = new Simulation(estate, 1);
  for (const [address, port] of connects) sim.connect({ kind: 'client', clients: 10 }, address, port, 10);
  const r = sim.engines.lb.run({ kind: 'event', event: 'lbTakeover', target: machine, loc: { file: '', line: 1, column: 1, endLine: 1, endColumn: 1 } }, { assignments: false });
  return r.observed.connectionsBrokenBy?.to ?? {};
}

describe('ph50064-cluster-aliased-on-adapter and the takeover agree', () => {
  it('Load Balancer for IPv4 with go scripts that alias on en0: the rule is silent and the takeover breaks nothing', () => {
    expect(diagnostics('fixtures/estates/lb-ipv4', 'ph50064-cluster-aliased-on-adapter')).toEqual([]);
    expect(takeoverBreaks('fixtures/estates/lb-ipv4', [['10.70.1.1', 80], ['10.70.1.2', 9443]], 'lbaix2')).toEqual({});
  });
  it('Load Balancer for IPv4 and IPv6 with the cluster on eth0: the rule reports it and the takeover breaks exactly those connections', () => {
    const found = diagnostics('fixtures/estates/lb-ph50064', 'ph50064-cluster-aliased-on-adapter');
    expect(found.map((d) => d.message.match(/cluster (\S+) is aliased/)?.[1])).toEqual(['10.80.1.1', '10.80.1.1']);
    expect(takeoverBreaks('fixtures/estates/lb-ph50064', [['10.80.1.1', 443], ['10.80.1.1', 992]], 'edgelx2')).toEqual({ '10.80.1.1:443': 10, '10.80.1.1:992': 10 });
  });
});

describe('missing-per-cell-gsc and the ODR engine agree', () => {
  it('a member at weight 0 beside an active one: the sessions are rerouted and adopted, not lost (fixtures/scenarios/odr-gsc-weight-zero)', () => {
    const found = diagnostics('fixtures/rules/missing-per-cell-gsc/bad-partial', 'missing-per-cell-gsc');
    const cellB = found.find((d) => d.message.includes("GSC 'ODRS_CELLA' of cell CELLB"))!;
    expect(cellB.message).not.toMatch(/sessions held by odra2[^.]* are lost\b(?! although)/);
    expect(cellB.message).toContain('Sessions held by odra2 are rerouted to odra1, which adopts them; when odra1 fails they are lost although odra2 is up');
  });
  it('an ODR the GSC lacks: its sessions are lost, as the engine says (no GSC holds it)', () => {
    const found = diagnostics('fixtures/rules/missing-per-cell-gsc/bad-partial', 'missing-per-cell-gsc');
    const cellA = found.find((d) => d.message.includes("GSC 'ODRS_CELLB' of cell CELLA"))!;
    expect(cellA.message).toContain('Requests of sessions held by odrb2 (no generic server cluster of the receiving cell holds the ODR the cookie names) are lost');
  });
});

describe('plugin-all-weights-zero and the plug-in engine agree', () => {
  it('LoadBalance="Random": the plug-in ignores the weights, so the rule says that (not that it readjusts them), and the engine spreads the sessions', () => {
    const dir = 'fixtures/rules/plugin-all-weights-zero';
    const text = readFileSync(join(root, dir, 'bad.xml'), 'utf8').replaceAll('LoadBalance="Round Robin"', 'LoadBalance="Random"');
    const tmp = mkdtempSync(join(tmpdir(), 'plexlint-random-'));
    writeFileSync(join(tmp, 'plugin-cfg.xml'), text);
    const found = lint([tmp], { cwd: tmp }).diagnostics.filter((d) => d.ruleId === 'plugin-all-weights-zero');
    expect(found).toHaveLength(2);
    expect(found[0]!.message).toContain('LoadBalance="Random" ignores LoadBalanceWeight: the plug-in picks a server at random for each new session, so new sessions are still spread over these servers');
    expect(found[0]!.message).not.toContain('PQ76548');
    const sim = new Simulation(compile([tmp], { cwd: tmp }).estate, 1);
    expect(sendRequests(sim, undefined, 'http://shop.example.com/app/x', 200, 200).observed.failed).toBe(0);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a cluster whose balanced servers all have weight 0: the rule says new sessions are still spread over them, and the engine spreads them', () => {
    const dir = 'fixtures/rules/plugin-all-weights-zero';
    // bad.xml is a fixture unit on its own (test/fixtures.test.ts), not one plug-in file of its folder's estate.
    const found = lint([join(root, dir, 'bad.xml')], { cwd: root, alone: true }).diagnostics.filter((d) => d.ruleId === 'plugin-all-weights-zero');
    expect(found.map((d) => d.message.match(/in cluster '(\w+)'/)?.[1])).toEqual(['AppCluster', 'ShopCluster']);
    expect(found[0]!.message).toContain('new sessions are still spread over these servers');
    // One server balanced over: the message speaks of it, not of 'every server' and 'these servers'.
    expect(found[1]!.message).toMatch(/^the only server the plug-in balances over in cluster 'ShopCluster' \(shop_node1_server1\) has LoadBalanceWeight 0\./);
    expect(found[1]!.message).toContain('so new sessions still go to it: if the zero is meant to drain it, it does not.');
    const { estate } = compile([join(root, dir, 'bad.xml')], { cwd: root, alone: true });
    const sim = new Simulation(estate, 1);
    // AppCluster: both servers at 0 share the new sessions; ShopCluster: its one primary (weight 0) takes them, not the backup.
    expect(sendRequests(sim, undefined, 'http://shop.example.com/app/x', 100, 100).observed).toMatchObject({ failed: 0, servers: { node1_server1: 0.5, node2_server1: 0.5 } });
    expect(sendRequests(sim, undefined, 'http://shop.example.com/shop/x', 100, 100).observed).toMatchObject({ failed: 0, servers: { shop_node1_server1: 1 } });
  });
});
