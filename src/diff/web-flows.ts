/**
 * The WebSphere tier's flows for the behaviour delta of `plexlint diff`: for
 * every Route of every plug-in file, requests to its first Uri on its first
 * VirtualHost, without and with sessions; for every cluster.xml cluster, EJB
 * calls from each client node of its cell and from a remote client. A changed
 * weight, PrimaryServers list, Uri or preferLocal then shows as, e.g.,
 * "requests to shop.example.com/shop/*: to SYSCNODE_shop1 32.2% → 0%".
 *
 * Plug-in files are matched across the two estates by their path below the
 * estate's folder (the two sides of a diff sit in different folders).
 *
 * Change impact: which Route a request takes depends on the whole routing
 * table of the file (URI precedence runs over every Route), so when the table
 * changed every Route of the file is sampled again and each sample request is
 * resolved on both sides; it is simulated when it takes another Uri or
 * ServerCluster, or one that changed. Otherwise a Route's flows read its
 * ServerCluster (servers, weights, clone IDs, transports, primary and backup
 * lists) and, when its servers are ODRs, the cells behind them (ODRs, GSCs,
 * bridges, cell affinity) — a changed GSC touches every Route that sprays
 * over the ODRs of its cell. An EJB cluster's calls read the cluster.
 */
import type { Estate } from '../model/estate.js';
import { estateRelative } from '../model/files.js';
import type { PluginConfig, WasCluster } from '../model/web.js';
import { observedUnlessUnrunnable, Simulation } from '../sim/index.js';
import { parseRequestUrl, resolve, type Resolution } from '../sim/plugin.js';
import { sendEjbCalls, sendRequests } from '../sim/web.js';
import { sampleRequest, sampleRequests } from '../sim/web-samples.js';
import { webIndexOf, type ClusterIx, type PluginIx } from '../sim/web-index.js';
import { perEstate, singleOrigin, type Flow, type FlowGroup, type FlowOptions, type FlowSource, type NamedFlow } from './flows.js';
import { sameModel } from './inputs.js';

const REQUESTS = 6000;
const SESSIONS = 200;
const CALLS = 6000;

/** Plug-in files by their path below the estate's folder (the first one of a path). */
const pluginsByKey = perEstate((estate: Estate): Map<string, PluginConfig> => {
  const m = new Map<string, PluginConfig>();
  for (const p of estate.web.plugins) {
    const key = estateRelative(estate, p.file);
    if (!m.has(key)) m.set(key, p);
  }
  return m;
});

/** The simulator's index of a plug-in file (built only when a flow through the file is simulated). */
function indexed(estate: Estate, p: PluginConfig): PluginIx {
  return webIndexOf(estate).plugins.find((x) => x.p === p)!;
}

/** What decides which Route a request takes: Routes, VirtualHost and Uri groups, the cluster names. */
function table(p: PluginConfig): unknown {
  return { routes: p.routes, virtualHostGroups: p.virtualHostGroups, uriGroups: p.uriGroups, clusters: p.clusters.map((c) => c.name) };
}

/** The cells behind ODR servers, and the clone IDs by which the plug-in files know the ODRs. */
const odrInputs = perEstate((estate: Estate): unknown => ({
  cells: estate.web.cells,
  odrServers: webIndexOf(estate).servers.flatMap((s) => (s.s.odr ? [[s.s.cloneId ?? null, s.s.odr]] : [])),
}));

/** What a Route's requests read besides the routing table: its ServerCluster, and the cells when it sprays over ODRs. */
function clusterInputs(estate: Estate, c: ClusterIx | undefined): unknown {
  if (!c) return null;
  return [c.c, c.c.servers.some((s) => s.odr) ? odrInputs(estate) : null];
}

/** What one request through a plug-in file reads: the Uri and ServerCluster it resolves to, or why it resolves to none. */
function requestInputs(estate: Estate, p: PluginConfig | undefined, url: string, known?: Resolution): unknown {
  if (!p) return null;
  const req = parseRequestUrl(url);
  if (typeof req === 'string') return req;
  const res = known ?? resolve(indexed(estate, p), req);
  return typeof res === 'string' ? res : [res.uri, clusterInputs(estate, res.cluster)];
}


function requestFlows(key: string, label: string, url: string, through: string): NamedFlow[] {
  const run = (sessions: number) => (estate: Estate) => {
    const plugin = pluginsByKey(estate).get(key);
    if (!plugin) return undefined;
    return observedUnlessUnrunnable(() => sendRequests(new Simulation(estate, 1), plugin.file, url, REQUESTS, sessions).observed);
  };
  return [
    // The picture draws requests without sessions (plexlint graph's flows).
    { name: `requests to ${label}${through}`, run: run(0), ref: { kind: 'route', plugin: key, url, label } },
    { name: `requests in sessions to ${label}${through}`, run: run(SESSIONS) },
  ];
}

function pluginGroups(before: Estate, after: Estate, options: FlowOptions): FlowGroup[] {
  const sides = [pluginsByKey(before), pluginsByKey(after)] as const;
  const keys = [...new Set([...sides[0].keys(), ...sides[1].keys()])].sort((a, b) => a.localeCompare(b));
  const through = (key: string): string => (keys.length > 1 ? ` through ${key}` : '');
  const groups: FlowGroup[] = [];
  for (const key of keys) {
    const [b, a] = [sides[0].get(key), sides[1].get(key)];
    const tables = [b ? table(b) : null, a ? table(a) : null] as const;
    if (!options.exhaustive && b && a && sameModel(tables[0], tables[1])) {
      const odrs = [b, a].some((p) => p.clusters.some((c) => c.servers.some((s) => s.odr)));
      if (sameModel(b.clusters, a.clusters) && (!odrs || sameModel(odrInputs(before), odrInputs(after)))) {
        // Nothing a request through this file reads has changed (the model diff has walked the clusters already).
        const names = new Set(b.clusters.map((c) => c.name));
        const routed = b.routes.filter((r) => r.serverCluster !== undefined && names.has(r.serverCluster)).length;
        groups.push({ inputs: [b, b], size: 2 * routed, flows: () => [] });
        continue;
      }
      // The same routing table: the same request takes the same Route on both sides.
      const [ib, ia] = [indexed(before, b), indexed(after, a)];
      ib.routes.forEach((route, i) => {
        if (!route.cluster) return;
        groups.push({
          inputs: [clusterInputs(before, route.cluster), clusterInputs(after, ia.routes[i]!.cluster)],
          size: 2,
          flows(all) {
            const sample = all ? sampleRequest(ib, route) : undefined;
            return sample ? requestFlows(key, sample.label, sample.url, through(key)) : [];
          },
        });
      });
      continue;
    }
    // The routing table changed (or every flow is asked for): every Route of the file is sampled on both sides.
    // Label → the sample's URL, and how each side resolves it where that side sampled it.
    const labels = new Map<string, { url: string; resolved: [Resolution?, Resolution?] }>();
    for (const [side, e, p] of [[0, before, b], [1, after, a]] as const) {
      for (const s of p ? sampleRequests(indexed(e, p)) : []) {
        const entry = labels.get(s.label) ?? { url: s.url, resolved: [] };
        if (entry.url === s.url) entry.resolved[side] = s.resolution;
        labels.set(s.label, entry);
      }
    }
    for (const [label, { url, resolved }] of labels) {
      const flows = requestFlows(key, label, url, through(key));
      // A sample request is simulated when it now takes another Uri or ServerCluster, or one that changed.
      const inputs = options.exhaustive ? tables : ([requestInputs(before, b, url, resolved[0]), requestInputs(after, a, url, resolved[1])] as const);
      groups.push({ inputs, size: flows.length, flows: (all) => (all ? flows : []) });
    }
  }
  return groups;
}

/**
 * cluster.xml clusters by "CELL/Cluster" (the first of a name, as the simulator
 * finds them), with the client nodes of their cell.
 */
const wasClusters = perEstate((estate: Estate): Map<string, WasCluster> => {
  const m = new Map<string, WasCluster>();
  for (const c of estate.web.clusters) {
    const key = `${c.cell ?? ''}/${c.name}`;
    if (c.cell && !m.has(key)) m.set(key, c);
  }
  return m;
});

function ejbGroups(before: Estate, after: Estate): FlowGroup[] {
  const clusters = new Map<string, { cell: string; name: string; nodes: Set<string> }>();
  for (const e of [before, after]) {
    const cells = new Map(e.web.cells.map((c) => [c.name, c]));
    for (const [key, c] of wasClusters(e)) {
      const entry = clusters.get(key) ?? { cell: c.cell!, name: c.name, nodes: new Set<string>() };
      for (const n of cells.get(c.cell!)?.clientNodes ?? []) entry.nodes.add(n.name);
      clusters.set(key, entry);
    }
  }
  const inputs = (e: Estate, key: string): unknown => wasClusters(e).get(key) ?? null;
  return [...clusters].sort(([a], [b]) => a.localeCompare(b)).map(([key, c]) => {
    const origins = [...[...c.nodes].sort(), ''];
    return {
      inputs: [inputs(before, key), inputs(after, key)],
      size: origins.length,
      flows: (all) =>
        all
          ? origins.map(
              (node, rank): Flow => ({
                what: 'EJB calls',
                destination: key,
                origins: singleOrigin(node || 'a remote client', rank),
                run: (estate: Estate) => observedUnlessUnrunnable(() => sendEjbCalls(new Simulation(estate, 1), c.cell, c.name, node, CALLS).observed),
                ref: { kind: 'ejb', cell: c.cell, cluster: c.name, node },
              }),
            )
          : [],
    };
  });
}

export const pluginFlows: FlowSource = { name: 'plug-in routes', groups: pluginGroups };
export const ejbFlows: FlowSource = { name: 'EJB clusters', groups: ejbGroups };
