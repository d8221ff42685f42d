import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { listText } from '../web.js';

/** odrSessionAffinityEnabled=true in every sprayed cell (IBM "Cell affinity function"). */
export const rule = defineRule({
  meta: {
    id: 'cell-affinity-disabled',
    severity: 'error',
    category: 'odr',
    description: 'A cell whose ODRs a plug-in sprays together with ODRs of an unbridged cell, without odrSessionAffinityEnabled=true',
    source: 'IBM WAS ND, "Enabling cell affinity" (twve_odoeaffinity); "Cell affinity function" (cwve_odoeaffinity)',
    consequences: [
      {
        documented: "IBM WAS ND, Cell affinity function",
        quote: "without cell affinity, if the IBM HTTP Server selects an ODR within another cell, the ODR does not recognize the server ID, does not route the request, and consequently the session is lost.",
      },
    ],
  },
  check(ctx) {
    const web = ctx.estate.web;
    const sprayed = new Map<string, { partners: Set<string>; sprays: typeof web.sprays }>();
    for (const s of web.sprays) {
      for (const [a, b] of s.unbridgedPairs) {
        for (const [x, y] of [
          [a, b],
          [b, a],
        ] as const) {
          const e = sprayed.get(x) ?? { partners: new Set<string>(), sprays: [] };
          e.partners.add(y);
          if (!e.sprays.includes(s)) e.sprays.push(s);
          sprayed.set(x, e);
        }
      }
    }
    for (const cell of web.cells) {
      const e = sprayed.get(cell.name);
      if (!e || cell.affinityEnabled) continue;
      const prop = cell.properties['odrSessionAffinityEnabled'];
      const first = e.sprays[0]!;
      ctx.report({
        loc: prop?.loc ?? cell.loc,
        message:
          `cell ${cell.name} does not enable cell affinity (odrSessionAffinityEnabled is ${prop ? `'${prop.value}'` : 'not set'}), yet plug-in cluster '${first.cluster}'${e.sprays.length > 1 ? ` (and ${e.sprays.length - 1} more)` : ''} ` +
          `sprays requests over its ODRs and those of ${listText([...e.partners])}, which ${e.partners.size === 1 ? 'is' : 'are'} not bridged to it: its ODRs neither give IHS the ODR session cookie to stay on ` +
          `nor send misrouted in-session requests back to the owning cell, so a session is lost whenever IHS picks an ODR of another cell. ` +
          `Set the cell custom property odrSessionAffinityEnabled=true, define the GSCs for the other cells, and regenerate plugin-cfg.xml.`,
        related: e.sprays.slice(0, 3).map((s) => rel(s.loc, `ServerCluster '${s.cluster}' sprays over ${listText(s.cells)}`)),
        subject: `cell ${cell.name} affinity disabled`,
      });
    }
  },
});
