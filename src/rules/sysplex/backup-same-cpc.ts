import { defineRule } from '../rule.js';
import { rel, systemsByName } from '../helpers.js';
import { listNames } from './scope.js';

/**
 * A CPC failure takes down every LPAR on it: when the owner and all backups of
 * a DVIPA share a CPC, nothing is left to take it over — although servers on
 * other CPCs could still serve it. CPCSCOPE DVIPAs are meant to stay on their
 * CPC (VIPADEFINE CPCSCOPE) and are exempt, and so are distributed DVIPAs whose
 * targets all live on that CPC anyway (tier-1 GRE/ENCAP targets are appliances
 * outside it). Only said when the manifest gives the owner's and every
 * backup's CPC.
 */
export const rule = defineRule({
  meta: {
    id: 'backup-same-cpc',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'Every backup of a DVIPA is on the same CPC as its owner (a CPC failure takes them all)',
    source: 'IBM IP Configuration Reference, VIPABACKUP and VIPADEFINE CPCSCOPE; CPCs from plexlint.yaml systems.<name>.cpc',
    consequences: [
      {
        reading: "IBM documents takeover by VIPABACKUP stacks; plexlint's reading is that when every stack that could own the DVIPA is on one CPC, a failure of that CPC leaves no owner — IBM does not describe CPC failures in those words.",
      },
    ],
  },
  check(ctx) {
    const byName = systemsByName(ctx.estate);
    for (const dv of ctx.estate.sysplex.dvipas) {
      const owner = dv.owners[0];
      if (!owner || owner.cpcScope || dv.backups.length === 0) continue;
      const cpc = byName.get(owner.system)?.cpc;
      if (!cpc) continue;
      const backups = dv.backups.filter((b) => b.system !== owner.system);
      if (backups.length === 0) continue;
      if (backups.some((b) => !byName.get(b.system)?.cpc || byName.get(b.system)?.cpc !== cpc)) continue;
      // When every target of its distributions is on the same CPC, the CPC failure takes
      // the servers too: a backup elsewhere would have nothing to distribute to. Tier-1
      // GRE/ENCAP targets are appliances outside the CPC: they outlive it.
      const dists = ctx.estate.sysplex.distributions.filter((d) => dv.distributions.includes(d.id));
      const servedElsewhere = dists.some((d) =>
        d.routing ? d.targets.length > 0 : d.targets.some((t) => t.system && byName.get(t.system)?.cpc && byName.get(t.system)?.cpc !== cpc),
      );
      if (dists.length > 0 && !servedElsewhere) continue;
      const survivors = [
        ...new Set(
          dists.flatMap((d) =>
            d.routing ? ['its tier-1 appliances'] : d.targets.flatMap((t) => (t.system && byName.get(t.system)?.cpc && byName.get(t.system)?.cpc !== cpc ? [t.system] : [])),
          ),
        ),
      ];
      ctx.report({
        loc: owner.loc,
        system: owner.system,
        message:
          `DVIPA ${dv.address} and all its backups (${backups.map((b) => b.system).join(', ')}) run on CPC ${cpc}: ` +
          `if ${cpc} fails, no stack is left to take ${dv.address} over and connections to it are refused (plexlint's reading)` +
          (survivors.length ? `, although ${listNames(survivors)} outside ${cpc} could still serve them` : '') +
          '. Code a VIPABACKUP (long form) on a stack of another CPC.',
        related: backups.map((b) => rel(b.loc, `VIPABACKUP on ${b.system} (CPC ${cpc})`)),
        subject: `${dv.address} backup cpc`,
      });
    }
  },
});
