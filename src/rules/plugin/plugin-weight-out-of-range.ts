import { defineRule } from '../rule.js';
import { everyServer } from '../web.js';

/** LoadBalanceWeight: the console allows 0–20. */
export const rule = defineRule({
  meta: {
    id: 'plugin-weight-out-of-range',
    severity: 'warning',
    category: 'plugin',
    description: 'A Server LoadBalanceWeight above 20, the highest weight WAS allows',
    source: 'IBM WAS, "plugin-cfg.xml file" (Server LoadBalanceWeight); cluster member weight range 0-20',
    consequences: [
      {
        documented: "IBM support, Recommended values for web server plug-in config",
        quote: "The IBM WebSphere Application Server administrative console allows a value of up to 20. However, it is possible to manually edit the plugin-cfg.xml file and specify some other value for LoadBalanceWeight that is higher than 20.",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      // Wherever the Server stands: in its cluster, or in a fragment without one.
      for (const { server: s, cluster: c } of everyServer(p)) {
        if (s.weight <= 20) continue;
        ctx.report({
          loc: s.locs['LoadBalanceWeight'] ?? s.loc,
          message:
            `server '${s.name}' has LoadBalanceWeight ${s.weight}, above 20, the highest weight the WAS console allows: the value is a hand edit, ` +
            `which the next generation of the file overwrites with the member's weight from WAS. The plug-in divides the weights by their greatest common divisor, ` +
            `so a smaller set with the same ratios (e.g. 20/10 instead of 40/20) balances the same. Set the member weight in WAS (0–20) and regenerate.`,
          subject: `${p.file} ${c?.name ?? '(no cluster)'} ${s.name} LoadBalanceWeight ${s.weight}`,
        });
      }
    }
  },
});
