/**
 * The Load Balancer engine against IBM's statements (Load Balancer high availability, APAR PH50064 and the external load balancing topic): MAC forwarding needs the
 * cluster address in the target's HOME list, NAT does not; HA takeover keeps
 * replicated connections unless the cluster address is aliased on an adapter
 * (APAR PH50064).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';
import { Simulation } from '../src/sim/index.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function estate(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-lb-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return compile([dir], { cwd: dir }).estate;
}

const profile = (n: number, home: string): string =>
  `IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.30.1.${n} 255.255.255.0 1\n` +
  `INTERFACE OSA1 DEFINE IPAQENET PORTNAME P${n} IPADDR 10.20.1.1${n}/24\n` +
  (home ? `HOME\n   ${home}\n` : '');

const manifest = `systems:
  SYSA: { profile: SYSA.tcpip }
  SYSB: { profile: SYSB.tcpip }
loadBalancers:
  edge1: { config: edge1.cfg, scripts: edge1/, partner: edge2 }
  edge2: { config: edge2.cfg, scripts: edge2/, partner: edge1 }
`;

function lbConfig(role: 'primary' | 'backup', nfa: string, partnerNfa: string, extra = ''): string {
  return [
    'dscontrol executor start',
    `dscontrol executor set nfa ${nfa}`,
    'dscontrol executor set clientgateway 10.20.1.1',
    'dscontrol cluster add 10.60.1.1',
    'dscontrol port add 10.60.1.1@1414',
    extra,
    'dscontrol server add 10.60.1.1@1414@10.20.1.11 weight 10',
    'dscontrol server add 10.60.1.1@1414@10.20.1.12 weight 30',
    `dscontrol highavailability heartbeat add ${nfa} ${partnerNfa}`,
    `dscontrol highavailability backup add ${role} auto 12345`,
    '',
  ].join('\n');
}

function pair(extra: string, goActive = '#!/bin/sh\n'): ReturnType<typeof estate> {
  return estate({
    'plexlint.yaml': manifest,
    'SYSA.tcpip': profile(1, '10.60.1.1 LOOPBACK'),
    'SYSB.tcpip': profile(2, '10.60.1.1 LOOPBACK'),
    'edge1.cfg': lbConfig('primary', '10.20.1.51', '10.20.1.52', extra),
    'edge2.cfg': lbConfig('backup', '10.20.1.52', '10.20.1.51', extra),
    'edge1/goActive': goActive,
    'edge2/goActive': goActive,
  });
}

describe('forwarding', () => {
  it('MAC: servers get connections by weight when the cluster address is in their HOME list', () => {
    const sim = new Simulation(pair('dscontrol port set 10.60.1.1@1414 repstrategy both'), 1);
    expect(sim.connect('client', '10.60.1.1', 1414, 400).observed).toMatchObject({ targets: { SYSA: 0.25, SYSB: 0.75 }, dropped: 0 });
  });
  it('MAC: a target without the cluster address in HOME drops the packets (the connection fails)', () => {
    const e = estate({
      'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip }\n  SYSB: { profile: SYSB.tcpip }\nloadBalancers:\n  edge1: { config: edge1.cfg }\n',
      'SYSA.tcpip': profile(1, '10.60.1.1 LOOPBACK'),
      'SYSB.tcpip': profile(2, ''),
      'edge1.cfg': 'dscontrol executor start\ndscontrol executor set nfa 10.20.1.51\ndscontrol cluster add 10.60.1.1\ndscontrol port add 10.60.1.1@80\ndscontrol server add 10.60.1.1@80@10.20.1.11\ndscontrol server add 10.60.1.1@80@10.20.1.12\n',
    });
    const o = new Simulation(e, 1).connect('client', '10.60.1.1', 80, 100).observed;
    expect(o).toMatchObject({ targets: { SYSA: 0.5 }, dropped: 0.5 });
  });
  it('NAT rewrites the destination: the target needs no cluster address', () => {
    const e = estate({
      'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip }\n  SYSB: { profile: SYSB.tcpip }\nloadBalancers:\n  edge1: { config: edge1.cfg }\n',
      'SYSA.tcpip': profile(1, ''),
      'SYSB.tcpip': profile(2, ''),
      'edge1.cfg':
        'dscontrol executor start\ndscontrol executor set nfa 10.20.1.51\ndscontrol executor set clientgateway 10.20.1.1\ndscontrol cluster add 10.60.1.1\ndscontrol port add 10.60.1.1@80\n' +
        'dscontrol server add 10.60.1.1@80@10.20.1.11 nat yes returnaddress 10.20.1.60 router 10.20.1.11\n',
    });
    expect(new Simulation(e, 1).connect('client', '10.60.1.1', 80, 10).observed).toMatchObject({ targets: { SYSA: 1 }, dropped: 0 });
  });
});

describe('HA takeover', () => {
  it('replicated connections survive and new ones go to the new active machine', () => {
    const sim = new Simulation(pair('dscontrol port set 10.60.1.1@1414 repstrategy both'), 1);
    sim.connect('client', '10.60.1.1', 1414, 40);
    const step = sim.step({ kind: 'event', event: 'lbTakeover', target: 'edge2', loc: { file: '', line: 1, column: 1, endLine: 1, endColumn: 1 } }, 1);
    expect(step.summary).toBe('edge2 takes over from edge1');
    expect(step.observed.connectionsBroken).toBe(0);
    expect([...sim.connections].every((g) => g.lb === 'edge2')).toBe(true);
  });
  it('without connection replication (repstrategy none) every open connection breaks', () => {
    const sim = new Simulation(pair('dscontrol port set 10.60.1.1@1414 repstrategy none'), 1);
    sim.connect('client', '10.60.1.1', 1414, 40);
    const step = sim.step({ kind: 'event', event: 'lbTakeover', target: 'edge2', loc: { file: '', line: 1, column: 1, endLine: 1, endColumn: 1 } }, 1);
    expect(step.observed.connectionsBroken).toBe(40);
  });
  it('PH50064: with the cluster aliased on the adapter, replicated connections still break', () => {
    const alias = '#!/bin/sh\nifconfig en0 alias 10.60.1.1 netmask 255.255.255.255\n';
    const sim = new Simulation(pair('dscontrol port set 10.60.1.1@1414 repstrategy both', alias), 1);
    sim.connect('client', '10.60.1.1', 1414, 40);
    const step = sim.step({ kind: 'event', event: 'lbTakeover', target: 'edge2', loc: { file: '', line: 1, column: 1, endLine: 1, endColumn: 1 } }, 1);
    expect(step.observed.connectionsBroken).toBe(40);
  });
});

describe('lbTakeover is issued on the machine that becomes active (dscontrol highavailability takeover runs on the standby)', () => {
  const at = { file: '', line: 7, column: 5, endLine: 7, endColumn: 30 };
  it('makes the named standby active', () => {
    const sim = new Simulation(pair('dscontrol port set 10.60.1.1@1414 repstrategy both'), 1);
    const step = sim.step({ kind: 'event', event: 'lbTakeover', target: 'edge2', loc: at }, 1);
    expect(step.error).toBeUndefined();
    expect(sim.engines.lb.activeOf(sim.engines.lb.machine('edge1')!)).toBe('edge2');
  });
  it('is refused, at its step, when the named machine is already active', () => {
    const sim = new Simulation(pair('dscontrol port set 10.60.1.1@1414 repstrategy both'), 1);
    const step = sim.step({ kind: 'event', event: 'lbTakeover', target: 'edge1', loc: at }, 1);
    expect(step.line).toBe(7);
    expect(step.error).toMatch(/edge1 is already the active machine of its pair; dscontrol highavailability takeover is issued on the standby machine/);
    expect(sim.engines.lb.activeOf(sim.engines.lb.machine('edge1')!)).toBe('edge1');
  });
  it('is refused when the named machine is down', () => {
    const sim = new Simulation(pair('dscontrol port set 10.60.1.1@1414 repstrategy both'), 1);
    sim.step({ kind: 'event', event: 'lbDown', target: 'edge2', loc: at }, 1);
    const step = sim.step({ kind: 'event', event: 'lbTakeover', target: 'edge2', loc: at }, 2);
    expect(step.error).toMatch(/edge2 is down and cannot take over/);
  });
});

describe('the manager and operator weights (IBM: a weight set while the manager runs is quickly overwritten; fixedweight yes keeps it)', () => {
  const shares = (sim: Simulation): Record<string, number> => (sim.connect('client', '10.60.1.1', 1414, 40).observed.targets ?? {}) as Record<string, number>;
  function withManager(extra: string): Simulation {
    return new Simulation(pair(`dscontrol port set 10.60.1.1@1414 repstrategy both\n${extra}\ndscontrol manager start`), 1, { clocked: true });
  }
  it('weight 0 on a server the manager owns lasts until the next manager cycle (2 s by default), then the manager weighs it again', () => {
    const sim = withManager('');
    sim.apply({ lbs: { edge1: { servers: { '10.20.1.11': { weight: 0 } } } } });
    expect(shares(sim)).toEqual({ SYSB: 1 });
    sim.advance(1999);
    expect(shares(sim)).toEqual({ SYSB: 1 });
    sim.advance(1);
    // Back to the configured weights 10 : 30 (the manager with its advisors reporting equal load).
    expect(shares(sim)).toEqual({ SYSA: 0.25, SYSB: 0.75 });
  });
  it('manager interval sets the cycle', () => {
    const sim = withManager('dscontrol manager interval 10');
    sim.apply({ lbs: { edge1: { servers: { '10.20.1.11': { weight: 0 } } } } });
    sim.advance(9000);
    expect(shares(sim)).toEqual({ SYSB: 1 });
    sim.advance(1000);
    expect(shares(sim)).toEqual({ SYSA: 0.25, SYSB: 0.75 });
  });
  it('a managerWeight the scenario gives is what the weight returns to', () => {
    const sim = withManager('');
    sim.apply({ lbs: { edge1: { servers: { '10.20.1.11': { weight: 0, managerWeight: 30 } } } } });
    expect(shares(sim)).toEqual({ SYSB: 1 });
    sim.advance(2000);
    expect(shares(sim)).toEqual({ SYSA: 0.5, SYSB: 0.5 });
  });
  it('fixedweight yes keeps the operator weight', () => {
    const config = (role: 'primary' | 'backup', nfa: string, other: string): string =>
      lbConfig(role, nfa, other, 'dscontrol port set 10.60.1.1@1414 repstrategy both\ndscontrol manager start').replace('@10.20.1.11 weight 10', '@10.20.1.11 weight 10 fixedweight yes');
    const e = estate({
      'plexlint.yaml': manifest,
      'SYSA.tcpip': profile(1, '10.60.1.1 LOOPBACK'),
      'SYSB.tcpip': profile(2, '10.60.1.1 LOOPBACK'),
      'edge1.cfg': config('primary', '10.20.1.51', '10.20.1.52'),
      'edge2.cfg': config('backup', '10.20.1.52', '10.20.1.51'),
    });
    const sim = new Simulation(e, 1, { clocked: true });
    sim.apply({ lbs: { edge1: { servers: { '10.20.1.11': { weight: 0 } } } } });
    sim.advance(60_000);
    expect(shares(sim)).toEqual({ SYSB: 1 });
  });
  it('without the manager the operator weight stays', () => {
    const sim = new Simulation(pair('dscontrol port set 10.60.1.1@1414 repstrategy both'), 1, { clocked: true });
    sim.apply({ lbs: { edge1: { servers: { '10.20.1.11': { weight: 0 } } } } });
    sim.advance(60_000);
    expect(shares(sim)).toEqual({ SYSB: 1 });
  });
});

describe('plexlint trace to a cluster address', () => {
  it('goes through the active Load Balancer, as a scenario connect does, not straight to the first stack that has the address', async () => {
    const { runMain } = await import('./support/main.js');
    const r = await runMain('trace', 'fixtures/example', '--from', 'client', '--to', '10.60.1.1:80', '--no-color');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('load balancer 10.60.1.1:80 is a cluster port of the Load Balancer edge1 and edge2: edge1 is the active machine and forwards it');
    expect(r.stdout).toContain('candidate     10.20.1.11 (SYSA), MAC forwarding: ready, weight 10');
    expect(r.stdout).toContain('forwarding    MAC forwarding keeps 10.60.1.1 as the destination; SYSA has it in its HOME list');
    expect(r.stdout).toMatch(/→ forwarded by edge1 to SYSA \(10\.20\.1\.11\)\n$/);
    expect(r.stdout).not.toContain('not a DVIPA');
    // With SYSA down the balancer forwards to SYSB; from SYSA itself the address is its own.
    const down = (await runMain('trace', 'fixtures/example', '--from', 'client', '--to', '10.60.1.1:80', '--down', 'SYSA', '--no-color')).stdout;
    expect(down).toMatch(/→ forwarded by edge1 to SYSB/);
    // The candidate says which it is: the stack is down (not 'down or has no listener').
    expect(down).toContain('candidate     10.20.1.11 (SYSA), MAC forwarding: not ready: SYSA is down\n');
    expect((await runMain('trace', 'fixtures/example', '--from', 'SYSA', '--to', '10.60.1.1:80', '--no-color')).stdout).toMatch(/→ goes directly to SYSA\n$/);
  });

  it('says when the chosen target drops the packets (cluster address not in its HOME list)', () => {
    const e = estate({
      'plexlint.yaml': 'systems:\n  SYSA: { profile: SYSA.tcpip }\nloadBalancers:\n  edge1: { config: edge1.cfg }\n',
      'SYSA.tcpip': profile(1, ''),
      'edge1.cfg': 'dscontrol executor start\ndscontrol executor set nfa 10.20.1.51\ndscontrol cluster add 10.60.1.1\ndscontrol port add 10.60.1.1@80\ndscontrol server add 10.60.1.1@80@10.20.1.11\n',
    });
    const t = new Simulation(e, 1).engines.lb.trace({ kind: 'client', clients: 1 }, '10.60.1.1', 80);
    expect(t.result).toMatchObject({ kind: 'dropped' });
    expect(t.result.kind === 'dropped' && t.result.why).toContain('does not have 10.60.1.1 in its HOME list');
  });
});
