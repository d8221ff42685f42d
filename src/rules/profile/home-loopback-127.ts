import { defineRule } from '../rule.js';

/** Reported by the front ends (src/frontends) while reading the files; docs/rules/home-loopback-127.md. */
export const rule = defineRule({
  meta: {
    id: 'home-loopback-127',
    severity: 'error',
    category: 'profile',
    description: "127.0.0.1 in the HOME list",
    source: "EZZ0344I",
    consequences: [
      {
        documented: "EZZ0344I",
        quote: "The permanent loopback IP address 127.0.0.1 cannot be added to the HOME list. … If processing an initial profile or a VARY TCPIP,,OBEYFILE command, TCP/IP ignores the statement. TCP/IP continues.",
      },
    ],
    emittedBy: 'front end',
    fixable: true,
  },
});
