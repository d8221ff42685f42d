import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';

/** IBM technote "Tips on configuring the high availability feature". */
export const rule = defineRule({
  meta: {
    id: 'ha-statements-order',
    severity: 'warning',
    category: 'load-balancer',
    description: 'highavailability statements before cluster, port or server statements in a configuration',
    source: 'IBM technote "Tips on configuring the high availability feature" (swg21211427): put the highavailability heartbeat, backup and reach statements after every cluster, port and server statement',
    consequences: [
      {
        reading: "IBM's technote Tips on configuring the high availability feature advises putting the highavailability heartbeat, backup and reach statements after every cluster, port and server statement; the consequence the message gives (an incomplete configuration synchronized, records of later ports not replicated) is plexlint's reading.",
      },
    ],
  },
  check(ctx) {
    for (const lb of ctx.estate.loadBalancers) {
      if (!lb.ha) continue;
      const last = lb.definitions.reduce<(typeof lb.definitions)[number] | undefined>((a, d) => (!a || d.order > a.order ? d : a), undefined);
      if (!last) continue;
      for (const s of lb.ha.statements) {
        if (s.order > last.order) continue;
        ctx.report({
          loc: s.loc,
          message:
            `${lb.name}: this highavailability statement comes before cluster, port or server statements (the last one is on line ${last.loc.line}). ` +
            `High availability starts working as soon as the statement runs, before the rest of the configuration exists, and IBM's advice is to put the heartbeat, backup and reach statements at the end; ` +
            `plexlint's reading of the risk otherwise: the partners start synchronizing an incomplete configuration and connection records of the later clusters and ports may not be replicated. ` +
            `Move the highavailability statements after line ${last.loc.line} (or let the Load Balancer write the file with dscontrol file save).`,
          related: [rel(last.loc, 'last cluster/port/server statement')],
          subject: `${lb.name} highavailability order`,
        });
      }
    }
  },
});
