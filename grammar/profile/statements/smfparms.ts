import { opt, options, statement } from '../spec.js';
import { v } from '../values.js';

export const smfparms = statement({
  id: 'smfparms',
  notation: 'SMFPARMS',
  topic: 'SMFPARMS statement',
  meaning: 'SMF type 118 record subtypes (the older form of SMFCONFIG TYPE118).',
  syntax: 'SMFPARMS [TCPINIT subtype] [TCPTERM subtype] [TCPIPSTATISTICS subtype]',
  body: [options(opt('TCPINIT', v.int('subtype', 0, 255)), opt('TCPTERM', v.int('subtype', 0, 255)), opt('TCPIPSTATISTICS', v.int('subtype', 0, 255)))],
  unverified: true,
});
