import { oneOf, opt, options, statement } from '../spec.js';
import { v } from '../values.js';

/** Not confirmed: no copy of IBM's SACONFIG page was reachable. */
export const saconfig = statement({
  id: 'saconfig',
  notation: 'SACONFig',
  topic: 'SACONFIG statement',
  meaning: 'The TCP/IP SNMP subagent: on or off, its community name, the agent port, whether SETs are allowed.',
  syntax: 'SACONFig [ENABLED|DISABLED] [COMMUNITY name] [AGENT port] [SETSENABLED|SETSDISABLED] [OSASF port|NOOSASF] [ATMENABLED|ATMDISABLED] (any order)',
  unverified: true,
  body: [
    options(
      oneOf('enabled', 'ENABLED', 'DISABLED'),
      // The community name is case sensitive (IBM: the one exception to folding).
      opt('COMMUNITY', v.text('community name')),
      opt('AGENT', v.port('agent port')),
      oneOf('sets', 'SETSENABLED', 'SETSDISABLED'),
      opt('OSASF', v.port('OSA/SF port')),
      opt('NOOSASF'),
      oneOf('atm', 'ATMENABLED', 'ATMDISABLED'),
    ),
  ],
});
