import { defineRule } from '../rule.js';
import { dynamicXcfUnread, rel } from '../helpers.js';
import { connectAfterFailure } from '../../sim/probes.js';

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
    const xcfUnread = (version: 4 | 6): boolean => estate.systems.some((s) => dynamicXcfUnread(s, version));
    for (const dv of estate.sysplex.dvipas) {
      const owner = dv.owners[0];
      if (!owner || dv.owners.length > 1 || !dv.backups.some((b) => b.system !== owner.system)) continue;
      for (const id of dv.distributions) {
        const d = byId.get(id);
        if (!d || d.system !== owner.system) continue;
        if (xcfUnread(d.version) && d.targets.some((t) => t.via === 'destip' && !t.system)) continue;
        const port = d.ports[0]?.from ?? 1;
        // The stacks started with the owner up (the DVIPA active), then the owner failed.
        const decision = connectAfterFailure(estate, [owner.system], 'client', dv.address, port);
        // A backup that takes over but does not advertise the DVIPA is omproute-dvipa-not-covered's finding.
        if (decision.outcome !== 'refused' || decision.reason === 'not advertised') continue;
        const candidates = decision.trace.filter((t) => t.what === 'candidate').map((t) => t.detail);
        const why = candidates.length ? `its targets are ${candidates.join('; ')}` : (decision.trace.at(-1)?.detail ?? 'no target is ready');
        ctx.report({
          loc: d.loc,
          message:
            `When ${owner.system} fails, ${dv.address}:${port} refuses every connection although it has backups: ${why} (plexlint's reading: the simulator applies IBM's takeover and distribution rules). ` +
            `The backup takes the address over but has nothing to distribute to — add targets on other stacks (or DESTIP ALL). ` +
            `See: plexlint trace --from client --to ${dv.address}:${port} --down ${owner.system}`,
          related: dv.backups.map((b) => rel(b.loc, `VIPABACKUP on ${b.system}`)),
          subject: `${d.id} owner failure`,
        });
      }
    }
  },
});
