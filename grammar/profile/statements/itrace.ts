import { oneOf, opt, options, statement } from '../spec.js';
import { v } from '../values.js';

const level = v.int('trace level', 0, 4);

export const itrace = statement({
  id: 'itrace',
  notation: 'ITRACE',
  topic: 'ITRACE statement',
  meaning: 'Internal tracing of the configuration component, the SNMP subagent and the command processors (for IBM service).',
  syntax: 'ITRACE {ON|OFF} [CONFIG level | SUBAGENT level | COMMAND level | AUTODAEMON level]',
  body: [options(oneOf('onoff', 'ON', 'OFF'), opt('CONFIG', level), opt('SUBAGENT', level), opt('COMMAND', level), opt('AUTODAEMON', level), opt('PARSE', level))],
  unverified: true,
});
