import { oneOf, opt, options, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * Not confirmed: the stored copy of IBM's z/OS 2.3 page has no diagram; it gives "Specify the
 * parameters for this statement in any order", EPHEMERALPORTS low_port high_port (1024–65535
 * each) and RESTRICTLOWPORTS | UNRESTRICTLOWPORTS. IBM's z/OS 3.1 TCPCONFIG diagram writes
 * TCPCONFIG without an abbreviation; whether UDPCONFig has one was not seen.
 */
export const udpconfig = statement({
  id: 'udpconfig',
  notation: 'UDPCONFig',
  topic: 'UDPCONFIG statement',
  meaning: 'Settings of the UDP layer: ephemeral ports, low-port restriction, checksums, queue limit, buffer sizes.',
  syntax:
    'UDPCONFig [EPHEMERALPORTS low high] [RESTRICTLowports|UNRESTRICTLowports] [UDPCHKsum|NOUDPChksum] [UDPQueuelimit|NOUDPQueuelimit] ' +
    '[UDPRCVBufrsize n] [UDPSENDBfrsize n] (any order)',
  unverified: true,
  body: [
    options(
      opt('EPHEMERALPORTS', v.int('low port', 1024, 65535), v.int('high port', 1024, 65535)),
      oneOf('lowports', 'RESTRICTLowports', 'UNRESTRICTLowports'),
      oneOf('checksum', 'UDPCHKsum', 'NOUDPChksum'),
      oneOf('queuelimit', 'UDPQueuelimit', 'NOUDPQueuelimit'),
      opt('UDPRCVBufrsize', v.size('receive buffer size', 1, 65535)),
      opt('UDPSENDBfrsize', v.size('send buffer size', 1, 65535)),
    ),
  ],
});
