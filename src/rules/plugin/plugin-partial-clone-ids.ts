import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { nameLoc } from '../web.js';

/**
 * If no Server has a CloneID the plug-in assumes no affinity; with some, the
 * members without one cannot be found from a session cookie (IBM "plugin-cfg.xml
 * file", session affinity).
 */
export const rule = defineRule({
  meta: {
    id: 'plugin-partial-clone-ids',
    severity: 'warning',
    category: 'plugin',
    description: 'Some servers of a cluster have a CloneID and others do not',
    source: 'IBM WAS, "plugin-cfg.xml file" (Server CloneID); session affinity (JSESSIONID clone IDs)',
    consequences: [
      {
        reading: "IBM documents that the plug-in matches the clone ID in the session cookie against the servers' CloneIDs; IBM does not describe a cluster where only some servers have one, and plexlint assumes sessions created on a server without it lose their affinity.",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      for (const c of p.clusters) {
        const withId = c.servers.filter((s) => s.cloneId !== undefined && s.cloneId !== '');
        if (withId.length === 0 || withId.length === c.servers.length) continue;
        for (const s of c.servers) {
          if (s.cloneId !== undefined && s.cloneId !== '') continue;
          ctx.report({
            loc: nameLoc(s),
            message:
              `server '${s.name}' has no CloneID, while ${withId.length} other member${withId.length === 1 ? '' : 's'} of cluster '${c.name}' ${withId.length === 1 ? 'has' : 'have'} one: ` +
              `plexlint assumes the plug-in cannot match the clone ID in the cookies of sessions created on '${s.name}', so it load-balances their requests to any member and the sessions are lost ` +
              `(unless sessions are shared). Add the server's CloneID (its HttpSessionCloneId), or regenerate the file.`,
            related: [rel(withId[0]!.locs['CloneID'] ?? nameLoc(withId[0]!), `server '${withId[0]!.name}' has a CloneID`)],
            subject: `${p.file} ${c.name} ${s.name} no CloneID`,
          });
        }
      }
    }
  },
});
