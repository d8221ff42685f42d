/**
 * A large, realistic estate for the benchmark: dozens of systems with hundreds
 * of DVIPAs each (250k+ profile lines), each with its OMPROUTE configuration, and
 * plug-in files with thousands of clusters, written to a folder. Deterministic for
 * a given size.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EstateSize {
  systems: number;
  dvipasPerSystem: number;
  portsPerSystem: number;
  routesPerSystem: number;
  pluginFiles: number;
  clustersPerPlugin: number;
}

export const LARGE: EstateSize = { systems: 64, dvipasPerSystem: 150, portsPerSystem: 1500, routesPerSystem: 1500, pluginFiles: 2, clustersPerPlugin: 2000 };

/** A small stack, as a new user's estate has them: ten distributed DVIPAs, no plug-in file. */
export const SMALL: EstateSize = { systems: 1, dvipasPerSystem: 10, portsPerSystem: 20, routesPerSystem: 10, pluginFiles: 0, clustersPerPlugin: 0 };

const xcf = (i: number): string => `10.30.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const dvipa = (sys: number, n: number): string => `10.${64 + Math.floor(sys / 4)}.${(sys % 4) * 60 + Math.floor(n / 250)}.${(n % 250) + 1}`;

function profile(i: number, size: EstateSize): string {
  const name = `SYS${String(i + 1).padStart(2, '0')}`;
  const out: string[] = [
    `; PROFILE.TCPIP for ${name} - generated for the plexlint benchmark`,
    ';',
    `IPCONFIG SYSPLEXROUTING SOURCEVIPA`,
    `         DYNAMICXCF ${xcf(i)} 255.255.0.0 1`,
    `INTERFACE OSA1 DEFINE IPAQENET PORTNAME OSAP${i} IPADDR 10.20.${Math.floor(i / 200)}.${(i % 200) + 1}/16 PRIROUTER`,
    `INTERFACE OSA2 DEFINE IPAQENET PORTNAME OSAQ${i} IPADDR 10.21.${Math.floor(i / 200)}.${(i % 200) + 1}/16`,
    `INTERFACE SVIPA1 DEFINE VIRTUAL IPADDR 10.22.${Math.floor(i / 200)}.${(i % 200) + 1}`,
    'HOME',
  ];
  for (let h = 0; h < 8; h++) out.push(`   10.60.${h}.1   LOOPBACK       ; load balancer cluster ${h}`);
  out.push('PORT');
  for (let p = 0; p < size.portsPerSystem; p++) {
    out.push(`  ${String(1024 + p).padStart(5)} TCP JOB${String(p % 97).padStart(4, '0')}${p % 5 === 0 ? ' SHAREPORT' : ''}   ; application ${p}`);
  }
  out.push('BEGINROUTES');
  for (let r = 0; r < size.routesPerSystem; r++) {
    out.push(`   ROUTE 172.${16 + Math.floor(r / 256)}.${r % 256}.0/24  10.20.0.254  OSA${(r % 2) + 1}  MTU 1492`);
  }
  out.push('ENDROUTES', 'VIPADYNAMIC');
  for (let n = 0; n < size.dvipasPerSystem; n++) {
    const a = dvipa(i, n);
    const t = [i, (i + 1) % size.systems, (i + 2) % size.systems].map(xcf);
    out.push(`   ; service ${n} of ${name}`);
    out.push(`   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 ${a}`);
    out.push(`   VIPADISTRIBUTE DEFINE DISTMETHOD ${n % 3 === 0 ? 'SERVERWLM' : n % 3 === 1 ? 'BASEWLM OPTLOCAL 1' : 'ROUNDROBIN'}`);
    out.push(`       ${a} PORT ${2000 + (n % 500)}`);
    out.push(`       DESTIP ${t.join(' ')}`);
  }
  const prev = (i + size.systems - 1) % size.systems;
  for (let n = 0; n < size.dvipasPerSystem; n++) out.push(`   VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 ${dvipa(prev, n)}`);
  out.push('ENDVIPADYNAMIC', 'START OSA1', 'START OSA2', '');
  return out.join('\n');
}

/** OMPROUTE of one system: OSPF over both OSAs, the static VIPA as router ID, one range per DVIPA subnet it may own. */
function omproute(i: number, size: EstateSize): string {
  const host = `${Math.floor(i / 200)}.${(i % 200) + 1}`;
  const prev = (i + size.systems - 1) % size.systems;
  const ranges = new Set<string>();
  for (let n = 0; n < size.dvipasPerSystem; n++) for (const sys of [i, prev]) ranges.add(dvipa(sys, n).replace(/\.\d+$/, '.0'));
  return [
    `; OMPROUTE for SYS${String(i + 1).padStart(2, '0')} - generated for the plexlint benchmark`,
    'Global_Options Ignore_Undefined_Interfaces=YES;',
    `RouterID=10.22.${host};`,
    'Area Area_Number=0.0.0.0;',
    `OSPF_Interface IP_Address=10.20.${host} Name=OSA1 Subnet_Mask=255.255.0.0 MTU=1492 Cost0=10;`,
    `OSPF_Interface IP_Address=10.21.${host} Name=OSA2 Subnet_Mask=255.255.0.0 MTU=1492 Cost0=20;`,
    `OSPF_Interface IP_Address=10.22.${host} Name=SVIPA1 Subnet_Mask=255.255.255.0 Advertise_VIPA_Routes=HOST_ONLY;`,
    ...[...ranges].map((r, k) => `OSPF_Interface IP_Address=${r} Name=DVIPAS${k} Subnet_Mask=255.255.255.0;`),
    `Interface IP_Address=${xcf(i)} Name=DYNXCF Subnet_Mask=255.255.0.0;`,
    '',
  ].join('\n');
}

function plugin(f: number, size: EstateSize): string {
  const out = ['<?xml version="1.0" encoding="ISO-8859-1"?>', `<!-- HTTP server plugin config file for webserver${f} generated for the plexlint benchmark -->`, '<Config IgnoreDNSFailures="false" RefreshInterval="60">', '   <Log LogLevel="Error" Name="/opt/IBM/HTTPServer/logs/http_plugin.log"/>', '   <VirtualHostGroup Name="default_host">', '      <VirtualHost Name="*:80"/>', '      <VirtualHost Name="*:443"/>', '   </VirtualHostGroup>'];
  for (let c = 0; c < size.clustersPerPlugin; c++) {
    out.push(`   <ServerCluster CloneSeparatorChange="false" LoadBalance="Round Robin" Name="cluster${c}" PostSizeLimit="-1" RemoveSpecialHeaders="true" RetryInterval="60">`);
    for (let m = 0; m < 2; m++) {
      out.push(`      <Server CloneID="c${c}m${m}" ConnectTimeout="5" LoadBalanceWeight="${m + 1}" MaxConnections="-1" Name="node${m}_member${c}" ServerIOTimeout="900">`);
      out.push(`         <Transport Hostname="app${m}.example.com" Port="${9080 + (c % 100)}" Protocol="http"/>`);
      out.push('      </Server>');
    }
    out.push('   </ServerCluster>', `   <UriGroup Name="default_host_cluster${c}_URIs">`, `      <Uri AffinityCookie="JSESSIONID" AffinityURLIdentifier="jsessionid" Name="/app${c}/*"/>`, '   </UriGroup>');
    out.push(`   <Route ServerCluster="cluster${c}" UriGroup="default_host_cluster${c}_URIs" VirtualHostGroup="default_host"/>`);
  }
  out.push('</Config>', '');
  return out.join('\n');
}

/**
 * Three small changes of meaning, as a reviewer meets them in a pull request:
 * one OPTLOCAL removed and one DISTMETHOD changed on SYS03, one plug-in weight
 * changed (needs at least three systems and one plug-in file of six clusters).
 */
export function threeChanges(dir: string): void {
  const edit = (file: string, from: string, to: string): void => {
    const p = join(dir, file);
    const text = readFileSync(p, 'utf8');
    if (!text.includes(from)) throw new Error(`${file}: no '${from}' to change`);
    writeFileSync(p, text.replace(from, to));
  };
  edit('profiles/SYS03.tcpip', 'DISTMETHOD BASEWLM OPTLOCAL 1', 'DISTMETHOD BASEWLM');
  edit('profiles/SYS03.tcpip', 'DISTMETHOD ROUNDROBIN', 'DISTMETHOD SERVERWLM');
  edit('web/plugin-cfg-0.xml', 'LoadBalanceWeight="2" MaxConnections="-1" Name="node1_member5"', 'LoadBalanceWeight="5" MaxConnections="-1" Name="node1_member5"');
}

export function generate(dir: string, size: EstateSize = LARGE): { files: number; profileLines: number } {
  mkdirSync(join(dir, 'profiles'), { recursive: true });
  mkdirSync(join(dir, 'web'), { recursive: true });
  mkdirSync(join(dir, 'omproute'), { recursive: true });
  let profileLines = 0;
  for (let i = 0; i < size.systems; i++) {
    const text = profile(i, size);
    profileLines += text.split('\n').length;
    writeFileSync(join(dir, 'profiles', `SYS${String(i + 1).padStart(2, '0')}.tcpip`), text);
    writeFileSync(join(dir, 'omproute', `SYS${String(i + 1).padStart(2, '0')}.conf`), omproute(i, size));
  }
  for (let f = 0; f < size.pluginFiles; f++) writeFileSync(join(dir, 'web', `plugin-cfg-${f}.xml`), plugin(f, size));
  return { files: 2 * size.systems + size.pluginFiles, profileLines };
}

/** The large single profile: one PORT statement of 1.5 million entries, about 48 MB. */
export const PORT_LIST = { entries: 1_500_000 };

/** Write PORTLIST.tcpip (one PORT list) into `dir`; returns its size. */
export function generatePortList(dir: string, size: { entries: number } = PORT_LIST): { entries: number; bytes: number } {
  mkdirSync(dir, { recursive: true });
  const lines = ['; one PORT list of reserved ports - generated for the plexlint benchmark', 'PORT'];
  for (let p = 0; p < size.entries; p++) lines.push(`  ${1024 + (p % 60000)} TCP JOB${String(p % 97).padStart(4, '0')} ; entry ${p}`);
  const text = lines.join('\n') + '\n';
  writeFileSync(join(dir, 'PORTLIST.tcpip'), text);
  return { entries: size.entries, bytes: text.length };
}
