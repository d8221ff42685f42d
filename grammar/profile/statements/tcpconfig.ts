import { oneOf, opt, options, statement } from '../spec.js';
import { v } from '../values.js';

/**
 * Confirmed against IBM's z/OS 3.1 syntax diagram (all its keywords, their notation and
 * "Specify the parameters for this statement in any order"). IBM writes the statement name
 * TCPCONFIG in capitals: unlike IPCONFig and GLOBALCONFig it has no shorter form. The stored
 * copy of the page ends after the CONNECTINITINTERVAL (100–3000) and CONNECTTIMEOUT (5–190)
 * descriptions; the other ranges are the earlier table's and are not claimed from the page.
 */
export const tcpconfig = statement({
  id: 'tcpconfig',
  notation: 'TCPCONFIG',
  topic: 'TCPCONFIG statement',
  meaning: 'Settings of the TCP layer: buffer sizes, timers, keepalive, low-port restriction, AT-TLS.',
  syntax:
    'TCPCONFIG [CONNECTInitinterval ms] [CONNECTTimeout s] [DELAYAcks|NODELAYAcks|AUTODELAYAcks] [EPHEMERALPORTS low high] [FINWait2time s] ' +
    '[FRRTHReshold n] [INTerval min] [KEEPALIVEPROBEInterval s] [KEEPALIVEPROBES n] [MAXImumretransmittime s] [NAGLE|NONAGLE] [QUEUEDrtt ms] ' +
    '[RESTRICTLowports|UNRESTRICTLowports] [RETRANSMITAttempts n] [SELECTIVEACK|NOSELECTIVEACK] [SENDGarbage TRUE|FALSE] [TCPMAXRCVBufrsize n] ' +
    '[TCPMAXSENDBufrsize n] [TCPRCVBufrsize n] [TCPSENDBfrsize n] [TCPTIMEstamp|NOTCPTIMEstamp] [TIMEWAITInterval s] [TTLS|NOTTLS] (any order)',
  body: [
    options(
      opt('CONNECTInitinterval', v.int('initial retransmission interval (ms)', 100, 3000)),
      opt('CONNECTTimeout', v.int('connection timeout (s)', 5, 190)),
      oneOf('delayacks', 'DELAYAcks', 'NODELAYAcks', 'AUTODELAYAcks'),
      opt('EPHEMERALPORTS', v.int('low port', 1024, 65535), v.int('high port', 1024, 65535)),
      opt('FINWait2time', v.int('FIN-WAIT-2 time (s)', 60, 3600)),
      opt('FRRTHReshold', v.int('duplicate ACKs', 1, 2048)),
      opt('INTerval', v.int('keepalive interval (min)', 0, 35791)),
      opt('KEEPALIVEPROBEInterval', v.int('probe interval (s)', 1, 75)),
      opt('KEEPALIVEPROBES', v.int('probes', 1, 10)),
      opt('MAXImumretransmittime', v.text('seconds')),
      oneOf('nagle', 'NAGLE', 'NONAGLE'),
      opt('QUEUEDrtt', v.int('queued RTT (ms)', 0, 50)),
      oneOf('lowports', 'RESTRICTLowports', 'UNRESTRICTLowports'),
      opt('RETRANSMITAttempts', v.int('retransmit attempts', 0, 15)),
      oneOf('sack', 'SELECTIVEACK', 'NOSELECTIVEACK'),
      opt('SENDGarbage', v.keyword('TRUE or FALSE', 'TRUE', 'FALSE')),
      opt('TCPMAXRCVBufrsize', v.size('maximum receive buffer size', 256, 2147483647)),
      opt('TCPMAXSENDBufrsize', v.size('maximum send buffer size', 256, 2147483647)),
      opt('TCPRCVBufrsize', v.size('receive buffer size', 256, 2147483647)),
      opt('TCPSENDBfrsize', v.size('send buffer size', 256, 2147483647)),
      oneOf('timestamp', 'TCPTIMEstamp', 'NOTCPTIMEstamp'),
      opt('TIMEWAITInterval', v.int('TIME-WAIT interval (s)', 0, 120)),
      oneOf('ttls', 'TTLS', 'NOTTLS'),
    ),
  ],
  confirmed: {
    release: '3.1',
    topic: 'TCPCONFIG statement (z/OS 3.1 page; changes in 3.2 not checked: the 3.2 Summary of changes was not reachable)',
    url: 'https://www.ibm.com/docs/SSLTBW_3.1.0/com.ibm.zos.v3r1.halz001/tcpconfigstatement.htm',
  },
});
