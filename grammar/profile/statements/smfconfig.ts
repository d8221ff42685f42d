import { oneOf, opt, options, statement } from '../spec.js';
import type { OptionSpec } from '../spec.js';

/** The record types SMFCONFIG turns on or off, each with its NO form. */
const records = [
  'TCPINIT', 'TCPTERM', 'FTPCLIENT', 'TN3270CLIENT', 'TCPIPSTATISTICS', 'IFSTATISTICS', 'PORTSTATISTICS', 'TCPSTACK', 'UDPTERM',
  'DVIPA', 'SMCRGROUPSTATISTICS', 'SMCRLINKEVENT', 'SMCDLINKSTATISTICS', 'SMCDLINKEVENT', 'ZERTDETAIL', 'ZERTSUMMARY', 'IPSECURITY', 'PROFILE',
];
const flags: OptionSpec[] = records.flatMap((r) => oneOf(r.toLowerCase(), r, `NO${r}`));

/** Not confirmed: the stored copies of IBM's SMFCONFIG page (z/OS 2.2, 2.3, 2.4) end in its introduction, before the diagram. */
export const smfconfig = statement({
  id: 'smfconfig',
  notation: 'SMFCONFig',
  topic: 'SMFCONFIG statement',
  meaning: 'Which SMF type 118 and type 119 records the stack writes.',
  syntax: 'SMFCONFig [TYPE118 records | TYPE119 records] [TCPINIT|NOTCPINIT] [TCPTERM|NOTCPTERM] [FTPCLIENT|NOFTPCLIENT] … [PROFILE|NOPROFILE] (any order)',
  body: [options(opt('TYPE118'), opt('TYPE119'), flags)],
  unverified: true,
});
