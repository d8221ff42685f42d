/**
 * The WebSphere-tier scenario steps and commands: requests / ejb steps, the
 * odrDown / memberDown events and `set` names (docs/scenarios.md),
 * a deliberately failing scenario, and `plexlint trace --url`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { simulateFile } from '../src/cli/simulate.js';
import { runMain } from './support/main.js';

const root = join(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'plexlint-websteps-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = 0;
});

function scenario(name: string, estate: string, steps: string): string {
  const p = join(tmp, name);
  writeFileSync(p, `estate: ${join(root, estate)}\nseed: 1\nsteps:\n${steps}`);
  return p;
}

const run = runMain;

describe('scenario steps of the web tier', () => {
  it('a deliberately wrong expectation fails, with the observed value (weights 20/20/19 cannot give SYSC half)', () => {
    const p = scenario(
      'wrong.scenario.yaml',
      'fixtures/example/plexlint.yaml',
      '  - requests: { plugin: web/plugin-cfg.xml, url: "http://shop.example.com/shop/cart", count: 590 }\n    expect: { servers: { SYSCNODE_shop1: { min: 0.5 } }, sessionsLost: { max: 0 } }\n',
    );
    const r = simulateFile(p, root);
    expect(r.pass).toBe(false);
    // In the order the file writes them.
    expect(r.steps[0]!.expectations.map((e) => [e.name, e.pass, e.actual])).toEqual([
      ['servers.SYSCNODE_shop1', false, 0.322],
      ['sessionsLost', true, 0],
    ]);
  });

  it('`plexlint simulate` exits 1 for it and prints each step with its shares', async () => {
    const p = scenario(
      'wrong2.scenario.yaml',
      'fixtures/example/plexlint.yaml',
      '  - requests: { plugin: web/plugin-cfg.xml, url: "http://shop.example.com/shop/cart", count: 590 }\n    expect: { servers: { SYSCNODE_shop1: { min: 0.5 } } }\n',
    );
    const r = await run('simulate', p, '--no-color');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('SYSANODE_shop1 33.9%');
    expect(r.stdout).toContain('✘ servers.SYSCNODE_shop1 ≥ 0.5: 0.322 (32.2%)');
    const j = await run('simulate', p, '--format', 'json');
    const step = (JSON.parse(j.stdout) as { scenarios: { steps: { observed: { servers: Record<string, number>; failed: number } }[] }[] }).scenarios[0]!.steps[0]!;
    expect(step.observed).toMatchObject({ failed: 0, servers: { SYSANODE_shop1: 0.339 } });
  });

  it('names that are not in the estate are errors at their step, with what there is', () => {
    const p = scenario(
      'names.scenario.yaml',
      'fixtures/estates/odr-two-cells/plexlint.yaml',
      [
        '  - requests: { plugin: web/ihs9/plugin-cfg.xml, url: "http://shop.example.com/shop/x" }',
        '  - requests: { plugin: web/ihs1/plugin-cfg.xml, url: "http://shop.example.com/nothing" }',
        '  - event: { odrDown: odrc1 }',
        '  - event: { memberDown: "CELLA/AppCluster/member9" }',
        '  - set: { odrs: { odrx: { up: false } } }',
        '  - set: { members: { "web/ihs1/plugin-cfg.xml#nobody": { up: false } } }',
        '  - ejb: { cell: CELLC, cluster: AppCluster, count: 1 }',
        '',
      ].join('\n'),
    );
    const errors = simulateFile(p, root).steps.map((s) => s.error);
    expect(errors[0]).toMatch(/no plug-in file web\/ihs9\/plugin-cfg.xml in the estate \(plug-in files: fixtures\/estates\/odr-two-cells\/web\/ihs1\/plugin-cfg.xml\)/);
    expect(errors[1]).toMatch(/no Route of .* matches Host shop.example.com:80 and URI \/nothing/);
    expect(errors[2]).toMatch(/no ODR odrc1 .*odra1, odra2, odrb1, odrb2/);
    expect(errors[3]).toMatch(/cluster CELLA\/AppCluster has no member member9 \(members: member1, member2\)/);
    expect(errors[4]).toMatch(/set.odrs.odrx: no ODR odrx/);
    expect(errors[5]).toMatch(/has no Server named nobody/);
    expect(errors[6]).toMatch(/no cluster.xml cluster AppCluster in cell CELLC \(clusters: CELLA\/AppCluster, CELLB\/AppCluster\)/);
  });

  it('a member shared by several nodes must be named with its node', () => {
    const p = scenario('shared.scenario.yaml', 'fixtures/example/plexlint.yaml', '  - event: { memberDown: PLEXCELL/ShopCluster/shop1 }\n');
    expect(simulateFile(p, root).steps[0]!.error).toMatch(/has a member shop1 on several nodes: name one as PLEXCELL\/ShopCluster\/SYSANODE\/shop1 or/);
  });

  it('events and `set` agree whichever name of the same JVM they use: the last one wins', () => {
    const p = scenario(
      'alias.scenario.yaml',
      'fixtures/example/plexlint.yaml',
      [
        '  - set: { members: { "web/plugin-cfg.xml#SYSANODE_shop1": { up: false } } }',
        '  - event: { memberUp: PLEXCELL/ShopCluster/SYSANODE/shop1 }',
        '  - requests: { plugin: web/plugin-cfg.xml, url: "http://shop.example.com/shop/cart", count: 59 }',
        '    expect: { servers: { SYSANODE_shop1: { min: 0.3, max: 0.4 } } }',
        '  - event: { odrDown: odra1 }',
        '',
      ].join('\n'),
    );
    const r = simulateFile(p, root);
    expect(r.steps[2]!.expectations.every((e) => e.pass)).toBe(true);
    expect(r.steps[3]!.error).toMatch(/no ODR odra1 in the manifest's cells \(ODRs: none\)/);
  });
});

describe('plexlint trace --url', () => {
  it('explains a new request: virtual host, URI, route, no affinity cookie, the candidates with their weights, the choice', async () => {
    const r = await run('trace', 'fixtures/example', '--url', 'http://shop.example.com/shop/cart', '--no-color');
    expect(r.code).toBe(0);
    for (const part of [
      'request http://shop.example.com/shop/cart',
      'virtual host  Host shop.example.com:80 matches VirtualHost shop.example.com:80 of VirtualHostGroup default_host',
      'URI           /shop/cart matches Uri /shop/cart/* of UriGroup default_host_ShopCluster_URIs',
      'route         Route → ServerCluster ShopCluster: LoadBalance Round Robin, IgnoreAffinityRequests false, RetryInterval 60 s',
      'affinity      no JSESSIONID cookie and no ;jsessionid= in the URL',
      'candidate     SYSCNODE_shop1: LoadBalanceWeight 19, current weight 19',
      'choice        weighted round robin picks',
      '→ SYS',
    ]) {
      expect(r.stdout).toContain(part);
    }
  });

  it('with an affinity cookie whose server is down: mark-down, failover, and the session lost', async () => {
    const r = await run(
      'trace',
      'fixtures/example',
      '--url',
      'http://shop.example.com/shop/cart',
      '--cookie',
      'JSESSIONID=0000A2MB4IJozU_VM8IffsMNfdR:19h1ea66t',
      '--down',
      'SYSCNODE_shop1',
      '--no-color',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('clone ID 19h1ea66t is SYSCNODE_shop1');
    expect(r.stdout).toContain('mark-down     SYSCNODE_shop1 does not answer (ConnectTimeout 5 s)');
    expect(r.stdout).toContain('the session is lost');
  });

  it('in front of ODRs: the ODR session cookie, the failed ODR, the reroute and the adoption', async () => {
    const r = await run(
      'trace',
      'fixtures/estates/odr-two-cells',
      '--url',
      'http://shop.example.com/shop/cart',
      '--cookie',
      'ODRSESSIONID=odra1',
      '--down',
      'odra1',
      '--seed',
      '4',
      '--no-color',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('clone ID odra1 is CELLA_odrnodea1_odra1');
    expect(r.stdout).toMatch(/completed by ODR odra2, served by cell CELLA/);
  });

  it('usage errors: --url with --from, an unknown --down name, no route', async () => {
    expect((await run('trace', 'fixtures/example', '--url', 'http://x/', '--from', 'SYSA')).code).toBe(2);
    const down = await run('trace', 'fixtures/example', '--url', 'http://shop.example.com/shop/x', '--down', 'nobody');
    expect(down.code).toBe(2);
    expect(down.stderr).toContain('--down nobody: no such system, ODR, cluster member or plug-in server');
    const none = await run('trace', 'fixtures/example', '--url', 'http://shop.example.com/static/logo.png', '--no-color');
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('the plug-in does not handle the request');
    expect((await run('trace', 'fixtures/example')).code).toBe(2);
  });
});
