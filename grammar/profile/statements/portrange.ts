import { list, oneOf, opt, orderedOptions, slot, statement } from '../spec.js';
import { v } from '../values.js';

export const portrange = statement({
  id: 'portrange',
  notation: 'PORTRange',
  topic: 'PORTRANGE statement',
  meaning: 'Reserves a range of ports for a job name (or RESERVED, or AUTHPORT for FTP passive data ports).',
  syntax: 'PORTRange first_port num_ports {TCP|UDP} {RESERVED | AUTHPORT | jobname [NOAUTOLog] [DELAYAcks|NODELAYAcks] [SAF resname] [NOSMC|SMC]} …',
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
