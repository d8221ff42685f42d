import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';

/**
 * VIPABACKUP page: backup stacks take over a DVIPA (and its distribution) when
 * its owner fails. A distributed DVIPA that no other stack backs up
 * disappears with its owner.
 */
export const rule = defineRule({
  meta: {
    id: 'distributor-no-backup',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'A distributed DVIPA that no other stack backs up with VIPABACKUP (the distributor is a single point of failure)',
    source: 'IBM IP Configuration Reference, VIPABACKUP statement; IP Configuration Guide, sysplex distributor backup',
    consequences: [
      {
        reading: "IBM documents VIPABACKUP as the way another stack takes over a DVIPA; plexlint's reading is that without a backup the DVIPA is gone while its owner is down, so connections to it are refused — IBM does not say it in those words.",
      },
    ],
  },
  check(ctx) {
    for (const dv of ctx.estate.sysplex.dvipas) {
      const owner = dv.owners[0];
      if (!owner || dv.distributions.length === 0) continue;
      const others = dv.backups.filter((b) => b.system !== owner.system);
      if (others.length) continue;
      ctx.report({
        loc: owner.loc,
        system: owner.system,
        message:
          `DVIPA ${dv.address} is distributed, but no other stack codes VIPABACKUP for it: if ${owner.system} or its TCP/IP stack fails, ` +
          `${dv.address} goes away with it and every new connection to it is refused until ${owner.system} is back (plexlint's reading of IBM's takeover rules). ` +
          `Code VIPABACKUP (with MOVEABLE IMMEDIATE and the mask, so it can also create the DVIPA) on at least one other stack${ctx.estate.systems.some((s) => s.cpc && s.cpc !== ctx.estate.systems.find((x) => x.name === owner.system)?.cpc) ? ', preferably on another CPC' : ''}.`,
        related: ctx.estate.sysplex.distributions
          .filter((d) => dv.distributions.includes(d.id))
          .map((d) => rel(d.loc, `${d.system} distributes ${dv.address} here`)),
        subject: `${dv.address} backup`,
      });
    }
  },
});
