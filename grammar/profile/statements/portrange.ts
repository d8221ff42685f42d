import { list, oneOf, opt, orderedOptions, slot, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * Not confirmed: the stored copy of IBM's z/OS 2.4 page gives the order rule ("The portrange
 * options … must be specified in the same order as they appear on the following syntax
 * diagram") and 1st_port (1–65535) but not the diagram itself.
 */
export const portrange = statement({
  id: 'portrange',
  notation: 'PORTRange',
  topic: 'PORTRANGE statement',
  meaning: 'Reserves a range of ports for a job name (or RESERVED, or AUTHPORT for FTP passive data ports).',
  syntax: 'PORTRange first_port num_ports {TCP|UDP} {RESERVED | AUTHPORT | jobname [NOAUTOLog] [DELAYAcks|NODELAYAcks] [SAF resname] [NOSMC|SMC]} …',
  unverified: true,
  body: [
    list('ranges', [
      slot('port', v.port('first port')),
      slot('count', v.int('number of ports', 1, 65535)),
      slot('protocol', v.keyword('protocol', 'TCP', 'UDP')),
      slot('job', v.name('job name', 8)),
      // IBM: "The portrange options must be specified in the same order as they appear on the syntax diagram."
      orderedOptions(opt('NOAUTOLog'), oneOf('delayacks', 'DELAYAcks', 'NODELAYAcks'), opt('SAF', v.name('resource name', 8)), oneOf('smc', 'NOSMC', 'SMC', 'NOSMCR')),
    ]),
  ],
});
