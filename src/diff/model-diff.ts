/**
 * Semantic diff of two compiled estates: per object (system, HOME entry,
 * interface, DVIPA, distribution, …), what was added, removed or changed, with
 * the old and new source locations. It works on the models, not the text, so
 * reordering, comments, abbreviations, case and whitespace are not changes.
 *
 * Each kind of object is one `Collection`: how to enumerate it, its identity
 * key, a readable name, and the attributes that carry meaning. Adding the
 * objects of a new front end is adding a collection.
 */
import type { Loc } from '../core/loc.js';
import type { Estate } from '../model/estate.js';
import { portsText } from '../model/builders/sysplex.js';

export type Value = string | number | boolean | null | string[];

export interface Item {
  key: string;
  /** Readable, e.g. "VIPADISTRIBUTE 10.40.1.2 port 3000 on SYSA". */
  object: string;
  attributes: Record<string, Value>;
  loc?: Loc;
}

export interface Collection {
  name: string;
  items(e: Estate): Item[];
}

export interface Change {
  kind: 'added' | 'removed' | 'changed';
  /** The collection, e.g. "distribution". */
  type: string;
  object: string;
  attribute?: string;
  before?: Value;
  after?: Value;
  oldLoc?: Loc;
  newLoc?: Loc;
}

const v = (x: unknown): Value => (x === undefined ? null : (x as Value));

const collections: Collection[] = [
  {
    name: 'system',
    items: (e) => e.systems.map((s) => ({ key: s.name, object: `system ${s.name}`, attributes: { cpc: v(s.cpc) } })),
  },
  {
    name: 'dynamic XCF',
    items: (e) =>
      e.systems.flatMap((s) =>
        (['v4', 'v6'] as const).flatMap((ver) => {
          const x = s.stack.dynamicXcf[ver];
          return x ? [{ key: `${s.name} ${ver}`, object: `IPCONFIG${ver === 'v6' ? '6' : ''} DYNAMICXCF on ${s.name}`, attributes: { address: x.address, prefix: v(x.prefix), cost: v(x.cost) }, loc: x.loc }] : [];
        }),
      ),
  },
  {
    name: 'IPCONFIG option',
    items: (e) =>
      e.systems.flatMap((s) =>
        Object.entries(s.stack.ipconfig)
          .filter(([k]) => !/DYNAMICXCF/.test(k))
          .map(([k, o]) => ({ key: `${s.name} ${k}`, object: `IPCONFIG ${k} on ${s.name}`, attributes: { values: o.values.join(' ') }, loc: o.loc })),
      ),
  },
  {
    name: 'HOME entry',
    items: (e) => e.systems.flatMap((s) => s.stack.home.map((h) => ({ key: `${s.name} ${h.address}`, object: `HOME ${h.address} on ${s.name}`, attributes: { link: h.link, kind: h.kind }, loc: h.loc }))),
  },
  {
    name: 'interface',
    items: (e) =>
      e.systems.flatMap((s) =>
        s.stack.interfaces.map((i) => ({
          key: `${s.name} ${i.name}`,
          object: `INTERFACE ${i.name} on ${s.name}`,
          attributes: { type: i.type, addresses: i.addresses.map((a) => (a.prefix === undefined ? a.address : `${a.address}/${a.prefix}`)).sort(), portName: v(i.portName) },
          loc: i.loc,
        })),
      ),
  },
  {
    name: 'link',
    items: (e) => e.systems.flatMap((s) => s.stack.links.map((l) => ({ key: `${s.name} ${l.name}`, object: `LINK ${l.name} on ${s.name}`, attributes: { type: l.type, device: v(l.device) }, loc: l.loc }))),
  },
  {
    name: 'device',
    items: (e) => e.systems.flatMap((s) => s.stack.devices.map((d) => ({ key: `${s.name} ${d.name}`, object: `DEVICE ${d.name} on ${s.name}`, attributes: { type: d.type }, loc: d.loc }))),
  },
  {
    name: 'PORT reservation',
    items: (e) =>
      e.systems.flatMap((s) =>
        s.stack.ports.map((p) => ({
          key: `${s.name} ${p.port}/${p.protocol} ${p.job}`,
          object: `PORT ${p.port} ${p.protocol} ${p.job} on ${s.name}`,
          attributes: { shareport: v(p.shareport), bind: v(p.bind) },
          loc: p.loc,
        })),
      ),
  },
  {
    name: 'route',
    items: (e) => e.systems.flatMap((s) => s.stack.routes.map((r) => ({ key: `${s.name} ${r.destination}`, object: `ROUTE ${r.destination} on ${s.name}`, attributes: { firstHop: v(r.firstHop), link: r.link }, loc: r.loc }))),
  },
  {
    name: 'DVIPA definition',
    items: (e) =>
      e.systems.flatMap((s) =>
        s.stack.dvipas.map((d) => ({
          key: `${s.name} ${d.address}`,
          object: `${d.role === 'define' ? 'VIPADEFINE' : 'VIPABACKUP'} ${d.address} on ${s.name}`,
          attributes: {
            role: d.role,
            rank: v(d.rank),
            prefix: v(d.prefix),
            moveable: v(d.moveable),
            shortForm: v(d.shortForm),
            tier: v(d.tier),
            cpcScope: d.cpcScope,
          },
          loc: d.loc,
        })),
      ),
  },
  {
    name: 'VIPARANGE',
    items: (e) => e.systems.flatMap((s) => s.stack.vipaRanges.map((r) => ({ key: `${s.name} ${r.subnet}`, object: `VIPARANGE ${r.subnet} on ${s.name}`, attributes: { moveable: r.moveable }, loc: r.loc }))),
  },
  {
    name: 'distribution',
    items: (e) =>
      e.sysplex.distributions.map((d) => ({
        key: d.id,
        object: `VIPADISTRIBUTE ${d.dvipa} ${d.ports.length ? `port ${portsText(d.ports)}` : '(all ports)'} on ${d.system}`,
        attributes: {
          method: d.method,
          optLocal: d.optLocal === undefined ? 'NOOPTLOCAL' : d.optLocal,
          timedAffinity: d.timedAffinity,
          sysplexPorts: d.sysplexPorts,
          destip: d.destipAll ? 'ALL' : d.targets.map((t) => t.address ?? '?').sort(),
          weights: d.targets.filter((t) => t.weight !== undefined).map((t) => `${t.system ?? t.address}=${t.weight}`).sort(),
          hotstandby: d.targets
            .filter((t) => t.preferred || t.backupRank !== undefined)
            .map((t) => `${t.system ?? t.address}=${t.preferred ? 'PREFERRED' : `BACKUP ${t.backupRank}`}`)
            .sort(),
          targets: d.targets.map((t) => t.system ?? `?${t.address}`).sort(),
          autoSwitchBack: d.autoSwitchBack,
          healthSwitch: d.healthSwitch,
          tier: d.tier ? `${d.tier.tier} ${d.tier.group}` : null,
          routing: v(d.routing),
          controlPort: v(d.controlPort),
        },
        loc: d.loc,
      })),
  },
  {
    name: 'DVIPA takeover',
    items: (e) =>
      e.sysplex.dvipas.map((d) => ({
        key: d.address,
        object: `DVIPA ${d.address}`,
        attributes: {
          owners: d.owners.map((o) => o.system).sort(),
          backupChain: d.backups.map((b) => `${b.system}:${b.rank}`),
        },
        ...(d.owners[0] ? { loc: d.owners[0].loc } : d.backups[0] ? { loc: d.backups[0].loc } : {}),
      })),
  },
];

/** Other components add the collections of their model objects here. */
export function registerCollection(c: Collection): void {
  collections.push(c);
}

function same(a: Value, b: Value): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function diffModels(before: Estate, after: Estate): Change[] {
  const changes: Change[] = [];
  for (const c of collections) {
    const oldItems = new Map(c.items(before).map((i) => [i.key, i]));
    const newItems = new Map(c.items(after).map((i) => [i.key, i]));
    for (const [key, o] of oldItems) {
      const n = newItems.get(key);
      if (!n) {
        changes.push({ kind: 'removed', type: c.name, object: o.object, ...(o.loc ? { oldLoc: o.loc } : {}) });
        continue;
      }
      for (const attr of new Set([...Object.keys(o.attributes), ...Object.keys(n.attributes)])) {
        const a = o.attributes[attr] ?? null;
        const b = n.attributes[attr] ?? null;
        if (same(a, b)) continue;
        changes.push({ kind: 'changed', type: c.name, object: n.object, attribute: attr, before: a, after: b, ...(o.loc ? { oldLoc: o.loc } : {}), ...(n.loc ? { newLoc: n.loc } : {}) });
      }
    }
    for (const [key, n] of newItems) {
      if (!oldItems.has(key)) changes.push({ kind: 'added', type: c.name, object: n.object, ...(n.loc ? { newLoc: n.loc } : {}) });
    }
  }
  return changes;
}

// The web tier (src/model/web.ts): plug-in files, cells, ODRs, GSCs, cluster.xml.
registerCollection({
  name: 'plug-in cluster',
  items: (e) =>
    e.web.plugins.flatMap((p) =>
      p.clusters.map((c) => ({
        key: `${p.file} ${c.name}`,
        object: `ServerCluster ${c.name} in ${p.file}`,
        attributes: {
          loadBalance: c.loadBalance,
          retryInterval: c.retryInterval,
          ignoreAffinityRequests: c.ignoreAffinityRequests,
          removeSpecialHeaders: c.removeSpecialHeaders,
          primaryServers: c.primaryServers ? c.primaryServers.map((s) => s.name) : null,
          backupServers: c.backupServers ? c.backupServers.map((s) => s.name) : null,
        },
        loc: c.loc,
      })),
    ),
});
registerCollection({
  name: 'plug-in server',
  items: (e) =>
    e.web.plugins.flatMap((p) =>
      p.clusters.flatMap((c) =>
        c.servers.map((s) => ({
          key: `${p.file} ${c.name} ${s.name}`,
          object: `Server ${s.name} of ${c.name} in ${p.file}`,
          attributes: {
            cloneId: v(s.cloneId),
            weight: s.weight,
            connectTimeout: s.connectTimeout,
            transports: s.transports.map((t) => `${t.protocol}://${t.hostname}:${t.port}`).sort(),
          },
          loc: s.loc,
        })),
      ),
    ),
});
registerCollection({
  name: 'plug-in route',
  items: (e) =>
    e.web.plugins.flatMap((p) =>
      p.routes.map((r) => ({
        key: `${p.file} ${r.virtualHostGroup ?? '?'} ${r.uriGroup ?? '?'}`,
        object: `Route ${r.virtualHostGroup ?? '?'} + ${r.uriGroup ?? '?'} in ${p.file}`,
        attributes: { serverCluster: v(r.serverCluster) },
        loc: r.loc,
      })),
    ),
});
registerCollection({
  name: 'plug-in URI',
  items: (e) =>
    e.web.plugins.flatMap((p) =>
      p.uriGroups.flatMap((g) =>
        g.uris.map((u) => ({
          key: `${p.file} ${g.name} ${u.pattern}`,
          object: `Uri ${u.pattern} of ${g.name} in ${p.file}`,
          attributes: { affinityCookie: u.affinityCookie, affinityUrlIdentifier: u.affinityUrlIdentifier },
          loc: u.loc,
        })),
      ),
    ),
});
registerCollection({
  name: 'virtual host',
  items: (e) =>
    e.web.plugins.flatMap((p) =>
      p.virtualHostGroups.flatMap((g) => g.hosts.map((h) => ({ key: `${p.file} ${g.name} ${h.name}`, object: `VirtualHost ${h.name} of ${g.name} in ${p.file}`, attributes: {}, loc: h.loc }))),
    ),
});
registerCollection({
  name: 'cell',
  items: (e) =>
    e.web.cells.map((c) => ({
      key: c.name,
      object: `cell ${c.name}`,
      attributes: {
        affinityEnabled: c.affinityEnabled,
        bridgedWith: c.bridgedWith.map((b) => b.name).sort(),
        clientNodes: c.clientNodes.map((n) => n.name).sort(),
        properties: Object.entries(c.properties).map(([k, p]) => `${k}=${p.value}`).sort(),
      },
      loc: c.loc,
    })),
});
registerCollection({
  name: 'ODR',
  items: (e) =>
    e.web.cells.flatMap((c) =>
      c.odrs.map((o) => ({ key: `${c.name} ${o.name}`, object: `ODR ${o.name} of cell ${c.name}`, attributes: { endpoint: `${o.host}:${o.port}`, tier: o.tier, cookie: o.cookieName }, loc: o.loc })),
    ),
});
registerCollection({
  name: 'generic server cluster',
  items: (e) =>
    e.web.cells.flatMap((c) =>
      c.gscs.map((g) => ({
        key: `${c.name} ${g.name}`,
        object: `GSC ${g.name} of cell ${c.name}`,
        attributes: { members: g.members.map((m) => `${m.host}:${m.port} weight ${m.weight}`).sort(), tier: v(g.tier) },
        loc: g.loc,
      })),
    ),
});
registerCollection({
  name: 'cluster.xml member',
  items: (e) =>
    e.web.clusters.flatMap((c) => [
      { key: `${c.cell ?? '?'} ${c.name}`, object: `cluster ${c.name}${c.cell ? ` of cell ${c.cell}` : ''}`, attributes: { preferLocal: c.preferLocal }, loc: c.loc },
      ...c.members.map((m) => ({
        key: `${c.cell ?? '?'} ${c.name} ${m.memberName}`,
        object: `member ${m.memberName} of cluster ${c.name}`,
        attributes: { nodeName: m.nodeName, weight: v(m.weight) },
        loc: m.loc,
      })),
    ]),
});

// External load balancers (src/model/lb.ts).
registerCollection({
  name: 'load balancer',
  items: (e) =>
    e.loadBalancers.map((lb) => ({
      key: lb.name,
      object: `load balancer ${lb.name}`,
      attributes: {
        productLine: lb.productLine,
        nfa: v(lb.executor.nfa?.value),
        clientGateway: v(lb.executor.clientGateway?.value),
        haRole: v(lb.ha?.role?.value),
        haRecovery: v(lb.ha?.recovery?.value),
        haPort: v(lb.ha?.port?.value),
        heartbeats: (lb.ha?.heartbeats ?? []).map((h) => `${h.source}-${h.destination}`).sort(),
        partner: v(lb.ha?.partner?.name),
        adapterAliases: Object.entries(lb.aliases)
          .flatMap(([state, list]) => list.filter((a) => a.kind === 'adapter').map((a) => `${state}:${a.address}`))
          .sort(),
      },
      loc: lb.loc,
    })),
});
registerCollection({
  name: 'load balancer port',
  items: (e) =>
    e.loadBalancers.flatMap((lb) =>
      lb.clusters.flatMap((c) =>
        c.ports.map((p) => ({
          key: `${lb.name} ${c.id} ${p.port}`,
          object: `cluster ${c.id} port ${p.port} on ${lb.name}`,
          attributes: {
            method: p.method,
            selectionAlgorithm: p.selectionAlgorithm,
            stickyTime: v(p.stickyTime?.value),
            repStrategy: v(p.repStrategy?.value),
            servers: p.servers.map((s) => s.id).sort(),
          },
          loc: p.loc,
        })),
      ),
    ),
});
registerCollection({
  name: 'load balancer server',
  items: (e) =>
    e.loadBalancers.flatMap((lb) =>
      lb.clusters.flatMap((c) =>
        c.ports.flatMap((p) =>
          p.servers.map((s) => ({
            key: `${lb.name} ${c.id} ${p.port} ${s.id}`,
            object: `server ${s.id} of ${c.id}:${p.port} on ${lb.name}`,
            attributes: {
              weight: v(s.weight?.value),
              forwarding: s.forwarding,
              returnAddress: v(s.returnAddress?.value),
              router: v(s.router?.value),
              target: v(s.target?.system),
            },
            loc: s.loc,
          })),
        ),
      ),
    ),
});
