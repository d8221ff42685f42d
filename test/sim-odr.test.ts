/**
 * ODR cell affinity against IBM's statements: "Cell affinity function"
 * (IBM WAS ND topic "Cell affinity function") and
 * (failure flow and adoption), (bridged cells), (GSC weight 0),
 * (what loses sessions).
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';
import type { Estate } from '../src/model/estate.js';
import { Simulation } from '../src/sim/index.js';
import { sendRequests, traceRequest, webRuntime } from '../src/sim/web.js';
import { cleanupWebEstates, pluginXml, webEstate } from './support/web.js';

afterAll(cleanupWebEstates);

const root = join(import.meta.dirname, '..');

function fixture(dir: string): Estate {
  return compile([dir], { cwd: root }).estate;
}

const URL = 'http://shop.example.com/shop/cart';
const twoCells = fixture('fixtures/estates/odr-two-cells');

function run(estate: Estate, steps: (sim: Simulation, send: (count: number, sessions: number) => ReturnType<typeof sendRequests>) => void, seed = 3): void {
  const sim = new Simulation(estate, seed);
  steps(sim, (count, sessions) => sendRequests(sim, undefined, URL, count, sessions));
}

describe('cell affinity enabled, a GSC per remote cell (fixtures/estates/odr-two-cells)', () => {
  it('IHS affines each session to one ODR through ODRSESSIONID: no session is lost and sessions split over both cells', () => {
    run(twoCells, (sim, send) => {
      const r = send(4000, 200);
      expect(r.observed.sessionsLost).toBe(0);
      expect(r.observed.cells!['CELLA']).toBeGreaterThan(0.4);
      expect(r.observed.cells!['CELLB']).toBeGreaterThan(0.4);
      // Affinity at IHS: the ODR that takes each request is the ODR that completes it — no GSC hop.
      expect(r.observed.odrs).toEqual(Object.fromEntries(Object.entries(r.observed.servers!).map(([k, v]) => [k.split('_').pop()!, v])));
      const jar = webRuntime(sim).jars.get(`${twoCells.web.plugins[0]!.file}|shop.example.com`)![0]!;
      expect(jar.get('ODRSESSIONID')).toMatch(/^odr[ab][12]$/);
    });
  });

  it('an ODR fails: IHS fails over, an ODR of the other cell reroutes through the GSC of the owning cell, and the ODR that completes the request adopts the session', () => {
    run(twoCells, (sim, send) => {
      send(2000, 100);
      sim.apply({ odrs: { odra1: { up: false } } });
      const r = send(4000, 100);
      expect(r.observed.sessionsLost).toBe(0);
      expect(r.observed.odrs!['odra1']).toBeUndefined();
      // odra1's sessions now live on through odra2, the only other ODR of CELLA.
      expect(r.observed.odrs!['odra2']).toBeCloseTo(r.observed.cells!['CELLA']!, 4);
      // After adoption the cookie names odra2: the next requests go straight to it.
      const after = send(2000, 100);
      expect(after.observed.servers!['CELLA_odrnodea2_odra2']).toBeCloseTo(after.observed.odrs!['odra2']!, 4);
    });
  });

  it('trace: the ODR of the other cell finds the GSC holding the failed ODR and routes to an active member, which writes its own ID into ODRSESSIONID', () => {
    const sim = new Simulation(twoCells, 1);
    sim.apply({ odrs: { odra1: { up: false } } });
    // IHS cannot reach odra2 either (its plug-in server is down; the ODR is up), so it fails over into CELLB.
    sim.apply({ members: { [`${twoCells.web.plugins[0]!.file}#CELLA_odrnodea2_odra2`]: { up: false } } });
    const t = traceRequest(sim, undefined, URL, [['ODRSESSIONID', 'odra1']]);
    if (typeof t === 'string') throw new Error(t);
    const text = t.trace.map((s) => `${s.what}: ${s.detail}`).join('\n');
    expect(text).toContain('GSC ODRS_CELLA of CELLB holds odra1, which is down');
    expect(t.outcome).toMatchObject({ odr: 'odra2', cell: 'CELLA', lost: false });
    expect(text).toContain('odra2 writes its own server ID into ODRSESSIONID=odra2');
  });

  it('every ODR of the owning cell down: the GSC has no live member and the sessions are lost', () => {
    run(twoCells, (sim, send) => {
      const before = send(2000, 100);
      const inA = webRuntime(sim).jars.get(`${twoCells.web.plugins[0]!.file}|shop.example.com`)!.filter((j) => /^odra/.test(j.get('ODRSESSIONID') ?? '')).length;
      expect(before.observed.sessionsLost).toBe(0);
      sim.apply({ odrs: { odra1: { up: false } } });
      sim.apply({ odrs: { odra2: { up: false } } });
      const r = send(2000, 100);
      expect(r.observed.sessionsLost).toBe(inA);
      expect(Object.fromEntries(r.reasons)).toEqual({ 'owner-odrs-down': inA });
      expect(r.observed.cells).toEqual({ CELLB: 1 });
    });
  });

  it('ODR failure with both cells down: requests fail', () => {
    run(twoCells, (sim, send) => {
      for (const o of ['odra1', 'odra2', 'odrb1', 'odrb2']) sim.apply({ odrs: { [o]: { up: false } } });
      expect(send(10, 0).observed.failed).toBe(1);
    });
  });
});

describe('what loses sessions (§3.8)', () => {
  it('cell affinity not enabled: IHS sprays (no ODRSESSIONID is set) and an ODR of the other cell does not recognise the server', () => {
    run(fixture('fixtures/rules/cell-affinity-disabled/bad'), (_sim, send) => {
      const r = send(4000, 200);
      // About half the in-session requests reach an ODR of the wrong cell.
      expect(r.observed.sessionsLost! / 3800).toBeGreaterThan(0.4);
      expect([...r.reasons.keys()]).toEqual(['affinity-disabled']);
    });
  });

  it('a GSC missing in a cell: nothing is lost while IHS keeps each session on its ODR, but an ODR failure sends sessions into the cell without a way back', () => {
    run(fixture('fixtures/rules/missing-per-cell-gsc/bad'), (sim, send) => {
      expect(send(2000, 100).observed.sessionsLost).toBe(0);
      sim.apply({ odrs: { odra1: { up: false } } });
      const r = send(2000, 100);
      expect(r.observed.sessionsLost).toBeGreaterThan(0);
      expect([...r.reasons.keys()]).toEqual(['no-gsc']);
    });
  });

  it('GSC member weight 0 is never routed (§3.4): with the other ODR of the cell down the request cannot get back', () => {
    run(fixture('fixtures/rules/missing-per-cell-gsc/bad-partial'), (sim, send) => {
      send(2000, 100);
      sim.apply({ odrs: { odra1: { up: false } } });
      const r = send(2000, 100);
      // CELLB's GSC gives odra2 weight 0: sessions of odra1 that land in CELLB are lost although odra2 is up.
      expect(r.reasons.get('gsc-incomplete')).toBeGreaterThan(0);
    });
  });

  it('AffinityCookie JSESSIONID in front of ODRs: IHS sprays, but with cell affinity and GSCs the ODRs send misrouted requests back — extra hops, no loss', () => {
    run(fixture('fixtures/rules/cell-affinity-cookie/bad'), (_sim, send) => {
      const r = send(4000, 200);
      expect(r.observed.sessionsLost).toBe(0);
      // The ODR IHS picked is often not the one that completed the request.
      const hops = Object.entries(r.observed.servers!).some(([k, v]) => Math.abs(v - (r.observed.odrs![k.split('_').pop()!] ?? 0)) > 0.001);
      expect(hops || r.observed.odrs!['odra1'] !== r.observed.servers!['CELLA_odra1']).toBe(true);
    });
  });

  it('bridged cells need no GSC (§3.3): an ODR routes in-session requests of the other cell directly', () => {
    run(fixture('fixtures/rules/missing-per-cell-gsc/good-bridged'), (sim, send) => {
      send(2000, 100);
      sim.apply({ odrs: { odra1: { up: false } } });
      expect(send(2000, 100).observed.sessionsLost).toBe(0);
    });
  });

  it("a cell with one ODR: when it fails, every session of that cell is lost (its GSC in the other cell has no member left)", () => {
    const estate = webEstate({
      'plexlint.yaml': [
        'web:',
        '  plugins: [plugin-cfg.xml]',
        '  cells:',
        '    CELLA:',
        '      odrs: [{ name: odra1, host: odra1.example.com, port: 80 }, { name: odra2, host: odra2.example.com, port: 80 }]',
        '      properties: { odrSessionAffinityEnabled: "true" }',
        '      gscs: [{ name: ODRS_CELLB, members: [{ host: odrb1.example.com, port: 80, weight: 1 }] }]',
        '    CELLB:',
        '      odrs: [{ name: odrb1, host: odrb1.example.com, port: 80 }]',
        '      properties: { odrSessionAffinityEnabled: "true" }',
        '      gscs: [{ name: ODRS_CELLA, members: [{ host: odra1.example.com, port: 80, weight: 1 }, { host: odra2.example.com, port: 80, weight: 1 }] }]',
        '',
      ].join('\n'),
      'plugin-cfg.xml': pluginXml([
        {
          name: 'ODRCluster',
          cookie: 'ODRSESSIONID',
          uris: ['/shop/*'],
          servers: [
            { name: 'odra1', clone: 'odra1', host: 'odra1.example.com', port: 80 },
            { name: 'odra2', clone: 'odra2', host: 'odra2.example.com', port: 80 },
            { name: 'odrb1', clone: 'odrb1', host: 'odrb1.example.com', port: 80 },
          ],
        },
      ]),
    });
    run(estate, (sim, send) => {
      send(3000, 150);
      const inB = webRuntime(sim).jars.get('plugin-cfg.xml|shop.example.com')!.filter((j) => j.get('ODRSESSIONID') === 'odrb1').length;
      sim.apply({ odrs: { odrb1: { up: false } } });
      const r = send(3000, 150);
      expect(r.observed.sessionsLost).toBe(inB);
      expect(Object.fromEntries(r.reasons)).toEqual({ 'owner-odrs-down': inB });
    });
  });
});
