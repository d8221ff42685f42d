import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { nameLoc } from '../web.js';

/** CloneIDs identify the member that holds a session. */
export const rule = defineRule({
  meta: {
    id: 'plugin-duplicate-clone-id',
    severity: 'error',
    category: 'plugin',
    description: 'Two servers of one cluster with the same CloneID',
    source: 'IBM WAS, "plugin-cfg.xml file" (Server CloneID); session affinity (JSESSIONID clone IDs)',
    consequences: [
      {
        reading: "IBM documents that the plug-in routes an affinity request to the server whose CloneID the session cookie carries; IBM does not describe two servers with one CloneID, and plexlint assumes the plug-in sends those requests to one of them.",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      for (const c of p.clusters) {
        const seen = new Map<string, (typeof c.servers)[number]>();
        for (const s of c.servers) {
          if (s.cloneId === undefined || s.cloneId === '') continue;
          const first = seen.get(s.cloneId);
          if (!first) {
            seen.set(s.cloneId, s);
            continue;
          }
          ctx.report({
            loc: s.locs['CloneID'] ?? s.loc,
            message:
              `server '${s.name}' has CloneID '${s.cloneId}', the same as server '${first.name}' of cluster '${c.name}': the plug-in sends every request whose session cookie ` +
              `carries this clone ID to one of them (plexlint's reading; IBM does not describe duplicate clone IDs), so sessions created on the other member go to the wrong member and are lost. ` +
              `Give each member its own clone ID (the application server's HttpSessionCloneId; regenerate the file rather than editing it).`,
            related: [rel(first.locs['CloneID'] ?? nameLoc(first), `server '${first.name}' has the same CloneID`)],
            subject: `${p.file} ${c.name} CloneID ${s.cloneId}`,
          });
        }
      }
    }
  },
});
