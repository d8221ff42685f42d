import { defineRule } from '../rule.js';

/** Reported by the TCP/IP profile front end (src/frontends/profile) for INCLUDE; docs/rules/include-unix-file.md. */
export const rule = defineRule({
  meta: {
    id: 'include-unix-file',
    severity: 'warning',
    category: 'input',
    description: 'An INCLUDE that names a z/OS UNIX file, where the INCLUDE topic documents an MVS data set name (unverified either way)',
    source: 'INCLUDE statement (IP Configuration Reference); EZZ0300I',
    consequences: [
      {
        plexlint:
          "plexlint's reading: the INCLUDE topic documents an MVS data set name, and plexlint could not confirm whether the stack opens a z/OS UNIX file there; if it does not, none of the file's statements take effect. A warning, not an error, because the fact is unverified.",
      },
    ],
    emittedBy: 'front end',
  },
});
