/** Small web-tier estates for the simulator tests: plugin-cfg.xml, plexlint.yaml and cluster.xml files in a temporary folder. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { compile } from '../../src/engine/compile.js';
import type { Estate } from '../../src/model/estate.js';

export interface ServerSpec {
  name: string;
  clone?: string;
  weight?: number;
  host?: string;
  port?: number;
}

export interface ClusterSpec {
  name?: string;
  /** Extra ServerCluster attributes, e.g. `IgnoreAffinityRequests="false"`. */
  attrs?: string;
  servers: ServerSpec[];
  primary?: string[];
  backup?: string[];
  uris?: string[];
  cookie?: string;
  vhostGroup?: string;
}

/** A plugin-cfg.xml with one UriGroup and Route per cluster. */
export function pluginXml(clusters: ClusterSpec[], vhosts: Record<string, string[]> = { default_host: ['*:80', '*:443'] }): string {
  const out = ['<?xml version="1.0" encoding="ISO-8859-1"?>', '<Config RefreshInterval="60">'];
  for (const [g, hosts] of Object.entries(vhosts)) {
    out.push(`  <VirtualHostGroup Name="${g}">`, ...hosts.map((h) => `    <VirtualHost Name="${h}"/>`), '  </VirtualHostGroup>');
  }
  clusters.forEach((c, i) => {
    const name = c.name ?? `Cluster${i + 1}`;
    out.push(`  <ServerCluster Name="${name}" LoadBalance="Round Robin" RetryInterval="60" ${c.attrs ?? ''}>`);
    c.servers.forEach((s, j) => {
      out.push(
        `    <Server Name="${s.name}"${s.clone ? ` CloneID="${s.clone}"` : ''} LoadBalanceWeight="${s.weight ?? 2}" ConnectTimeout="5">`,
        `      <Transport Hostname="${s.host ?? `${s.name.toLowerCase()}.example.com`}" Port="${s.port ?? 9080 + j}" Protocol="http"/>`,
        '    </Server>',
      );
    });
    if (c.primary) out.push('    <PrimaryServers>', ...c.primary.map((n) => `      <Server Name="${n}"/>`), '    </PrimaryServers>');
    if (c.backup) out.push('    <BackupServers>', ...c.backup.map((n) => `      <Server Name="${n}"/>`), '    </BackupServers>');
    out.push('  </ServerCluster>');
    out.push(`  <UriGroup Name="${name}_URIs">`, ...(c.uris ?? ['/app/*']).map((u) => `    <Uri AffinityCookie="${c.cookie ?? 'JSESSIONID'}" AffinityURLIdentifier="jsessionid" Name="${u}"/>`), '  </UriGroup>');
    out.push(`  <Route ServerCluster="${name}" UriGroup="${name}_URIs" VirtualHostGroup="${c.vhostGroup ?? Object.keys(vhosts)[0]}"/>`);
  });
  out.push('</Config>', '');
  return out.join('\n');
}

const dirs: string[] = [];

/** Compile files written to a fresh folder (paths relative to it); the estate's files show as written. */
export function webEstate(files: Record<string, string>): Estate {
  const dir = mkdtempSync(join(tmpdir(), 'plexlint-web-'));
  dirs.push(dir);
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  const r = compile([dir], { cwd: dir });
  expect(r.findings.filter((f) => f.ruleId === 'syntax' || f.ruleId.startsWith('manifest'))).toEqual([]);
  return r.estate;
}

export function cleanupWebEstates(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A cluster.xml. */
export function clusterXml(name: string, members: { member: string; node: string; weight?: number }[], preferLocal?: boolean): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<topology.cluster:ServerCluster xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:topology.cluster="http://www.ibm.com/websphere/appserver/schemas/5.0/topology.cluster.xmi" name="${name}"${preferLocal === undefined ? '' : ` preferLocal="${preferLocal}"`}>`,
    ...members.map((m, i) => `  <members xmi:id="ClusterMember_${i + 1}" memberName="${m.member}" nodeName="${m.node}"${m.weight === undefined ? '' : ` weight="${m.weight}"`}/>`),
    '</topology.cluster:ServerCluster>',
    '',
  ].join('\n');
}
