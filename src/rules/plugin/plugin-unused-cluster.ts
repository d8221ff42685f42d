import { defineRule } from '../rule.js';
import { nameLoc } from '../web.js';

/** Every ServerCluster should have a Route (the IBM "EI" validator). */
export const rule = defineRule({
  meta: {
    id: 'plugin-unused-cluster',
    severity: 'warning',
    category: 'plugin',
    description: 'A ServerCluster that no Route names',
    source: 'IBM WAS, "plugin-cfg.xml file" (Route); IBM EI plugin-cfg.xml validator ("Missing <Route> statement for Cluster")',
    consequences: [
      {
        reading: "IBM routes requests to a ServerCluster through Routes; IBM does not say it in those words, and plexlint assumes a cluster no Route names gets no request.",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      const used = new Set(p.routes.map((r) => r.serverCluster));
      for (const c of p.clusters) {
        // A cluster without a Name cannot be named: plugin-missing-required (or the misspelt attribute) says so.
        if (used.has(c.name) || c.locs['Name'] === undefined) continue;
        ctx.report({
          loc: nameLoc(c),
          message: `no Route names ServerCluster '${c.name}': plexlint assumes the plug-in never sends a request to its servers. Add a Route for it, or remove the cluster.`,
          subject: `${p.file} ${c.name} unused`,
        });
      }
    }
  },
});
