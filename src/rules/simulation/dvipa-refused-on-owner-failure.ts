import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';
import { Simulation } from '../../sim/index.js';

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
    // One simulation for every DVIPA: each check fails the owner and restores it.
    const sim = new Simulation(estate, 1);
    const byId = new Map(estate.sysplex.distributions.map((d) => [d.id, d]));
    for (const dv of estate.sysplex.dvipas) {
      const owner = dv.owners[0];
      if (!owner || dv.owners.length > 1 || !dv.backups.some((b) => b.system !== owner.system)) continue;
      for (const id of dv.distributions) {
        const d = byId.get(id);
        if (!d || d.system !== owner.system) continue;
        const port = d.ports[0]?.from ?? 1;
        sim.distributor.connect('client', dv.address, port); // the DVIPA is active while the owner is up
        sim.state.stacks[owner.system] = { ...(sim.state.stacks[owner.system] ?? {}), up: false };
        const outcome = sim.distributor.connect('client', dv.address, port).outcome;
        const decision = outcome === 'refused' ? sim.distributor.connect('client', dv.address, port, true) : undefined;
        sim.state.stacks[owner.system]!.up = true;
        if (!decision) continue;
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
