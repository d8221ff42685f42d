import { defineRule } from '../rule.js';

/** Reported by the go-script front end while reading the files; docs/rules/goscript-crlf-line-ends.md. */
export const rule = defineRule({
  meta: {
    id: 'goscript-crlf-line-ends',
    severity: 'error',
    category: 'load-balancer',
    description: 'A go script with Windows (CR LF) line ends: "bad interpreter", the script does not run',
    source: 'POSIX execve and the #! line (the interpreter path ends at the line feed); Edge Components, Scripts to run with high availability',
    consequences: [
      {
        reading:
          "IBM documents that the Load Balancer runs the go scripts on high-availability state changes, not what happens when one cannot start; the system refuses to run a script whose #! line names the interpreter '/bin/ksh\\r' (\"bad interpreter\"), and plexlint assumes the state change then happens without the script's commands (no alias or unalias of the cluster address).",
      },
    ],
    emittedBy: 'front end',
  },
});
