import { oneOf, opt, options, statement, withSub } from '../spec.js';
import { v } from '../values.js';

/** WLMPRIORITYQ IOPRIn: control values 0–6, and FWD for forwarded packets. */
const control = v.either('control value', v.int('control value', 0, 6), v.keyword('FWD', 'FWD'));

const withTraffic = (o: ReturnType<typeof opt>) => withSub(o, oneOf('iqdtraffic', 'ALLTRAFFIC', 'NOLARGEDATA'));

/**
 * The main diagram is IBM's z/OS 3.2 one, read word for word: every keyword it draws is here, in
 * IBM's notation, in any order ("Specify the parameters for this statement in any order"),
 * POLICYREQuired with YESIFTTLS, YES or NO among them. Not confirmed, because the stored copy of
 * the page ends at the start of the "SMCD options" sub-diagram ("FIXEDMemory 256 | FIXEDMemory
 * mem_size | NOSYSTEMEI…"): the SMCD, SMCR, SMCPERMIT/SMCEXCLUDE and SYSPLEXMONitor options,
 * the WLMPRIORITYQ control values and every value range are the earlier table's (SYSTEMEID and
 * NOSYSTEMEID among the SMCD options from the words the page starts to show), so an unknown word
 * is a warning.
 */
export const globalconfig = statement({
  id: 'globalconfig',
  notation: 'GLOBALCONFig',
  topic: 'GLOBALCONFIG statement',
  meaning: 'Settings for the whole stack: sysplex monitoring, SMC, zIIP use, storage limits, HiperSockets for XCF.',
  syntax:
    'GLOBALCONFig [ADJUSTDVipamss AUTO|ALL|NONE] [AIASSIST BATCHOUTbound|NOBATCHOUTbound] [AUTOIQDC|NOAUTOIQDC] [AUTOIQDX|NOAUTOIQDX] [ECSALimit n] [EXPLICITBINDPORTRANGE first num] ' +
    '[IKEDREQuired YESIFDYNIPSEC|NO] [IQDMULTIWRITE] [IQDVLANid n] [MAXRECS n|*] [MLSCHKTERMinate] [POLICYREQuired YESIFTTLS|YES|NO] [POOLLimit n] [SEGMENTATIONOFFLoad] [SMCD …] [SMCR …] [SMCGlobal …] [SYSPLEXMONitor …] ' +
    '[SYSPLEXWLMPoll n] [TCPIPStatistics] [WLMPRIORITYQ …] [XCFGRPid n] [ZERT …] [ZIIP …] (any order)',
  body: [
    options(
      opt('ADJUSTDVipamss', v.keyword('MSS adjustment', 'AUTO', 'ALL', 'NONE')),
      opt('AIASSIST', v.keyword('AI assist', 'BATCHOUTbound', 'NOBATCHOUTbound')),
      withTraffic({ ...opt('AUTOIQDC'), required: 0 }),
      opt('NOAUTOIQDC'),
      withTraffic({ ...opt('AUTOIQDX'), required: 0 }),
      opt('NOAUTOIQDX'),
      opt('ECSALimit', v.size('ECSA limit', 0, 2147483647)),
      opt('EXPLICITBINDPORTRANGE', v.port('first port'), v.int('number of ports', 1, 65535)),
      opt('NOEXPLICITBINDPORTRANGE'),
      opt('IKEDREQuired', v.keyword('IKED required', 'YESIFDYNIPSEC', 'NO')),
      oneOf('iqdmultiwrite', 'IQDMULTIWRITE', 'NOIQDMULTIWRITE'),
      opt('IQDVLANid', v.int('VLAN ID', 1, 4094)),
      opt('MAXRECS', v.either('records', v.int('records', 1, 2147483647), v.keyword('*', '*'))),
      oneOf('mlschk', 'MLSCHKTERMinate', 'NOMLSCHKTERMinate'),
      opt('POLICYREQuired', v.keyword('policy required', 'YESIFTTLS', 'YES', 'NO')),
      opt('POOLLimit', v.size('pool limit', 0, 2147483647)),
      oneOf('tso', 'SEGMENTATIONOFFLoad', 'NOSEGMENTATIONOFFLoad'),
      withSub(
        { ...opt('SMCD'), required: 0 },
        opt('FIXEDMemory', v.int('fixed memory (MB)', 30, 9999)),
        opt('TCPKEEPMININTerval', v.int('seconds', 0, 2147483647)),
        oneOf('systemeid', 'SYSTEMEID', 'NOSYSTEMEID'),
      ),
      opt('NOSMCD'),
      withSub(
        { ...opt('SMCR'), required: 0 },
        opt('PFID', v.hex('PCIe function ID', 1, 4)),
        opt('PORTNUM', v.int('port number', 1, 2)),
        opt('MTU', v.int('MTU', 1024, 4096)),
        opt('FIXEDMemory', v.int('fixed memory (MB)', 30, 9999)),
        opt('TCPKEEPMININTerval', v.int('seconds', 0, 2147483647)),
      ),
      opt('NOSMCR'),
      withSub(
        { ...opt('SMCGlobal'), required: 0 },
        oneOf('autocache', 'AUTOCACHE', 'NOAUTOCACHE'),
        oneOf('autosmc', 'AUTOSMC', 'NOAUTOSMC'),
        { ...opt('SMCEID'), until: 'ENDSMCEID' },
        { ...opt('SMCPERMIT'), until: 'ENDSMCPERMIT' },
        { ...opt('SMCEXCLUDE'), until: 'ENDSMCEXCLUDE' },
      ),
      withSub(
        { ...opt('SYSPLEXMONitor'), required: 0 },
        oneOf('delayjoin', 'DELAYJOIN', 'NODELAYJOIN'),
        oneOf('recovery', 'RECOVERY', 'NORECOVERY'),
        opt('TIMERSECS', v.int('seconds', 10, 3600)),
        oneOf('autorejoin', 'AUTOREJOIN', 'NOAUTOREJOIN'),
        oneOf('moninterface', 'MONINTERFACE', 'NOMONINTERFACE'),
        oneOf('dynroute', 'DYNROUTE', 'NODYNROUTE'),
        oneOf('join', 'JOIN', 'NOJOIN'),
      ),
      opt('SYSPLEXWLMPoll', v.int('seconds', 1, 180)),
      oneOf('statistics', 'TCPIPStatistics', 'NOTCPIPStatistics'),
      withSub(
        { ...opt('WLMPRIORITYQ'), required: 0 },
        ...[1, 2, 3, 4].map((n) => ({ ...opt(`IOPRI${n}`, ...Array.from({ length: 8 }, () => control)), required: 0 })),
      ),
      opt('NOWLMPRIORITYQ'),
      opt('XCFGRPid', v.int('XCF group suffix', 2, 31)),
      withSub(
        { ...opt('ZERT'), required: 0 },
        withSub({ ...opt('AGGregation'), required: 0 }, opt('INTVAL', v.text('SMF or minutes')), opt('SYNCVAL', v.text('hh:mm'))),
        opt('NOAGGregation'),
      ),
      opt('NOZERT'),
      withSub({ ...opt('ZIIP'), required: 0 }, oneOf('ziipipsec', 'IPSECURITY', 'NOIPSECURITY'), oneOf('ziipiqd', 'IQDIOMULTIWRITE', 'NOIQDIOMULTIWRITE')),
    ),
  ],
  unverified: true,
});
