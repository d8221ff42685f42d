import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import type { OdrSpray } from '../../model/web.js';
import { listText } from '../web.js';

/**
 * An ODR spray must use the ODR session cookie as affinity cookie: IHS knows
 * only the ODRs and cannot read the application servers' clone IDs in
 * JSESSIONID; with cell affinity the ODR-generated plugin-cfg.xml makes the
 * plug-in use ODRSESSIONID (or the tier's odrSessionIdCookieName)
 * (IBM WAS ND topic "Cell affinity function").
 */
export const rule = defineRule({
  meta: {
    id: 'cell-affinity-cookie',
    severity: 'error',
    category: 'odr',
    description: 'An ODR spray (a plug-in cluster over ODRs of several unbridged cells) whose Uris do not use the ODR session cookie as AffinityCookie',
    source: 'IBM WAS ND, "Cell affinity function" (cwve_odoeaffinity); "Configuring cell affinity in a multi-tiered environment" (odrSessionIdCookieName)',
    consequences: [
      {
        documented: "IBM WAS ND, Cell affinity function",
        quote: "the IBM HTTP Server is not able to recognize the servers identified on the JSESSIONID cookies contained within in-session traffic because it is configured to recognize and route to the ODRs. … The produced plugin-cfg.xml instructs the IBM HTTP Server plug-in to use the ODRSESSIONID cookie for its session ID, enabling session affinity to the ODRs.",
      },
    ],
  },
  check(ctx) {
    const web = ctx.estate.web;
    for (const spray of web.sprays) {
      const expected = expectedCookies(spray, web.cells);
      const byGroup = new Map<string, OdrSpray['uris']>();
      for (const u of spray.uris) {
        if (expected.includes(u.cookie)) continue;
        const list = byGroup.get(u.uriGroup) ?? [];
        list.push(u);
        byGroup.set(u.uriGroup, list);
      }
      for (const [group, uris] of byGroup) {
        const first = uris[0]!;
        const cookies = [...new Set(uris.map((u) => u.cookie))];
        ctx.report({
          loc: first.cookieLoc ?? first.loc,
          message:
            `${uris.length === 1 ? `Uri '${first.pattern}'` : `${uris.length} Uris of UriGroup '${group}' (${listText(uris.map((u) => `'${u.pattern}'`), 3)})`} ` +
            `${uris.length === 1 ? 'uses' : 'use'} AffinityCookie ${listText(cookies)}${first.cookieLoc ? '' : ' (the default)'}, but cluster '${spray.cluster}' sends them to the ODRs of the unbridged cells ${listText(spray.cells)}: ` +
            `IHS cannot read the clone IDs in that cookie (they name application servers behind the ODRs), so it sprays in-session requests over the cells' ODRs. ` +
            `A request that lands on an ODR of the wrong cell is lost unless that cell has cell affinity enabled and a GSC of the owning cell's ODRs, and even then it takes an extra hop through the other cell. ` +
            `Use AffinityCookie="${expected[0]}" — the cookie the ODRs set with cell affinity enabled; an ODR-generated plugin-cfg.xml has it.`,
          related: [rel(spray.loc, `ServerCluster '${spray.cluster}' sprays over ${listText(spray.cells)}`)],
          subject: `${spray.plugin} ${spray.cluster} ${group} AffinityCookie`,
        });
      }
    }
  },
});

/** The cookie names the spray's ODRs set (their tier's odrSessionIdCookieName, else ODRSESSIONID). */
function expectedCookies(spray: OdrSpray, cells: { name: string; odrs: { name: string; cookieName: string }[] }[]): string[] {
  const out: string[] = [];
  for (const s of spray.servers) {
    const odr = cells.find((c) => c.name === s.cell)?.odrs.find((o) => o.name === s.odr);
    if (odr && !out.includes(odr.cookieName)) out.push(odr.cookieName);
  }
  return out;
}
