import { defineRule } from '../rule.js';
import { rel, systemsByName } from '../helpers.js';
import { portsText } from '../../model/builders/sysplex.js';
import type { Distribution } from '../../model/estate.js';
import { pushTo } from '../../core/append.js';

const DEFAULT_CONTROLPORT = 1702;

/**
 * VIPADISTRIBUTE TIER1: CONTROLPORT (default 1702) must be the same on all
 * TIER1 statements (IBM, tier-1 parameters). The value most statements use is
 * taken as the intended one, and the statements that differ from it are
 * reported (on a tie, the first statement's value).
 */
export const rule = defineRule({
  meta: {
    id: 'controlport-mismatch',
    severity: 'error',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'TIER1 VIPADISTRIBUTE statements with different CONTROLPORT values',
    source: 'IBM IP Configuration Reference, VIPADISTRIBUTE Tier1 parameters (CONTROLPORT must be the same on all TIER1 statements)',
    consequences: [
      {
        reading: "IBM requires the same CONTROLPORT on every TIER1 VIPADISTRIBUTE statement; IBM does not document what the stack does otherwise, and plexlint assumes tier-1 targets reporting to the other port are not heard.",
      },
    ],
  },
  check(ctx) {
    const tier1 = ctx.estate.sysplex.distributions.filter((d) => d.tier?.tier === 'TIER1');
    if (tier1.length < 2) return;
    const port = (d: Distribution): number => d.controlPort ?? DEFAULT_CONTROLPORT;
    const uses = new Map<number, Distribution[]>();
    for (const d of tier1) pushTo(uses, port(d), d);
    if (uses.size < 2) return;
    // Map order is first-seen order, so on a tie the first statement's value wins.
    const [intended, users] = [...uses.entries()].reduce((best, e) => (e[1].length > best[1].length ? e : best));
    const example = users[0]!;
    const byName = systemsByName(ctx.estate);
    // Point at CONTROLPORT where it is coded, else at the statement.
    const where = (d: Distribution) =>
      byName.get(d.system)?.stack.distributions.find((x) => x.dvipa === d.dvipa && portsText(x.ports) === portsText(d.ports))?.controlPortLoc ?? d.loc;
    for (const d of tier1) {
      if (port(d) === intended) continue;
      ctx.report({
        loc: where(d),
        system: d.system,
        message:
          `TIER1 VIPADISTRIBUTE ${d.dvipa} uses CONTROLPORT ${port(d)}${d.controlPort === undefined ? ' (the default)' : ''}, ` +
          `but ${users.length === 1 ? `${example.system}'s TIER1 ${example.dvipa} uses` : `${users.length} other TIER1 statements use`} ${intended}${intended === DEFAULT_CONTROLPORT ? ' (the default)' : ''}: ` +
          'IBM requires the same CONTROLPORT on every TIER1 statement, since the tier-1 targets report their weights to it; what the stack does otherwise is not documented. ' +
          `Use ${intended} here${intended === DEFAULT_CONTROLPORT ? ' (or leave CONTROLPORT out)' : ''}, or one value everywhere.`,
        related: users.slice(0, 5).map((u) => rel(u.loc, `${u.system}: CONTROLPORT ${intended}`)),
        subject: `controlport ${d.id}`,
      });
    }
  },
});
