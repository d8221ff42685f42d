/**
 * The straightforward definitions of rules whose implementation is indexed for speed: each one enumerates what the
 * rule's words say (every key, every pair). Tests compare the indexed rules with them on random inputs; they are
 * quadratic and only fit small inputs.
 */
import type { Finding } from '../../src/core/diagnostic.js';
import type { Loc } from '../../src/core/loc.js';
import type { Estate } from '../../src/model/estate.js';
import type { PluginConfig } from '../../src/model/web.js';
import { tracedRefusal } from '../../src/rules/simulation/dvipa-refused-on-owner-failure.js';
import { rel } from '../../src/rules/helpers.js';
import { listText } from '../../src/rules/web.js';

type Report = (f: Omit<Finding, 'ruleId'>) => void;

/** plugin-duplicate-route as it was written first: a map entry per Route × virtual host × Uri. */
export function duplicateRoutesByEnumeration(p: PluginConfig, report: Report): void {
  const first = new Map<string, { route: number; uri: Loc }>();
  const vhostGroups = new Map<string, (typeof p.virtualHostGroups)[number]>();
  for (const g of p.virtualHostGroups) if (!vhostGroups.has(g.name)) vhostGroups.set(g.name, g);
  const uriGroups = new Map<string, (typeof p.uriGroups)[number]>();
  for (const g of p.uriGroups) if (!uriGroups.has(g.name)) uriGroups.set(g.name, g);
  const pairs = new Map<string, { later: number; earlier: number; examples: string[] }>();
  p.routes.forEach((r, index) => {
    const vg = r.virtualHostGroup === undefined ? undefined : vhostGroups.get(r.virtualHostGroup);
    const ug = r.uriGroup === undefined ? undefined : uriGroups.get(r.uriGroup);
    if (!vg || !ug || r.serverCluster === undefined) return;
    const inThisRoute = new Map<string, Loc>();
    for (const u of ug.uris) {
      if (inThisRoute.has(u.pattern)) {
        report({
          loc: u.locs['Name'] ?? u.loc,
          message: `Uri '${u.pattern}' is listed twice in UriGroup '${ug.name}': the second entry adds nothing, and if its AffinityCookie differs, which one the plug-in uses is not documented. Remove one.`,
          related: [rel(inThisRoute.get(u.pattern)!, `the first Uri '${u.pattern}'`)],
          subject: `${p.file} UriGroup ${ug.name} Uri ${u.pattern}`,
        });
        continue;
      }
      inThisRoute.set(u.pattern, u.locs['Name'] ?? u.loc);
      for (const h of vg.hosts) {
        const key = `${h.name.toLowerCase()} ${u.pattern}`;
        const f = first.get(key);
        if (!f) {
          first.set(key, { route: index, uri: u.loc });
          continue;
        }
        if (f.route === index) continue;
        const pk = `${index} ${f.route}`;
        const entry = pairs.get(pk) ?? { later: index, earlier: f.route, examples: [] };
        entry.examples.push(`${h.name} ${u.pattern}`);
        pairs.set(pk, entry);
      }
    }
  });
  for (const { later, earlier, examples } of pairs.values()) {
    const a = p.routes[later]!;
    const b = p.routes[earlier]!;
    const same = a.serverCluster === b.serverCluster;
    report({
      loc: a.loc,
      message:
        `this Route routes ${listText(examples, 3)}, which the Route on line ${b.loc.line} already routes` +
        (same ? ` to the same cluster '${a.serverCluster}'` : ` to cluster '${b.serverCluster}' (this one says '${a.serverCluster}')`) +
        `: the plug-in picks one Route for a request, and which one wins is not documented` +
        (same ? '' : ', so these requests may reach either cluster') +
        `. Route each virtual host and URI once.`,
      related: [rel(b.loc, `the other Route for ${examples[0]}`)],
      subject: `${p.file} Route ${a.virtualHostGroup} ${a.uriGroup} duplicates ${b.virtualHostGroup} ${b.uriGroup}`,
    });
  }
}

/** dvipa-refused-on-owner-failure as it was written first: one traced simulation per distribution. */
export function refusedOnOwnerFailureOneByOne(estate: Estate, report: Report): void {
  const byId = new Map(estate.sysplex.distributions.map((d) => [d.id, d]));
  for (const dv of estate.sysplex.dvipas) {
    const owner = dv.owners[0];
    if (!owner || dv.owners.length > 1 || !dv.backups.some((b) => b.system !== owner.system)) continue;
    for (const id of dv.distributions) {
      const d = byId.get(id);
      if (!d || d.system !== owner.system) continue;
      const finding = tracedRefusal(estate, owner.system, dv, d);
      if (finding) report(finding);
    }
  }
}
