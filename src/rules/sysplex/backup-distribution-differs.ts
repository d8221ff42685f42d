import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';
import { portsText } from '../../model/builders/sysplex.js';
import type { Distribution } from '../../model/estate.js';

type Target = Distribution['targets'][number];

/** "port 8080", "ports 20,21", "all ports". */
function portsLabel(ports: Distribution['ports']): string {
  const text = portsText(ports);
  if (ports.length === 0) return text;
  return ports.length === 1 && ports[0]!.from === ports[0]!.to ? `port ${text}` : `ports ${text}`;
}

function targetName(t: Target): string {
  return t.system ?? t.address ?? '?';
}

/** What the method makes of a target beyond its identity: its WEIGHT, or its HOTSTANDBY role. */
function targetRole(d: Distribution, t: Target): string {
  if (d.method === 'WEIGHTEDACTIVE') return t.weight === undefined ? 'the default WEIGHT' : `WEIGHT ${t.weight}`;
  if (d.method === 'HOTSTANDBY') return t.preferred ? 'PREFERRED' : t.backupRank !== undefined ? `BACKUP ${t.backupRank}` : 'no role';
  return '';
}

function targetsText(d: Distribution): string {
  const names = d.targets.map(targetName).join(' ');
  return d.destipAll ? `DESTIP ALL (${names})` : names;
}

/**
 * How the set of targets changes. DESTIP order does not matter, and DESTIP ALL
 * is the same as a list naming exactly the stacks it resolves to.
 */
function targetDifferences(owner: Distribution, backup: Distribution): string[] {
  const mine = new Map(owner.targets.map((t) => [targetName(t), t]));
  const theirs = new Map(backup.targets.map((t) => [targetName(t), t]));
  const added = [...theirs.keys()].filter((n) => !mine.has(n));
  const dropped = [...mine.keys()].filter((n) => !theirs.has(n));
  const out: string[] = [];
  if (added.length || dropped.length) {
    const parts = [...(added.length ? [`${added.join(', ')} added`] : []), ...(dropped.length ? [`${dropped.join(', ')} dropped`] : [])];
    out.push(`targets ${targetsText(owner)} → ${targetsText(backup)} (${parts.join('; ')})`);
  }
  if (owner.method === backup.method) {
    for (const [name, t] of mine) {
      const b = theirs.get(name);
      if (!b) continue;
      const from = targetRole(owner, t);
      const to = targetRole(backup, b);
      if (from !== to) out.push(`${name} ${from} → ${to}`);
    }
  }
  return out;
}

/** What would change for connections when this backup takes the DVIPA over. */
function differences(owner: Distribution, backup: Distribution): string[] {
  const out: string[] = [];
  if (owner.method !== backup.method) out.push(`DISTMETHOD ${owner.method} → ${backup.method}`);
  if ((owner.optLocal ?? -1) !== (backup.optLocal ?? -1)) {
    out.push(`${owner.optLocal === undefined ? 'NOOPTLOCAL' : `OPTLOCAL ${owner.optLocal}`} → ${backup.optLocal === undefined ? 'NOOPTLOCAL' : `OPTLOCAL ${backup.optLocal}`}`);
  }
  out.push(...targetDifferences(owner, backup));
  if (owner.timedAffinity !== backup.timedAffinity) out.push(`TIMEDAFFINITY ${owner.timedAffinity} → ${backup.timedAffinity}`);
  if (owner.method === 'HOTSTANDBY' && backup.method === 'HOTSTANDBY' && owner.autoSwitchBack !== backup.autoSwitchBack) {
    out.push(`${owner.autoSwitchBack ? 'AUTOSWITCHBACK' : 'NOAUTOSWITCHBACK'} → ${backup.autoSwitchBack ? 'AUTOSWITCHBACK' : 'NOAUTOSWITCHBACK'}`);
  }
  if (owner.method === 'HOTSTANDBY' && backup.method === 'HOTSTANDBY' && owner.healthSwitch !== backup.healthSwitch) {
    out.push(`${owner.healthSwitch ? 'HEALTHSWITCH' : 'NOHEALTHSWITCH'} → ${backup.healthSwitch ? 'HEALTHSWITCH' : 'NOHEALTHSWITCH'}`);
  }
  return out;
}

/**
 * A backup distributor that codes its own VIPADISTRIBUTE for the DVIPA uses it
 * after a takeover; otherwise it takes over the owner's (IP Configuration Guide,
 * sysplex distributor backup). Different definitions change routing on takeover.
 * Targets are compared as a set (DESTIP order does not matter; DESTIP ALL equals
 * the list it resolves to) with their WEIGHT or HOTSTANDBY role; statements are
 * matched by their port list, and owner ports the backup's own statements do not
 * cover are reported too (they stop being distributed, as the model has it).
 */
export const rule = defineRule({
  meta: {
    id: 'backup-distribution-differs',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: "A backup distributor's own VIPADISTRIBUTE differs from the owner's (routing changes on takeover)",
    source: 'IBM IP Configuration Guide, sysplex distributor backup and takeover; VIPADISTRIBUTE statement',
    consequences: [
      {
        reading: "IBM documents that a backup stack can code its own VIPADISTRIBUTE for a DVIPA it backs up; plexlint assumes that after a takeover the backup's own statements apply instead of the owner's, which IBM does not state in those words.",
      },
    ],
  },
  check(ctx) {
    const byId = new Map(ctx.estate.sysplex.distributions.map((d) => [d.id, d]));
    for (const dv of ctx.estate.sysplex.dvipas) {
      const owners = dv.distributions.map((id) => byId.get(id)!).filter((d) => d.role === 'owner');
      if (owners.length === 0) continue;
      for (const t of dv.takeover) {
        if (t.inherited || t.distributions.length === 0) continue;
        const mine = t.distributions.map((id) => byId.get(id)!);
        for (const m of mine) {
          const owner = owners.find((o) => portsText(o.ports) === portsText(m.ports));
          if (!owner) {
            const o = owners[0]!;
            ctx.report({
              loc: m.loc,
              message:
                `${m.system} backs up ${dv.address} with its own VIPADISTRIBUTE for ${portsLabel(m.ports)}, which ${o.system} does not distribute (${o.system} distributes ${owners.map((x) => portsLabel(x.ports)).join(', ')}): ` +
                `when ${m.system} takes over, its own VIPADISTRIBUTE statements replace ${o.system}'s (plexlint's reading), so ${portsLabel(m.ports)} starts being distributed. ` +
                `Code the same ports on both stacks, or remove this statement so the backup takes over ${o.system}'s distribution.`,
              related: owners.map((x) => rel(x.loc, `${x.system}'s VIPADISTRIBUTE for ${portsLabel(x.ports)}`)),
              subject: `${m.id} vs ${o.system} ${dv.address}`,
            });
            continue;
          }
          const diff = differences(owner, m);
          if (diff.length === 0) continue;
          ctx.report({
            loc: m.loc,
            message:
              `${m.system} backs up ${dv.address} with its own VIPADISTRIBUTE, which differs from ${owner.system}'s: when ${m.system} takes over, ` +
              `new connections are distributed (plexlint's reading) with ${diff.join(', ')}. Make the two statements the same, or remove this one so the backup takes over ${owner.system}'s distribution.`,
            related: [rel(owner.loc, `${owner.system}'s VIPADISTRIBUTE`)],
            subject: `${m.id} vs ${owner.id}`,
          });
        }
        // Owner port groups the backup's own statements do not cover stop being distributed on takeover.
        const uncovered = owners.filter((o) => !mine.some((m) => portsText(m.ports) === portsText(o.ports)));
        for (const o of uncovered) {
          ctx.report({
            loc: mine[0]!.loc,
            message:
              `${t.system} backs up ${dv.address} with its own VIPADISTRIBUTE statements, and none of them covers ${portsLabel(o.ports)}, which ${o.system} distributes: ` +
              `when ${t.system} takes over, its own statements replace ${o.system}'s (plexlint's reading), so connections to ${dv.address} on ${portsLabel(o.ports)} are no longer distributed. ` +
              `Code a VIPADISTRIBUTE for ${portsLabel(o.ports)} on ${t.system} too, or remove its own statements so it takes over ${o.system}'s distribution.`,
            related: [rel(o.loc, `${o.system}'s VIPADISTRIBUTE for ${portsLabel(o.ports)}`)],
            subject: `${t.system} ${dv.address} missing ${o.id}`,
          });
        }
      }
    }
  },
});
