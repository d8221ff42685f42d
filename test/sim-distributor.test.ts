/**
 * The sysplex distributor engine against IBM's statements. Each test names the
 * topic it reproduces (the
 * OPTLOCAL topic in IBM topic "Sysplex distributor: OPTLOCAL").
 */
import { describe, expect, it } from 'vitest';
import { sourceFromText } from '../src/sources/source-file.js';
import { parseProfile } from '../src/frontends/profile/index.js';
import { buildSystem } from '../src/model/builders/system.js';
import { buildSysplex } from '../src/model/builders/sysplex.js';
import { MODEL_VERSION, type Estate } from '../src/model/estate.js';
import { Simulation } from '../src/sim/run.js';
import { emptyWebTier } from '../src/model/web.js';

/** A sysplex of stacks from inline profiles (name → text, optional CPC). */
function estate(profiles: Record<string, string>, cpcs: Record<string, string> = {}): Estate {
  const systems = Object.entries(profiles).map(([name, text]) => {
    const parsed = parseProfile(sourceFromText(`${name}.tcpip`, text), { symbols: new Map() });
    expect(parsed.findings.filter((f) => f.ruleId !== 'unresolved-symbol')).toEqual([]);
    return buildSystem({ name, nameSource: 'file-name', ...(cpcs[name] ? { cpc: cpcs[name] } : {}), symbols: {}, parsed });
  });
  return { version: MODEL_VERSION, files: [], systems, sysplex: buildSysplex(systems), web: emptyWebTier(), loadBalancers: [] };
}

const xcf = (n: number): string => `IPCONFIG SYSPLEXROUTING DYNAMICXCF 10.1.1.${n} 255.255.255.0 1\n`;

function plex(distribute: string, extra: Record<string, string> = {}): Estate {
  return estate({
    SYS1: xcf(1) + `VIPADYNAMIC\n VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 10.9.9.9\n ${distribute}\nENDVIPADYNAMIC\n` + (extra['SYS1'] ?? ''),
    SYS2: xcf(2) + (extra['SYS2'] ?? 'VIPADYNAMIC\n VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 10.9.9.9\nENDVIPADYNAMIC\n'),
    SYS3: xcf(3) + (extra['SYS3'] ?? ''),
  });
}

function shares(sim: Simulation, from: string, to: string, n: number): Record<string, number> {
  const [address, port] = to.split(':');
  const r = sim.connect(from, address!, Number(port), n);
  return { ...r.observed.targets, local: r.observed.local ?? 0, refused: r.observed.refused ?? 0 };
}

describe('OPTLOCAL (IBM, "Sysplex distributor optimization with the OPTLOCAL keyword")', () => {
  const e = plex('VIPADISTRIBUTE DISTMETHOD BASEWLM OPTLOCAL 0 10.9.9.9 PORT 80 DESTIP ALL');
  it('0: connections that start on a target stay local while the local server is healthy', () => {
    const sim = new Simulation(e, 1);
    expect(shares(sim, 'SYS2', '10.9.9.9:80', 100)).toMatchObject({ SYS2: 1, local: 1 });
  });
  it('0: ... even when the local WLM weight is 0 ("relative capacity of the other systems is not considered")', () => {
    const sim = new Simulation(e, 1);
    sim.apply({ stacks: { SYS2: { wlm: 0 } } });
    expect(shares(sim, 'SYS2', '10.9.9.9:80', 100)).toMatchObject({ local: 1 });
  });
  it('1: the same, except that a local WLM weight of 0 sends the connection to the distributor', () => {
    const e1 = plex('VIPADISTRIBUTE DISTMETHOD BASEWLM OPTLOCAL 10.9.9.9 PORT 80 DESTIP ALL');
    const sim = new Simulation(e1, 1);
    expect(shares(sim, 'SYS2', '10.9.9.9:80', 10)).toMatchObject({ local: 1 });
    sim.apply({ stacks: { SYS2: { wlm: 0 } } });
    expect(shares(sim, 'SYS2', '10.9.9.9:80', 100)).toMatchObject({ local: 0, SYS1: 0.5, SYS3: 0.5 });
  });
  for (const [what, server] of [
    ['no local server is available', { listening: false }],
    ['SEF has fallen below 75', { sef: 74 }],
    ['abnormal transaction completions exceed 250', { abnormal: 251 }],
    ['health is below 75', { health: 74 }],
  ] as const) {
    it(`any value: to the distributor when ${what}`, () => {
      const sim = new Simulation(e, 1);
      sim.apply({ stacks: { SYS2: { servers: { '80': server } } } });
      expect(shares(sim, 'SYS2', '10.9.9.9:80', 90).local).toBe(0);
    });
  }
  it('limits are strict: SEF 75, abnormal 250 and health 75 still stay local', () => {
    const sim = new Simulation(e, 1);
    sim.apply({ stacks: { SYS2: { servers: { '80': { sef: 75, abnormal: 250, health: 75 } } } } });
    expect(shares(sim, 'SYS2', '10.9.9.9:80', 10).local).toBe(1);
  });
  it('2–16 multiply the local weight: OPTLOCAL 4 keeps 4/6 local among three equal systems', () => {
    const e4 = plex('VIPADISTRIBUTE DISTMETHOD BASEWLM OPTLOCAL 4 10.9.9.9 PORT 80 DESTIP ALL');
    const sim = new Simulation(e4, 1);
    const s = shares(sim, 'SYS2', '10.9.9.9:80', 600);
    expect(s.local).toBeCloseTo(4 / 6, 3);
    expect(s['SYS1']).toBeCloseTo(1 / 6, 3);
  });
  it('NOOPTLOCAL (the default): always through the distributor', () => {
    const en = plex('VIPADISTRIBUTE DISTMETHOD BASEWLM 10.9.9.9 PORT 80 DESTIP ALL');
    const sim = new Simulation(en, 1);
    expect(shares(sim, 'SYS2', '10.9.9.9:80', 300)).toMatchObject({ local: 0, SYS1: 0.3333 });
  });
  it('does not apply to a connection from a stack that is not a target', () => {
    const e2 = plex('VIPADISTRIBUTE DISTMETHOD BASEWLM OPTLOCAL 0 10.9.9.9 PORT 80 DESTIP 10.1.1.1 10.1.1.3');
    const sim = new Simulation(e2, 1);
    expect(shares(sim, 'SYS2', '10.9.9.9:80', 100)).toMatchObject({ local: 0, SYS1: 0.5, SYS3: 0.5 });
  });
});

describe('distribution methods', () => {
  it('BASEWLM: system weight × TSR', () => {
    const sim = new Simulation(plex('VIPADISTRIBUTE DISTMETHOD BASEWLM 10.9.9.9 PORT 80 DESTIP ALL'), 1);
    sim.apply({ stacks: { SYS1: { wlm: 48 } } });
    sim.apply({ stacks: { SYS3: { servers: { '80': { tsr: 50 } } } } });
    // weights 48, 64, 32 → 0.3, 0.4, 0.2 of 144
    const s = shares(sim, 'client', '10.9.9.9:80', 1440);
    expect(s['SYS1']).toBeCloseTo(48 / 144, 3);
    expect(s['SYS2']).toBeCloseTo(64 / 144, 3);
    expect(s['SYS3']).toBeCloseTo(32 / 144, 3);
  });
  it('SERVERWLM: server weight lowered by health and abnormal completions', () => {
    const sim = new Simulation(plex('VIPADISTRIBUTE DISTMETHOD SERVERWLM 10.9.9.9 PORT 80 DESTIP ALL'), 1);
    sim.apply({ stacks: { SYS1: { servers: { '80': { health: 50 } } } } });
    const s = shares(sim, 'client', '10.9.9.9:80', 1600);
    expect(s['SYS1']).toBeCloseTo(32 / 160, 3);
  });
  it('all weights 0: round robin over the ready targets', () => {
    const sim = new Simulation(plex('VIPADISTRIBUTE DISTMETHOD BASEWLM 10.9.9.9 PORT 80 DESTIP ALL'), 1);
    for (const s of ['SYS1', 'SYS2', 'SYS3']) sim.apply({ stacks: { [s]: { wlm: 0 } } });
    expect(shares(sim, 'client', '10.9.9.9:80', 300)).toMatchObject({ SYS1: 0.3333, SYS2: 0.3333, SYS3: 0.3333 });
  });
  it('ROUNDROBIN: ready targets in turn, TSR 0 skipped', () => {
    const sim = new Simulation(plex('VIPADISTRIBUTE DISTMETHOD ROUNDROBIN 10.9.9.9 PORT 80 DESTIP ALL'), 1);
    sim.apply({ stacks: { SYS3: { servers: { '80': { tsr: 0 } } } } });
    expect(shares(sim, 'client', '10.9.9.9:80', 100)).toMatchObject({ SYS1: 0.5, SYS2: 0.5, refused: 0 });
  });
  it('WEIGHTEDACTIVE: active connections proportional to WEIGHT; closed ones free their share', () => {
    const sim = new Simulation(plex('VIPADISTRIBUTE DISTMETHOD WEIGHTEDACTIVE 10.9.9.9 PORT 80 DESTIP 10.1.1.1 WEIGHT 10 10.1.1.2 WEIGHT 30'), 1);
    expect(shares(sim, 'client', '10.9.9.9:80', 400)).toMatchObject({ SYS1: 0.25, SYS2: 0.75 });
  });
  it('HOTSTANDBY: PREFERRED, then the highest-ranked BACKUP; NOAUTOSWITCHBACK stays on the backup', () => {
    const e = plex('VIPADISTRIBUTE DISTMETHOD HOTSTANDBY NOAUTOSWITCHBACK 10.9.9.9 PORT 80 DESTIP 10.1.1.1 PREFERRED 10.1.1.2 BACKUP 50 10.1.1.3 BACKUP 100');
    const sim = new Simulation(e, 1);
    expect(shares(sim, 'client', '10.9.9.9:80', 5)).toMatchObject({ SYS1: 1 });
    sim.apply({ stacks: { SYS1: { servers: { '80': { listening: false } } } } });
    expect(shares(sim, 'client', '10.9.9.9:80', 5)).toMatchObject({ SYS3: 1 });
    sim.apply({ stacks: { SYS1: { servers: { '80': { listening: true } } } } });
    expect(shares(sim, 'client', '10.9.9.9:80', 5)).toMatchObject({ SYS3: 1 });
  });
  it('HOTSTANDBY HEALTHSWITCH: an unhealthy PREFERRED counts as unavailable', () => {
    const e = plex('VIPADISTRIBUTE DISTMETHOD HOTSTANDBY HEALTHSWITCH 10.9.9.9 PORT 80 DESTIP 10.1.1.1 PREFERRED 10.1.1.2 BACKUP 50');
    const sim = new Simulation(e, 1);
    sim.apply({ stacks: { SYS1: { servers: { '80': { health: 40 } } } } });
    expect(shares(sim, 'client', '10.9.9.9:80', 5)).toMatchObject({ SYS2: 1 });
  });
  it('TIMEDAFFINITY: the same client goes to the same target', () => {
    const sim = new Simulation(plex('VIPADISTRIBUTE DISTMETHOD ROUNDROBIN TIMEDAFFINITY 30 10.9.9.9 PORT 80 DESTIP ALL'), 1);
    expect(Object.keys(shares(sim, 'client', '10.9.9.9:80', 10)).filter((k) => k.startsWith('SYS'))).toHaveLength(1);
  });
});

describe('distributor failure and takeover (VIPABACKUP)', () => {
  it('the highest-ranked live backup takes over and uses the owner\'s distribution when it codes none', () => {
    const sim = new Simulation(plex('VIPADISTRIBUTE DISTMETHOD ROUNDROBIN 10.9.9.9 PORT 80 DESTIP ALL'), 1);
    sim.stackEvent('SYS1', false);
    const d = sim.distributor.connect('client', '10.9.9.9', 80, true);
    expect(d.distributor).toBe('SYS2');
    expect(d.trace.find((t) => t.what === 'takeover')?.detail).toContain("owner's VIPADISTRIBUTE");
    expect(shares(sim, 'client', '10.9.9.9:80', 100)).toMatchObject({ SYS2: 0.5, SYS3: 0.5 });
  });
  it('a backup with its own VIPADISTRIBUTE distributes with it', () => {
    const e = plex('VIPADISTRIBUTE DISTMETHOD ROUNDROBIN 10.9.9.9 PORT 80 DESTIP ALL', {
      SYS2: 'VIPADYNAMIC\n VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 10.9.9.9\n VIPADISTRIBUTE DISTMETHOD ROUNDROBIN 10.9.9.9 PORT 80 DESTIP 10.1.1.3\nENDVIPADYNAMIC\n',
    });
    const sim = new Simulation(e, 1);
    sim.stackEvent('SYS1', false);
    expect(shares(sim, 'client', '10.9.9.9:80', 10)).toMatchObject({ SYS3: 1 });
  });
  it('without a live backup the DVIPA is gone: connections are refused', () => {
    const sim = new Simulation(plex('VIPADISTRIBUTE DISTMETHOD ROUNDROBIN 10.9.9.9 PORT 80 DESTIP ALL'), 1);
    sim.stackEvent('SYS1', false);
    sim.stackEvent('SYS2', false);
    expect(shares(sim, 'client', '10.9.9.9:80', 10)).toMatchObject({ refused: 1 });
  });
  it('a short-form VIPABACKUP cannot create the DVIPA when no owner was ever up', () => {
    const e = plex('VIPADISTRIBUTE DISTMETHOD ROUNDROBIN 10.9.9.9 PORT 80 DESTIP ALL', {
      SYS2: 'VIPADYNAMIC\n VIPABACKUP 100 10.9.9.9\nENDVIPADYNAMIC\n',
    });
    const sim = new Simulation(e, 1);
    sim.apply({ stacks: { SYS1: { up: false } } });
    expect(shares(sim, 'client', '10.9.9.9:80', 10)).toMatchObject({ refused: 1 });
  });
  it('a failed target breaks only its own connections', () => {
    const sim = new Simulation(plex('VIPADISTRIBUTE DISTMETHOD ROUNDROBIN 10.9.9.9 PORT 80 DESTIP ALL'), 1);
    sim.connect('client', '10.9.9.9', 80, 30);
    expect(sim.stackEvent('SYS3', false).observed.connectionsBroken).toBe(10);
  });
});
