/** Model-diff sections of the WebSphere tier (src/model/web.ts): plug-in files, cells, ODRs, GSCs, cluster.xml. */
import { perPlugin, v, whole, type Section } from './section.js';
import { emptyRecord } from '../../core/record.js';

export const webSections: Section[] = [
  perPlugin(
    'plug-in cluster',
    (p) => p.clusters,
    (p) =>
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
  perPlugin(
    'plug-in server',
    (p) => p.clusters,
    (p) =>
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
  perPlugin(
    'plug-in route',
    (p) => p.routes,
    (p) =>
      p.routes.map((r) => ({
        key: `${p.file} ${r.virtualHostGroup ?? '?'} ${r.uriGroup ?? '?'}`,
        object: `Route ${r.virtualHostGroup ?? '?'} + ${r.uriGroup ?? '?'} in ${p.file}`,
        attributes: { serverCluster: v(r.serverCluster) },
        loc: r.loc,
      })),
  ),
  perPlugin(
    'plug-in URI',
    (p) => p.uriGroups,
    (p) =>
      p.uriGroups.flatMap((g) =>
        g.uris.map((u) => ({
          key: `${p.file} ${g.name} ${u.pattern}`,
          object: `Uri ${u.pattern} of ${g.name} in ${p.file}`,
          attributes: { affinityCookie: u.affinityCookie, affinityUrlIdentifier: u.affinityUrlIdentifier },
          loc: u.loc,
        })),
      ),
  ),
  perPlugin(
    'virtual host',
    (p) => p.virtualHostGroups,
    (p) => p.virtualHostGroups.flatMap((g) => g.hosts.map((h) => ({ key: `${p.file} ${g.name} ${h.name}`, object: `VirtualHost ${h.name} of ${g.name} in ${p.file}`, attributes: emptyRecord(), loc: h.loc }))),
  ),
  whole(
    'cell',
    (e) => e.web.cells,
    (e) =>
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
  ),
  whole(
    'ODR',
    (e) => e.web.cells,
    (e) =>
      e.web.cells.flatMap((c) =>
        c.odrs.map((o) => ({ key: `${c.name} ${o.name}`, object: `ODR ${o.name} of cell ${c.name}`, attributes: { endpoint: `${o.host}:${o.port}`, tier: o.tier, cookie: o.cookieName }, loc: o.loc })),
      ),
  ),
  whole(
    'generic server cluster',
    (e) => e.web.cells,
    (e) =>
      e.web.cells.flatMap((c) =>
        c.gscs.map((g) => ({
          key: `${c.name} ${g.name}`,
          object: `GSC ${g.name} of cell ${c.name}`,
          attributes: { members: g.members.map((m) => `${m.host}:${m.port} weight ${m.weight}`).sort(), tier: v(g.tier) },
          loc: g.loc,
        })),
      ),
  ),
  whole(
    'cluster.xml member',
    (e) => e.web.clusters,
    (e) =>
      e.web.clusters.flatMap((c) => [
        { key: `${c.cell ?? '?'} ${c.name}`, object: `cluster ${c.name}${c.cell ? ` of cell ${c.cell}` : ''}`, attributes: { preferLocal: c.preferLocal }, loc: c.loc },
        ...c.members.map((m) => ({
          key: `${c.cell ?? '?'} ${c.name} ${m.memberName}`,
          object: `member ${m.memberName} of cluster ${c.name}`,
          attributes: { nodeName: m.nodeName, weight: v(m.weight) },
          loc: m.loc,
        })),
      ]),
  ),
];
