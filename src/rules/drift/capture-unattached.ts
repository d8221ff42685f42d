import { defineRule } from '../rule.js';

/** Reported by the running-state builder (src/model/builders/running.ts); docs/rules/capture-unattached.md. */
export const rule = defineRule({
  meta: {
    id: 'capture-unattached',
    severity: 'warning',
    category: 'drift',
    description: 'A captured report about one stack or Load Balancer machine that plexlint cannot attach to a system or machine of the estate',
    source: 'plexlint drift (docs/drift.md): how a capture is attached to a system',
    consequences: [
      {
        plexlint: 'plexlint does not compare the report with any configuration and does not simulate from it.',
      },
    ],
    emittedBy: 'model builder',
  },
});
