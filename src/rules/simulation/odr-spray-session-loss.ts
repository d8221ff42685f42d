import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { listText } from '../web.js';
import { Simulation } from '../../sim/index.js';
import { sampleRequests, sendRequests, webRuntime } from '../../sim/web.js';
import { webIndexOf, type CellIx, type OdrIx } from '../../sim/web-index.js';
import { pushTo } from '../../core/append.js';

/** Sessions in flight when an ODR fails, and requests sent before and after. */
const SESSIONS = 40;
const REQUESTS = 400;

/**
 * Simulation: for each ODR spray (a plug-in cluster over the ODRs of unbridged
 * cells), establish sessions, fail one ODR at a time and send the sessions'
 * next requests. IHS fails over to another ODR; an ODR of another cell can
 * reach the owning cell's application servers only through the owning cell's
 * ODRs (its GSC) — when the failed ODR was the only one of its cell, none is left
 * and the cell's sessions are lost (IBM WAS ND topic "Cell affinity function").
 *
 * Losses that a configuration rule already explains — cell affinity not enabled
 * (cell-affinity-disabled), a GSC that is missing, lacks an ODR or gives it weight
 * 0 (missing-per-cell-gsc, gsc-member-zero-weight, gsc-member-wrong-odr) — are
 * left to those rules: this one reports what only a failure shows.
 */
export const rule = defineRule({
  meta: {
    id: 'odr-spray-session-loss',
    severity: 'warning',
    category: 'simulation',
    description: 'An ODR spray that loses sessions when a single ODR fails, because that ODR is the only way into its cell',
    source: 'IBM WAS ND, "Cell affinity function" and "Cell affinity when an ODR fails" (cwve_odoeaffinity, cwve_odoeaftop); simulation of each ODR failure (docs/simulator.md)',
    consequences: [
      {
        reading:
          "IBM (WAS ND, Cell affinity function) says that with cell affinity enabled an ODR that receives misrouted session traffic checks the GSC lists for the ODR named in the ODR session ID, reroutes the traffic to that GSC, and \"if the reroute is successful\" the final ODR adopts the session; it does not say what happens when no ODR of the owning cell is up to take the rerouted request. plexlint's reading is that the reroute fails and the session is lost, as it is without cell affinity (\"the ODR does not recognize the server ID, does not route the request, and consequently the session is lost\").",
      },
    ],
  },
  check(ctx) {
    const { estate } = ctx;
    if (estate.web.sprays.length === 0) return;
    const ix = webIndexOf(estate);
    for (const spray of estate.web.sprays) {
      const plugin = ix.plugins.find((p) => p.p.file === spray.plugin);
      const cluster = plugin?.clusters.find((c) => c.name === spray.cluster);
      if (!plugin || !cluster) continue;
      const sample = sampleRequests(plugin).find((s) => s.resolution.cluster === cluster);
      if (!sample) continue;
      const odrs = [...new Set(cluster.servers.flatMap((s) => (s.odr ? [s.odr] : [])))];
      const byCell = new Map<CellIx, { odr: OdrIx; id: string; lost: number; inFlight: number }[]>();
      for (const odr of odrs) {
        const sim = new Simulation(estate, 1);
        sendRequests(sim, plugin.p.file, sample.url, REQUESTS, SESSIONS);
        const rt = webRuntime(sim);
        const id = rt.odr.idFor(odr, cluster);
        const jars = rt.jars.get(`${plugin.p.file}|${new URL(sample.url).hostname.toLowerCase()}`) ?? [];
        const inFlight = jars.filter((j) => j.get(odr.odr.cookieName) === id).length;
        sim.apply({ odrs: { [odr.key]: { up: false } } });
        const r = sendRequests(sim, plugin.p.file, sample.url, REQUESTS, SESSIONS);
        const lost = r.reasons.get('owner-odrs-down') ?? 0;
        if (lost === 0) continue;
        pushTo(byCell, odr.cell, { odr, id, lost, inFlight });
      }
      for (const [cell, failures] of byCell) {
        const first = failures[0]!;
        const others = spray.cells.filter((c) => c !== cell.name);
        const gscs = [...ix.cells.values()]
          .filter((c) => c !== cell)
          .flatMap((c) => c.gscs.filter((g) => g.members.some((m) => m.odr?.cell === cell)).map((g) => `${g.gsc.name} in ${c.name}`));
        const only = cell.odrs.filter((o) => o.odr.tier === first.odr.odr.tier);
        ctx.report({
          loc: cell.cell.loc,
          message:
            `When ${listText(failures.map((f) => `ODR ${f.odr.odr.name}`))} of cell ${cell.name} fails, the sessions it holds are lost: plug-in cluster '${spray.cluster}' (${spray.plugin}) fails over to the ODRs of ${listText(others)}, ` +
            `which are not bridged to ${cell.name} and reach its application servers only through ${cell.name}'s ODRs${gscs.length ? ` (${listText(gscs)})` : ''} — ` +
            `${only.length === 1 ? `${cell.name} has no other ODR` : `no other ODR of ${cell.name} is left`}, and IBM describes the reroute to the owning cell only "if the reroute is successful" (plexlint's reading: with no ODR of ${cell.name} up it fails, and the session is lost). ` +
            `The simulation lost ${first.lost} in-session request${first.lost === 1 ? '' : 's'} of ${first.inFlight} session${first.inFlight === 1 ? '' : 's'} in flight on ${first.odr.odr.name}. ` +
            `Give ${cell.name} a second ODR (in the plug-in and in the other cells' GSCs), or bridge the cells. ` +
            `See: plexlint trace --url ${sample.url} --plugin ${spray.plugin} --cookie ${first.odr.odr.cookieName}=${first.id} --down ${first.odr.odr.name}`,
          related: [rel(spray.loc, `ServerCluster '${spray.cluster}' sprays over ${listText(spray.cells)}`), ...failures.map((f) => rel(f.odr.odr.loc, `ODR ${f.odr.odr.name}`))],
          subject: `${spray.plugin} ${spray.cluster} cell ${cell.name} single ODR`,
        });
      }
    }
  },
});
