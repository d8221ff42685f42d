import { oneOf, opt, options, statement } from '../spec.js';
import { v } from '../values.js';

export const udpconfig = statement({
  id: 'udpconfig',
  notation: 'UDPCONFig',
  topic: 'UDPCONFIG statement',
  meaning: 'Settings of the UDP layer: ephemeral ports, low-port restriction, checksums, queue limit, buffer sizes.',
  syntax:
    'UDPCONFig [EPHEMERALPORTS low high] [RESTRICTLowports|UNRESTRICTLowports] [UDPCHKsum|NOUDPChksum] [UDPQueuelimit|NOUDPQueuelimit] ' +
    '[UDPRCVBufrsize n] [UDPSENDBfrsize n] (any order)',
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
