import { defineRule } from '../rule.js';

/** Reported by the IEASYMxx front end (src/frontends/ieasym) while reading the member; docs/rules/ieasym-invalid.md. */
export const rule = defineRule({
  meta: {
    id: 'ieasym-invalid',
    severity: 'error',
    category: 'input',
    description: 'An IEASYMxx statement the system reports with IEA012E: an undefined parameter, a reserved symbol defined with SYMDEF, a symbol name or value length in error',
    source: 'IBM z/OS MVS Initialization and Tuning Reference, "IEASYMxx"; z/OS MVS System Messages, IEA012E',
    consequences: [
      {
        reading:
          "IBM documents IEASYMxx's SYSDEF parameters and lists the errors the system reports with IEA012E (002 RESERVED SYMBOLIC DEFINED, 004 SYMBOL NAME ERROR, 006 DATA LENGTH ERROR, 007 UNDEFINED PARAMETER DETECTED, 008 DATA IN ERROR); the pages plexlint relies on do not say what the system then does with the definition, and plexlint assumes it does not take effect: it leaves the value out of the systems plexlint init drafts.",
      },
    ],
    emittedBy: 'front end',
  },
});
