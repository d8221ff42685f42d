import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { listText, nameLoc } from '../web.js';
import { clusterPairs, isMember } from './cell-match.js';

/**
 * A Server of a plug-in ServerCluster that is no member of the cluster of that name in the cell (cluster.xml): the
 * plug-in file predates the member's removal — not regenerated, or regenerated and not propagated to the web server.
 */
export const rule = defineRule({
  meta: {
    id: 'plugin-stale-member',
    severity: 'warning',
    category: 'plugin',
    description: "A plug-in Server that is no longer a member of its cluster in the cell's cluster.xml (plug-in file not regenerated or not propagated)",
    source: 'IBM WAS, "Update the global web server plug-in configuration setting" (regenerate whenever a cluster or application server changes); "plugin-cfg.xml file"; "Configuration documents" (cluster.xml, serverindex.xml)',
    consequences: [
      {
        reading:
          "IBM documents that the plug-in routes requests by its configuration file and that the file must be regenerated whenever a cluster or application server of the cell changes; it does not say what a server that is no longer a member does with the requests the plug-in still sends it. plexlint assumes it keeps receiving its share (it may no longer run the application, or no longer run at all).",
      },
    ],
  },
  check(ctx) {
    for (const { plugin: p, cluster: c, was, cell, members } of clusterPairs(ctx.estate)) {
      for (const s of c.servers) {
        if (s.odr || members.some((m) => isMember(s, m))) continue;
        ctx.report({
          loc: nameLoc(s),
          message:
            `server '${s.name}' of plug-in cluster '${c.name}' is not a member of cluster ${was.name}${cell ? ` in cell ${cell}` : ''} (${was.file} lists ${listText(members.map((x) => x.name)) || 'no member'}): ` +
            `the plug-in file was generated before the member was removed and not regenerated, or not propagated to the web server. The plug-in still sends this server its share of the requests (LoadBalanceWeight ${s.weight}), ` +
            `and what a server that left the cluster does with them is not documented. Regenerate the plug-in file and propagate it to the web server.`,
          related: [rel(was.nameLoc ?? was.loc, `cluster ${was.name} in ${was.file}`)],
          subject: `${p.file} ${c.name} ${s.name} not a member`,
        });
      }
    }
  },
});
