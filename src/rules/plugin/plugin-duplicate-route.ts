import { rel } from '../helpers.js';
import { defineRule, type RuleContext } from '../rule.js';
import type { Loc } from '../../core/loc.js';
import type { PluginConfig, UriGroup, VirtualHostGroup } from '../../model/web.js';
import { listText } from '../web.js';

/**
 * The same virtual host + URI routed twice (IBM "plugin-cfg.xml file": the
 * plug-in matches the Host header against VirtualHosts and the URI against Uri
 * patterns to find one Route). The Liberty generator warns about the same case
 * (duplicate context root in one virtual host).
 */
export const rule = defineRule({
  meta: {
    id: 'plugin-duplicate-route',
    severity: 'warning',
    category: 'plugin',
    description: 'The same VirtualHost and Uri pattern reached through two Routes (or listed twice in one UriGroup)',
    source: 'IBM WAS, "plugin-cfg.xml file" (rwsv_plugincfg), request routing; OpenLiberty PluginGenerator (duplicate.context.root)',
    consequences: [
      {
        reading: "IBM does not document which of two Routes or Uris for the same request the plug-in uses; plexlint reports the second as redundant or ambiguous.",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) checkPlugin(ctx, p);
  },
});

/** How many examples a finding quotes. */
const SHOWN = 3;

/**
 * The Routes that join one VirtualHostGroup to one UriGroup. Every (virtual host, Uri) key of such a Route is
 * first routed by the earliest Route that reaches it, and that Route is always the leader of a class.
 */
interface RouteClass {
  vhosts: VirtualHostGroup;
  uris: UriGroup;
  /** Indexes of its Routes in the file, in order; the first is the leader. */
  routes: number[];
}

/** The keys of one class (or of one class for one pattern) first routed by the class `by`. */
interface Share {
  by: RouteClass;
  count: number;
  /** The first few examples, "host pattern". */
  examples: string[];
}

/** Host names of one virtual host group (as written, and as compared: case folded), duplicates kept. */
interface Hosts {
  names: string[];
  keys: string[];
}

/**
 * A Route duplicates an earlier one when some virtual host of its group and some Uri of its UriGroup are both
 * reached by the earlier Route. Enumerating every (virtual host, Uri) key costs hosts × Uris for each Route — 2,000
 * virtual hosts of one group with 2,000 single-Uri Routes were four million keys and six seconds. Instead the keys
 * are compared only where they can collide: Routes are grouped into classes of one virtual host group and one
 * UriGroup; a class whose UriGroup shares no pattern with another UriGroup can meet only the classes of its own
 * UriGroup, and host by host only when their virtual host groups share a host. Findings (and their order and
 * examples) are those of enumerating every key.
 */
function checkPlugin(ctx: RuleContext, p: PluginConfig): void {
  const vhostGroups = new Map<string, VirtualHostGroup>();
  for (const g of p.virtualHostGroups) if (!vhostGroups.has(g.name)) vhostGroups.set(g.name, g);
  const uriGroups = new Map<string, UriGroup>();
  for (const g of p.uriGroups) if (!uriGroups.has(g.name)) uriGroups.set(g.name, g);

  // Each UriGroup's patterns once, and its repeated Uris (reported once per Route that uses the group).
  const patternsOf = new Map<UriGroup, string[]>();
  const repeatsOf = new Map<UriGroup, { uri: UriGroup['uris'][number]; first: Loc }[]>();
  const uriGroup = (g: UriGroup): string[] => {
    let patterns = patternsOf.get(g);
    if (patterns) return patterns;
    const first = new Map<string, Loc>();
    const repeats: { uri: UriGroup['uris'][number]; first: Loc }[] = [];
    for (const u of g.uris) {
      const seen = first.get(u.pattern);
      if (seen) repeats.push({ uri: u, first: seen });
      else first.set(u.pattern, u.locs['Name'] ?? u.loc);
    }
    patternsOf.set(g, (patterns = [...first.keys()]));
    repeatsOf.set(g, repeats);
    return patterns;
  };

  const classes: RouteClass[] = [];
  const classOf: (RouteClass | undefined)[] = [];
  const byGroups = new Map<VirtualHostGroup, Map<UriGroup, RouteClass>>();
  p.routes.forEach((r, index) => {
    const vg = r.virtualHostGroup === undefined ? undefined : vhostGroups.get(r.virtualHostGroup);
    const ug = r.uriGroup === undefined ? undefined : uriGroups.get(r.uriGroup);
    if (!vg || !ug || r.serverCluster === undefined) return;
    uriGroup(ug);
    for (const { uri: u, first } of repeatsOf.get(ug)!) {
      ctx.report({
        loc: u.locs['Name'] ?? u.loc,
        message: `Uri '${u.pattern}' is listed twice in UriGroup '${ug.name}': the second entry adds nothing, and if its AffinityCookie differs, which one the plug-in uses is not documented. Remove one.`,
        related: [rel(first, `the first Uri '${u.pattern}'`)],
        subject: `${p.file} UriGroup ${ug.name} Uri ${u.pattern}`,
      });
    }
    let byUris = byGroups.get(vg);
    if (!byUris) byGroups.set(vg, (byUris = new Map()));
    let c = byUris.get(ug);
    if (!c) {
      byUris.set(ug, (c = { vhosts: vg, uris: ug, routes: [] }));
      classes.push(c);
    }
    c.routes.push(index);
    classOf[index] = c;
  });
  if (classes.length === 0) return;

  // Virtual hosts: names and keys per group, and the hosts that more than one group has.
  const hostsOf = new Map<VirtualHostGroup, Hosts>();
  const groupsWithHost = new Map<string, VirtualHostGroup>();
  const sharedHosts = new Set<string>();
  for (const c of classes) {
    if (hostsOf.has(c.vhosts)) continue;
    const names = c.vhosts.hosts.map((h) => h.name);
    const keys = names.map((n) => n.toLowerCase());
    hostsOf.set(c.vhosts, { names, keys });
    for (const k of keys) {
      const g = groupsWithHost.get(k);
      if (g === undefined) groupsWithHost.set(k, c.vhosts);
      else if (g !== c.vhosts) sharedHosts.add(k);
    }
  }
  const isolated = (g: VirtualHostGroup): boolean => !hostsOf.get(g)!.keys.some((k) => sharedHosts.has(k));

  // Patterns: the UriGroups (of some class) that list each, and the classes of each UriGroup.
  const classesOfUris = new Map<UriGroup, RouteClass[]>();
  for (const c of classes) {
    const list = classesOfUris.get(c.uris);
    if (list) list.push(c);
    else classesOfUris.set(c.uris, [c]);
  }
  const groupsWithPattern = new Map<string, UriGroup[]>();
  for (const ug of classesOfUris.keys()) {
    for (const pattern of patternsOf.get(ug)!) {
      const list = groupsWithPattern.get(pattern);
      if (list) list.push(ug);
      else groupsWithPattern.set(pattern, [ug]);
    }
  }
  const sharesPatterns = (ug: UriGroup): boolean => patternsOf.get(ug)!.some((pattern) => groupsWithPattern.get(pattern)!.length > 1);

  /**
   * For classes that all list one pattern (in the order of their leaders): which class first routes each of their
   * hosts with that pattern, as shares per class in the order the class's hosts meet them.
   */
  const hostShares = (list: RouteClass[]): Map<RouteClass, Share[]> => {
    const out = new Map<RouteClass, Share[]>();
    const firstWithGroup = new Map<VirtualHostGroup, RouteClass>();
    for (const c of list) if (!firstWithGroup.has(c.vhosts)) firstWithGroup.set(c.vhosts, c);
    const whole = (c: RouteClass, by: RouteClass): Share[] => {
      const { names } = hostsOf.get(c.vhosts)!;
      return names.length ? [{ by, count: names.length, examples: names.slice(0, SHOWN) }] : [];
    };
    // Groups that share no host with another group: each host is first routed by the first class of its group.
    let shared = 0;
    for (const g of firstWithGroup.keys()) if (!isolated(g)) shared++;
    if (firstWithGroup.size === 1 || shared <= 1) {
      for (const c of list) out.set(c, whole(c, firstWithGroup.get(c.vhosts)!));
      return out;
    }
    const claimed = new Map<string, RouteClass>();
    const byGroup = new Map<VirtualHostGroup, Share[]>();
    for (const c of list) {
      let shares = byGroup.get(c.vhosts);
      if (!shares) {
        const { names, keys } = hostsOf.get(c.vhosts)!;
        const index = new Map<RouteClass, Share>();
        shares = [];
        for (let i = 0; i < keys.length; i++) {
          let by = claimed.get(keys[i]!);
          if (by === undefined) claimed.set(keys[i]!, (by = c));
          let s = index.get(by);
          if (!s) {
            index.set(by, (s = { by, count: 0, examples: [] }));
            shares.push(s);
          }
          s.count++;
          if (s.examples.length < SHOWN) s.examples.push(names[i]!);
        }
        byGroup.set(c.vhosts, shares);
      }
      out.set(c, shares);
    }
    return out;
  };

  // Per class, its keys' shares over its patterns in order (pattern by pattern, host by host).
  const sharesOf = new Map<RouteClass, Share[]>();
  const add = (into: Map<RouteClass, Share>, list: Share[], hostShares: Share[], pattern: string): void => {
    for (const h of hostShares) {
      let s = into.get(h.by);
      if (!s) {
        into.set(h.by, (s = { by: h.by, count: 0, examples: [] }));
        list.push(s);
      }
      s.count += h.count;
      for (const host of h.examples) if (s.examples.length < SHOWN) s.examples.push(`${host} ${pattern}`);
    }
  };
  // The classes of one UriGroup among themselves, the same for each pattern no other UriGroup lists.
  const localShares = new Map<UriGroup, Map<RouteClass, Share[]>>();
  const local = (ug: UriGroup): Map<RouteClass, Share[]> => {
    let m = localShares.get(ug);
    if (!m) localShares.set(ug, (m = hostShares(classesOfUris.get(ug)!)));
    return m;
  };
  // A UriGroup whose patterns no other UriGroup lists: its classes meet only each other, the same way for every
  // pattern, so the counts multiply and only the first patterns are needed for the examples.
  const perPattern = new Map<RouteClass, Map<string, Share[]>>();
  for (const [ug, list] of classesOfUris) {
    if (sharesPatterns(ug)) {
      for (const c of list) perPattern.set(c, new Map());
      continue;
    }
    const patterns = patternsOf.get(ug)!;
    for (const c of list) {
      const hosts = patterns.length ? local(ug).get(c)! : [];
      const shares = hosts.map((h): Share => ({ by: h.by, count: h.count * patterns.length, examples: [] }));
      hosts.forEach((h, k) => {
        const examples = shares[k]!.examples;
        for (let i = 0; i < patterns.length && examples.length < SHOWN; i++) {
          for (const host of h.examples) if (examples.length < SHOWN) examples.push(`${host} ${patterns[i]}`);
        }
      });
      sharesOf.set(c, shares);
    }
  }
  // Patterns several UriGroups list: the classes of all of them, host by host.
  const leaderOrder = (a: RouteClass, b: RouteClass): number => a.routes[0]! - b.routes[0]!;
  for (const [pattern, ugs] of groupsWithPattern) {
    if (ugs.length < 2) continue;
    const list = ugs.flatMap((ug) => classesOfUris.get(ug)!).sort(leaderOrder);
    for (const [c, shares] of hostShares(list)) perPattern.get(c)!.set(pattern, shares);
  }
  for (const [c, byPattern] of perPattern) {
    const into = new Map<RouteClass, Share>();
    const shares: Share[] = [];
    for (const pattern of patternsOf.get(c.uris)!) {
      const hs = byPattern.get(pattern);
      // A pattern only this UriGroup lists: its hosts are shared among this UriGroup's classes alone.
      add(into, shares, hs ?? local(c.uris).get(c)!, pattern);
    }
    sharesOf.set(c, shares);
  }

  // Each Route against the Routes that first route its keys, in the order of the file.
  p.routes.forEach((a, index) => {
    const c = classOf[index];
    if (!c) return;
    for (const s of sharesOf.get(c)!) {
      const earlier = s.by.routes[0]!;
      if (earlier === index) continue;
      const b = p.routes[earlier]!;
      const same = a.serverCluster === b.serverCluster;
      ctx.report({
        loc: a.loc,
        message:
          `this Route routes ${listText(s.examples, SHOWN, s.count)}, which the Route on line ${b.loc.line} already routes` +
          (same ? ` to the same cluster '${a.serverCluster}'` : ` to cluster '${b.serverCluster}' (this one says '${a.serverCluster}')`) +
          `: the plug-in picks one Route for a request, and which one wins is not documented` +
          (same ? '' : ', so these requests may reach either cluster') +
          `. Route each virtual host and URI once.`,
        related: [rel(b.loc, `the other Route for ${s.examples[0]}`)],
        subject: `${p.file} Route ${a.virtualHostGroup} ${a.uriGroup} duplicates ${b.virtualHostGroup} ${b.uriGroup}`,
      });
    }
  });
}
