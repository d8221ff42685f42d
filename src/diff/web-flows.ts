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
 * table of the file (URI precedence runs over every Route), so a changed
 * table affects every Route of the file; otherwise a Route's flows read its
 * ServerCluster (servers, weights, clone IDs, transports, primary and backup
 * lists) and, when its servers are ODRs, the cells behind them (ODRs, GSCs,
 * bridges, cell affinity) — a changed GSC touches every Route that sprays
 * over the ODRs of its cell. An EJB cluster's calls read the cluster.
 */
import type { Estate } from '../model/estate.js';
import { Simulation, SimulationError, type Observed } from '../sim/index.js';
import { sampleRequest, sampleRequests, sendEjbCalls, sendRequests } from '../sim/web.js';
import { webIndexOf, type ClusterIx, type PluginIx } from '../sim/web-index.js';
import { perEstate, singleOrigin, type Flow, type FlowGroup, type FlowOptions, type FlowSource, type NamedFlow } from './flows.js';
import { inputsText } from './inputs.js';

const REQUESTS = 6000;
const SESSIONS = 200;
const CALLS = 6000;

/** The folder all of an estate's files are in. */
function rootOf(estate: Estate): string {
  const dirs = estate.files.map((f) => f.split('/').slice(0, -1));
  if (dirs.length === 0) return '';
  let common = dirs[0]!;
  for (const d of dirs) {
    let i = 0;
    while (i < common.length && i < d.length && common[i] === d[i]) i++;
    common = common.slice(0, i);
  }
  return common.length ? `${common.join('/')}/` : '';
}

/** Plug-in files by their path below the estate's folder (the first one of a path). */
const pluginsByKey = perEstate((estate: Estate): Map<string, PluginIx> => {
  const root = rootOf(estate);
  const m = new Map<string, PluginIx>();
  for (const p of webIndexOf(estate).plugins) {
    const key = root && p.p.file.startsWith(root) ? p.p.file.slice(root.length) : p.p.file;
    if (!m.has(key)) m.set(key, p);
  }
  return m;
});

/** What decides which Route a request takes: Routes, VirtualHost and Uri groups, the cluster names. */
function tableText(p: PluginIx): string {
  return inputsText({ routes: p.p.routes, virtualHostGroups: p.p.virtualHostGroups, uriGroups: p.p.uriGroups, clusters: p.p.clusters.map((c) => c.name) });
}

/** The cells behind ODR servers, and the clone IDs by which the plug-in files know the ODRs. */
const odrText = perEstate((estate: Estate): string =>
  inputsText({ cells: estate.web.cells, odrServers: webIndexOf(estate).servers.flatMap((s) => (s.s.odr ? [[s.s.cloneId ?? null, s.s.odr]] : [])) }),
);

function clusterText(estate: Estate, c: ClusterIx | undefined): string {
  if (!c) return '';
  return inputsText(c.c) + (c.c.servers.some((s) => s.odr) ? odrText(estate) : '');
}

function quietly(run: () => Observed): Observed | undefined {
  try {
    return run();
  } catch (e) {
    if (e instanceof SimulationError) return undefined;
    throw e;
  }
}

function requestFlows(key: string, label: string, url: string, through: string): NamedFlow[] {
  const run = (sessions: number) => (estate: Estate) => {
    const plugin = pluginsByKey(estate).get(key);
    if (!plugin) return undefined;
    return quietly(() => sendRequests(new Simulation(estate, 1), plugin.p.file, url, REQUESTS, sessions).observed);
  };
  return [
    { name: `requests to ${label}${through}`, run: run(0) },
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
    const tables = [b ? tableText(b) : '', a ? tableText(a) : ''] as const;
    if (!options.exhaustive && b && a && tables[0] === tables[1]) {
      // The same routing table: the same request takes the same Route on both sides.
      b.routes.forEach((route, i) => {
        if (!route.cluster) return;
        groups.push({
          inputs: [clusterText(before, route.cluster), clusterText(after, a.routes[i]!.cluster)],
          size: 2,
          flows(all) {
            const sample = all ? sampleRequest(b, route) : undefined;
            return sample ? requestFlows(key, sample.label, sample.url, through(key)) : [];
          },
        });
      });
      continue;
    }
    // The routing table changed (or every flow is asked for): every Route of the file, sampled on both sides.
    const labels = new Map<string, string>();
    for (const p of [b, a]) for (const s of p ? sampleRequests(p) : []) if (!labels.has(s.label)) labels.set(s.label, s.url);
    const flows = [...labels].flatMap(([label, url]) => requestFlows(key, label, url, through(key)));
    groups.push({ inputs: tables, size: flows.length, flows: () => flows });
  }
  return groups;
}

/** cluster.xml clusters by "CELL/Cluster", with the client nodes of their cell. */
function ejbGroups(before: Estate, after: Estate): FlowGroup[] {
  const clusters = new Map<string, { cell: string; name: string; nodes: Set<string> }>();
  for (const e of [before, after]) {
    const ix = webIndexOf(e);
    for (const w of ix.wasClusters) {
      if (!w.cell) continue;
      const entry = clusters.get(w.key) ?? { cell: w.cell, name: w.c.name, nodes: new Set<string>() };
      for (const n of ix.cells.get(w.cell)?.cell.clientNodes ?? []) entry.nodes.add(n.name);
      clusters.set(w.key, entry);
    }
  }
  const inputs = (e: Estate, key: string): string => {
    const w = webIndexOf(e).wasByKey.get(key);
    return w ? inputsText(w.c) : '';
  };
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
                run: (estate: Estate) => quietly(() => sendEjbCalls(new Simulation(estate, 1), c.cell, c.name, node, CALLS).observed),
              }),
            )
          : [],
    };
  });
}

export const pluginFlows: FlowSource = { name: 'plug-in routes', groups: pluginGroups };
export const ejbFlows: FlowSource = { name: 'EJB clusters', groups: ejbGroups };
