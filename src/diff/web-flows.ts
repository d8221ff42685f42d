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
 */
import type { Estate } from '../model/estate.js';
import { estateRelative } from '../model/files.js';
import { Simulation, SimulationError, type Observed } from '../sim/index.js';
import { sampleRequests, sendEjbCalls, sendRequests } from '../sim/web.js';
import { webIndexOf } from '../sim/web-index.js';
import type { Flow, FlowSource } from './behaviour.js';

const REQUESTS = 6000;
const SESSIONS = 200;
const CALLS = 6000;

function pluginKey(estate: Estate, file: string): string {
  return estateRelative(estate, file);
}

function quietly(run: () => Observed): Observed | undefined {
  try {
    return run();
  } catch (e) {
    if (e instanceof SimulationError) return undefined;
    throw e;
  }
}

export const webFlowSource: FlowSource = {
  flows(before, after) {
    const flows: Flow[] = [];
    // Plug-in routes: key → label → URL.
    const routes = new Map<string, Map<string, string>>();
    for (const e of [before, after]) {
      for (const p of webIndexOf(e).plugins) {
        const key = pluginKey(e, p.p.file);
        const m = routes.get(key) ?? new Map<string, string>();
        for (const s of sampleRequests(p)) if (!m.has(s.label)) m.set(s.label, s.url);
        routes.set(key, m);
      }
    }
    const many = routes.size > 1;
    for (const [key, labels] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
      for (const [label, url] of labels) {
        const through = many ? ` through ${key}` : '';
        const run = (sessions: number) => (estate: Estate) => {
          const plugin = webIndexOf(estate).plugins.find((p) => pluginKey(estate, p.p.file) === key);
          if (!plugin) return undefined;
          return quietly(() => sendRequests(new Simulation(estate, 1), plugin.p.file, url, REQUESTS, sessions).observed);
        };
        flows.push({ name: `requests to ${label}${through}`, run: run(0) });
        flows.push({ name: `requests in sessions to ${label}${through}`, run: run(SESSIONS) });
      }
    }
    // EJB clusters: key → client nodes.
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
    for (const [key, c] of [...clusters].sort(([a], [b]) => a.localeCompare(b))) {
      for (const node of [...[...c.nodes].sort(), '']) {
        const origin = node || 'a remote client';
        flows.push({
          name: `EJB calls from ${origin} to ${key}`,
          what: 'EJB calls',
          origin,
          destination: key,
          run: (estate) => quietly(() => sendEjbCalls(new Simulation(estate, 1), c.cell, c.name, node, CALLS).observed),
        });
      }
    }
    return flows;
  },
};
