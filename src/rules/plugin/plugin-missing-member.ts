import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { nameLoc } from '../web.js';
import { clusterPairs, isMember } from './cell-match.js';

/** A member of a cluster in the cell's cluster.xml that the plug-in's ServerCluster of that name does not list. */
export const rule = defineRule({
  meta: {
    id: 'plugin-missing-member',
    severity: 'warning',
    category: 'plugin',
    description: "A cluster member in the cell's cluster.xml that the plug-in file does not list (plug-in file not regenerated or not propagated)",
    source: 'IBM WAS, "Web server configuration" (the plug-in routes by plugin-cfg.xml); "Update the global web server plug-in configuration setting"',
    consequences: [
      {
        documented: 'IBM WAS, "Web server configuration" (cins_webserver)',
        quote: 'The plug-in configuration file is an XML file … The binary module reads the XML file to adjust settings and to route requests to the application server.',
      },
    ],
  },
  check(ctx) {
    for (const { plugin: p, cluster: c, was, cell, members } of clusterPairs(ctx.estate)) {
      const servers = c.servers.filter((s) => !s.odr);
      for (const m of members) {
        if (servers.some((s) => isMember(s, m))) continue;
        ctx.report({
          loc: nameLoc(c),
          message:
            `member ${m.member.memberName} on node ${m.member.nodeName} of cluster ${was.name}${cell ? ` in cell ${cell}` : ''} is not a server of this plug-in cluster (no Server '${m.name}'): ` +
            `the plug-in routes requests to the servers its file lists, so this member gets none from this web server — the plug-in file was generated before the member was added and not regenerated, or not propagated. ` +
            `Regenerate the plug-in file and propagate it to the web server.`,
          related: [rel(m.member.loc, `member ${m.member.nodeName}/${m.member.memberName} in ${was.file}`)],
          subject: `${p.file} ${c.name} missing ${m.name}`,
        });
      }
    }
  },
});
