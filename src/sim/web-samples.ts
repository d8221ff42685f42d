/**
 * Sample requests for the routes of a plug-in file: what the routing delta of
 * `plexlint diff`, the failure sweeps and the rules send when they need a
 * request the plug-in really routes through a route.
 */
import { parseRequestUrl, resolve, type Resolution } from './plugin.js';
import type { PluginIx, RouteIx } from './web-index.js';

export interface SampleRequest {
  /** A URL that the plug-in routes through this route. */
  url: string;
  /** What the route serves, e.g. "shop.example.com/shop/*" (the host as the VirtualHost names it). */
  label: string;
  resolution: Resolution;
}

function samplePath(pattern: string): string {
  const p = pattern.trim();
  if (p === '/*') return '/index';
  if (p.startsWith('*.')) return `/index${p.slice(1)}`;
  if (p.endsWith('/*')) return `${p.slice(0, -1)}index`;
  return p.replace(/\*/g, 'index');
}

/** A request the plug-in routes through this Route: its first Uri, on its first VirtualHost with a host name (else its first one). */
export function sampleRequest(plugin: PluginIx, r: RouteIx): SampleRequest | undefined {
  if (!r.cluster) return undefined;
  const hosts = [...r.hosts.filter((h) => h.exact), ...r.hosts.filter((h) => !h.exact)];
  for (const u of r.uris) {
    for (const h of hosts) {
      const host = h.vh.host.trim() === '*' ? 'www.example.com' : h.vh.host.trim().replace(/\*/g, 'www');
      const port = h.vh.port ?? 80;
      const scheme = port === 443 ? 'https' : 'http';
      const url = `${scheme}://${host}${port === (scheme === 'https' ? 443 : 80) ? '' : `:${port}`}${samplePath(u.pattern)}`;
      const req = parseRequestUrl(url);
      if (typeof req === 'string') continue;
      const res = resolve(plugin, req);
      if (typeof res === 'string' || res.route !== r || res.uri !== u) continue;
      const shown = h.exact ? `${h.vh.host}${port === 80 || port === 443 ? '' : `:${port}`}` : h.vh.name;
      return { url, label: `${shown}${u.pattern}`, resolution: res };
    }
  }
  return undefined;
}

/**
 * A request for each Route of a plug-in file (sampleRequest). Used by the
 * routing delta of `plexlint diff`, the failure sweeps and the rules.
 */
export function sampleRequests(plugin: PluginIx): SampleRequest[] {
  const known = samples.get(plugin);
  if (known) return known;
  const out = plugin.routes.flatMap((r) => {
    const found = sampleRequest(plugin, r);
    return found ? [found] : [];
  });
  samples.set(plugin, out);
  return out;
}

/** Per plug-in file of an estate (the rules, the sweeps and the diff ask for the same samples). */
const samples = new WeakMap<PluginIx, SampleRequest[]>();
