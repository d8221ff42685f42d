import { defineRule } from '../rule.js';

/** Reported by the capture front end (src/frontends/capture); docs/rules/capture-not-a-report.md. */
export const rule = defineRule({
  meta: {
    id: 'capture-not-a-report',
    severity: 'warning',
    category: 'drift',
    description: 'A file given as a capture that holds none of the reports plexlint reads, or a report it does not read (NETSTAT CONN, dscontrol server status, …)',
    source: 'plexlint drift (docs/drift.md): the reports it reads',
    consequences: [
      {
        plexlint: 'plexlint does not use the file (or the report) for plexlint drift or a simulation from the running state.',
      },
    ],
    emittedBy: 'front end',
  },
});
