import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';

/** VIPADISTRIBUTE TIER1: CONTROLPORT (default 1702) must be the same on all TIER1 statements (IBM, tier-1 parameters). */
export const rule = defineRule({
  meta: {
    id: 'controlport-mismatch',
    severity: 'error',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'TIER1 VIPADISTRIBUTE statements with different CONTROLPORT values',
    source: 'IBM IP Configuration Reference, VIPADISTRIBUTE Tier1 parameters (CONTROLPORT must be the same on all TIER1 statements)',
  },
  check(ctx) {
    const tier1 = ctx.estate.sysplex.distributions.filter((d) => d.tier?.tier === 'TIER1');
    const first = tier1[0];
    if (!first) return;
    const port = (d: (typeof tier1)[number]): number => d.controlPort ?? 1702;
    for (const d of tier1.slice(1)) {
      if (port(d) === port(first)) continue;
      ctx.report({
        loc: d.loc,
        message:
          `${d.system}: TIER1 VIPADISTRIBUTE ${d.dvipa} uses CONTROLPORT ${port(d)}${d.controlPort === undefined ? ' (the default)' : ''}, but ${first.system}'s TIER1 ${first.dvipa} uses ${port(first)}: ` +
          'IBM requires the same CONTROLPORT on every TIER1 statement, since the tier-1 targets report their weights to it. Use one value everywhere.',
        related: [rel(first.loc, `CONTROLPORT ${port(first)} here`)],
        subject: `controlport ${d.id}`,
      });
    }
  },
});

