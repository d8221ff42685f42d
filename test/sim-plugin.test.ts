/**
 * The web server plug-in engine against IBM's statements. Each test names what
 * it reproduces: (PrimaryServers /
 * BackupServers), (JSESSIONID), (how the plug-in picks a server),
 * (mark-down), (weighted round robin), (Random).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Estate } from '../src/model/estate.js';
import { OdrRouter } from '../src/sim/odr.js';
import { parseRequestUrl, PluginEngine, resolve, SessionStore, uriScore, type Jar, type PluginRequest, type Resolution } from '../src/sim/plugin.js';
import { Rng } from '../src/sim/rng.js';
import type { TraceStep } from '../src/sim/trace.js';
import { Simulation } from '../src/sim/index.js';
import { sendRequests, traceRequest, webRuntime } from '../src/sim/web.js';
import { WebHealth, webIndexOf, type ClusterIx } from '../src/sim/web-index.js';
import { cleanupWebEstates, pluginXml, webEstate, type ClusterSpec } from './support/web.js';

afterAll(cleanupWebEstates);

function one(spec: ClusterSpec): Estate {
  return webEstate({ 'plugin-cfg.xml': pluginXml([spec]) });
}

/** A plug-in engine over an estate, with its own options (the simulator uses the defaults). */
function engine(estate: Estate, options: { divideByGcd?: boolean } = {}, seed = 1) {
  const ix = webIndexOf(estate);
  const health = new WebHealth(ix);
  const sessions = new SessionStore();
  const plugin = new PluginEngine(ix, health, new Rng(seed), sessions, new OdrRouter(ix, health, sessions), options);
  plugin.beginStep();
  const route = (url: string): Resolution => {
    const req = parseRequestUrl(url) as PluginRequest;
    const r = resolve(ix.plugins[0]!, req);
    if (typeof r === 'string') throw new Error(r);
    return r;
  };
  const send = (url: string, jar?: Jar): string => plugin.request(route(url), parseRequestUrl(url) as PluginRequest, jar).server?.name ?? 'failed';
  const cluster = (name: string): ClusterIx => ix.plugins[0]!.byName.get(name)!;
  return { ix, health, plugin, send, cluster, route };
}

function counts(names: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const n of names) out[n] = (out[n] ?? 0) + 1;
  return out;
}

const twoFour: ClusterSpec = { name: 'C', servers: [{ name: 's1', clone: 'c1', weight: 2 }, { name: 's2', clone: 'c2', weight: 4 }] };

describe('weighted round robin (§2.4)', () => {
  it('Redpaper Table 1, weights 2 and 4: s1, s2, s1, s2, s2, s2, then the counters reset to 2/4 and request 7 goes to s1', () => {
    // The V6 plug-in of the worked example counts down the weights as written.
    const e = engine(one(twoFour), { divideByGcd: false });
    const c = e.cluster('C');
    e.plugin.setStart(c, 0);
    const seen: string[] = [];
    const counters: string[] = [e.plugin.currentWeights(c).join('/')];
    for (let i = 0; i < 6; i++) {
      seen.push(e.send('http://h/app/x'));
      counters.push(e.plugin.currentWeights(c).join('/'));
    }
    expect(seen).toEqual(['s1', 's2', 's1', 's2', 's2', 's2']);
    expect(counters).toEqual(['2/4', '1/4', '1/3', '0/3', '0/2', '0/1', '0/0']);
    expect(e.send('http://h/app/x')).toBe('s1');
    expect(e.plugin.currentWeights(c)).toEqual([1, 4]);
  });

  it("today's plug-in divides the weights by their GCD: 2 and 4 run as 1 and 2 — the same 2:4 ratio in cycles of 3", () => {
    const e = engine(one(twoFour));
    const c = e.cluster('C');
    expect([c.gcd, c.reduced]).toEqual([2, [1, 2]]);
    e.plugin.setStart(c, 0);
    const seen = Array.from({ length: 6 }, () => e.send('http://h/app/x'));
    expect(seen).toEqual(['s1', 's2', 's2', 's1', 's2', 's2']);
  });

  it('100/90/80 → 10/9/8 and 20/20/20 → 1/1/1 (plain round robin, a reset every 3 requests)', () => {
    const a = engine(one({ name: 'C', servers: [100, 90, 80].map((w, i) => ({ name: `s${i + 1}`, weight: w })) }));
    expect(a.cluster('C').reduced).toEqual([10, 9, 8]);
    const b = engine(one({ name: 'C', servers: [20, 20, 20].map((w, i) => ({ name: `s${i + 1}`, weight: w })) }));
    const c = b.cluster('C');
    expect(c.reduced).toEqual([1, 1, 1]);
    b.plugin.setStart(c, 1);
    expect(Array.from({ length: 6 }, () => b.send('http://h/app/x'))).toEqual(['s2', 's3', 's1', 's2', 's3', 's1']);
  });

  it('the starting point is random per web-server process: seeded, and different processes start on different servers', () => {
    const spec: ClusterSpec = { name: 'C', servers: [1, 2, 3, 4].map((i) => ({ name: `s${i}`, weight: 5 })) };
    const estate = one(spec);
    const firsts = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) firsts.add(engine(estate, {}, seed).send('http://h/app/x'));
    expect(firsts.size).toBe(4);
    expect(engine(estate, {}, 7).send('http://h/app/x')).toBe(engine(estate, {}, 7).send('http://h/app/x'));
  });

  it('over every full cycle each server gets exactly its weight ÷ GCD, whatever the weights and the start', () => {
    const rng = new Rng(99);
    for (let trial = 0; trial < 30; trial++) {
      const weights = Array.from({ length: 2 + rng.int(4) }, () => rng.int(21));
      if (!weights.some((w) => w > 0)) weights[0] = 1;
      const e = engine(one({ name: 'C', servers: weights.map((w, i) => ({ name: `s${i}`, weight: w })) }), {}, trial + 1);
      const c = e.cluster('C');
      const cycle = c.reduced.reduce((a, b) => a + b, 0);
      const got = counts(Array.from({ length: cycle * 3 }, () => e.send('http://h/app/x')));
      weights.forEach((_w, i) => expect(got[`s${i}`] ?? 0, `weights ${weights.join('/')}`).toBe(3 * c.reduced[i]!));
    }
  });

  it('weight 0: no new requests, but the server keeps its sessions (PQ76548)', () => {
    const e = engine(one({ name: 'C', servers: [{ name: 's1', clone: 'c1', weight: 0 }, { name: 's2', clone: 'c2', weight: 3 }] }));
    expect(counts(Array.from({ length: 30 }, () => e.send('http://h/app/x')))).toEqual({ s2: 30 });
    expect(e.send('http://h/app/x;jsessionid=0000A2MB4IJozU_VM8IffsMNfdR:c1')).toBe('s1');
  });

  it('every primary at weight 0: the plug-in readjusts the weights above 0 and new requests are still balanced, not failed or sent to the backups (PQ76548)', () => {
    // IBM: "When all weights for all servers drop to 0 or less, the plug-in has to readjust all of the weights so that
    // they are greater than 0"; how they then share is not documented: plexlint gives each an equal share.
    const e = engine(one({ name: 'C', servers: [{ name: 's1', clone: 'c1', weight: 0 }, { name: 's2', clone: 'c2', weight: 0 }, { name: 'b1', clone: 'b1', weight: 5 }], primary: ['s1', 's2'], backup: ['b1'] }));
    expect(counts(Array.from({ length: 30 }, () => e.send('http://h/app/x')))).toEqual({ s1: 15, s2: 15 });
    const trace: TraceStep[] = [];
    e.plugin.request(e.route('http://h/app/x'), parseRequestUrl('http://h/app/x') as PluginRequest, undefined, trace);
    expect(trace.map((t) => t.detail).join('\n')).toMatch(/no primary has a positive LoadBalanceWeight: the plug-in readjusts every weight to above 0 \(APAR PQ76548\)/);
    expect(trace.map((t) => t.detail).join('\n')).not.toContain('weight 0: no new requests');
  });

  it('IgnoreAffinityRequests="true" (default): affinity requests do not count, so long sessions make the load uneven; "false" balances', () => {
    const spec = (ignore: boolean): ClusterSpec => ({ name: 'C', attrs: `IgnoreAffinityRequests="${ignore}"`, servers: [{ name: 's1', clone: 'c1', weight: 20 }, { name: 's2', clone: 'c2', weight: 19 }] });
    const run = (ignore: boolean): { total: Record<string, number>; fresh: Record<string, number> } => {
      const e = engine(one(spec(ignore)));
      e.plugin.setStart(e.cluster('C'), 0);
      const long: Jar = new Map();
      const total: string[] = [e.send('http://h/app/x', long)]; // the long session starts on s1
      const fresh: string[] = [];
      for (let i = 0; i < 390; i++) {
        total.push(e.send('http://h/app/x', long)); // a request of the long session (affinity)
        const s = e.send('http://h/app/x'); // and a new request
        total.push(s);
        fresh.push(s);
      }
      return { total: counts(total), fresh: counts(fresh) };
    };
    // true: new requests follow the weights 20:19 and the long session comes on top of s1's share.
    const t = run(true);
    expect(t.fresh).toEqual({ s1: 199, s2: 191 }); // with the long session's first request: 200 : 191
    expect(t.total).toEqual({ s1: 590, s2: 191 });
    // false: the affinity requests use up s1's weight (it goes below 0), so new requests lean to s2.
    const f = run(false);
    // false: the affinity requests use up s1's weight (it goes below 0), so new requests lean to s2;
    // the reset to the starting values forgets how far below 0 s1 went.
    expect(f.fresh).toEqual({ s1: 105, s2: 285 });
    expect(f.total).toEqual({ s1: 496, s2: 285 });
  });

  it('an unknown LoadBalance value is taken as Round Robin, the default (and says so in trace)', () => {
    const estate = one({ name: 'C', attrs: '', servers: [{ name: 's1' }, { name: 's2' }] });
    const c = webIndexOf(estate).plugins[0]!.byName.get('C')!;
    expect(c.random).toBe(false);
  });
});

describe('Random (§2.5)', () => {
  const spec: ClusterSpec = { name: 'C', attrs: '', servers: [{ name: 's1', clone: 'c1', weight: 1 }, { name: 's2', clone: 'c2', weight: 9 }] };
  const estate = webEstate({ 'plugin-cfg.xml': pluginXml([spec]).replace('LoadBalance="Round Robin"', 'LoadBalance="Random"') });
  it('each new request goes to a random member, weights ignored; the same member can come twice in a row', () => {
    const e = engine(estate, {}, 3);
    const seq = Array.from({ length: 4000 }, () => e.send('http://h/app/x'));
    const got = counts(seq);
    expect(got['s1']! / 4000).toBeGreaterThan(0.46);
    expect(got['s1']! / 4000).toBeLessThan(0.54);
    expect(seq.some((s, i) => i > 0 && seq[i - 1] === s)).toBe(true);
  });
  it('affinity requests are still honoured', () => {
    const e = engine(estate, {}, 3);
    const jar: Jar = new Map();
    const first = e.send('http://h/app/x', jar);
    expect(new Set(Array.from({ length: 50 }, () => e.send('http://h/app/x', jar)))).toEqual(new Set([first]));
  });
  it('is deterministic given the seed', () => {
    const a = engine(estate, {}, 11);
    const b = engine(estate, {}, 11);
    expect(Array.from({ length: 20 }, () => a.send('http://h/app/x'))).toEqual(Array.from({ length: 20 }, () => b.send('http://h/app/x')));
  });
});

describe('routing a request: virtual host, URI, route (§2.2 step 1, §1.5, §1.10)', () => {
  const estate = webEstate({
    'plugin-cfg.xml': pluginXml(
      [
        { name: 'Shop', servers: [{ name: 'shop1' }], uris: ['/shop/*', '*.jsp'], vhostGroup: 'shop_host' },
        { name: 'Cart', servers: [{ name: 'cart1' }], uris: ['/shop/cart/*', '/checkout'], vhostGroup: 'shop_host' },
        { name: 'Catch', servers: [{ name: 'any1' }], uris: ['/*'], vhostGroup: 'default_host' },
        { name: 'Secure', servers: [{ name: 'sec1' }], uris: ['/secure/*'], vhostGroup: 'secure_host' },
      ],
      { shop_host: ['shop.example.com:80', '*.shop.example.com:80'], default_host: ['*:80'], secure_host: ['*:443'] },
    ),
  });
  const e = engine(estate);
  const to = (url: string): string => {
    const req = parseRequestUrl(url) as PluginRequest;
    const r = resolve(e.ix.plugins[0]!, req);
    return typeof r === 'string' ? 'none' : `${r.cluster.name} ${r.uri.pattern} ${r.vhost.vh.name}`;
  };
  it('the Host header is matched against VirtualHost host:port, `*` standing for any host; the port defaults to 80 / 443', () => {
    expect(to('http://shop.example.com/shop/a')).toBe('Shop /shop/* shop.example.com:80');
    expect(to('http://EU.Shop.Example.com/shop/a')).toBe('Shop /shop/* *.shop.example.com:80');
    expect(to('http://other.example.com/shop/a')).toBe('Catch /* *:80');
    expect(to('https://other.example.com/secure/a')).toBe('Secure /secure/* *:443');
    expect(to('https://other.example.com/shop/a')).toBe('none');
    expect(to('http://shop.example.com:8080/shop/a')).toBe('none');
  });
  it('Uri patterns: exact, /ctx/*, *.jsp and /*; the most specific one wins (plexlint: exact first, then the most literal characters)', () => {
    expect(to('http://shop.example.com/checkout')).toBe('Cart /checkout shop.example.com:80');
    expect(to('http://shop.example.com/checkout/x')).toBe('Catch /* *:80');
    expect(to('http://shop.example.com/shop/cart/add')).toBe('Cart /shop/cart/* shop.example.com:80');
    expect(to('http://shop.example.com/shop/cart')).toBe('Cart /shop/cart/* shop.example.com:80');
    expect(to('http://shop.example.com/page.jsp')).toBe('Shop *.jsp shop.example.com:80');
    expect(to('http://shop.example.com/shop/page.jsp')).toBe('Shop /shop/* shop.example.com:80');
    expect(to('http://shop.example.com/shopping')).toBe('Catch /* *:80');
    expect([uriScore('/a/*', '/a'), uriScore('/a/*', '/ab'), uriScore('*.jsp', '/x.jsp'), uriScore('/*', '/')]).toEqual([3, -1, 4, 1]);
  });
  it('path parameters and the query are not part of the URI', () => {
    expect(to('http://shop.example.com/checkout;jsessionid=0000abc:c1?x=1')).toBe('Cart /checkout shop.example.com:80');
  });
});

describe('affinity (§2.1, §2.2 steps 2–5)', () => {
  const servers = [{ name: 's1', clone: 'c1', weight: 1 }, { name: 's2', clone: 'c2', weight: 1 }, { name: 's3', clone: 'c3', weight: 1 }];
  it('the clone ID in the cookie the Uri names (AffinityCookie) sends the request to its server', () => {
    const e = engine(one({ name: 'C', servers, cookie: 'SHOPSESSION' }));
    const jar: Jar = new Map([['SHOPSESSION', '0000A2MB4IJozU_VM8IffsMNfdR:c3']]);
    expect(new Set(Array.from({ length: 10 }, () => e.send('http://h/app/x', jar)))).toEqual(new Set(['s3']));
    // A JSESSIONID cookie is not the affinity cookie of this Uri: load balanced.
    const other: Jar = new Map([['JSESSIONID', '0000A2MB4IJozU_VM8IffsMNfdR:c3']]);
    expect(new Set(Array.from({ length: 9 }, () => e.send('http://h/app/x', new Map(other)))).size).toBe(3);
  });
  it('the URL identifier ;jsessionid= when there is no cookie', () => {
    const e = engine(one({ name: 'C', servers }));
    expect(e.send('http://h/app/x;jsessionid=0000A2MB4IJozU_VM8IffsMNfdR:c2')).toBe('s2');
  });
  it('after a failover the session carries several clone IDs; the plug-in uses one whose server is available', () => {
    const e = engine(one({ name: 'C', servers }));
    e.health.serverDown[e.cluster('C').servers[0]!.gid] = 1;
    expect(e.send('http://h/app/x;jsessionid=0000A2MB4IJozU_VM8IffsMNfdR:c1:c3')).toBe('s3');
  });
  it('CloneSeparatorChange="true": the separator is +', () => {
    const e = engine(one({ name: 'C', attrs: 'CloneSeparatorChange="true"', servers }));
    expect(e.send('http://h/app/x;jsessionid=0000A2MB4IJozU_VM8IffsMNfdR+c2')).toBe('s2');
  });
  it('a session keeps going to the server that created it (the response sets JSESSIONID with its clone ID)', () => {
    const sim = new Simulation(one({ name: 'C', servers }), 5);
    const r = sendRequests(sim, 'plugin-cfg.xml', 'http://h/app/x', 3000, 30);
    expect(r.observed.sessionsLost).toBe(0);
    const jars = webRuntime(sim).jars.get('plugin-cfg.xml|h')!;
    expect(jars[0]!.get('JSESSIONID')).toMatch(/^0000[0-9A-Z]{23}:c[123]$/);
  });
  it('no server has a CloneID: no affinity — in-session requests are balanced and lose their sessions (§1.7)', () => {
    const sim = new Simulation(one({ name: 'C', servers: servers.map((s) => ({ name: s.name, weight: 1 })) }), 5);
    const r = sendRequests(sim, 'plugin-cfg.xml', 'http://h/app/x', 3000, 30);
    // About two thirds of the in-session requests land on another server than the one holding the session.
    expect(r.observed.sessionsLost! / (3000 - 30)).toBeGreaterThan(0.6);
  });
});

describe('PrimaryServers and BackupServers (§1.9)', () => {
  const spec: ClusterSpec = {
    name: 'C',
    servers: [{ name: 'p1', clone: 'p1' }, { name: 'p2', clone: 'p2' }, { name: 'b1', clone: 'b1' }, { name: 'b2', clone: 'b2' }],
    primary: ['p1', 'p2'],
    backup: ['b1', 'b2'],
  };
  it('the plug-in balances over the primaries only', () => {
    const e = engine(one(spec));
    expect(counts(Array.from({ length: 10 }, () => e.send('http://h/app/x')))).toEqual({ p1: 5, p2: 5 });
  });
  it('backups are tried in list order only when no primary is available', () => {
    const e = engine(one(spec));
    const c = e.cluster('C');
    e.health.serverDown[c.servers[0]!.gid] = 1;
    e.health.serverDown[c.servers[1]!.gid] = 1;
    expect(counts(Array.from({ length: 10 }, () => e.send('http://h/app/x')))).toEqual({ b1: 10 });
    e.health.serverDown[c.servers[2]!.gid] = 1;
    expect(counts(Array.from({ length: 10 }, () => e.send('http://h/app/x')))).toEqual({ b2: 10 });
    e.health.serverDown[c.servers[3]!.gid] = 1;
    expect(e.send('http://h/app/x')).toBe('failed');
  });
  it("a backup's clone ID is honoured only while no primary is available (§2.2 step 3 compares with the primaries)", () => {
    const e = engine(one(spec));
    expect(['p1', 'p2']).toContain(e.send('http://h/app/x;jsessionid=0000A2MB4IJozU_VM8IffsMNfdR:b2'));
    const c = e.cluster('C');
    e.health.serverDown[c.servers[0]!.gid] = 1;
    e.health.serverDown[c.servers[1]!.gid] = 1;
    expect(e.send('http://h/app/x;jsessionid=0000A2MB4IJozU_VM8IffsMNfdR:b2')).toBe('b2');
  });
  it('a server left out of PrimaryServers (and not a backup) gets nothing: the manual drain', () => {
    const e = engine(one({ ...spec, primary: ['p1'], backup: [] }));
    expect(counts(Array.from({ length: 10 }, () => e.send('http://h/app/x')))).toEqual({ p1: 10 });
  });
});

describe('mark-down and RetryInterval (§2.2 step 4 and 6, §2.3)', () => {
  const spec: ClusterSpec = { name: 'C', servers: [{ name: 's1', clone: 'c1', weight: 1 }, { name: 's2', clone: 'c2', weight: 1 }, { name: 's3', clone: 'c3', weight: 1 }] };
  it('a server that does not answer is marked down and the request goes to another member: nothing fails while one is up', () => {
    const sim = new Simulation(one(spec), 2);
    sim.apply({ members: { ['plugin-cfg.xml#s1']: { up: false } } });
    const r = sendRequests(sim, 'plugin-cfg.xml', 'http://h/app/x', 300, 0);
    expect(r.observed).toMatchObject({ failed: 0, servers: { s2: 0.5, s3: 0.5 } });
    sim.apply({ members: { ['plugin-cfg.xml#s2']: { up: false } } });
    sim.apply({ members: { ['plugin-cfg.xml#s3']: { up: false } } });
    expect(sendRequests(sim, 'plugin-cfg.xml', 'http://h/app/x', 10, 0).observed.failed).toBe(1);
  });
  it('the mark-down lasts for the rest of the step; the next step is after RetryInterval and the server is tried again', () => {
    const sim = new Simulation(one(spec), 2);
    const trace = traceRequest(sim, undefined, 'http://h/app/x;jsessionid=0000A2MB4IJozU_VM8IffsMNfdR:c1', []);
    expect(typeof trace !== 'string' && trace.outcome?.server?.name).toBe('s1');
    sim.apply({ members: { ['plugin-cfg.xml#s1']: { up: false } } });
    expect(sendRequests(sim, 'plugin-cfg.xml', 'http://h/app/x', 300, 0).observed.servers).toEqual({ s2: 0.5, s3: 0.5 });
    sim.apply({ members: { ['plugin-cfg.xml#s1']: { up: true } } });
    expect(sendRequests(sim, 'plugin-cfg.xml', 'http://h/app/x', 300, 0).observed.servers).toEqual({ s1: 0.3333, s2: 0.3333, s3: 0.3333 });
  });
  it('an affinity request whose server is down goes to another server: without replication the session is lost, once', () => {
    const sim = new Simulation(one(spec), 2);
    sendRequests(sim, 'plugin-cfg.xml', 'http://h/app/x', 300, 30); // 30 sessions, about 10 on each server
    const onS1 = webRuntime(sim).jars.get('plugin-cfg.xml|h')!.filter((j) => j.get('JSESSIONID')!.endsWith(':c1')).length;
    expect(onS1).toBeGreaterThan(5);
    sim.apply({ members: { ['plugin-cfg.xml#s1']: { up: false } } });
    const r = sendRequests(sim, 'plugin-cfg.xml', 'http://h/app/x', 3000, 30);
    expect(r.observed.sessionsLost).toBe(onS1);
    expect(r.observed.servers!['s1']).toBeUndefined();
  });
});

describe('no lasting skew from the GCD, the reset or the random start (docs/simulator.md: why there is no plugin-weight-skew rule)', () => {
  it('after any number n of requests, each server is within its weight ÷ GCD of n × its share (§2.4)', () => {
    const rng = new Rng(5);
    for (let trial = 0; trial < 25; trial++) {
      const weights = Array.from({ length: 2 + rng.int(4) }, () => 1 + rng.int(20));
      const e = engine(one({ name: 'C', servers: weights.map((w, i) => ({ name: `s${i}`, weight: w })) }), {}, trial + 7);
      const c = e.cluster('C');
      const total = c.reduced.reduce((a, b) => a + b, 0);
      const got = new Array<number>(weights.length).fill(0);
      for (let n = 1; n <= 500; n++) {
        got[Number(e.send('http://h/app/x').slice(1))]!++;
        c.reduced.forEach((w, i) => expect(Math.abs(got[i]! - (n * w) / total)).toBeLessThan(w));
      }
    }
  });
  it('only web-server processes that end within one cycle skew the shares — towards the light member, not the heavy one', () => {
    const estate = one({ name: 'C', servers: [{ name: 'light', weight: 1 }, { name: 'heavy', weight: 19 }] });
    const short = counts(Array.from({ length: 200 }, (_, p) => engine(estate, {}, p + 1)).flatMap((e) => Array.from({ length: 4 }, () => e.send('http://h/app/x'))));
    expect(short['light']! / 800).toBe(0.25); // 4 requests per process: one to light, whatever the start (its share is 5%)
    const long = counts(Array.from({ length: 5 }, (_, p) => engine(estate, {}, p + 1)).flatMap((e) => Array.from({ length: 2000 }, () => e.send('http://h/app/x'))));
    expect(long['light']! / 10000).toBe(0.05);
  });
});

describe('request URLs', () => {
  it('a path parameter with a malformed percent escape is a clear error, not an exception', () => {
    expect(parseRequestUrl('http://x/a;jsessionid=%E0%A4%A')).toMatch(/path parameter 'jsessionid' holds a malformed percent escape/);
    expect((parseRequestUrl('http://x/a;jsessionid=abc%20d') as PluginRequest).params.get('jsessionid')).toBe('abc d');
  });
});
