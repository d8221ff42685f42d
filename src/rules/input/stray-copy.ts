import { defineRule } from '../rule.js';

/** Reported by the compiler driver (src/engine/compile.ts) for the files discovery set aside (src/sources/stray.ts); docs/rules/stray-copy.md. */
export const rule = defineRule({
  meta: {
    id: 'stray-copy',
    severity: 'info',
    category: 'input',
    description: 'A backup, dated or editor copy of a file (.bak, .old, .orig, ~, .save, .tmp, .rej, .swp, SYSA.tcpip.20240101, Copy of …): never part of the estate, not read',
    source: 'plexlint input discovery: a z/OS stack reads the profile its PROFILE DD names, a Load Balancer its configuration file, the plug-in its plugin-cfg.xml; a copy beside them is read by none',
    consequences: [
      {
        plexlint:
          'plexlint does not read the file and counts it in no part of the estate — not a stack, a Load Balancer or a plug-in file, with or without plexlint.yaml — so it takes part in no cross-file rule, simulation, diff or graph.',
      },
    ],
    emittedBy: 'front end',
  },
});
