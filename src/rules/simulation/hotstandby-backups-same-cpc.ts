import { defineRule } from '../rule.js';
import { rel, systemsByName } from '../helpers.js';
import { connectAfterFailure } from '../../sim/probes.js';

/**
 * Simulation: take down every stack on the PREFERRED target's CPC (a CPC
 * failure) and connect. When all BACKUP targets live on that CPC, the hot
 * standby has nothing to fail over to.
 */
export const rule = defineRule({
  meta: {
    id: 'hotstandby-backups-same-cpc',
    severity: 'warning',
    category: 'simulation',
    needs: 'sysplex',
    description: "A HOTSTANDBY distribution whose BACKUP targets all run on the PREFERRED target's CPC",
    source: 'IBM HOTSTANDBY distribution method; simulation of a CPC failure (docs/simulator.md); CPCs from plexlint.yaml',
    consequences: [
      {
        reading: "IBM documents that HOTSTANDBY sends connections to the PREFERRED target and, when it is unavailable, to the highest-ranked available BACKUP; plexlint's reading is that a failure of the CPC of all of them leaves no target — IBM does not describe CPC failures in those words.",
      },
    ],
  },
  check(ctx) {
    const { estate } = ctx;
    const byName = systemsByName(estate);
    for (const d of estate.sysplex.distributions) {
      if (d.method !== 'HOTSTANDBY') continue;
      const preferred = d.targets.find((t) => t.preferred)?.system;
      const cpc = preferred ? byName.get(preferred)?.cpc : undefined;
      if (!preferred || !cpc) continue;
      const backups = d.targets.filter((t) => t.backupRank !== undefined && t.system);
      if (backups.length === 0 || backups.some((b) => byName.get(b.system!)?.cpc !== cpc)) continue;
      if (!estate.systems.some((s) => s.cpc && s.cpc !== cpc)) continue; // a one-CPC sysplex has no choice
      const port = d.ports[0]?.from ?? 1;
      const onCpc = estate.systems.filter((s) => s.cpc === cpc).map((s) => s.name);
      const decision = connectAfterFailure(estate, onCpc, 'client', d.dvipa, port);
      if (decision.outcome !== 'refused') continue;
      ctx.report({
        loc: d.loc,
        message:
          `HOTSTANDBY ${d.dvipa}:${port}: the PREFERRED target ${preferred} and every BACKUP (${backups.map((b) => b.system).join(', ')}) run on CPC ${cpc}, ` +
          `so a failure of ${cpc} leaves no target and new connections are refused (plexlint's reading of IBM's HOTSTANDBY rules). Add a BACKUP target on another CPC. ` +
          `See: plexlint trace --from client --to ${d.dvipa}:${port}${onCpc.map((s) => ` --down ${s}`).join('')}`,
        related: backups.map((b) => rel(b.loc, `BACKUP ${b.system} on ${cpc}`)),
        subject: `${d.id} hotstandby cpc`,
      });
    }
  },
});
