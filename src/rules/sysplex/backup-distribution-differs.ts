import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';
import { portsText } from '../../model/build/sysplex.js';
import type { Distribution } from '../../model/estate.js';

function targetsText(d: Distribution): string {
  if (d.destipAll) return 'DESTIP ALL';
  return d.targets.map((t) => t.system ?? t.address ?? '?').join(' ');
}

/** What would change for connections when this backup takes the DVIPA over. */
function differences(owner: Distribution, backup: Distribution): string[] {
  const out: string[] = [];
  if (owner.method !== backup.method) out.push(`DISTMETHOD ${owner.method} → ${backup.method}`);
  if ((owner.optLocal ?? -1) !== (backup.optLocal ?? -1)) {
    out.push(`${owner.optLocal === undefined ? 'NOOPTLOCAL' : `OPTLOCAL ${owner.optLocal}`} → ${backup.optLocal === undefined ? 'NOOPTLOCAL' : `OPTLOCAL ${backup.optLocal}`}`);
  }
  if (portsText(owner.ports) !== portsText(backup.ports)) out.push(`ports ${portsText(owner.ports)} → ${portsText(backup.ports)}`);
  if (targetsText(owner) !== targetsText(backup)) out.push(`targets ${targetsText(owner)} → ${targetsText(backup)}`);
  if (owner.timedAffinity !== backup.timedAffinity) out.push(`TIMEDAFFINITY ${owner.timedAffinity} → ${backup.timedAffinity}`);
  if (owner.method === 'HOTSTANDBY' && backup.method === 'HOTSTANDBY' && owner.autoSwitchBack !== backup.autoSwitchBack) {
    out.push(`${owner.autoSwitchBack ? 'AUTOSWITCHBACK' : 'NOAUTOSWITCHBACK'} → ${backup.autoSwitchBack ? 'AUTOSWITCHBACK' : 'NOAUTOSWITCHBACK'}`);
  }
  return out;
}

/**
 * A backup distributor that codes its own VIPADISTRIBUTE for the DVIPA uses it
 * after a takeover; otherwise it takes over the owner's (IP Configuration Guide,
 * sysplex distributor backup). Different definitions change routing on takeover.
 */
export const rule = defineRule({
  meta: {
    id: 'backup-distribution-differs',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: "A backup distributor's own VIPADISTRIBUTE differs from the owner's (routing changes on takeover)",
    source: 'IBM IP Configuration Guide, sysplex distributor backup and takeover; VIPADISTRIBUTE statement',
  },
  check(ctx) {
    const byId = new Map(ctx.estate.sysplex.distributions.map((d) => [d.id, d]));
    for (const dv of ctx.estate.sysplex.dvipas) {
      const owners = dv.distributions.map((id) => byId.get(id)!).filter((d) => d.role === 'owner');
      if (owners.length === 0) continue;
      for (const t of dv.takeover) {
        if (t.inherited) continue;
        for (const id of t.distributions) {
          const mine = byId.get(id)!;
          const owner = owners.find((o) => portsText(o.ports) === portsText(mine.ports)) ?? owners[0]!;
          const diff = differences(owner, mine);
          if (diff.length === 0) continue;
          ctx.report({
            loc: mine.loc,
            message:
              `${mine.system} backs up ${dv.address} with its own VIPADISTRIBUTE, which differs from ${owner.system}'s: when ${mine.system} takes over, ` +
              `new connections are distributed with ${diff.join(', ')}. Make the two statements the same, or remove this one so the backup takes over ${owner.system}'s distribution.`,
            related: [rel(owner.loc, `${owner.system}'s VIPADISTRIBUTE`)],
            subject: `${mine.id} vs ${owner.id}`,
          });
        }
      }
    }
  },
});
