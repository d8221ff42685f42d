import { defineRule } from '../rule.js';
import { rel, systemsByName } from '../helpers.js';

/**
 * VIPADEFINE/VIPABACKUP CPCSCOPE: the DVIPA stays within its CPC — it never
 * moves to, or is taken over by, a stack on another CPC — and a TIER2
 * distributor's DESTIP ALL is limited to its CPC. Targets or backups on another
 * CPC contradict the scope.
 */
export const rule = defineRule({
  meta: {
    id: 'cpcscope-target-other-cpc',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'A CPCSCOPE DVIPA distributed to, or backed up by, a stack on another CPC',
    source: 'IBM IP Configuration Reference, VIPADEFINE CPCSCOPE; SMF 119 NMTP_DDVSDestipAll (TIER2 ALL limited to the CPC)',
    consequences: [
      {
        reading: "IBM documents that a CPCSCOPE DVIPA is never moved to or taken over by a stack on another CPC and that DESTIP ALL on TIER2 is limited to the CPC; IBM does not document an explicit DESTIP on another CPC, and plexlint reports it as contrary to the scope.",
      },
    ],
  },
  check(ctx) {
    const byName = systemsByName(ctx.estate);
    for (const dv of ctx.estate.sysplex.dvipas) {
      const owner = dv.owners[0];
      if (!owner?.cpcScope) continue;
      const cpc = byName.get(owner.system)?.cpc;
      if (!cpc) continue;
      for (const b of dv.backups) {
        const bc = byName.get(b.system)?.cpc;
        if (!bc || bc === cpc) continue;
        ctx.report({
          loc: b.loc,
          message:
            `${b.system} (CPC ${bc}) backs up ${dv.address}, which ${owner.system} defines with CPCSCOPE on CPC ${cpc}: a CPCSCOPE DVIPA is never taken over by a stack ` +
            `on another CPC (IBM, VIPADEFINE CPCSCOPE), so plexlint assumes this backup never takes effect. Back it up on a stack of ${cpc}.`,
          related: [rel(owner.loc, `CPCSCOPE definition on ${owner.system}`)],
          subject: `${dv.address} cpcscope backup ${b.system}`,
        });
      }
      for (const id of dv.distributions) {
        const d = ctx.estate.sysplex.distributions.find((x) => x.id === id);
        if (!d || d.destipAll) continue;
        for (const t of d.targets) {
          const tc = t.system ? byName.get(t.system)?.cpc : undefined;
          if (!tc || tc === cpc) continue;
          ctx.report({
            loc: t.loc,
            system: d.system,
            message:
              `DESTIP ${t.address ?? t.system} (${t.system}) is on CPC ${tc}, but ${dv.address} is a CPCSCOPE DVIPA of CPC ${cpc}: CPCSCOPE is meant to keep the DVIPA ` +
              `and its tier's traffic within ${cpc}, yet this target sends connections to another CPC (plexlint's reading; IBM documents no message for it). Distribute only to stacks of ${cpc} ` +
              `(for TIER2, DESTIP ALL does that by itself), or drop CPCSCOPE if the DVIPA is meant to span CPCs.`,
            related: [rel(owner.loc, `CPCSCOPE definition on ${owner.system}`)],
            subject: `${d.id} cpcscope target ${t.system}`,
          });
        }
      }
    }
  },
});
