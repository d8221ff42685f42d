import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { endpointHost, endpointName, hostsDiffer, matchCell } from './cell-match.js';

/**
 * A Transport whose port (or host) is not the one the server's web container end point has in its node's
 * serverindex.xml: the port was changed, or the server moved, after the plug-in file was generated.
 */
export const rule = defineRule({
  meta: {
    id: 'plugin-stale-transport',
    severity: 'error',
    category: 'plugin',
    description: "A plug-in Transport whose port or host is not the server's web container end point in its node's serverindex.xml (plug-in file not regenerated or not propagated)",
    source: 'IBM WAS, "Application Server property settings for a web server plug-in" (Connect timeout); "Update the global web server plug-in configuration setting"; "Configuration documents" (serverindex.xml)',
    consequences: [
      {
        documented: 'IBM WAS, "Application Server property settings for a web server plug-in", Connect timeout',
        quote: 'If a connection does not occur within that time interval, the plug-in marks the server unavailable and sends the request to another application server in the cluster.',
      },
    ],
  },
  check(ctx) {
    const estate = ctx.estate;
    for (const p of estate.web.plugins) {
      const match = matchCell(estate, p);
      for (const c of p.clusters) {
        for (const s of c.servers) {
          const server = match.server.get(s);
          if (!server) continue;
          for (const t of s.transports) {
            const name = endpointName(t.protocol);
            if (!name) continue;
            const e = server.endpoints.find((x) => x.name === name);
            const where = `server ${server.name} on node ${server.node}${server.cell ? ` in cell ${server.cell}` : ''}`;
            const consequence = `the plug-in cannot connect to the server there, marks it unavailable and sends its requests to the other servers of the cluster (to none when all are stale). The plug-in file was generated before the change and not regenerated, or not propagated. Regenerate the plug-in file and propagate it to the web server.`;
            if (!e) {
              ctx.report({
                loc: t.locs['Port'] ?? t.loc,
                message: `this ${t.protocol} Transport of '${s.name}' has no ${name} end point to stand for: ${where} has none in ${server.file}, so nothing of the server listens at ${t.hostname}:${t.port} for it; ${consequence}`,
                related: [rel(server.nameLoc ?? server.loc, `${where} in ${server.file}`)],
                subject: `${p.file} ${s.name} ${t.protocol} no ${name}`,
              });
              continue;
            }
            if (e.port !== undefined && e.port !== t.port) {
              ctx.report({
                loc: t.locs['Port'] ?? t.loc,
                message: `this ${t.protocol} Transport of '${s.name}' sends to port ${t.port}, but ${name} of ${where} is port ${e.port} (${server.file}): ${consequence}`,
                related: [rel(e.portLoc ?? e.loc, `${name} of ${server.name}: port ${e.port}`)],
                subject: `${p.file} ${s.name} ${t.protocol} port ${t.port} not ${e.port}`,
              });
            }
            const host = endpointHost(server, e.host);
            if (host !== undefined && hostsDiffer(host, t.hostname)) {
              ctx.report({
                loc: t.locs['Hostname'] ?? t.loc,
                message: `this ${t.protocol} Transport of '${s.name}' sends to host ${t.hostname}, but ${name} of ${where} is reached at ${host} (${e.host.trim() === '*' ? `the node's hostName; the end point listens on every address` : 'its end point host'}, ${server.file}): ${consequence}`,
                related: [rel(e.loc, `${name} of ${server.name}`)],
                subject: `${p.file} ${s.name} ${t.protocol} host ${t.hostname} not ${host}`,
              });
            }
          }
        }
      }
    }
  },
});
