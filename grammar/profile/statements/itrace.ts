import { oneOf, optSome, options, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * IBM's diagram (IP Diagnosis Guide, "Configuration profile trace"):
 * ITRACE ON [CONFig | SUBAGENt | COMMAND | AUTODAEMON] [level] — CONFIG SUBAGENT and level 1 by default —
 * and ITRACE OFF [CONFig | SUBAGENt | COMMAND | AUTODAEMON]. The levels IBM lists go up to the hundreds
 * (100 traces the parser), with no upper bound given, so any whole number is accepted.
 * Not confirmed: the IP Configuration Reference's ITRACE page was not reachable.
 */
const level = v.int('trace level', 0, 2147483647);

export const itrace = statement({
  id: 'itrace',
  notation: 'ITRACE',
  topic: 'ITRACE statement',
  meaning: 'Internal tracing of the configuration component, the SNMP subagent and the command processors (for IBM service).',
  syntax: 'ITRACE {ON [CONFig|SUBAGENt|COMMAND|AUTODAEMON] [level] | OFF [CONFig|SUBAGENt|COMMAND|AUTODAEMON]}',
  body: [
    options(
      oneOf('onoff', 'ON', 'OFF'),
      optSome('CONFig', 0, level),
      optSome('SUBAgent', 0, level),
      optSome('COMMAND', 0, level),
      optSome('AUTODAEMON', 0, level),
      optSome('PARSE', 0, level),
    ),
  ],
  unverified: true,
});
