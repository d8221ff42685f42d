import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';
import { stacksRead } from './scope.js';

/**
 * Multi-tier sysplex distribution (IP Configuration Guide, "sysplex distributor
 * and DataPower"): TIER1 and TIER2 statements with the same group name are
 * tied together; the tier-1 distributor builds composite weights from the
 * tier-2 group. A group coded on only one tier ties to nothing.
 */
export const rule = defineRule({
  meta: {
    id: 'tier-group-unmatched',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'A TIER1 group with no TIER2 distribution of the same name, or the reverse',
    source: 'IBM IP Configuration Guide, multi-tier load balancing with DataPower (sys_distrib_dp_load_bal_cfg1/multi_cfg3); VIPADISTRIBUTE TIER1/TIER2 groupname',
    consequences: [
      {
        reading: "IBM ties TIER1 and TIER2 distributions together by their group name; IBM does not document what happens to a group without a partner, and plexlint assumes the tiers simply are not combined.",
      },
    ],
  },
  check(ctx) {
    const groups = new Map<string, { tier1: typeof ctx.estate.sysplex.distributions; tier2: typeof ctx.estate.sysplex.distributions }>();
    for (const d of ctx.estate.sysplex.distributions) {
      if (!d.tier) continue;
      const g = groups.get(d.tier.group) ?? { tier1: [], tier2: [] };
      (d.tier.tier === 'TIER1' ? g.tier1 : g.tier2).push(d);
      groups.set(d.tier.group, g);
    }
    const lonelyGroups = (tier: 'TIER1' | 'TIER2'): [string, typeof ctx.estate.sysplex.distributions][] =>
      [...groups.entries()]
        .filter(([, g]) => (tier === 'TIER1' ? g.tier1.length && !g.tier2.length : g.tier2.length && !g.tier1.length))
        .map(([n, g]) => [n, tier === 'TIER1' ? g.tier1 : g.tier2]);
    for (const [name, g] of groups) {
      const lonely = g.tier1.length && !g.tier2.length ? g.tier1 : !g.tier1.length && g.tier2.length ? g.tier2 : [];
      for (const d of lonely) {
        const other = d.tier!.tier === 'TIER1' ? 'TIER2' : 'TIER1';
        const lonelyOther = lonelyGroups(other);
        const candidates = lonelyOther.map(([n]) => n);
        ctx.report({
          loc: d.loc,
          system: d.system,
          message:
            `VIPADISTRIBUTE ${d.dvipa} is ${d.tier!.tier} group ${name}, but none of ${stacksRead(ctx.estate)} codes a ${other} distribution with group ${name}` +
            (candidates.length ? ` (${other} groups without a ${d.tier!.tier} partner: ${candidates.join(', ')})` : '') +
            `: the tiers are not tied together, so ${d.tier!.tier === 'TIER1' ? 'the tier-1 distributor has no tier-2 weights to combine' : 'no tier-1 distributor uses this tier-2 group'} (plexlint's reading; IBM does not document an unmatched group). Use the same group name on both tiers.`,
          related: lonelyOther.flatMap(([n, ds]) => ds.map((x) => rel(x.loc, `${x.system}: ${other} group ${n}, which has no ${d.tier!.tier} partner either`))).slice(0, 5),
          subject: `tier group ${name}`,
        });
      }
    }
  },
});
