import { defineRule } from '../rule.js';
import { nameLoc } from '../web.js';

/** No empty VirtualHostGroup (the IBM "EI" validator). */
export const rule = defineRule({
  meta: {
    id: 'plugin-empty-virtual-host-group',
    severity: 'warning',
    category: 'plugin',
    description: 'A VirtualHostGroup without a VirtualHost',
    source: 'IBM WAS, "plugin-cfg.xml file" (VirtualHostGroup); IBM EI plugin-cfg.xml validator',
    consequences: [
      {
        reading: "IBM does not document a VirtualHostGroup without VirtualHosts; plexlint assumes no request matches it, so its Routes route nothing.",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      for (const g of p.virtualHostGroups) {
        if (g.hosts.length > 0) continue;
        const users = p.routes.filter((r) => r.virtualHostGroup === g.name).length;
        ctx.report({
          loc: nameLoc(g),
          message:
            `VirtualHostGroup '${g.name}' has no VirtualHost: plexlint assumes no request's host matches it, so ${users === 1 ? 'the Route that uses it routes nothing' : users ? `the ${users} Routes that use it route nothing` : 'no Route can use it'}. ` +
            `Add <VirtualHost Name="host:port"/> entries (e.g. *:80), or remove the group${users ? ' and its Routes' : ''}.`,
          subject: `${p.file} VirtualHostGroup ${g.name} empty`,
        });
      }
    }
  },
});
