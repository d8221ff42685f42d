import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { haConfigured } from './common.js';

/** goIdle runs when stand-alone forwarding starts; IBM: do not use it with high availability. */
export const rule = defineRule({
  meta: {
    id: 'goidle-with-ha',
    severity: 'warning',
    category: 'load-balancer',
    description: 'A goIdle go script on a Load Balancer configured for high availability (error when it aliases a cluster address)',
    source: 'Edge Components, "Scripts to run with high availability" (goIdle runs when the executor starts forwarding stand-alone; do not use it with high availability)',
    consequences: [
      {
        reading: "IBM documents that goIdle runs when the executor starts forwarding stand-alone and that it is not to be used with high availability; the effect the message gives (the machine owning the cluster address next to its partner) is plexlint's reading.",
      },
    ],
  },
  check(ctx) {
    for (const lb of ctx.estate.loadBalancers) {
      if (!haConfigured(lb)) continue;
      const script = lb.scripts.find((s) => s.name === 'goIdle');
      if (!script) continue;
      const clusters = new Set(lb.clusters.flatMap((c) => (c.address ? [c.address] : [])));
      const aliases = lb.aliases.idle.filter((a) => a.via === 'goIdle' && clusters.has(a.address));
      const first = aliases[0];
      const loc = first?.loc ?? script.loc;
      ctx.report({
        loc,
        severity: first ? 'error' : 'warning',
        message:
          `${lb.name}: ${script.file} is a goIdle script, but this Load Balancer is configured for high availability. goIdle runs when the executor starts forwarding on its own (idle state), ` +
          `which on a high-availability machine can happen before the highavailability statements are loaded or after they are removed${first ? `; this one aliases ${[...new Set(aliases.map((a) => a.address))].join(', ')} on ${first.interface ?? 'an interface'}, so for that time this machine can own the cluster address next to the active partner` : ''} (plexlint's reading). ` +
          `IBM: do not use goIdle with high availability. Delete or rename it, and put the address handling in goActive, goStandby and goInOp.`,
        related: lb.ha?.backup ? [rel(lb.ha.backup, 'high availability configured here')] : [],
        subject: `${lb.name} goIdle`,
      });
    }
  },
});
