/**
 * The WAS cell configuration documents plexlint compares a plug-in file with (docs/web-tier.md), read with the same
 * XML technique as cluster.xml (../xml). From IBM's WebSphere Application Server documentation ("Configuration
 * documents"): serverindex.xml, one per node (config/cells/<cell>/nodes/<node>/), lists the node's servers with their
 * named end points — WC_defaulthost and WC_defaulthost_secure are the web container's HTTP and HTTPS transports, the
 * ports the web server plug-in is generated to send to — and the node's hostName; virtualhosts.xml, one per cell
 * (config/cells/<cell>/), lists the virtual hosts and their host aliases (hostname, port). Only those values are
 * read; the many other attributes of the documents are not findings.
 */
import type { Finding } from '../../core/diagnostic.js';
import type { SourceFile } from '../../sources/source-file.js';
import { attribute, readXml, type XmlElement } from '../xml/index.js';
import type { EndpointAst, PortAst, ServerEntryAst, ServerIndexAst, VirtualHostAst, VirtualHostsAst } from './ast.js';

const WAS = 'WAS';

function port(el: XmlElement, name: string, what: string, findings: Finding[], wildcard: boolean): PortAst | undefined {
  const a = attribute(el, name);
  if (!a) return undefined;
  const raw = a.value.trim();
  if (wildcard && raw === '*') return { raw: a.value, value: '*', loc: a.valueLoc };
  if (/^\d{1,5}$/.test(raw) && Number(raw) <= 65535) return { raw: a.value, value: Number(raw), loc: a.valueLoc };
  findings.push({
    ruleId: 'was-invalid-value',
    loc: a.valueLoc,
    message: `${what} port="${a.value}" is not a port number (0–65535${wildcard ? ' or *' : ''}): plexlint assumes WAS cannot use it (IBM does not document what it does with another value), and compares nothing with it. Correct the port.`,
  });
  return { raw: a.value, loc: a.valueLoc };
}

export function parseServerIndex(file: SourceFile): { ast: ServerIndexAst; findings: Finding[] } {
  const { doc, findings } = readXml(file, { consumer: WAS });
  const ast: ServerIndexAst = { file: file.path, loc: file.lines.loc(file.path, 0, 0), found: false, servers: [], wellFormed: doc.wellFormed };
  const root = doc.roots.find((r) => r.localName === 'ServerIndex');
  if (!root) return { ast, findings };
  ast.found = true;
  ast.loc = root.loc;
  const host = attribute(root, 'hostName');
  if (host) ast.hostName = { value: host.value, loc: host.valueLoc };
  for (const entry of root.children) {
    if (entry.localName !== 'serverEntries') continue;
    const server: ServerEntryAst = { endpoints: [], loc: entry.loc };
    const name = attribute(entry, 'serverName');
    const type = attribute(entry, 'serverType');
    if (name) server.serverName = { value: name.value, loc: name.valueLoc };
    else findings.push({ ruleId: 'was-invalid-value', loc: entry.loc, message: 'a serverEntries element without serverName: plexlint assumes WAS cannot tell which server it describes (IBM does not document this), and compares no plug-in Transport with its ports. Add serverName.' });
    if (type) server.serverType = type.value;
    for (const special of entry.children) {
      if (special.localName !== 'specialEndpoints') continue;
      const endPointName = attribute(special, 'endPointName');
      if (!endPointName) continue;
      const endpoint: EndpointAst = { name: endPointName.value, nameLoc: endPointName.valueLoc, loc: special.loc };
      const point = special.children.find((c) => c.localName === 'endPoint');
      if (point) {
        const h = attribute(point, 'host');
        if (h) endpoint.host = { value: h.value, loc: h.valueLoc };
        const p = port(point, 'port', `end point ${endPointName.value}`, findings, false);
        if (p) endpoint.port = p;
      }
      server.endpoints.push(endpoint);
    }
    ast.servers.push(server);
  }
  return { ast, findings };
}

export function parseVirtualHosts(file: SourceFile): { ast: VirtualHostsAst; findings: Finding[] } {
  const { doc, findings } = readXml(file, { consumer: WAS });
  const ast: VirtualHostsAst = { file: file.path, loc: file.lines.loc(file.path, 0, 0), virtualHosts: [], wellFormed: doc.wellFormed };
  const hosts: XmlElement[] = [];
  for (const r of doc.roots) {
    if (r.localName === 'VirtualHost') hosts.push(r);
    else for (const c of r.children) if (c.localName === 'VirtualHost') hosts.push(c);
  }
  if (doc.roots[0]) ast.loc = doc.roots[0].loc;
  for (const el of hosts) {
    const vh: VirtualHostAst = { aliases: [], loc: el.loc };
    const name = attribute(el, 'name');
    if (name) vh.name = { value: name.value, loc: name.valueLoc };
    for (const a of el.children) {
      if (a.localName !== 'aliases') continue;
      const alias: VirtualHostAst['aliases'][number] = { loc: a.loc };
      const hostname = attribute(a, 'hostname');
      if (hostname) alias.hostname = { value: hostname.value, loc: hostname.valueLoc };
      const p = port(a, 'port', `host alias ${hostname?.value ?? ''}`.trim(), findings, true);
      if (p) alias.port = p;
      vh.aliases.push(alias);
    }
    ast.virtualHosts.push(vh);
  }
  return { ast, findings };
}
