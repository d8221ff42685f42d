/**
 * Adversarial-but-realistic large inputs, one shape per way a real estate grows: many virtual hosts and routes,
 * servers in one cluster, clusters, DVIPAs and their targets, Load Balancer clusters, ports and servers, OMPROUTE
 * interfaces, WebSphere cluster members, ODRs. Each shape is a function of one size `n` that grows the estate
 * linearly in `n` (the files' total size doubles when `n` doubles), so a check whose time doubles with `n` is
 * linear and one whose time quadruples is quadratic (./scaling.ts measures it). Every shape is a configuration an
 * administrator could have — the estate checks with no finding, or with the few a shape of that kind implies —
 * and deterministic for a given `n`.
 */

export interface Shape {
  name: string;
  /** The file kind it stresses (profile, plugin, lb, omproute, was, odr). */
  kind: string;
  /** What grows with n. */
  grows: string;
  /** The size the scaling bench starts from (then 2× and 4×). */
  base: number;
  /** Relative path → text. */
  files(n: number): Record<string, string>;
}

/** a.b.c.d for the i-th address of a /8 (i < 2^24, never .0 or .255 as the last byte). */
function addr(first: number, i: number): string {
  const host = i % 250;
  const rest = Math.floor(i / 250);
  return `${first}.${Math.floor(rest / 250) % 250}.${rest % 250}.${host + 1}`;
}

const xml = (body: string[]): string => ['<?xml version="1.0" encoding="ISO-8859-1"?>', '<Config IgnoreDNSFailures="false" RefreshInterval="60">', '   <Log LogLevel="Error" Name="/opt/IBM/HTTPServer/logs/http_plugin.log"/>', ...body, '</Config>', ''].join('\n');

function server(name: string, clone: string, host: string, port: number, weight = 2): string[] {
  return [
    `      <Server CloneID="${clone}" ConnectTimeout="5" LoadBalanceWeight="${weight}" MaxConnections="-1" Name="${name}" ServerIOTimeout="900">`,
    `         <Transport Hostname="${host}" Port="${port}" Protocol="http"/>`,
    '      </Server>',
  ];
}

function clusterOpen(name: string): string {
  return `   <ServerCluster CloneSeparatorChange="false" LoadBalance="Round Robin" Name="${name}" PostSizeLimit="-1" RemoveSpecialHeaders="true" RetryInterval="60">`;
}

function uriGroup(name: string, patterns: string[]): string[] {
  return [`   <UriGroup Name="${name}">`, ...patterns.map((p) => `      <Uri AffinityCookie="JSESSIONID" AffinityURLIdentifier="jsessionid" Name="${p}"/>`), '   </UriGroup>'];
}

const route = (cluster: string, uris: string, vhosts: string): string => `   <Route ServerCluster="${cluster}" UriGroup="${uris}" VirtualHostGroup="${vhosts}"/>`;

/** A plug-in file whose n virtual hosts share one group, with n Routes (one Uri each) onto one cluster of 3n servers. */
function vhostsTimesRoutes(n: number): Record<string, string> {
  const body = ['   <VirtualHostGroup Name="default_host">'];
  for (let v = 0; v < n; v++) body.push(`      <VirtualHost Name="www${v}.example.com:80"/>`);
  body.push('   </VirtualHostGroup>', clusterOpen('big'));
  for (let s = 0; s < 3 * n; s++) body.push(...server(`node${s % 16}_member${s}`, `c${s}`, `app${s % 64}.example.com`, 9080 + Math.floor(s / 64)));
  body.push('   </ServerCluster>');
  for (let r = 0; r < n; r++) body.push(...uriGroup(`default_host_big_URIs_${r}`, [`/app${r}/*`]), route('big', `default_host_big_URIs_${r}`, 'default_host'));
  return { 'web/plugin-cfg.xml': xml(body) };
}

/** One ServerCluster of n servers, all of them listed as PrimaryServers, one Route. */
function serversInCluster(n: number): Record<string, string> {
  const body = ['   <VirtualHostGroup Name="default_host">', '      <VirtualHost Name="*:80"/>', '      <VirtualHost Name="*:443"/>', '   </VirtualHostGroup>', clusterOpen('big')];
  for (let s = 0; s < n; s++) body.push(...server(`node${s % 16}_member${s}`, `c${s}`, `app${s % 64}.example.com`, 9080 + Math.floor(s / 64), 1 + (s % 3)));
  body.push('      <PrimaryServers>');
  for (let s = 0; s < n; s++) body.push(`         <Server Name="node${s % 16}_member${s}"/>`);
  body.push('      </PrimaryServers>', '   </ServerCluster>', ...uriGroup('default_host_big_URIs', ['/shop/*', '/account/*']), route('big', 'default_host_big_URIs', 'default_host'));
  return { 'web/plugin-cfg.xml': xml(body) };
}

/** n ServerClusters of two servers, each with its own UriGroup and Route, in two virtual host groups. */
function manyClusters(n: number): Record<string, string> {
  const body = ['   <VirtualHostGroup Name="default_host">', '      <VirtualHost Name="*:80"/>', '      <VirtualHost Name="*:443"/>', '   </VirtualHostGroup>', '   <VirtualHostGroup Name="admin_host">', '      <VirtualHost Name="*:9060"/>', '   </VirtualHostGroup>'];
  for (let c = 0; c < n; c++) {
    body.push(clusterOpen(`cluster${c}`));
    for (let m = 0; m < 2; m++) body.push(...server(`node${m}_member${c}`, `c${c}m${m}`, `app${m}.example.com`, 9080 + (c % 100)));
    body.push('   </ServerCluster>');
    const vg = c % 10 === 0 ? 'admin_host' : 'default_host';
    body.push(...uriGroup(`${vg}_cluster${c}_URIs`, [`/app${c}/*`, `/app${c}/login`]), route(`cluster${c}`, `${vg}_cluster${c}_URIs`, vg));
  }
  return { 'web/plugin-cfg.xml': xml(body) };
}

/** n virtual host groups of two hosts each, and n UriGroups: Route i joins group i to UriGroup i. */
function manyVirtualHostGroups(n: number): Record<string, string> {
  const body: string[] = [];
  for (let g = 0; g < n; g++) body.push(`   <VirtualHostGroup Name="vhg${g}">`, `      <VirtualHost Name="site${g}.example.com:80"/>`, `      <VirtualHost Name="site${g}.example.com:443"/>`, '   </VirtualHostGroup>');
  body.push(clusterOpen('shared'), ...server('node0_member0', 'c0', 'app0.example.com', 9080), ...server('node1_member1', 'c1', 'app1.example.com', 9080), '   </ServerCluster>');
  for (let g = 0; g < n; g++) body.push(...uriGroup(`vhg${g}_URIs`, ['/*', '/static/*']), route('shared', `vhg${g}_URIs`, `vhg${g}`));
  return { 'web/plugin-cfg.xml': xml(body) };
}

/** One UriGroup of n Uris routed from n virtual host groups (one site each). */
function sharedUriGroup(n: number): Record<string, string> {
  const body: string[] = [];
  for (let g = 0; g < n; g++) body.push(`   <VirtualHostGroup Name="vhg${g}">`, `      <VirtualHost Name="site${g}.example.com:80"/>`, '   </VirtualHostGroup>');
  body.push(clusterOpen('shared'), ...server('node0_member0', 'c0', 'app0.example.com', 9080), ...server('node1_member1', 'c1', 'app1.example.com', 9080), '   </ServerCluster>');
  const patterns: string[] = [];
  for (let u = 0; u < n; u++) patterns.push(`/app${u}/*`);
  body.push(...uriGroup('all_URIs', patterns));
  for (let g = 0; g < n; g++) body.push(route('shared', 'all_URIs', `vhg${g}`));
  return { 'web/plugin-cfg.xml': xml(body) };
}

const xcf = (i: number): string => `10.30.${Math.floor(i / 250)}.${(i % 250) + 1}`;

function profileHead(name: string, i: number): string[] {
  return [
    `; PROFILE.TCPIP for ${name}`,
    'IPCONFIG SYSPLEXROUTING SOURCEVIPA',
    `         DYNAMICXCF ${xcf(i)} 255.255.0.0 1`,
    `INTERFACE OSA1 DEFINE IPAQENET PORTNAME OSAP${i} IPADDR 10.20.${Math.floor(i / 200)}.${(i % 200) + 1}/16`,
  ];
}

/** Four stacks, each defining n/4 distributed DVIPAs (DESTIP ALL) and backing up every other stack's. */
function dvipasTimesTargets(n: number): Record<string, string> {
  const stacks = 4;
  const per = Math.ceil(n / stacks);
  const dv = (s: number, k: number): string => addr(11 + s, k);
  const out: Record<string, string> = {};
  for (let s = 0; s < stacks; s++) {
    const name = `SYS${s + 1}`;
    const lines = [...profileHead(name, s), 'VIPADYNAMIC'];
    for (let k = 0; k < per; k++) {
      lines.push(`   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 ${dv(s, k)}`);
      lines.push(`   VIPADISTRIBUTE DEFINE DISTMETHOD ${k % 2 ? 'BASEWLM' : 'ROUNDROBIN'} ${dv(s, k)} PORT 80 443 DESTIP ALL`);
    }
    for (let o = 0; o < stacks; o++) if (o !== s) for (let k = 0; k < per; k++) lines.push(`   VIPABACKUP ${10 + o} MOVEABLE IMMEDIATE 255.255.255.255 ${dv(o, k)}`);
    lines.push('ENDVIPADYNAMIC', 'START OSA1', '');
    out[`profiles/${name}.tcpip`] = lines.join('\n');
  }
  return out;
}

/** Two stacks; one distributed DVIPA whose DESTIP lists n targets (XCF addresses), most of them stacks not given. */
function destipList(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let s = 0; s < 2; s++) {
    const lines = [...profileHead(`SYS${s + 1}`, s), 'VIPADYNAMIC'];
    if (s === 0) {
      lines.push('   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.1', '   VIPADISTRIBUTE DEFINE 10.40.1.1 PORT 80 DESTIP');
      for (let t = 0; t < n; t += 4) lines.push(`      ${[t, t + 1, t + 2, t + 3].filter((x) => x < n).map(xcf).join(' ')}`);
    } else lines.push('   VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.1');
    lines.push('ENDVIPADYNAMIC', '');
    out[`profiles/SYS${s + 1}.tcpip`] = lines.join('\n');
  }
  return out;
}

/** One stack with n HOME addresses on n interfaces, n PORT entries and n routes over them, and its OMPROUTE. */
function interfacesAndRoutes(n: number): Record<string, string> {
  const lines = [...profileHead('SYS1', 0)];
  for (let k = 0; k < n; k++) lines.push(`INTERFACE IF${k} DEFINE IPAQENET PORTNAME P${k} IPADDR ${addr(12, k * 4)}/30`);
  lines.push('PORT');
  for (let k = 0; k < n; k++) lines.push(`   ${1024 + (k % 60000)} ${k % 3 ? 'TCP' : 'UDP'} JOB${k % 997}${k % 7 === 0 ? ' SHAREPORT' : ''}`);
  lines.push('BEGINROUTES');
  for (let k = 0; k < n; k++) lines.push(`   ROUTE ${addr(172, k * 256).replace(/\.\d+$/, '.0')}/24 ${addr(12, k * 4 + 1)} IF${k} MTU 1492`);
  lines.push('ENDROUTES');
  for (let k = 0; k < n; k++) lines.push(`START IF${k}`);
  const omp = ['Global_Options Ignore_Undefined_Interfaces=YES;', `RouterID=${addr(12, 0)};`, 'Area Area_Number=0.0.0.0;'];
  for (let k = 0; k < n; k++) omp.push(`OSPF_Interface IP_Address=${addr(12, k * 4)} Name=IF${k} Subnet_Mask=255.255.255.252 MTU=1492 Cost0=${1 + (k % 50)};`);
  return { 'profiles/SYS1.tcpip': lines.join('\n') + '\n', 'omproute/SYS1.conf': omp.join('\n') + '\n' };
}

/** Two stacks with n VIPARANGE subnets and n DVIPAs each, and an OMPROUTE range for every subnet either may own. */
function omprouteRanges(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  const subnet = (a: string): string => a.replace(/\.\d+$/, '.0');
  for (let s = 0; s < 2; s++) {
    const lines = [...profileHead(`SYS${s + 1}`, s), 'VIPADYNAMIC'];
    const subnets = new Set<string>();
    for (let k = 0; k < n; k++) {
      const range = subnet(addr(13 + s, k * 250));
      subnets.add(range);
      lines.push(`   VIPARANGE DEFINE MOVEABLE NONDISRUPTIVE 255.255.255.0 ${range}`);
    }
    for (let k = 0; k < n; k++) {
      lines.push(`   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 ${addr(15 + s, k)}`);
      subnets.add(subnet(addr(15 + s, k)));
    }
    lines.push('ENDVIPADYNAMIC', '');
    out[`profiles/SYS${s + 1}.tcpip`] = lines.join('\n');
    const router = `10.20.${Math.floor(s / 200)}.${(s % 200) + 1}`;
    const omp = ['Global_Options Ignore_Undefined_Interfaces=YES;', `RouterID=${router};`, 'Area Area_Number=0.0.0.0;', `OSPF_Interface IP_Address=${router} Name=OSA1 Subnet_Mask=255.255.0.0;`];
    [...subnets].forEach((r, k) => omp.push(`OSPF_Interface IP_Address=${r} Name=DVIPA${k} Subnet_Mask=255.255.255.0;`));
    out[`omproute/SYS${s + 1}.conf`] = omp.join('\n') + '\n';
  }
  return out;
}

/**
 * One stack with n application DVIPAs, each in its own /24, whose OMPROUTE range definitions each name a host address
 * instead of the subnet number (a near miss of omproute-dvipa-not-covered per DVIPA), and n DVIPAs no definition
 * comes near: the search for the definition that nearly covers each DVIPA.
 */
function omprouteNearMisses(n: number): Record<string, string> {
  const lines = [...profileHead('SYS1', 0), 'VIPADYNAMIC'];
  const router = '10.20.0.1';
  const omp = ['Global_Options Ignore_Undefined_Interfaces=YES;', `RouterID=${router};`, `OSPF_Interface IP_Address=${router} Name=OSA1 Subnet_Mask=255.255.0.0;`];
  for (let k = 0; k < n; k++) {
    const net = addr(16, k * 250).replace(/\.\d+$/, '');
    lines.push(`   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 ${net}.2`, `   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 ${addr(17, k)}`);
    omp.push(`OSPF_Interface IP_Address=${net}.9 Name=DVIPA${k} Subnet_Mask=255.255.255.0;`);
  }
  lines.push('ENDVIPADYNAMIC', '');
  return { 'profiles/SYS1.tcpip': lines.join('\n'), 'omproute/SYS1.conf': omp.join('\n') + '\n' };
}

/** An HA pair of Load Balancers with the same configuration: `clusters` clusters × `ports` ports × `servers` servers. */
function lbPair(clusters: number, ports: number, servers: number): Record<string, string> {
  const cfg = (self: string, other: string): string => {
    const lines = ['dscontrol executor start', `dscontrol executor set nfa ${self}`, 'dscontrol executor set clientgateway 10.20.0.1'];
    for (let c = 0; c < clusters; c++) {
      const cl = addr(60, c);
      lines.push(`dscontrol cluster add ${cl}`);
      for (let p = 0; p < ports; p++) {
        const port = 80 + p;
        lines.push(`dscontrol port add ${cl}@${port} selectionalgorithm conn+affin stickytime 300`, `dscontrol port set ${cl}@${port} repstrategy both`);
        for (let s = 0; s < servers; s++) lines.push(`dscontrol server add ${cl}@${port}@${addr(20, s)} weight ${1 + (s % 10)}`);
      }
    }
    lines.push('dscontrol manager start manager.log 10004');
    lines.push(`dscontrol highavailability heartbeat add ${self} ${other}`, 'dscontrol highavailability reach add 10.20.0.1', `dscontrol highavailability backup add ${self === '10.20.0.51' ? 'primary' : 'backup'} auto 12345`);
    return lines.join('\n') + '\n';
  };
  const manifest = ['loadBalancers:', '  edge1: { config: lb/edge1.cfg, partner: edge2 }', '  edge2: { config: lb/edge2.cfg, partner: edge1 }', ''].join('\n');
  return { 'plexlint.yaml': manifest, 'lb/edge1.cfg': cfg('10.20.0.51', '10.20.0.52'), 'lb/edge2.cfg': cfg('10.20.0.52', '10.20.0.51') };
}

/** One WebSphere cell whose clusters have `members` members each, `clusters` clusters. */
function wasCell(clusters: number, members: number): Record<string, string> {
  const out: Record<string, string> = {};
  const nodes = new Set<string>();
  for (let c = 0; c < clusters; c++) {
    const lines = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<topology.cluster:ServerCluster xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:topology.cluster="http://www.ibm.com/websphere/appserver/schemas/5.0/topology.cluster.xmi" xmi:id="ServerCluster_${c}" name="Cluster${c}" preferLocal="true" enableHA="false" nodeGroupName="DefaultNodeGroup" serverType="APPLICATION_SERVER">`,
    ];
    for (let m = 0; m < members; m++) {
      const node = `NODE${m % 64}`;
      nodes.add(node);
      lines.push(`  <members xmi:id="ClusterMember_${c}_${m}" memberName="member${m}" nodeName="${node}" weight="${1 + (m % 20)}" uniqueId="${c * 100000 + m}"/>`);
    }
    lines.push('</topology.cluster:ServerCluster>', '');
    out[`was/clusters/Cluster${c}/cluster.xml`] = lines.join('\n');
  }
  out['plexlint.yaml'] = ['web:', '  cells:', '    CELL1:', '      clusters: [was/clusters]', `      clientNodes: [${[...nodes].join(', ')}]`, ''].join('\n');
  return out;
}

/** Two cells of n/2 ODRs each, a plug-in file spraying over all of them, and a GSC per cell listing the other's ODRs. */
function odrSpray(n: number): Record<string, string> {
  const half = Math.max(1, Math.floor(n / 2));
  const odrs = (cell: string): { name: string; host: string }[] => Array.from({ length: half }, (_, k) => ({ name: `odr${cell}${k}`, host: `odr${cell}${k}.example.com` }));
  const cells = { A: odrs('a'), B: odrs('b') };
  const manifest = ['web:', '  plugins: [web/plugin-cfg.xml]', '  cells:'];
  for (const [cell, other] of [['A', 'B'], ['B', 'A']] as const) {
    manifest.push(`    CELL${cell}:`, '      odrs:');
    for (const o of cells[cell]) manifest.push(`        - { name: ${o.name}, host: ${o.host}, port: 80 }`);
    manifest.push('      properties: { odrSessionAffinityEnabled: "true" }', '      gscs:', `        - name: ODRS_CELL${other}`, '          members:');
    for (const o of cells[other]) manifest.push(`            - { host: ${o.host}, port: 80, weight: 1 }`);
  }
  const body = ['   <VirtualHostGroup Name="default_host">', '      <VirtualHost Name="*:80"/>', '   </VirtualHostGroup>', clusterOpen('ODRCluster')];
  for (const o of [...cells.A, ...cells.B]) body.push(...server(`CELL_${o.name}`, o.name, o.host, 80));
  body.push('   </ServerCluster>', ...uriGroup('default_host_ODRCluster_URIs', ['/shop/*']).map((l) => l.replace('JSESSIONID', 'ODRSESSIONID')), route('ODRCluster', 'default_host_ODRCluster_URIs', 'default_host'));
  return { 'plexlint.yaml': manifest.join('\n') + '\n', 'web/plugin-cfg.xml': xml(body) };
}

/** n small stacks, each distributing one DVIPA to itself and the next two and backing up the previous one's. */
function manyStacks(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  const dv = (i: number): string => addr(40, ((i % n) + n) % n);
  for (let i = 0; i < n; i++) {
    const lines = [...profileHead(`S${i}`, i), 'VIPADYNAMIC', `   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 ${dv(i)}`, `   VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.255 ${dv(i - 1)}`, `   VIPADISTRIBUTE DEFINE ${dv(i)} PORT 8080 DESTIP ${xcf(i)} ${xcf((i + 1) % n)} ${xcf((i + 2) % n)}`, 'ENDVIPADYNAMIC', 'START OSA1', ''];
    out[`profiles/S${i}.tcpip`] = lines.join('\n');
  }
  return out;
}

/**
 * Two z/OS stacks behind an HA pair of Load Balancers in MAC forwarding: n cluster addresses, each on LOOPBACK in
 * both stacks' HOME lists and balanced over both stacks' OSA addresses.
 */
function lbOnStacks(n: number): Record<string, string> {
  const out = lbPair(0, 0, 0);
  const stackAddress = (s: number): string => `10.20.0.${s + 1}`;
  const cfg = (self: string, other: string): string => {
    const lines = ['dscontrol executor start', `dscontrol executor set nfa ${self}`, 'dscontrol executor set clientgateway 10.20.0.254'];
    for (let c = 0; c < n; c++) {
      const cl = addr(60, c);
      lines.push(`dscontrol cluster add ${cl}`, `dscontrol port add ${cl}@80 selectionalgorithm conn+affin stickytime 300`, `dscontrol port set ${cl}@80 repstrategy both`);
      for (let s = 0; s < 2; s++) lines.push(`dscontrol server add ${cl}@80@${stackAddress(s)} weight 10`);
    }
    lines.push('dscontrol manager start manager.log 10004', `dscontrol highavailability heartbeat add ${self} ${other}`, 'dscontrol highavailability reach add 10.20.0.254', `dscontrol highavailability backup add ${self === '10.20.0.51' ? 'primary' : 'backup'} auto 12345`);
    return lines.join('\n') + '\n';
  };
  out['lb/edge1.cfg'] = cfg('10.20.0.51', '10.20.0.52');
  out['lb/edge2.cfg'] = cfg('10.20.0.52', '10.20.0.51');
  for (let s = 0; s < 2; s++) {
    const lines = [`; PROFILE.TCPIP for SYS${s + 1}`, 'IPCONFIG SYSPLEXROUTING', `         DYNAMICXCF ${xcf(s)} 255.255.0.0 1`, `INTERFACE OSA1 DEFINE IPAQENET PORTNAME OSAP${s} IPADDR ${stackAddress(s)}/24`, 'HOME'];
    for (let c = 0; c < n; c++) lines.push(`   ${addr(60, c)} LOOPBACK`);
    lines.push('START OSA1', '');
    out[`profiles/SYS${s + 1}.tcpip`] = lines.join('\n');
  }
  return out;
}

/** Two stacks, each with n VIPARANGEs and n ordinary addresses (interfaces) outside them. */
function rangesAndAddresses(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let s = 0; s < 2; s++) {
    const lines = [...profileHead(`SYS${s + 1}`, s)];
    for (let k = 0; k < n; k++) lines.push(`INTERFACE V${k} DEFINE VIRTUAL IPADDR ${addr(16 + s, k)}`);
    lines.push('VIPADYNAMIC');
    for (let k = 0; k < n; k++) lines.push(`   VIPARANGE DEFINE MOVEABLE NONDISRUPTIVE 255.255.255.0 ${addr(18 + s, k * 250).replace(/\.\d+$/, '.0')}`);
    lines.push('ENDVIPADYNAMIC', '');
    out[`profiles/SYS${s + 1}.tcpip`] = lines.join('\n');
  }
  return out;
}

/** A manifest of n systems, each profile setting its addresses through system symbols and including one shared member. */
function manifestSystems(n: number): Record<string, string> {
  const manifest = ['systems:'];
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    manifest.push(`  S${i}:`, `    profile: profiles/S${i}.tcpip`, `    cpc: CPC${i % 4}`, `    symbols: { HOSTIP: ${addr(20, i)}, XCFIP: ${xcf(i)} }`);
    out[`profiles/S${i}.tcpip`] = ['IPCONFIG SYSPLEXROUTING DYNAMICXCF &XCFIP. 255.255.0.0 1', 'INTERFACE OSA1 DEFINE IPAQENET PORTNAME OSAP IPADDR &HOSTIP./16', 'INCLUDE USER.TCPPARMS(COMMON)', 'START OSA1', ''].join('\n');
  }
  manifest.push('datasets:', '  USER.TCPPARMS: profiles/tcpparms', '');
  out['plexlint.yaml'] = manifest.join('\n');
  out['profiles/tcpparms/COMMON'] = ['PORT', '   23 TCP TN3270', '   21 TCP FTPD1', 'AUTOLOG', '   FTPD JOBNAME FTPD1', 'ENDAUTOLOG', ''].join('\n');
  return out;
}

/** One stack of the older definitions: n DEVICE/LINK pairs with their HOME entries and START statements. */
function devicesAndLinks(n: number): Record<string, string> {
  const lines = [...profileHead('SYS1', 0)];
  for (let k = 0; k < n; k++) lines.push(`DEVICE D${k} MPCIPA`, `LINK L${k} IPAQENET D${k}`);
  lines.push('HOME');
  for (let k = 0; k < n; k++) lines.push(`   ${addr(21, k * 4)} L${k}`);
  for (let k = 0; k < n; k++) lines.push(`START D${k}`);
  return { 'profiles/SYS1.tcpip': lines.join('\n') + '\n' };
}

/** Three stacks: one DVIPA distributed on 4n ports (n statements of four ports) to all three, backed up by the others. */
function distributedPorts(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let s = 0; s < 3; s++) {
    const lines = [...profileHead(`SYS${s + 1}`, s), 'VIPADYNAMIC'];
    if (s === 0) {
      lines.push('   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.1');
      for (let k = 0; k < n; k++) {
        const ports = [0, 1, 2, 3].map((j) => 1024 + 4 * k + j);
        lines.push(`   VIPADISTRIBUTE DEFINE DISTMETHOD ${k % 2 ? 'BASEWLM OPTLOCAL 1' : 'SERVERWLM'} 10.40.1.1 PORT ${ports.join(' ')} DESTIP ${xcf(0)} ${xcf(1)} ${xcf(2)}`);
      }
    } else lines.push(`   VIPABACKUP ${100 - s} MOVEABLE IMMEDIATE 255.255.255.255 10.40.1.1`);
    lines.push('ENDVIPADYNAMIC', 'START OSA1', '');
    out[`profiles/SYS${s + 1}.tcpip`] = lines.join('\n');
  }
  return out;
}

/** One profile that includes n members of a data set, each reserving a few ports. */
function includedMembers(n: number): Record<string, string> {
  const out: Record<string, string> = { 'plexlint.yaml': ['systems:', '  SYS1: { profile: profiles/SYS1.tcpip }', 'datasets:', '  USER.TCPPARMS: profiles/tcpparms', ''].join('\n') };
  const lines = [...profileHead('SYS1', 0)];
  for (let k = 0; k < n; k++) {
    const member = `M${String(k).padStart(7, '0')}`;
    lines.push(`INCLUDE USER.TCPPARMS(${member})`);
    out[`profiles/tcpparms/${member}`] = ['PORT', `   ${1024 + 2 * (k % 30000)} TCP JOB${k % 997}`, `   ${1025 + 2 * (k % 30000)} UDP JOB${k % 997}`, ''].join('\n');
  }
  lines.push('START OSA1', '');
  out['profiles/SYS1.tcpip'] = lines.join('\n');
  return out;
}

/*
 * Adversarial shapes (issue 30): what a hostile or broken change can commit, grown until a quadratic step shows.
 * They are not configurations anyone runs, but each once took minutes at a few MB.
 */

/** Two stacks, n DVIPAs defined and distributed by the first to both, none backed up (n distributor-no-backup warnings). */
function dvipasOnTwoStacks(n: number): Record<string, string> {
  const lines = [...profileHead('SYS1', 0), 'VIPADYNAMIC'];
  for (let k = 0; k < n; k++) lines.push(`   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.255 ${addr(40, k)}`, `   VIPADISTRIBUTE DEFINE ${addr(40, k)} PORT 8080 DESTIP ${xcf(0)} ${xcf(1)}`);
  lines.push('ENDVIPADYNAMIC', 'START OSA1', '');
  return { 'profiles/SYS1.tcpip': lines.join('\n'), 'profiles/SYS2.tcpip': [...profileHead('SYS2', 1), 'START OSA1', ''].join('\n') };
}

/** One profile with n findings, each inside its own plexlint-disable / plexlint-enable pair. */
function suppressionPairs(n: number): Record<string, string> {
  const lines = [...profileHead('SYS1', 0)];
  for (let k = 0; k < n; k++) lines.push('; plexlint-disable undefined-reference -- not started here', `START D${k}`, '; plexlint-enable undefined-reference');
  return { 'profiles/SYS1.tcpip': [...lines, 'START OSA1', ''].join('\n') };
}

/** A manifest of n keys it does not know, each written twice (n unknown keys, n duplicate-key errors). */
function manifestKeys(n: number): Record<string, string> {
  const keys: string[] = [];
  for (let k = 0; k < n; k++) keys.push(`key${String(k).padStart(7, '0')}: value`);
  return { 'plexlint.yaml': ['systems:', '  SYS1: { profile: profiles/SYS1.tcpip }', ...keys, ...keys, ''].join('\n'), 'profiles/SYS1.tcpip': [...profileHead('SYS1', 0), 'START OSA1', ''].join('\n') };
}

export const SHAPES: Shape[] = [
  { name: 'plugin: virtual hosts × routes', kind: 'plugin', grows: 'n VirtualHosts in one group, n Routes of one Uri each, one cluster of 3n servers', base: 500, files: vhostsTimesRoutes },
  { name: 'plugin: servers in one cluster', kind: 'plugin', grows: 'n Servers, all PrimaryServers', base: 2000, files: serversInCluster },
  { name: 'plugin: clusters', kind: 'plugin', grows: 'n ServerClusters with a Route each', base: 1000, files: manyClusters },
  { name: 'plugin: virtual host groups', kind: 'plugin', grows: 'n VirtualHostGroups and UriGroups, one Route each', base: 1000, files: manyVirtualHostGroups },
  { name: 'plugin: one UriGroup, many groups', kind: 'plugin', grows: 'one UriGroup of n Uris routed from n VirtualHostGroups', base: 500, files: sharedUriGroup },
  { name: 'profile: DVIPAs × targets', kind: 'profile', grows: '4 stacks, n distributed DVIPAs (DESTIP ALL), each backed up by the other three', base: 200, files: dvipasTimesTargets },
  { name: 'profile: DESTIP list', kind: 'profile', grows: 'one DVIPA distributed to n XCF addresses', base: 1000, files: destipList },
  { name: 'profile: interfaces, ports, routes', kind: 'profile', grows: 'n INTERFACEs, PORT entries, ROUTEs and OSPF_Interfaces on one stack', base: 500, files: interfacesAndRoutes },
  { name: 'omproute: DVIPA ranges', kind: 'omproute', grows: '2 stacks, n VIPARANGEs, n DVIPAs and n OMPROUTE ranges each', base: 250, files: omprouteRanges },
  { name: 'omproute: near misses', kind: 'omproute', grows: '1 stack, n DVIPAs nearly covered by n definitions and n DVIPAs not covered', base: 250, files: omprouteNearMisses },
  { name: 'profile: stacks', kind: 'profile', grows: 'n one-DVIPA stacks', base: 250, files: manyStacks },
  { name: 'lb: clusters', kind: 'lb', grows: 'an HA pair, n clusters × 1 port × 2 servers', base: 500, files: (n) => lbPair(n, 1, 2) },
  { name: 'lb: ports', kind: 'lb', grows: 'an HA pair, 1 cluster × n ports × 2 servers', base: 500, files: (n) => lbPair(1, n, 2) },
  { name: 'lb: clusters on z/OS stacks', kind: 'lb', grows: 'an HA pair, n clusters over 2 stacks that have every cluster on LOOPBACK', base: 500, files: lbOnStacks },
  { name: 'profile: VIPARANGEs and addresses', kind: 'profile', grows: '2 stacks, n VIPARANGEs and n static VIPAs each', base: 500, files: rangesAndAddresses },
  { name: 'manifest: systems', kind: 'manifest', grows: 'n systems with symbols and a shared INCLUDE member', base: 250, files: manifestSystems },
  { name: 'profile: DEVICE and LINK', kind: 'profile', grows: 'n DEVICE/LINK pairs with HOME and START', base: 500, files: devicesAndLinks },
  { name: 'profile: distributed ports', kind: 'profile', grows: '3 stacks, one DVIPA distributed on 4n ports', base: 250, files: distributedPorts },
  { name: 'profile: INCLUDE members', kind: 'profile', grows: 'one profile including n members', base: 250, files: includedMembers },
  { name: 'lb: servers', kind: 'lb', grows: 'an HA pair, 1 cluster × 1 port × n servers', base: 1000, files: (n) => lbPair(1, 1, n) },
  { name: 'was: cluster members', kind: 'was', grows: 'one cluster.xml of n members', base: 1000, files: (n) => wasCell(1, n) },
  { name: 'was: clusters', kind: 'was', grows: 'n cluster.xml files of 3 members', base: 250, files: (n) => wasCell(n, 3) },
  { name: 'adversarial: DVIPAs on two stacks', kind: 'profile', grows: '2 stacks, n DVIPAs distributed by one to both, none backed up', base: 2500, files: dvipasOnTwoStacks },
  { name: 'adversarial: suppression pairs', kind: 'profile', grows: 'n findings, each in its own plexlint-disable/enable pair', base: 2000, files: suppressionPairs },
  { name: 'adversarial: manifest keys', kind: 'manifest', grows: 'n unknown keys, each written twice', base: 2000, files: manifestKeys },
  { name: 'odr: ODRs and GSC members', kind: 'odr', grows: '2 cells of n/2 ODRs, a plug-in spraying over all, a GSC per cell', base: 250, files: odrSpray },
];
