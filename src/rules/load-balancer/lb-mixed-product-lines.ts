import { defineRule } from '../rule.js';
import { reportLbRejections } from './common.js';

/** Found by the model builder (src/model/builders/lb.ts); docs/rules/lb-mixed-product-lines.md. */
export const rule = defineRule({
  meta: {
    id: 'lb-mixed-product-lines',
    severity: 'error',
    category: 'load-balancer',
    description: "':' and '@' separators (Load Balancer for IPv4 and for IPv4 and IPv6) in one configuration",
    source: 'Edge Components, "Migrate to Load Balancer IPv4 and IPv6" (change every : to @); dscontrol port / server syntax of both lines',
    consequences: [
      {
        reading: "IBM's migration guide says to change every ':' to '@' when moving to Load Balancer for IPv4 and IPv6; IBM does not document what dscontrol does with the other separator, and plexlint assumes the command is refused or the address taken as one host name.",
      },
    ],
    emittedBy: 'model builder',
    fixable: true,
  },
  check: reportLbRejections,
});
