/** The WebTier of the Estate: plug-in files, cells, ODR matching, sprays, cluster.xml clusters. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';
import { lint } from '../src/engine/lint.js';
import { cellFromPath } from '../src/model/builders/web.js';

const root = join(import.meta.dirname, '..');

describe('web tier model', () => {
  it('the two-cell ODR estate: ODRs matched through transports, one spray, clusters per cell', () => {
    const { estate, findings } = compile(['fixtures/estates/odr-two-cells'], { cwd: root });
    expect(findings).toEqual([]);
    const web = estate.web;
    expect(web.plugins).toHaveLength(1);
    const cluster = web.plugins[0]!.clusters[0]!;
    expect(cluster.servers.map((s) => s.odr && `${s.odr.cell}/${s.odr.odr} via ${s.odr.via}`)).toEqual([
      'CELLA/odra1 via odra1.example.com:80',
      'CELLA/odra2 via odra2.example.com:80',
      'CELLB/odrb1 via odrb1.example.com:80',
      'CELLB/odrb2 via odrb2.example.com:80',
    ]);
    expect(web.sprays).toHaveLength(1);
    expect(web.sprays[0]).toMatchObject({ cluster: 'ODRCluster', cells: ['CELLA', 'CELLB'], unbridgedPairs: [['CELLA', 'CELLB']] });
    expect(web.sprays[0]!.uris.map((u) => `${u.pattern} ${u.cookie}`)).toEqual(['/shop/* ODRSESSIONID', '/account/* ODRSESSIONID']);
    expect(web.cells.map((c) => [c.name, c.origin, c.affinityEnabled, c.clusters])).toEqual([
      ['CELLA', 'manifest', true, ['AppCluster']],
      ['CELLB', 'manifest', true, ['AppCluster']],
    ]);
    const gsc = web.cells[0]!.gscs[0]!;
    expect(gsc.members.map((m) => m.odr?.name)).toEqual(['odrb1', 'odrb2']);
    const clusters = web.clusters.map((c) => [c.cell, c.name, c.preferLocal, c.members.map((m) => `${m.nodeName}:${m.weight}`)]);
    expect(clusters).toEqual([
      ['CELLA', 'AppCluster', true, ['NODEA1:2', 'NODEA2:2']],
      ['CELLB', 'AppCluster', true, ['NODEB1:3', 'NODEB2:2']],
    ]);
    // Every object keeps its location.
    expect(cluster.loc).toMatchObject({ file: 'fixtures/estates/odr-two-cells/web/ihs1/plugin-cfg.xml', line: 13, column: 4 });
    expect(web.cells[1]!.loc).toMatchObject({ file: 'fixtures/estates/odr-two-cells/plexlint.yaml', line: 21, column: 5 });
  });

  it('bridged cells are no spray', () => {
    const { estate } = compile(['fixtures/rules/missing-per-cell-gsc/good-bridged'], { cwd: root });
    expect(estate.web.sprays).toEqual([]);
  });

  it('the example estate carries its web tier and stays clean', () => {
    const result = lint(['fixtures/example'], { cwd: root });
    expect(result.diagnostics).toEqual([]);
    const web = result.compiled.estate.web;
    expect(web.plugins[0]!.clusters.map((c) => [c.name, c.servers.map((s) => `${s.name}/${s.cloneId}/${s.weight}`)])).toEqual([
      ['ShopCluster', ['SYSANODE_shop1/19h1ea4qk/20', 'SYSBNODE_shop1/19h1ea5b2/20', 'SYSCNODE_shop1/19h1ea66t/19']],
      ['AdminCluster', ['SYSANODE_admin1/19h1eb01c/2', 'SYSDNODE_admin1/19h1eb0d7/2']],
    ]);
    expect(web.plugins[0]!.clusters[1]!.backupServers?.map((r) => r.name)).toEqual(['SYSDNODE_admin1']);
    // The compile JSON is plain data (null-prototype maps serialise like objects).
    expect(() => JSON.parse(JSON.stringify(result.compiled.estate))).not.toThrow();
  });

  it('a cluster.xml in a repository layout names its cell', () => {
    expect(cellFromPath('x/config/cells/CELLX/clusters/App/cluster.xml')).toBe('CELLX');
    expect(cellFromPath('cluster.xml')).toBeUndefined();
    const { estate } = compile(['fixtures/estates/cluster-xml'], { cwd: root });
    expect(estate.web.cells.map((c) => [c.name, c.origin, [...c.clusters].sort()])).toEqual([['CELLX', 'inferred', ['Broken', 'Good']]]);
  });

  it('ODR tiers, ODR properties and GSC tiers from the manifest', () => {
    const { estate, findings } = compile(['fixtures/rules/odr-cookie-name-shared/good'], { cwd: root });
    expect(findings).toEqual([]);
    const odrs = estate.web.cells.flatMap((c) => c.odrs.map((o) => `${o.name}:${o.tier}:${o.cookieName}`));
    expect(odrs).toEqual(['odra1:web:ODRSESSIONID', 'odra2:web:ODRSESSIONID', 'odra9:app:ODRSID_APP', 'odrb1:web:ODRSESSIONID', 'odrb2:web:ODRSESSIONID', 'odrb9:app:ODRSID_APP']);
    expect(estate.web.cells[0]!.gscs.map((g) => `${g.name}:${g.tier}`)).toEqual(['ODRS_CELLB_WEB:web', 'ODRS_CELLB_APP:app']);
  });

  it('attribute locations have no inherited keys and print as plain data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plexlint-web-locs-'));
    try {
      writeFileSync(
        join(dir, 'plugin-cfg.xml'),
        '<?xml version="1.0"?>\n<Config>\n <ServerCluster Name="c1" __proto__="x" constructor="y">\n  <Server Name="s1" CloneID="a1">\n   <Transport Hostname="h1" Port="9080" Protocol="http"/>\n  </Server>\n </ServerCluster>\n</Config>\n',
      );
      const { estate } = compile([dir], { cwd: dir });
      const cluster = estate.web.plugins[0]!.clusters[0]!;
      // Unknown attributes are not kept (they have their own finding); what is kept has nothing inherited beside it.
      expect(Object.keys(cluster.locs)).toEqual(['Name']);
      for (const key of ['constructor', '__proto__', 'toString']) expect(cluster.locs[key]).toBeUndefined();
      const server = cluster.servers[0]!;
      for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'LoadBalanceWeight']) expect(server.locs[key]).toBeUndefined();
      expect(Object.keys(server.locs)).toEqual(['Name', 'CloneID']);
      expect(JSON.parse(JSON.stringify(server.locs))).toEqual({ Name: { file: expect.any(String), line: 4, column: 17, endLine: 4, endColumn: 19 }, CloneID: expect.any(Object) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
