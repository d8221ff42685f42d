import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { nameLoc } from '../web.js';

/** Name uniqueness (IBM "plugin-cfg.xml file"). */
export const rule = defineRule({
  meta: {
    id: 'plugin-duplicate-name',
    severity: 'error',
    category: 'plugin',
    description: 'Two ServerClusters, UriGroups or VirtualHostGroups with the same name, or two Servers of one cluster with the same name',
    source: 'IBM WAS, "plugin-cfg.xml file" (rwsv_plugincfg): ServerCluster, UriGroup and VirtualHostGroup names are unique, Server names unique within their cluster',
    consequences: [
      {
        reading: "IBM says names are unique (plugin-cfg.xml file topic) but not which of two elements with one name the plug-in uses; plexlint assumes only one of them is used.",
      },
    ],
  },
  check(ctx) {
    const dupes = <T>(items: T[], name: (x: T) => string, report: (x: T, first: T) => void): void => {
      const seen = new Map<string, T>();
      for (const x of items) {
        const first = seen.get(name(x));
        if (first !== undefined) report(x, first);
        else seen.set(name(x), x);
      }
    };
    for (const p of ctx.estate.web.plugins) {
      dupes(p.clusters, (c) => c.name, (c, first) =>
        ctx.report({
          loc: nameLoc(c),
          message:
            `a second ServerCluster named '${c.name}': Routes that name it reach only one of the two (which one is not documented), so the servers of the other get no requests. ` +
            `Rename one of them, or merge their servers into one cluster.`,
          related: [rel(nameLoc(first), `the first ServerCluster '${c.name}'`)],
          subject: `${p.file} ServerCluster ${c.name}`,
        }),
      );
      dupes(p.uriGroups, (g) => g.name, (g, first) =>
        ctx.report({
          loc: nameLoc(g),
          message:
            `a second UriGroup named '${g.name}': a Route that names it uses only one of the two (which one is not documented), so the URIs of the other are not routed. ` +
            `Rename one of them or merge their Uris.`,
          related: [rel(nameLoc(first), `the first UriGroup '${g.name}'`)],
          subject: `${p.file} UriGroup ${g.name}`,
        }),
      );
      dupes(p.virtualHostGroups, (g) => g.name, (g, first) =>
        ctx.report({
          loc: nameLoc(g),
          message:
            `a second VirtualHostGroup named '${g.name}': a Route that names it uses only one of the two (which one is not documented), so requests for the other's host names are not routed. ` +
            `Rename one of them or merge their VirtualHosts.`,
          related: [rel(nameLoc(first), `the first VirtualHostGroup '${g.name}'`)],
          subject: `${p.file} VirtualHostGroup ${g.name}`,
        }),
      );
      for (const c of p.clusters) {
        dupes(c.servers, (s) => s.name, (s, first) =>
          ctx.report({
            loc: nameLoc(s),
            message:
              `a second Server named '${s.name}' in ServerCluster '${c.name}': PrimaryServers and BackupServers name servers, so a reference to '${s.name}' is ambiguous ` +
              `and one of the two servers may never get requests (plexlint's reading; IBM does not say which name wins). Give each server of the cluster its own name (WAS generates <node>_<server>).`,
            related: [rel(nameLoc(first), `the first Server '${s.name}'`)],
            subject: `${p.file} ${c.name} Server ${s.name}`,
          }),
        );
      }
    }
  },
});
