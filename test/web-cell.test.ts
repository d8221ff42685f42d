/**
 * The WebSphere cell beside its plug-in file (docs/web-tier.md): serverindex.xml and virtualhosts.xml read into the
 * model, and the plugin-stale-* / plugin-missing-member rules — which fire on the injected differences of their
 * fixtures (fixtures/rules/plugin-*) and here on the cases a fixture does not show.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/engine/compile.js';
import { lint } from '../src/engine/lint.js';
import { hostsDiffer } from '../src/rules/plugin/cell-match.js';

const good = join(import.meta.dirname, '..', 'fixtures', 'rules', 'plugin-stale-transport', 'good');

/** A copy of the matching cell, with edits: file (relative) → [from, to]. */
function cell(edits: Record<string, [string, string][]> = {}, layout?: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-cell-'));
  cpSync(good, dir, { recursive: true });
  for (const [file, changes] of Object.entries(edits)) {
    let text = readFileSync(join(dir, file), 'utf8');
    for (const [from, to] of changes) {
      expect(text.includes(from), `${file} holds ${from}`).toBe(true);
      text = text.replace(from, to);
    }
    writeFileSync(join(dir, file), text);
  }
  layout?.(dir);
  return dir;
}

const found = (dir: string): string[] => lint([dir], { cwd: dir }).diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`);
const PLUGIN = 'web/plugin-cfg.xml';
const NODE2 = 'config/cells/CELLA/nodes/node2/serverindex.xml';

describe('the cell in the model', () => {
  it('reads each node\'s servers with their end points and the cell\'s virtual hosts, their cell and node from the repository layout', () => {
    const web = compile([good], { cwd: good }).estate.web;
    expect(web.servers.map((s) => [s.cell, s.node, s.name, s.hostName, s.endpoints.map((e) => `${e.name}=${e.host}:${e.port}`)])).toEqual([
      ['CELLA', 'node1', 'member1', 'was1.example.com', ['BOOTSTRAP_ADDRESS=was1.example.com:9810', 'WC_defaulthost=*:9080', 'WC_defaulthost_secure=*:9443']],
      ['CELLA', 'node1', 'nodeagent', 'was1.example.com', ['BOOTSTRAP_ADDRESS=was1.example.com:2809']],
      ['CELLA', 'node2', 'member2', 'was2.example.com', ['BOOTSTRAP_ADDRESS=was2.example.com:9810', 'WC_defaulthost=*:9080', 'WC_defaulthost_secure=*:9443']],
      ['CELLA', 'node2', 'nodeagent', 'was2.example.com', ['BOOTSTRAP_ADDRESS=was2.example.com:2809']],
    ]);
    expect(web.virtualHosts.map((v) => [v.cell, v.name, v.aliases.map((a) => `${a.hostname}:${a.port}`)])).toEqual([
      ['CELLA', 'default_host', ['*:9080', '*:80', '*:443', '*:9443']],
      ['CELLA', 'admin_host', ['*:9060', '*:9043']],
    ]);
  });

  it('takes a manifest cell\'s documents from beside its clusters folder, wherever the folder is', () => {
    const dir = cell({}, (d) => {
      cpSync(join(d, 'config/cells/CELLA'), join(d, 'was/prod'), { recursive: true });
      rmSync(join(d, 'config'), { recursive: true });
      writeFileSync(join(d, 'plexlint.yaml'), 'web:\n  plugins: [web/plugin-cfg.xml]\n  cells:\n    CELLA:\n      clusters: [was/prod/clusters]\n');
    });
    const web = compile([dir], { cwd: dir }).estate.web;
    expect(new Set([...web.servers, ...web.virtualHosts].map((x) => x.cell))).toEqual(new Set(['CELLA']));
    writeFileSync(join(dir, 'was/prod/nodes/node2/serverindex.xml'), readFileSync(join(dir, 'was/prod/nodes/node2/serverindex.xml'), 'utf8').replace('port="9443"', 'port="9444"'));
    expect(found(dir)).toEqual([`${PLUGIN}:22:55 plugin-stale-transport`]);
  });
});

describe('plug-in file against its cell', () => {
  it('says nothing on a matching cell', () => {
    expect(found(good)).toEqual([]);
  });

  it('reports a host the end point no longer has, but not a short name for the fully qualified one, nor an address for a name', () => {
    expect(found(cell({ [NODE2]: [['hostName="was2.example.com"', 'hostName="was3.example.com"']] }))).toEqual([`${PLUGIN}:21:31 plugin-stale-transport`, `${PLUGIN}:22:31 plugin-stale-transport`]);
    expect(found(cell({ [NODE2]: [['hostName="was2.example.com"', 'hostName="was2"']] }))).toEqual([]);
    expect(found(cell({ [NODE2]: [['hostName="was2.example.com"', 'hostName="10.1.1.2"']] }))).toEqual([]);
    expect(hostsDiffer('10.1.1.2', '10.1.1.3')).toBe(true);
    expect(hostsDiffer('WAS2.example.com', 'was2.EXAMPLE.com')).toBe(false);
  });

  it('takes a member whose Server the plug-in names differently as present when a Transport reaches its end point', () => {
    expect(found(cell({ [PLUGIN]: [['Name="node2_member2"', 'Name="member2_renamed"'], ['<Server Name="node2_member2"/>', '<Server Name="member2_renamed"/>']] }))).toEqual([]);
  });

  it('compares no ODR: a plug-in file an ODR generates has ODRs as its servers', () => {
    const dir = cell({ [NODE2]: [['port="9080"', 'port="9081"']] }, (d) => {
      writeFileSync(join(d, 'plexlint.yaml'), 'web:\n  plugins: [web/plugin-cfg.xml]\n  cells:\n    CELLA:\n      odrs:\n        - { name: odr2, host: was2.example.com, port: 9080 }\n');
    });
    expect(found(dir).filter((f) => f.includes('plugin-stale'))).toEqual([]);
  });

  it('reports a VirtualHostGroup whose virtual host the cell no longer has, once', () => {
    const dir = cell({ 'config/cells/CELLA/virtualhosts.xml': [['name="default_host"', 'name="app_host"']] });
    expect(found(dir)).toEqual([`${PLUGIN}:7:28 plugin-stale-virtual-host`]);
  });
});
