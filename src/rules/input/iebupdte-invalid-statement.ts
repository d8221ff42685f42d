import { defineRule } from '../rule.js';

/** Reported by the IEBUPDTE front end (src/frontends/iebupdte) while reading a job stream; docs/rules/iebupdte-invalid-statement.md. */
export const rule = defineRule({
  meta: {
    id: 'iebupdte-invalid-statement',
    severity: 'error',
    category: 'input',
    description: 'An IEBUPDTE control statement, or a statement of the IEBUPDTE step, outside the syntax IBM documents (so the member it would add is not taken)',
    source: 'IBM z/OS DFSMSdfp Utilities, IEBUPDTE: "Function statement", "Detail statement", "Continuing utility control statements"; z/OS MVS JCL Reference',
    consequences: [
      {
        reading:
          "IBM documents the control statements of IEBUPDTE (function, detail, ALIAS, LABEL, ENDUP), their operands and the JCL of the step (SYSUT2, SYSIN), but not, statement by statement, what IEBUPDTE does with one outside that syntax; plexlint assumes IEBUPDTE rejects the statement, and takes no member from the records it would have entered.",
      },
    ],
    emittedBy: 'front end',
  },
});
