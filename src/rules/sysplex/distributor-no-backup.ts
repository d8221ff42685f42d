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
    // Indexed once: a scan of every distribution and every system per DVIPA was quadratic (2 stacks × 25,000
    // distributed DVIPAs: 63 s).
    const distributions = new Map<string, number[]>();
    ctx.estate.sysplex.distributions.forEach((d, i) => {
      const at = distributions.get(d.id);
      if (at) at.push(i);
      else distributions.set(d.id, [i]);
    });
    const cpcOf = new Map(ctx.estate.systems.map((s) => [s.name, s.cpc]));
    const cpcs = new Set(ctx.estate.systems.flatMap((s) => (s.cpc ? [s.cpc] : [])));
    /** Whether some system is on a CPC other than this one's. */
    const otherCpc = (system: string): boolean => {
      const own = cpcOf.get(system);
      return cpcs.size > (own !== undefined && cpcs.has(own) ? 1 : 0);
    };
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
          `Code VIPABACKUP (with MOVEABLE IMMEDIATE and the mask, so it can also create the DVIPA) on at least one other stack${otherCpc(owner.system) ? ', preferably on another CPC' : ''}.`,
        // In the model's order of distributions, each once.
        related: [...new Set(dv.distributions.flatMap((id) => distributions.get(id) ?? []))]
          .sort((a, b) => a - b)
          .map((i) => ctx.estate.sysplex.distributions[i]!)
          .map((d) => rel(d.loc, `${d.system} distributes ${dv.address} here`)),
        subject: `${dv.address} backup`,
      });
    }
  },
});
