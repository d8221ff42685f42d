/**
 * serverindex.xml and virtualhosts.xml ASTs → the servers and virtual hosts of the web tier (src/model/web.ts).
 *
 * A serverindex.xml belongs to the node whose folder holds it and to the cell of its path, as WAS lays its
 * configuration repository out (config/cells/<cell>/nodes/<node>/serverindex.xml); a virtualhosts.xml to the cell of
 * its path (config/cells/<cell>/virtualhosts.xml) — or to the cell of plexlint.yaml whose folder holds it.
 */
import type { ServerIndexAst, VirtualHostsAst } from '../../frontends/was/ast.js';
import type { WasServer, WasVirtualHost } from '../web.js';

export interface ServerIndexInput {
  ast: ServerIndexAst;
  /** The cell of the manifest whose folder holds the file. */
  cell?: string;
}

export interface VirtualHostsInput {
  ast: VirtualHostsAst;
  cell?: string;
}

/** config/cells/<cell>/… → <cell>. */
export function cellOfPath(path: string): string | undefined {
  return /(?:^|\/)cells\/([^/]+)\//.exec(path.split('\\').join('/'))?.[1];
}

/** The node a serverindex.xml describes: the folder that holds it (…/nodes/<node>/serverindex.xml). */
export function nodeOfPath(path: string): string | undefined {
  const parts = path.split('\\').join('/').split('/');
  return parts.length >= 2 ? parts[parts.length - 2] : undefined;
}

export function wasServers(inputs: ServerIndexInput[]): WasServer[] {
  const out: WasServer[] = [];
  for (const { ast, cell } of inputs) {
    if (!ast.found) continue;
    const node = nodeOfPath(ast.file);
    if (node === undefined) continue;
    const c = cell ?? cellOfPath(ast.file);
    for (const s of ast.servers) {
      if (!s.serverName) continue;
      const server: WasServer = { name: s.serverName.value, node, endpoints: [], file: ast.file, loc: s.loc, nameLoc: s.serverName.loc };
      if (c !== undefined) server.cell = c;
      if (ast.hostName) server.hostName = ast.hostName.value;
      if (s.serverType !== undefined) server.serverType = s.serverType;
      for (const e of s.endpoints) {
        const endpoint: WasServer['endpoints'][number] = { name: e.name, host: e.host?.value ?? '*', loc: e.loc };
        if (typeof e.port?.value === 'number') {
          endpoint.port = e.port.value;
          endpoint.portLoc = e.port.loc;
        }
        server.endpoints.push(endpoint);
      }
      out.push(server);
    }
  }
  return out;
}

export function wasVirtualHosts(inputs: VirtualHostsInput[]): WasVirtualHost[] {
  const out: WasVirtualHost[] = [];
  for (const { ast, cell } of inputs) {
    const c = cell ?? cellOfPath(ast.file);
    for (const v of ast.virtualHosts) {
      if (!v.name) continue;
      const vh: WasVirtualHost = { name: v.name.value, aliases: [], file: ast.file, loc: v.loc, nameLoc: v.name.loc };
      if (c !== undefined) vh.cell = c;
      for (const a of v.aliases) {
        if (!a.hostname || a.port?.value === undefined) continue;
        vh.aliases.push({ hostname: a.hostname.value, port: a.port.value, loc: a.loc });
      }
      out.push(vh);
    }
  }
  return out;
}
