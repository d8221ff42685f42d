import { defineRule } from '../rule.js';

/** Reported by the capture front end (src/frontends/capture) while reading a capture; docs/rules/capture-malformed.md. */
export const rule = defineRule({
  meta: {
    id: 'capture-malformed',
    severity: 'warning',
    category: 'drift',
    description: 'A line of a captured report (NETSTAT, DISPLAY TCPIP, dscontrol) that does not have the layout IBM documents for it, or an entry the capture cuts off',
    source: 'IBM IP System Administrator’s Commands, Netstat report topics (VIPADCFG/-F, VIPADyn/-v, VDPT/-O, VCRT/-V, HOme/-h) and DISPLAY TCPIP,,SYSPLEX; IBM Edge Components Load Balancer, dscontrol manager, server and highavailability',
    consequences: [
      {
        plexlint: 'plexlint leaves the entry (or the value) out of the running state it compares with the configuration and simulates from, so plexlint drift cannot say anything about it.',
      },
    ],
    emittedBy: 'front end',
  },
});
