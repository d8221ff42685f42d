/**
 * Random small estates for the diff's property tests, described by a plan
 * (systems, distributed DVIPAs, a plug-in file, a cluster.xml cluster) and
 * written as real files: profiles, plugin-cfg.xml, cluster.xml and the
 * manifest. Mutations of a plan change one thing of meaning and say which
 * changes the model diff must report for it; `reformat` changes only the form.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';

export type Method = 'BASEWLM' | 'SERVERWLM' | 'ROUNDROBIN' | 'WEIGHTEDACTIVE';

export interface PlanDist {
  address: string;
  port: number;
  owner: number;
  /** A VIPABACKUP on this system (rank 100). */
  backup?: number;
  method: Method;
  optLocal?: number;
  /** System indexes, or every stack (DESTIP ALL). */
  targets: number[] | 'ALL';
  /** WEIGHT of each target (WEIGHTEDACTIVE only), aligned with targets. */
  weights: number[];
}

export interface Plan {
  /** `named`: the address the other stacks' DESTIPs name for the system (its DYNAMICXCF address, unless that changed). */
  systems: { xcf: string; named: string; homes: string[] }[];
  dists: PlanDist[];
  /** Plug-in ServerClusters (none: no plug-in file), each with its Route and its Uri ("/app<k>/*" unless changed). */
  clusters: { servers: number[]; uri?: string }[];
  /** A cluster.xml cluster (members' weights, one per node) and the cell's client nodes. */
  ejb?: { preferLocal: boolean; weights: number[]; clientNodes: number[] };
}

export const systemName = (i: number): string => `SYS${String.fromCharCode(65 + i)}`;
export const distObject = (d: PlanDist): string => `VIPADISTRIBUTE ${d.address} port ${d.port} on ${systemName(d.owner)}`;

const methods: Method[] = ['BASEWLM', 'SERVERWLM', 'ROUNDROBIN', 'WEIGHTEDACTIVE'];

export const planArb: fc.Arbitrary<Plan> = fc.integer({ min: 2, max: 4 }).chain((n) => {
  const system = fc.record({ homes: fc.subarray(['10.60.1.1', '10.60.2.1', '10.60.3.1'], { maxLength: 2 }) });
  const dist = fc.record({
    port: fc.constantFrom(3000, 4000, 5000),
    owner: fc.nat(n - 1),
    backup: fc.option(fc.nat(n - 1), { nil: undefined }),
    method: fc.constantFrom(...methods),
    optLocal: fc.option(fc.constantFrom(0, 1, 2), { nil: undefined }),
    targets: fc.oneof(fc.constant('ALL' as const), fc.uniqueArray(fc.nat(n - 1), { minLength: 1, maxLength: n })),
    weights: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: n, maxLength: n }),
  });
  return fc.record({
    systems: fc.array(system, { minLength: n, maxLength: n }),
    dists: fc.array(dist, { minLength: 1, maxLength: 4 }),
    clusters: fc.array(fc.record({ servers: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }) }), { maxLength: 3 }),
    ejb: fc.option(fc.record({ preferLocal: fc.boolean(), weights: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }), clientNodes: fc.subarray([0, 1, 2]) }), { nil: undefined }),
  }).map((r) => ({
    systems: r.systems.map((s, i) => ({ xcf: `10.30.1.${i + 1}`, named: `10.30.1.${i + 1}`, homes: s.homes })),
    dists: r.dists.map((d, k) => ({
      ...d,
      address: `10.40.1.${k + 1}`,
      backup: d.backup === d.owner ? undefined : d.backup,
      weights: d.targets === 'ALL' ? [] : d.targets.map((_, j) => d.weights[j]!),
    })),
    clusters: r.clusters,
    ...(r.ejb ? { ejb: r.ejb } : {}),
  }));
});

function clone(p: Plan): Plan {
  return JSON.parse(JSON.stringify(p)) as Plan;
}

/** One change of meaning and the model-diff changes it must give ("object|attribute", or "added|object" / "removed|object"). */
export interface Mutation {
  what: string;
  plan: Plan;
  expected: string[];
}

/** Every mutation that applies to a plan (the test picks among them). */
export function mutations(p: Plan): Mutation[] {
  const out: Mutation[] = [];
  const add = (what: string, change: (q: Plan) => string[]): void => {
    const q = clone(p);
    out.push({ what, expected: change(q).sort(), plan: q });
  };
  p.dists.forEach((d, k) => {
    if (d.method !== 'WEIGHTEDACTIVE') {
      const next = (['BASEWLM', 'SERVERWLM', 'ROUNDROBIN'] as const).find((m) => m !== d.method)!;
      add(`DISTMETHOD ${next} on ${d.address}`, (q) => {
        q.dists[k]!.method = next;
        return [`${distObject(d)}|method`];
      });
    }
    add(`OPTLOCAL of ${d.address}`, (q) => {
      q.dists[k]!.optLocal = d.optLocal === undefined ? 1 : d.optLocal === 1 ? 0 : undefined;
      return [`${distObject(d)}|optLocal`];
    });
    add(`port of ${d.address}`, (q) => {
      q.dists[k]!.port = d.port + 1;
      return [`removed|${distObject(d)}`, `added|${distObject(q.dists[k]!)}`];
    });
    if (d.targets !== 'ALL') {
      const targets = d.targets;
      const missing = p.systems.findIndex((_, i) => !targets.includes(i));
      if (missing >= 0) {
        add(`DESTIP ${systemName(missing)} added to ${d.address}`, (q) => {
          const qd = q.dists[k]!;
          (qd.targets as number[]).push(missing);
          qd.weights.push(7);
          return [`${distObject(d)}|destip`, `${distObject(d)}|targets`, ...(d.method === 'WEIGHTEDACTIVE' ? [`${distObject(d)}|weights`] : [])];
        });
      }
      if (d.method === 'WEIGHTEDACTIVE') {
        add(`WEIGHT of the first target of ${d.address}`, (q) => {
          q.dists[k]!.weights[0] = d.weights[0]! + 1;
          return [`${distObject(d)}|weights`];
        });
      }
    }
  });
  p.systems.forEach((_, i) => {
    add(`HOME 10.60.9.1 on ${systemName(i)}`, (q) => {
      q.systems[i]!.homes.push('10.60.9.1');
      return [`added|HOME 10.60.9.1 on ${systemName(i)}`];
    });
    // A changed DYNAMICXCF address: every DESTIP that names the old one no longer resolves to the system.
    add(`DYNAMICXCF of ${systemName(i)}`, (q) => {
      q.systems[i]!.xcf = `10.30.2.${i + 1}`;
      const named = p.dists.filter((d) => d.targets !== 'ALL' && d.targets.includes(i));
      return [`IPCONFIG DYNAMICXCF on ${systemName(i)}|address`, ...named.flatMap((d) => [`${distObject(d)}|targets`, ...(d.method === 'WEIGHTEDACTIVE' ? [`${distObject(d)}|weights`] : [])])];
    });
  });
  p.clusters.forEach((c, k) => {
    add(`LoadBalanceWeight of server 0 of cluster${k}`, (q) => {
      q.clusters[k]!.servers[0] = c.servers[0]! + 1;
      return [`Server cluster${k}_s0 of cluster${k} in web/plugin-cfg.xml|weight`];
    });
    // The routing table changes: every Route is sampled again, only this one's requests move.
    add(`Uri of cluster${k}`, (q) => {
      q.clusters[k]!.uri = `/shop${k}/*`;
      return [`removed|Uri ${c.uri ?? `/app${k}/*`} of uris${k} in web/plugin-cfg.xml`, `added|Uri /shop${k}/* of uris${k} in web/plugin-cfg.xml`];
    });
  });
  if (p.ejb) {
    const ejb = p.ejb;
    add('preferLocal', (q) => {
      q.ejb!.preferLocal = !ejb.preferLocal;
      return ['cluster Orders of cell CELL1|preferLocal'];
    });
    add('weight of member 0', (q) => {
      q.ejb!.weights[0] = ejb.weights[0]! + 1;
      return ['member order0 of cluster Orders|weight'];
    });
  }
  return out;
}

/** The same estate in another form: lower case keywords, comments, blank lines, other spacing. */
export interface Form {
  lower: boolean;
  comments: boolean;
}

function profile(p: Plan, i: number, form: Form): string {
  const s = p.systems[i]!;
  const xcfOf = (j: number): string => p.systems[j]!.named;
  const lines: string[] = [`; PROFILE.TCPIP for ${systemName(i)} (generated)`, 'IPCONFIG SYSPLEXROUTING', `         DYNAMICXCF ${s.xcf} 255.255.255.0 1`];
  if (s.homes.length) lines.push('HOME', ...s.homes.map((h) => `   ${h}   LOOPBACK`));
  lines.push('VIPADYNAMIC');
  for (const d of p.dists) {
    if (d.owner === i) {
      if (form.comments) lines.push(`   ; ${d.address}: ${d.method}`, '');
      lines.push(`   VIPADEFINE MOVEABLE IMMEDIATE 255.255.255.0 ${d.address}`);
      lines.push(`   VIPADISTRIBUTE DEFINE DISTMETHOD ${d.method}${d.optLocal === undefined ? '' : ` OPTLOCAL ${d.optLocal}`}`);
      lines.push(`       ${d.address} PORT ${d.port}`);
      if (d.targets === 'ALL') lines.push('       DESTIP ALL');
      else lines.push(`       DESTIP ${d.targets.map((t, j) => `${xcfOf(t)}${d.method === 'WEIGHTEDACTIVE' ? ` WEIGHT ${d.weights[j]}` : ''}`).join('\n              ')}`);
    }
    if (d.backup === i) lines.push(`   VIPABACKUP 100 MOVEABLE IMMEDIATE 255.255.255.0 ${d.address}`);
  }
  lines.push('ENDVIPADYNAMIC', '');
  const text = lines.join('\n');
  // Keywords fold to upper case (IBM: profile statements are not case sensitive); addresses have no letters.
  return form.lower ? text.replace(/^([^;]*)/gm, (m) => m.toLowerCase()) : text;
}

function plugin(p: Plan, form: Form): string {
  const out = ['<?xml version="1.0" encoding="ISO-8859-1"?>', '<Config RefreshInterval="60">', '   <VirtualHostGroup Name="default_host">', '      <VirtualHost Name="*:80"/>', '   </VirtualHostGroup>'];
  p.clusters.forEach((c, k) => {
    if (form.comments) out.push(`   <!-- cluster ${k} -->`, '');
    out.push(`   <ServerCluster LoadBalance="Round Robin" Name="cluster${k}" RetryInterval="60">`);
    c.servers.forEach((w, j) => {
      out.push(`      <Server CloneID="c${k}s${j}" ConnectTimeout="5" LoadBalanceWeight="${w}" Name="cluster${k}_s${j}">`);
      out.push(`         <Transport Hostname="app${j}.example.com" Port="${9080 + k}" Protocol="http"/>`, '      </Server>');
    });
    out.push('   </ServerCluster>', `   <UriGroup Name="uris${k}">`, `      <Uri AffinityCookie="JSESSIONID" AffinityURLIdentifier="jsessionid" Name="${c.uri ?? `/app${k}/*`}"/>`, '   </UriGroup>');
    out.push(`   <Route ServerCluster="cluster${k}" UriGroup="uris${k}" VirtualHostGroup="default_host"/>`);
  });
  out.push('</Config>', '');
  return out.join(form.comments ? '\n\n' : '\n');
}

function clusterXml(ejb: NonNullable<Plan['ejb']>): string {
  const members = ejb.weights.map((w, j) => `  <members xmi:id="ClusterMember_${j}" memberName="order${j}" nodeName="NODE${j}" weight="${w}" uniqueId="${j}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<topology.cluster:ServerCluster xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:topology.cluster="http://www.ibm.com/websphere/appserver/schemas/5.0/topology.cluster.xmi" xmi:id="ServerCluster_1" name="Orders" preferLocal="${ejb.preferLocal}">`,
    ...members,
    '</topology.cluster:ServerCluster>',
    '',
  ].join('\n');
}

/** The files of a plan, by path below the estate's folder. */
export function render(p: Plan, form: Form = { lower: false, comments: false }): Record<string, string> {
  const files: Record<string, string> = {};
  const manifest = ['systems:'];
  p.systems.forEach((_, i) => {
    files[`profiles/${systemName(i)}.tcpip`] = profile(p, i, form);
    manifest.push(`  ${systemName(i)}: { profile: profiles/${systemName(i)}.tcpip, cpc: CPC${i % 2} }`);
  });
  if (p.clusters.length || p.ejb) manifest.push('web:');
  if (p.clusters.length) {
    files['web/plugin-cfg.xml'] = plugin(p, form);
    manifest.push('  plugins: [web/plugin-cfg.xml]');
  }
  if (p.ejb) {
    files['was/clusters/Orders/cluster.xml'] = clusterXml(p.ejb);
    manifest.push('  cells:', '    CELL1:', '      clusters: [was/clusters]', `      clientNodes: [${p.ejb.clientNodes.map((n) => `NODE${n}`).join(', ')}]`);
  }
  files['plexlint.yaml'] = `${manifest.join('\n')}\n`;
  return files;
}

export function writeEstate(dir: string, files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) {
    const p = join(dir, name);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  return dir;
}
