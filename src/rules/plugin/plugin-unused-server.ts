import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { nameLoc } from '../web.js';

/**
 * With a PrimaryServers list the plug-in balances only over the primaries and
 * fails over to the backups in order; a server in
 * neither list gets no requests — the usual manual drain.
 */
export const rule = defineRule({
  meta: {
    id: 'plugin-unused-server',
    severity: 'info',
    category: 'plugin',
    description: 'A Server that is in neither PrimaryServers nor BackupServers of its cluster (often a deliberate drain)',
    source: 'IBM WAS, "plugin-cfg.xml file" (PrimaryServers, BackupServers); dougbreaux, "Disable WebSphere cluster members"',
    consequences: [
      {
        reading: "IBM documents that the plug-in balances across PrimaryServers and uses BackupServers when no primary is available; plexlint assumes a server in neither list gets no requests, as a hand-drained member does.",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      for (const c of p.clusters) {
        if (!c.primaryServers || c.primaryServers.length === 0) continue; // an empty list is plugin-missing-required's
        const listed = new Set([...c.primaryServers, ...(c.backupServers ?? [])].map((r) => r.name));
        for (const s of c.servers) {
          if (listed.has(s.name)) continue;
          ctx.report({
            loc: nameLoc(s),
            message:
              `server '${s.name}' of cluster '${c.name}' is in neither PrimaryServers nor BackupServers: plexlint assumes the plug-in sends it no requests. ` +
              `That is how a member is drained by hand; if it is not meant to be drained, add it to PrimaryServers.`,
            related: [rel(c.primaryLoc ?? c.loc, 'the PrimaryServers list')],
            subject: `${p.file} ${c.name} ${s.name} not in PrimaryServers`,
          });
        }
      }
    }
  },
});
