import { oneOf, opt, options, statement, withSub } from '../spec.js';
import { v } from '../values.js';

const minLifetime = opt('MINLIFETIME', v.int('seconds', 0, 2147483647));

export const netmonitor = statement({
  id: 'netmonitor',
  notation: 'NETMONitor',
  topic: 'NETMONITOR statement',
  meaning: 'Which real-time network management services (SMF, packet and data trace, connection data, ZERT) the stack offers.',
  syntax:
    'NETMONitor [SMFService|NOSMFService] [PKTTRCService|NOPKTTRCService] [NTATRCService|NONTATRCService] [TCPCONNService [MINLIFETIME s]|NOTCPCONNService] ' +
    '[SMCRGROUPService|NOSMCRGROUPService] [ZERTService|NOZERTService] [ZERTSUMmary|NOZERTSUMmary] (any order)',
  body: [
    options(
      withSub({ ...opt('SMFService'), required: 0 }, oneOf('smfprofile', 'PROFILE', 'NOPROFILE'), oneOf('smfcsssl', 'CSSMTP', 'NOCSSMTP'), oneOf('smfcsmail', 'CSMAIL', 'NOCSMAIL'), oneOf('smfdvipa', 'DVIPA', 'NODVIPA')),
      opt('NOSMFService'),
      oneOf('pkttrc', 'PKTTRCService', 'NOPKTTRCService'),
      oneOf('ntatrc', 'NTATRCService', 'NONTATRCService'),
      withSub({ ...opt('TCPCONNService'), required: 0 }, minLifetime),
      opt('NOTCPCONNService'),
      oneOf('smcrgroup', 'SMCRGROUPService', 'NOSMCRGROUPService'),
      oneOf('zert', 'ZERTService', 'NOZERTService'),
      oneOf('zertsum', 'ZERTSUMmary', 'NOZERTSUMmary'),
    ),
  ],
  unverified: true,
});
