import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { gscRoutingWeight, type Cell, type GenericServerCluster, type Odr, type OdrSpray } from '../../model/web.js';
import type { Estate } from '../../model/estate.js';
import { rerouteThroughGsc } from '../../sim/probes.js';
import { LOSS_REASONS } from '../../sim/sessions.js';
import { cellMap, endpoint, listText } from '../web.js';

/**
 * For every pair of unbridged cells A ≠ B that one plug-in cluster sprays over,
 * cell B needs a generic server cluster whose members are exactly the ODRs of
 * cell A (weight > 0): an ODR of B that receives a misrouted in-session request
 * of A finds the GSC holding the owning ODR and routes the request there
 * (IBM WAS ND topic "Cell affinity function"). Bridged cells need no GSC.
 *
 * Members that are ODRs of cell B itself or of another tier are left to
 * gsc-member-wrong-odr, which says what is wrong with them more precisely.
 */
export const rule = defineRule({
  meta: {
    id: 'missing-per-cell-gsc',
    severity: 'error',
    category: 'odr',
    description: 'A sprayed cell without a generic server cluster whose members are exactly the ODRs of the other, unbridged cell',
    source: 'IBM WAS ND, "Cell affinity function" (cwve_odoeaffinity); "Using generic server clusters with cell affinity" (twve_odoegsc)',
    consequences: [
      {
        documented: "IBM WAS ND, Cell affinity function",
        quote: "generic server clusters (GSCs) must be configured for each cell for which an ODR can receive traffic. The GSC members must be the ODRs in the remote cells. When an ODR receives misrouted session traffic and cell affinity is enabled, it checks the GSC lists to find the ODR associated with the ODR session ID.",
      },
    ],
  },
  check(ctx) {
    const web = ctx.estate.web;
    const cells = cellMap(web.cells);
    // owner → receiver → sprays
    const pairs = new Map<string, { owner: Cell; receiver: Cell; sprays: OdrSpray[] }>();
    for (const s of web.sprays) {
      for (const [a, b] of s.unbridgedPairs) {
        for (const [owner, receiver] of [
          [a, b],
          [b, a],
        ] as const) {
          const key = `${owner}\u0000${receiver}`;
          const e = pairs.get(key) ?? { owner: cells.get(owner)!, receiver: cells.get(receiver)!, sprays: [] };
          e.sprays.push(s);
          pairs.set(key, e);
        }
      }
    }
    for (const { owner, receiver, sprays } of pairs.values()) {
      const tiers = new Set(sprays.flatMap((s) => s.tiers));
      const required = owner.odrs.filter((o) => tiers.has(o.tier));
      if (required.length === 0) continue;
      const spray = sprays[0]!;
      const sprayText = `plug-in cluster '${spray.cluster}'${sprays.length > 1 ? ` (and ${sprays.length - 1} more)` : ''}`;
      const related = [rel(spray.loc, `ServerCluster '${spray.cluster}' sprays over ${listText(spray.cells)}`)];
      const odrText = (os: Odr[]) => listText(os.map((o) => `${o.name} at ${endpoint(o.host, o.port)}`));
      const candidates = receiver.gscs.filter((g) => g.members.some((m) => m.odr?.cell === owner.name));
      if (candidates.length === 0) {
        ctx.report({
          loc: receiver.loc,
          message:
            `cell ${receiver.name} has no generic server cluster whose members are the ODRs of cell ${owner.name} (${odrText(required)}), yet ${sprayText} sprays requests over the ODRs of both cells, ` +
            `which are not bridged: an ODR of ${receiver.name} that receives an in-session request of a session owned by ${owner.name} has no way back to ${owner.name}'s ODRs, so the session is lost. ` +
            `Add to ${receiver.name} a GSC with the members ${listText(required.map((o) => endpoint(o.host, o.port)))} (weight 1 or more).`,
          related,
          subject: `cell ${receiver.name} GSC for ${owner.name} missing`,
        });
        continue;
      }
      const score = (g: GenericServerCluster) => required.filter((o) => g.members.some((m) => m.odr?.cell === owner.name && m.odr.name === o.name && gscRoutingWeight(g, m) > 0)).length;
      const best = [...candidates].sort((x, y) => score(y) - score(x))[0]!;
      const member = (o: Odr) => best.members.find((m) => m.odr?.cell === owner.name && m.odr.name === o.name);
      const missing = required.filter((o) => !member(o));
      // A configured 0 counts only with the dynamic workload manager off (enable.dwlm=false): with it on, its weight replaces it.
      const zero = required.filter((o) => member(o) && gscRoutingWeight(best, member(o)!) === 0);
      const extra = best.members.filter((m) => !m.odr || (m.odr.cell !== owner.name && m.odr.cell !== receiver.name));
      if (missing.length === 0 && zero.length === 0 && extra.length === 0) continue;
      const problems: string[] = [];
      if (missing.length) problems.push(`lacks ${missing.length === 1 ? 'ODR' : 'the ODRs'} ${odrText(missing)}`);
      if (zero.length) problems.push(`gives ${odrText(zero)} weight 0, so it never routes there`);
      if (extra.length)
        problems.push(
          `has ${extra.length === 1 ? 'a member' : 'members'} that ${extra.length === 1 ? 'is' : 'are'} not ${owner.name}'s ODR${extra.length === 1 ? '' : 's'} (${listText(
            extra.map((m) => (m.odr ? `${endpoint(m.host, m.port)}, an ODR of ${m.odr.cell}` : endpoint(m.host, m.port))),
          )})`,
        );
      const consequence = consequences(ctx.estate, receiver.name, owner.name, required, extra.length > 0);
      ctx.report({
        loc: receiver.loc,
        message:
          `GSC '${best.name}' of cell ${receiver.name}, which stands for the ODRs of cell ${owner.name}, ${listText(problems)}: ${sprayText} sprays requests over both cells, which are not bridged, ` +
          `and an ODR of ${receiver.name} sends a misrouted in-session request of ${owner.name} through this GSC — to the member that holds the session while it is up with weight > 0, else to another active member, which adopts the session. ` +
          `${consequence} ` +
          `Make the members exactly ${listText(required.map((o) => endpoint(o.host, o.port)))}, each with weight 1 or more.`,
        related: [...related, rel(best.loc, `GSC '${best.name}'`)],
        subject: `cell ${receiver.name} GSC ${best.name} for ${owner.name}`,
      });
    }
  },
});

/**
 * What the simulator does with the sessions of each required ODR (src/sim/probes.ts):
 * lost now, or rerouted to another member that adopts them — and whether they
 * are lost once that member fails.
 */
function consequences(estate: Estate, receiver: string, owner: string, required: Odr[], extra: boolean): string {
  const lost: string[] = [];
  const rerouted: string[] = [];
  for (const o of required) {
    const now = rerouteThroughGsc(estate, receiver, `${owner}/${o.name}`);
    if (typeof now === 'string') continue;
    if (!now.adoptedBy) {
      lost.push(`${o.name} (${now.reason ? LOSS_REASONS[now.reason] : 'no route'})`);
      continue;
    }
    if (now.adoptedBy === o.name) continue;
    const later = rerouteThroughGsc(estate, receiver, `${owner}/${o.name}`, [`${owner}/${now.adoptedBy}`]);
    const fails = typeof later !== 'string' && !later.adoptedBy;
    rerouted.push(`sessions held by ${o.name} are rerouted to ${now.adoptedBy}, which adopts them${fails ? `; when ${now.adoptedBy} fails they are lost although ${o.name} is up` : ''}`);
  }
  const parts: string[] = [];
  if (lost.length) parts.push(`Requests of sessions held by ${listText(lost)} are lost.`);
  if (rerouted.length) parts.push(`${rerouted.map((r) => r[0]!.toUpperCase() + r.slice(1)).join('. ')}.`);
  if (extra) parts.push(`A member that is not an ODR of ${owner} does not hold ${owner}'s sessions: a request the GSC sends there loses its session.`);
  return parts.join(' ');
}
