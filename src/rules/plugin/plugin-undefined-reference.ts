import { suggest } from '../../core/suggest.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { nameLoc } from '../web.js';

function hint(name: string, known: string[]): string {
  const trimmed = name.trim();
  if (trimmed !== name && known.includes(trimmed)) return ` It matches '${trimmed}' apart from the blanks around it, but the plug-in compares names exactly.`;
  const s = suggest(name, known, false);
  return s ? ` Did you mean '${s}'?` : '';
}

/**
 * Route → ServerCluster / UriGroup / VirtualHostGroup, and PrimaryServers /
 * BackupServers → a Server of the same cluster (IBM "plugin-cfg.xml file"). A Route naming an undefined VirtualHostGroup made the
 * whole file unparseable for the WebSphere Application Server V5.0 for z/OS plug-in (APAR PK12350); what current plug-ins
 * do with it IBM does not document.
 */
export const rule = defineRule({
  meta: {
    id: 'plugin-undefined-reference',
    severity: 'error',
    category: 'plugin',
    description: 'A Route naming a ServerCluster, UriGroup or VirtualHostGroup the file does not define, or a PrimaryServers/BackupServers entry naming no Server of its cluster',
    source: "IBM WAS, \"plugin-cfg.xml file\" (rwsv_plugincfg); APAR PK12350 (WAS V5.0 for z/OS: an undefined VirtualHostGroup made the plug-in fail to parse the file)",
    consequences: [
      {
        id: "pk12350",
        when: "an undefined VirtualHostGroup",
        documented: "IBM APAR PK12350, WebSphere plugin-cfg.xml parsing problem (WebSphere Application Server V5.0 for z/OS)",
        quote: "The VirtualHostGroup defined in the ROUTE, thus, pointed to a non-existing virtual host. Therefore the HTTP server could not locate the non-existent VirtualHostGroup when parsing the ROUTE element. This causes a parsing error for the plugin-cfg.xml file. … WebSphere HTTP Plug-in for z/OS and OS/390 initialization FAILED",
      },
      {
        id: "reference",
        reading: "IBM does not document what current plug-ins do with a Route, PrimaryServers or BackupServers entry that names something the file does not define (APAR PK12350 describes the WAS V5.0 for z/OS plug-in failing to parse the file for an undefined VirtualHostGroup); plexlint assumes the reference leads nowhere.",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      const clusters = p.clusters.map((c) => c.name);
      const uriGroups = p.uriGroups.map((g) => g.name);
      const vhostGroups = p.virtualHostGroups.map((g) => g.name);
      const clusterSet = new Set(clusters);
      const uriGroupSet = new Set(uriGroups);
      const vhostGroupSet = new Set(vhostGroups);
      for (const r of p.routes) {
        if (r.virtualHostGroup !== undefined && !vhostGroupSet.has(r.virtualHostGroup)) {
          ctx.report({
            loc: r.locs['VirtualHostGroup'] ?? r.loc,
            message:
              `Route names VirtualHostGroup '${r.virtualHostGroup}', which this file does not define. APAR PK12350 documents the WebSphere Application Server V5.0 for z/OS plug-in ` +
              `failing to parse the whole file for this ("Failed parsing the plugin config file") and the plug-in's initialization failing, and WAS not catching it when it generated the file; ` +
              `what current plug-ins do is not documented, but either way requests for this Route's virtual hosts are not routed as configured. ` +
              `Define the VirtualHostGroup or correct the name.${hint(r.virtualHostGroup, vhostGroups)}`,
            subject: `${p.file} Route VirtualHostGroup ${r.virtualHostGroup}`,
            consequence: 'pk12350',
          });
        }
        if (r.serverCluster !== undefined && !clusterSet.has(r.serverCluster)) {
          ctx.report({
            loc: r.locs['ServerCluster'] ?? r.loc,
            message:
              `Route names ServerCluster '${r.serverCluster}', which this file does not define: requests that match the route have no cluster to go to ` +
              `(plexlint's reading; IBM does not document what the plug-in does with the reference). Define the ServerCluster or correct the name.${hint(r.serverCluster, clusters)}`,
            subject: `${p.file} Route ServerCluster ${r.serverCluster}`,
            consequence: 'reference',
          });
        }
        if (r.uriGroup !== undefined && !uriGroupSet.has(r.uriGroup)) {
          ctx.report({
            loc: r.locs['UriGroup'] ?? r.loc,
            message:
              `Route names UriGroup '${r.uriGroup}', which this file does not define: the route matches no URI, and whether the plug-in rejects the file ` +
              `as it does for an undefined VirtualHostGroup is not documented. Define the UriGroup or correct the name.${hint(r.uriGroup, uriGroups)}`,
            subject: `${p.file} Route UriGroup ${r.uriGroup}`,
            consequence: 'reference',
          });
        }
      }
      for (const c of p.clusters) {
        const servers = c.servers.map((s) => s.name);
        const serverSet = new Set(servers);
        for (const [list, refs] of [
          ['PrimaryServers', c.primaryServers],
          ['BackupServers', c.backupServers],
        ] as const) {
          for (const ref of refs ?? []) {
            if (serverSet.has(ref.name)) continue;
            const elsewhere = p.clusters.find((o) => o !== c && o.servers.some((s) => s.name === ref.name));
            const finding: Parameters<typeof ctx.report>[0] = {
              loc: ref.nameLoc,
              message:
                `${list} of ServerCluster '${c.name}' names server '${ref.name}', which is not a Server of this cluster` +
                (elsewhere ? ` (it is a Server of '${elsewhere.name}'; the lists refer only to servers of their own cluster)` : '') +
                `: the plug-in has no such member to ${list === 'PrimaryServers' ? 'balance requests to' : 'fail over to'} (plexlint's reading; IBM does not document what it does with the name). ` +
                `Name a Server defined in '${c.name}'.${hint(ref.name, servers.filter((n) => !(refs ?? []).some((r) => r.name === n)))}`,
              subject: `${p.file} ${c.name} ${list} ${ref.name}`,
              consequence: 'reference',
              related: [rel(nameLoc(c), `ServerCluster '${c.name}'`)],
            };
            ctx.report(finding);
          }
        }
      }
    }
  },
});
