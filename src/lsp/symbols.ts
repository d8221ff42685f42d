/**
 * The outline of a document: the statements of a TCP/IP profile (with the statements inside VIPADYNAMIC and
 * BEGINROUTES under their block), or the virtual host groups, clusters with their servers, URI groups and routes
 * of a plugin-cfg.xml.
 */
import { spanLocs, type Loc } from '../core/loc.js';
import { profileOutline, type OutlineStatement } from './profile-outline.js';
import type { DocumentContext } from './session.js';

/** LSP SymbolKind values. */
const KIND = { module: 2, namespace: 3, class: 5, property: 7, interface: 11, function: 12, constant: 14, string: 15, object: 19 } as const;

export interface OutlineSymbol {
  name: string;
  detail: string;
  kind: number;
  loc: Loc;
  selection: Loc;
  children: OutlineSymbol[];
}

const NAMED = new Set(['DEVICE', 'LINK', 'INTERFACE']);
const VIPA = new Set(['VIPADEFINE', 'VIPABACKUP', 'VIPADELETE', 'VIPADISTRIBUTE', 'VIPARANGE', 'VIPAROUTE', 'VIPASMPARMS']);

function profileSymbol(s: OutlineStatement): OutlineSymbol {
  const kind = s.children.length || s.name === 'VIPADYNAMIC' || s.name === 'BEGINROUTES' ? KIND.namespace : NAMED.has(s.name) ? KIND.interface : VIPA.has(s.name) ? KIND.constant : s.name === 'INCLUDE' ? KIND.module : KIND.property;
  return { name: s.name, detail: s.detail, kind, loc: s.loc, selection: s.keywordLoc, children: s.children.map(profileSymbol) };
}

export function documentSymbols(ctx: DocumentContext): OutlineSymbol[] {
  if (ctx.kind === 'profile') return profileOutline(ctx.source).map(profileSymbol);
  if (ctx.kind !== 'plugin-cfg') return [];
  const plugin = ctx.result?.compiled.estate.web.plugins.find((p) => p.file === ctx.source.path);
  if (!plugin) return [];
  // The model's loc of an element is its start tag's `<Name`; the range covers the name's value too (LSP wants the
  // selection inside the range) and the children.
  const named = (name: string, what: string, kind: number, loc: Loc, nameLoc: Loc | undefined, children: OutlineSymbol[] = []): OutlineSymbol => ({
    name: name || what,
    detail: what,
    kind,
    loc: [nameLoc, ...children.map((c) => c.loc)].reduce<Loc>((a, b) => (b && b.file === a.file ? spanLocs(a, b) : a), loc),
    selection: nameLoc ?? loc,
    children,
  });
  return [
    ...plugin.virtualHostGroups.map((g) => named(g.name, 'VirtualHostGroup', KIND.namespace, g.loc, g.locs['Name'], g.hosts.map((h) => named(h.name, 'VirtualHost', KIND.string, h.loc, h.nameLoc)))),
    ...plugin.clusters.map((c) => named(c.name, `ServerCluster ${c.loadBalance}`, KIND.class, c.loc, c.locs['Name'], c.servers.map((s) => named(s.name, `Server${s.cloneId ? ` ${s.cloneId}` : ''}`, KIND.object, s.loc, s.locs['Name'])))),
    ...plugin.uriGroups.map((g) => named(g.name, 'UriGroup', KIND.namespace, g.loc, g.locs['Name'], g.uris.map((u) => named(u.pattern, 'Uri', KIND.string, u.loc, u.locs['Name'])))),
    ...plugin.routes.map((r) => named(`${r.virtualHostGroup ?? '*'} ${r.uriGroup ?? '*'} → ${r.serverCluster ?? '?'}`, 'Route', KIND.function, r.loc, undefined)),
  ];
}
