import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { listText, nameLoc } from '../web.js';
import type { VirtualHost, WasHostAlias } from '../../model/web.js';
import { matchCell, virtualHostsOf } from './cell-match.js';

/** Whether a host alias of the cell takes requests for a plug-in VirtualHost (host:port, `*` a wildcard on either side of the cell). */
function covers(alias: WasHostAlias, vh: VirtualHost): boolean {
  const host = alias.hostname.trim().toLowerCase();
  const port = alias.port === '*' || vh.port === undefined || alias.port === vh.port;
  return port && (host === '*' || host === vh.host.trim().toLowerCase());
}

const aliasText = (a: WasHostAlias): string => `${a.hostname}:${a.port}`;

/**
 * A VirtualHost of a plug-in VirtualHostGroup that no host alias of the cell's virtual host of that name takes: the
 * plug-in forwards the request, and the application server finds no virtual host for it.
 */
export const rule = defineRule({
  meta: {
    id: 'plugin-stale-virtual-host',
    severity: 'error',
    category: 'plugin',
    description: "A plug-in VirtualHost (host:port) that the cell's virtualhosts.xml does not define (plug-in file not regenerated or not propagated)",
    source: 'IBM WAS, "How requests map to virtual host aliases"; IBM Support, "Why should I add extra host aliases in WAS virtualhost group (default_host)?"; "Update the global web server plug-in configuration setting"',
    consequences: [
      {
        documented: 'IBM WAS, "How requests map to virtual host aliases"',
        quote: 'If you request a resource using an alias that cannot be mapped to an alias of a defined virtual host, you receive a 404 error in the browser used to issue the request. A message states that the virtual host could not be found.',
      },
    ],
  },
  check(ctx) {
    const estate = ctx.estate;
    for (const p of estate.web.plugins) {
      const match = matchCell(estate, p);
      const defined = virtualHostsOf(estate, match.cell);
      if (defined.length === 0) continue;
      const cellText = match.cell ? `cell ${match.cell}` : 'the cell';
      for (const g of p.virtualHostGroups) {
        const vhost = defined.find((v) => v.name === g.name);
        if (!vhost) {
          ctx.report({
            loc: nameLoc(g),
            message:
              `virtual host ${g.name} is not defined in ${cellText} (${defined[0]!.file} defines ${listText(defined.map((v) => v.name))}): the plug-in forwards requests for its ${g.hosts.length} host alias${g.hosts.length === 1 ? '' : 'es'}, ` +
              `and the application server cannot map them to a virtual host, so they fail with 404 (SRVE0255E). The plug-in file was generated before the virtual host was removed or renamed and not regenerated, or not propagated. Regenerate the plug-in file and propagate it to the web server.`,
            related: [rel(defined[0]!.loc, `the virtual hosts of ${cellText}`)],
            subject: `${p.file} ${g.name} not in cell`,
          });
          continue;
        }
        for (const h of g.hosts) {
          if (vhost.aliases.some((a) => covers(a, h))) continue;
          ctx.report({
            loc: h.nameLoc ?? h.loc,
            message:
              `${h.name} is not a host alias of virtual host ${vhost.name} in ${cellText} (${vhost.file}: ${listText(vhost.aliases.map(aliasText)) || 'no alias'}): the plug-in takes requests for ${h.name} and forwards them, ` +
              `and the application server cannot map them to a virtual host, so they fail with 404 (SRVE0255E). The plug-in file was generated before the alias was removed and not regenerated, or not propagated. Regenerate the plug-in file and propagate it to the web server.`,
            related: [rel(vhost.nameLoc ?? vhost.loc, `virtual host ${vhost.name} in ${vhost.file}`)],
            subject: `${p.file} ${g.name} ${h.name} not an alias`,
          });
        }
      }
    }
  },
});
