import { oneOf, opt, options, statement, withSub } from '../spec.js';
import { v } from '../values.js';

/**
 * NETMONitor {OFF | ON | service …} as IBM's z/OS 2.3 diagram draws it (read word for word):
 * [NONTATRCService|NTATRCService] [NOPKTTRCService|PKTTRCService]
 * [NOTCPCONNService|TCPCONNService [MINLIFETime seconds]] [NOZERTService|ZERTService]
 * [NOZERTSUMmary|ZERTSUMmary] [NOSMFService|SMFService [NOCSMAIL|CSMAIL] [CSSMTP|NOCSSMTP]
 * [DVIPA|NODVIPA] [IPSECURITY|NOIPSECURITY] [PROFILE|NOPROFILE] …], in any order. Not
 * confirmed: plexlint cannot record a confirmation for a release before 2.4, and no later copy
 * of the page was reachable, so services added since 2.3 may be missing (an unknown word is a
 * warning). MINLIFETime's range is not on the stored copy.
 */
const minLifetime = opt('MINLIFETime', v.int('seconds', 0, 2147483647));

export const netmonitor = statement({
  id: 'netmonitor',
  notation: 'NETMONitor',
  topic: 'NETMONITOR statement',
  meaning: 'Which real-time network management services (SMF, packet and data trace, connection data, ZERT) the stack offers.',
  syntax:
    'NETMONitor {OFF | ON | [NTATRCService|NONTATRCService] [PKTTRCService|NOPKTTRCService] [TCPCONNService [MINLIFETime s]|NOTCPCONNService] ' +
    '[ZERTService|NOZERTService] [ZERTSUMmary|NOZERTSUMmary] [SMFService [CSMAIL|NOCSMAIL] [CSSMTP|NOCSSMTP] [DVIPA|NODVIPA] [IPSECURITY|NOIPSECURITY] [PROFILE|NOPROFILE]|NOSMFService] …}',
  body: [
    options(
      oneOf('onoff', 'ON', 'OFF'),
      oneOf('ntatrc', 'NTATRCService', 'NONTATRCService'),
      oneOf('pkttrc', 'PKTTRCService', 'NOPKTTRCService'),
      withSub({ ...opt('TCPCONNService'), required: 0 }, minLifetime),
      opt('NOTCPCONNService'),
      oneOf('zert', 'ZERTService', 'NOZERTService'),
      oneOf('zertsum', 'ZERTSUMmary', 'NOZERTSUMmary'),
      withSub(
        { ...opt('SMFService'), required: 0 },
        oneOf('smfcsmail', 'CSMAIL', 'NOCSMAIL'),
        oneOf('smfcssmtp', 'CSSMTP', 'NOCSSMTP'),
        oneOf('smfdvipa', 'DVIPA', 'NODVIPA'),
        oneOf('smfipsec', 'IPSECURITY', 'NOIPSECURITY'),
        oneOf('smfprofile', 'PROFILE', 'NOPROFILE'),
      ),
      opt('NOSMFService'),
    ),
  ],
  unverified: true,
});
