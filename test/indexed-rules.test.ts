/**
 * Rules made linear with indexes report exactly what their straightforward definitions
 * (test/support/reference-rules.ts) report: the same findings, in the same order, with the same messages, on
 * random inputs shaped to collide (few names, shared hosts and patterns, case variants, repeats, dangling
 * references).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../src/core/diagnostic.js';
import type { Loc } from '../src/core/loc.js';
import type { Estate } from '../src/model/estate.js';
import type { PluginConfig, PluginRoute, UriGroup, VirtualHostGroup } from '../src/model/web.js';
import { rule as duplicateRoute } from '../src/rules/plugin/plugin-duplicate-route.js';
import type { Rule } from '../src/rules/rule.js';
import { rule as refusedOnOwnerFailure } from '../src/rules/simulation/dvipa-refused-on-owner-failure.js';
import { compile } from '../src/engine/compile.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { duplicateRoutesByEnumeration, refusedOnOwnerFailureOneByOne } from './support/reference-rules.js';
import { planArb, render, writeEstate } from './support/estate-gen.js';

const FILE = 'plugin-cfg.xml';

function run(rule: Rule, estate: Estate): Omit<Finding, 'ruleId'>[] {
  const out: Omit<Finding, 'ruleId'>[] = [];
  rule.check!({ estate, ruleId: rule.meta.id as never, report: (f) => out.push(f) });
  return out;
}

/** A plug-in model with every element on its own line. */
function pluginArb(): fc.Arbitrary<PluginConfig> {
  const host = fc.constantFrom('*:80', '*:443', 'WWW.example.com:80', 'www.example.com:80', 'shop:80', 'a:1', 'b:2', 'c:3');
  const pattern = fc.constantFrom('/*', '/app/*', '/shop/*', '/a', '/b', '/c', '/d');
  const groupName = fc.constantFrom('g0', 'g1', 'g2', 'g3');
  const uriName = fc.constantFrom('u0', 'u1', 'u2', 'u3', 'u4');
  return fc
    .record({
      vhostGroups: fc.array(fc.record({ name: groupName, hosts: fc.array(host, { maxLength: 5 }) }), { maxLength: 4 }),
      uriGroups: fc.array(fc.record({ name: uriName, patterns: fc.array(pattern, { maxLength: 5 }) }), { maxLength: 5 }),
      routes: fc.array(
        fc.record({
          vhosts: fc.option(fc.constantFrom('g0', 'g1', 'g2', 'g3', 'none'), { nil: undefined }),
          uris: fc.option(fc.constantFrom('u0', 'u1', 'u2', 'u3', 'u4', 'none'), { nil: undefined }),
          cluster: fc.option(fc.constantFrom('A', 'B'), { nil: undefined }),
        }),
        { maxLength: 10 },
      ),
    })
    .map(({ vhostGroups, uriGroups, routes }) => {
      let line = 1;
      const loc = (): Loc => {
        line++;
        return { file: FILE, line, column: 4, endLine: line, endColumn: 20 };
      };
      const vgs: VirtualHostGroup[] = vhostGroups.map((g) => ({ name: g.name, loc: loc(), locs: {}, hosts: g.hosts.map((name) => ({ name, host: name.split(':')[0]!, loc: loc() })) }));
      const ugs: UriGroup[] = uriGroups.map((g) => ({
        name: g.name,
        loc: loc(),
        locs: {},
        uris: g.patterns.map((p) => {
          const l = loc();
          return { pattern: p, affinityCookie: 'JSESSIONID', affinityUrlIdentifier: 'jsessionid', loc: l, locs: { Name: { ...l, column: 30 } } };
        }),
      }));
      const rs: PluginRoute[] = routes.map((r) => ({
        ...(r.vhosts !== undefined ? { virtualHostGroup: r.vhosts } : {}),
        ...(r.uris !== undefined ? { uriGroup: r.uris } : {}),
        ...(r.cluster !== undefined ? { serverCluster: r.cluster } : {}),
        loc: loc(),
        locs: {},
      }));
      return {
        file: FILE,
        loc: { file: FILE, line: 1, column: 1, endLine: 1, endColumn: 2 },
        wellFormed: true,
        ignoreDnsFailures: false,
        refreshInterval: 60,
        settings: {},
        properties: [],
        virtualHostGroups: vgs,
        trustedProxies: [],
        clusters: [],
        uriGroups: ugs,
        routes: rs,
      } satisfies PluginConfig;
    });
}

function webEstate(plugins: PluginConfig[]): Estate {
  return { web: { plugins } } as unknown as Estate;
}

describe('indexed rules against their definitions', () => {
  it('plugin-duplicate-route: the findings of enumerating every Route × virtual host × Uri', () => {
    fc.assert(
      fc.property(fc.array(pluginArb(), { minLength: 1, maxLength: 2 }), (plugins) => {
        const expected: Omit<Finding, 'ruleId'>[] = [];
        for (const p of plugins) duplicateRoutesByEnumeration(p, (f) => expected.push(f));
        expect(run(duplicateRoute, webEstate(plugins))).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('plugin-duplicate-route: a Route that repeats a whole earlier one, with hosts several groups share', () => {
    const hosts = (names: string[]) => names.map((name, i) => ({ name, host: name, loc: { file: FILE, line: 100 + i, column: 1, endLine: 100 + i, endColumn: 2 } }));
    const l = (line: number): Loc => ({ file: FILE, line, column: 1, endLine: line, endColumn: 2 });
    const uri = (pattern: string, line: number) => ({ pattern, affinityCookie: 'JSESSIONID', affinityUrlIdentifier: 'jsessionid', loc: l(line), locs: {} });
    const plugin: PluginConfig = {
      file: FILE,
      loc: l(1),
      wellFormed: true,
      ignoreDnsFailures: false,
      refreshInterval: 60,
      settings: {},
      properties: [],
      trustedProxies: [],
      clusters: [],
      virtualHostGroups: [
        { name: 'g0', hosts: hosts(['a:80', 'b:80', 'c:80', 'd:80', 'e:80']), loc: l(2), locs: {} },
        { name: 'g1', hosts: hosts(['C:80', 'x:80']), loc: l(3), locs: {} },
      ],
      uriGroups: [
        { name: 'u0', uris: [uri('/a', 10), uri('/b', 11), uri('/c', 12)], loc: l(9), locs: {} },
        { name: 'u1', uris: [uri('/c', 21), uri('/a', 22)], loc: l(20), locs: {} },
      ],
      routes: [
        { virtualHostGroup: 'g0', uriGroup: 'u0', serverCluster: 'A', loc: l(30), locs: {} },
        { virtualHostGroup: 'g1', uriGroup: 'u1', serverCluster: 'B', loc: l(31), locs: {} },
        { virtualHostGroup: 'g0', uriGroup: 'u0', serverCluster: 'B', loc: l(32), locs: {} },
      ],
    };
    const expected: Omit<Finding, 'ruleId'>[] = [];
    duplicateRoutesByEnumeration(plugin, (f) => expected.push(f));
    const found = run(duplicateRoute, webEstate([plugin]));
    expect(found).toEqual(expected);
    expect(found.map((f) => f.message.replace(/ already routes.*/, ''))).toEqual([
      'this Route routes C:80 /c and C:80 /a, which the Route on line 30',
      'this Route routes a:80 /a, b:80 /a, c:80 /a and 12 more, which the Route on line 30',
    ]);
  });

  it('dvipa-refused-on-owner-failure: one simulation per owner decides as one per distribution', () => {
    const estates = ['fixtures/rules/dvipa-refused-on-owner-failure/bad', 'fixtures/example', 'fixtures/estates/multi-port', 'fixtures/estates/no-manifest'];
    const check = (dir: string): void => {
      const { estate } = compile([dir], { cwd: dir });
      const expected: Omit<Finding, 'ruleId'>[] = [];
      refusedOnOwnerFailureOneByOne(estate, (f) => expected.push(f));
      expect(run(refusedOnOwnerFailure, estate)).toEqual(expected);
    };
    for (const dir of estates) check(join(import.meta.dirname, '..', dir));
    const base = mkdtempSync(join(tmpdir(), 'plexlint-refused-'));
    try {
      let found = 0;
      fc.assert(
        fc.property(planArb, (plan) => {
          const dir = mkdtempSync(join(base, 'e-'));
          writeEstate(dir, render(plan));
          const { estate } = compile([dir], { cwd: dir });
          const expected: Omit<Finding, 'ruleId'>[] = [];
          refusedOnOwnerFailureOneByOne(estate, (f) => expected.push(f));
          found += expected.length;
          expect(run(refusedOnOwnerFailure, estate)).toEqual(expected);
        }),
        { numRuns: 150 },
      );
      // The random estates must include refusals, or the comparison says little.
      expect(found).toBeGreaterThan(0);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
