/** Shared pieces of the web-tier rules (plugin, odr, was). */
import type { Loc } from '../core/loc.js';

export { listText } from './helpers.js';
import type { Cell, PluginCluster, PluginConfig, PluginServer } from '../model/web.js';

/** The servers the plug-in load-balances over: the PrimaryServers list, or every server when there is none. */
export function primaries(c: PluginCluster): PluginServer[] {
  if (!c.primaryServers) return c.servers;
  const names = new Set(c.primaryServers.map((r) => r.name));
  return c.servers.filter((s) => names.has(s.name));
}

/**
 * Every Server of a plug-in file wherever it stands: in its ServerCluster, or outside any (a fragment, a Server in
 * the wrong element). Checks of a Server itself use this; checks of a cluster use the clusters.
 */
export function everyServer(p: PluginConfig): { server: PluginServer; cluster?: PluginCluster }[] {
  const out: { server: PluginServer; cluster?: PluginCluster }[] = [];
  for (const c of p.clusters) for (const s of c.servers) out.push({ server: s, cluster: c });
  for (const s of p.detachedServers ?? []) out.push({ server: s });
  return out;
}

/** The Name value of an object with attribute locations, else its element. */
export function nameLoc(x: { loc: Loc; locs: Record<string, Loc> }): Loc {
  return x.locs['Name'] ?? x.loc;
}

export function cellMap(cells: Cell[]): Map<string, Cell> {
  return new Map(cells.map((c) => [c.name, c]));
}

export function endpoint(host: string, port: number): string {
  return `${host}:${port}`;
}

export function tierText(tier: string): string {
  return tier === '' ? 'the default tier' : `tier ${tier}`;
}
