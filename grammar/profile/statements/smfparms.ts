import { opt, options, statement } from '../spec.js';
import { v } from '../values.js';

/** Not confirmed: no copy of IBM's SMFPARMS page was reachable. IBM converts SMFPARMS to SMFCONFIG (IPCS TCPIPCS PROFILE) and recommends SMFCONFIG. */
export const smfparms = statement({
  id: 'smfparms',
  notation: 'SMFPARMS',
  topic: 'SMFPARMS statement',
  meaning: 'SMF type 118 record subtypes (the older form of SMFCONFIG TYPE118).',
  syntax: 'SMFPARMS [TCPINIT subtype] [TCPTERM subtype] [TCPIPSTATISTICS subtype]',
  body: [options(opt('TCPINIT', v.int('subtype', 0, 255)), opt('TCPTERM', v.int('subtype', 0, 255)), opt('TCPIPSTATISTICS', v.int('subtype', 0, 255)))],
  unverified: true,
});
