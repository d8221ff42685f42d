import { defineRule } from '../rule.js';
import { reportLbRejections } from './common.js';

/** Found by the model builder (src/model/builders/lb.ts); docs/rules/lb-undefined-object.md. */
export const rule = defineRule({
  meta: {
    id: 'lb-undefined-object',
    severity: 'error',
    category: 'load-balancer',
    description: 'A port, server or cluster command on a cluster or port that is not defined at that point of the configuration',
    source: 'Edge Components, dscontrol port ("you must add a port to a cluster before you can add any servers to that port") and dscontrol cluster / server',
    consequences: [
      {
        reading: "IBM documents that a port must be added to a cluster before servers are added to it; IBM does not document the error, and plexlint assumes dscontrol refuses the command.",
      },
    ],
    emittedBy: 'model builder',
  },
  check: reportLbRejections,
});
