import { defineRule } from '../rule.js';
import { dynamicXcfUnreadAnywhere, rel } from '../helpers.js';
import type { Finding } from '../../core/diagnostic.js';
import type { Distribution, Estate, SysplexDvipa } from '../../model/estate.js';
import { connectAfterFailure, connectionsAfterFailure } from '../../sim/probes.js';

/**
 * Simulation: fail the DVIPA's owner and connect from a client. When backups
 * exist but connections are still refused (the backup's distribution — its own
 * or the owner's — has no target left once the owner is gone), the takeover
 * keeps the address but not the service. DVIPAs with no backup at all are
 * distributor-no-backup's case.
 */
export const rule = defineRule({
  meta: {
    id: 'dvipa-refused-on-owner-failure',
    severity: 'warning',
    category: 'simulation',
    needs: 'sysplex',
    description: 'A distributed DVIPA that refuses connections when its owner stack fails, although it has backups',
    source: 'Simulation of IBM VIPABACKUP takeover and sysplex distribution (docs/simulator.md)',
    consequences: [
      {
        reading: "The simulator applies IBM's documented takeover and distribution rules to a failure of the owner; the outcome it reports is plexlint's reading of those rules, not a behaviour IBM describes for this configuration.",
      },
    ],
  },
  check(ctx) {
    const { estate } = ctx;
    const byId = new Map(estate.sysplex.distributions.map((d) => [d.id, d]));
    // A dynamic XCF address plexlint cannot read (a system symbol without a value) may be the stack a DESTIP names.
    const xcfUnread = dynamicXcfUnreadAnywhere(estate);
    // What to ask, grouped by the owner that fails: one simulation per owner decides every DVIPA it owns.
    const byOwner = new Map<string, { dv: (typeof estate.sysplex.dvipas)[number]; d: Distribution; port: number }[]>();
    for (const dv of estate.sysplex.dvipas) {
      const owner = dv.owners[0];
      if (!owner || dv.owners.length > 1 || !dv.backups.some((b) => b.system !== owner.system)) continue;
      for (const id of dv.distributions) {
        const d = byId.get(id);
        if (!d || d.system !== owner.system) continue;
        if (xcfUnread[d.version] && d.targets.some((t) => t.via === 'destip' && !t.system)) continue;
        const list = byOwner.get(owner.system) ?? [];
        list.push({ dv, d, port: d.ports[0]?.from ?? 1 });
        byOwner.set(owner.system, list);
      }
    }
    const refused = new Set<Distribution>();
    for (const [owner, probes] of byOwner) {
      // The stacks started with the owner up (the DVIPA active), then the owner failed.
      const decisions = connectionsAfterFailure(estate, [owner], 'client', probes.map((p) => ({ address: p.dv.address, port: p.port })));
      // A backup that takes over but does not advertise the DVIPA is omproute-dvipa-not-covered's finding.
      probes.forEach((p, i) => {
        const quick = decisions[i]!;
        if (quick.outcome === 'refused' && quick.reason !== 'not advertised') refused.add(p.d);
      });
    }
    for (const dv of estate.sysplex.dvipas) {
      const owner = dv.owners[0];
      if (!owner) continue;
      for (const id of dv.distributions) {
        const d = byId.get(id);
        if (!d || !refused.has(d)) continue;
        // Refused: the same decision again, traced, in a simulation of this DVIPA alone, to say why.
        const finding = tracedRefusal(estate, owner.system, dv, d);
        if (finding) ctx.report(finding);
      }
    }
  },
});

/**
 * The traced simulation of one distributed DVIPA after its owner fails, and the finding when it refuses (a backup
 * that takes over but does not advertise the DVIPA is omproute-dvipa-not-covered's finding, not this one).
 */
export function tracedRefusal(estate: Estate, owner: string, dv: SysplexDvipa, d: Distribution): Omit<Finding, 'ruleId'> | undefined {
  const port = d.ports[0]?.from ?? 1;
  const decision = connectAfterFailure(estate, [owner], 'client', dv.address, port);
  if (decision.outcome !== 'refused' || decision.reason === 'not advertised') return undefined;
  const candidates = decision.trace.filter((t) => t.what === 'candidate').map((t) => t.detail);
  const why = candidates.length ? `its targets are ${candidates.join('; ')}` : (decision.trace.at(-1)?.detail ?? 'no target is ready');
  return {
    loc: d.loc,
    message:
      `When ${owner} fails, ${dv.address}:${port} refuses every connection although it has backups: ${why} (plexlint's reading: the simulator applies IBM's takeover and distribution rules). ` +
      `The backup takes the address over but has nothing to distribute to — add targets on other stacks (or DESTIP ALL). ` +
      `See: plexlint trace --from client --to ${dv.address}:${port} --down ${owner}`,
    related: dv.backups.map((b) => rel(b.loc, `VIPABACKUP on ${b.system}`)),
    subject: `${d.id} owner failure`,
  };
}
