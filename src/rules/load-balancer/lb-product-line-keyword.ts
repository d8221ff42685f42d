import { defineRule } from '../rule.js';
import { reportLbRejections } from './common.js';

/** Found by the model builder (src/model/builders/lb.ts); docs/rules/lb-product-line-keyword.md. */
export const rule = defineRule({
  meta: {
    id: 'lb-product-line-keyword',
    severity: 'error',
    category: 'load-balancer',
    description: 'A keyword of the other Load Balancer product line (e.g. method, porttype, maxservers, primaryhost, mss, hasynctimeout in an IPv4-and-IPv6 configuration)',
    source: 'Edge Components, "Migrate to Load Balancer IPv4 and IPv6" (command differences); dscontrol executor / port / server syntax diagrams of both lines',
    consequences: [
      {
        reading: "IBM's migration guide lists the keywords each product line lacks; IBM does not document dscontrol's error for them, and plexlint assumes the command is refused.",
      },
    ],
    emittedBy: 'model builder',
  },
  check: reportLbRejections,
});
