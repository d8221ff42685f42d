import type { IpConfigStatement, OptionNode, Word } from '../ast.js';
import type { BuildContext, OptionSpec, Parsed } from '../spec.js';
import { obsolete, oneOf, opt, options, optSome, statement, withSub } from '../spec.js';
import { v, shown } from '../values.js';

/**
 * Options IPCONFIG and IPCONFIG6 share. IBM's diagrams draw SECCLASS, SMCD|NOSMCD and
 * SOURCEVIPAINTerface inside the DYNAMICXCF branch (they qualify the dynamic XCF interfaces);
 * plexlint accepts them anywhere in the statement, because "Specify the parameters for this
 * statement in any order" gives no order rule that would make the stack reject them elsewhere.
 */
export const ipconfigShared: OptionSpec[] = [
  ...oneOf('checksum', 'CHECKSUMOFFLoad', 'NOCHECKSUMOFFLoad'),
  // IBM: DATAGRamfwd [NOFWDMULTipath | FWDMULTipath PERPacket] (IPCONFIG and IPCONFIG6 statements).
  withSub(opt('DATAGRamfwd'), { ...withSub(opt('FWDMULTipath'), opt('PERPacket')), group: 'fwdmultipath' }, { ...opt('NOFWDMULTipath'), group: 'fwdmultipath' }),
  opt('NODATAGRamfwd'),
  opt('NODYNAMICXCF'),
  opt('SECCLASS', v.int('SECCLASS', 1, 255)),
  ...oneOf('smcd', 'SMCD', 'NOSMCD'),
  opt('SOURCEVIPAINTerface', v.name('SOURCEVIPAINTERFACE', 16)),
  opt('IGNORERedirect'),
  opt('IPSECURITY'),
  withSub(opt('MULTIPATH'), oneOf('multipath', 'PERConnection', 'PERPacket')),
  opt('NOMULTIPATH'),
  ...oneOf('tso', 'SEGMENTATIONOFFLoad', 'NOSEGMENTATIONOFFLoad'),
  ...oneOf('sourcevipa', 'SOURCEVIPA', 'NOSOURCEVIPA'),
  opt('NOTCPSTACKSOURCEVipa'),
];

/**
 * Confirmed against IBM's z/OS 2.4 syntax diagram: every keyword it draws is here, in IBM's
 * notation, in any order. Ranges read on the page: ARPTO 60–86400; the others are the
 * earlier table's. Kept beyond the diagram:
 * - VARSUBNETTING | NOVARSUBNETTING: IBM's own sample profile SAMPPROF codes
 *   "IPCONFIG DATAGRAMFWD VARSUBNETTING SYSPLEXROUTING" (an IBM example wins over the diagram);
 * - CLAWUSEDoublenop: the CLAW operand of releases before V2R2, reported as obsolete;
 * - QDIOPriority on its own: the diagram draws it after IQDIORouting and QDIOACCELerator, where
 *   it is also accepted; whether the stack rejects it elsewhere is not documented.
 */
export const ipconfig = statement({
  id: 'ipconfig',
  notation: 'IPCONFig',
  topic: 'IPCONFIG statement',
  meaning: 'Settings of the IPv4 layer: dynamic XCF, sysplex routing, forwarding, multipath, source VIPA.',
  details: 'DYNAMICXCF gives the stack its dynamic XCF address, over which the stacks of the sysplex link to each other and which VIPADISTRIBUTE DESTIP names; it must be coded on every stack. SYSPLEXROUTING lets WLM-based and WEIGHTEDACTIVE distribution use server health.',
  syntax:
    'IPCONFig [ARPTO s] [CHECKSUMOFFLoad|NOCHECKSUMOFFLoad] [DATAGRamfwd [NOFWDMULTipath|FWDMULTipath PERPacket]|NODATAGRamfwd] [DEVRETRYDURation s] ' +
    '[DYNAMICXCF addr {mask|/bits} cost [SECCLASS n] [SMCD|NOSMCD] [SOURCEVIPAINTerface name]|NODYNAMICXCF] [FORMat LONG|SHORT] [IGNORERedirect] [IPSECURITY] ' +
    '[IQDIORouting [QDIOPriority n]|NOIQDIORouting] [MULTIPATH [PERConnection|PERPacket]|NOMULTIPATH] [PATHMTUDISCovery|NOPATHMTUDISCovery] ' +
    '[QDIOACCELerator [QDIOPriority n]|NOQDIOACCELerator] [REASSEMBLytimeout s] [SEGMENTATIONOFFLoad|NOSEGMENTATIONOFFLoad] [SOURCEVIPA|NOSOURCEVIPA] ' +
    '[SYSPLEXRouting|NOSYSPLEXRouting] [TCPSTACKSOURCEVipa addr|NOTCPSTACKSOURCEVipa] [TTL n] (any order)',
  body: [
    options(
      ipconfigShared,
      opt('ARPTO', v.int('ARPTO', 60, 86400)),
      opt('DEVRETRYDURation', v.int('DEVRETRYDURATION', 0, 2147483647)),
      optSome('DYNAMICXCF', 2, v.text('address'), v.text('subnet mask or cost'), v.text('cost metric')),
      opt('FORMat', v.keyword('FORMAT', 'LONG', 'SHORT')),
      withSub(opt('IQDIORouting'), opt('QDIOPriority', v.int('QDIOPRIORITY', 1, 4))),
      opt('NOIQDIORouting'),
      ...oneOf('pmtu', 'PATHMTUDISCovery', 'NOPATHMTUDISCovery'),
      withSub(opt('QDIOACCELerator'), opt('QDIOPriority', v.int('QDIOPRIORITY', 1, 4))),
      opt('NOQDIOACCELerator'),
      opt('QDIOPriority', v.int('QDIOPRIORITY', 1, 4)),
      opt('REASSEMBLytimeout', v.int('REASSEMBLYTIMEOUT', 1, 240)),
      ...oneOf('sysplexrouting', 'SYSPLEXRouting', 'NOSYSPLEXRouting'),
      opt('TCPSTACKSOURCEVipa', v.ipv4('TCPSTACKSOURCEVIPA')),
      opt('TTL', v.int('TTL', 1, 255)),
      obsolete(opt('CLAWUSEDoublenop'), 'CLAW support was removed in z/OS V2R2; plexlint assumes a current stack ignores or rejects the operand (IBM does not document which).'),
      ...oneOf('varsubnetting', 'VARSUBNETTING', 'NOVARSUBNETTING'),
    ),
  ],
  confirmed: {
    release: '2.4',
    topic: 'IPCONFIG statement (z/OS 2.4 page; no 2.5, 3.1 or 3.2 copy of the page and no Summary of changes were reachable)',
    url: 'https://www.ibm.com/support/knowledgecenter/SSLTBW_2.4.0/com.ibm.zos.v2r4.halz001/ipconfigstatement.htm',
  },
  build: (p, cx) => ipconfigStatement(p, cx, 4),
});

/** IPCONFIG and IPCONFIG6: the options, and what the model needs of them (the last of a pair wins). */
export function ipconfigStatement(p: Parsed, cx: BuildContext, version: 4 | 6): IpConfigStatement {
  const stmt: IpConfigStatement = { kind: 'ipconfig', loc: p.loc, keyword: p.keyword, version, options: p.options };
  for (const o of p.options) {
    switch (o.name) {
      case 'DYNAMICXCF':
        stmt.dynamicXcf = version === 4 ? dynamicXcf4(o, cx) : dynamicXcf6(o, cx);
        break;
      case 'NODYNAMICXCF':
        delete stmt.dynamicXcf;
        break;
      case 'SYSPLEXROUTING':
      case 'NOSYSPLEXROUTING':
        stmt.sysplexRouting = { enabled: o.name === 'SYSPLEXROUTING', loc: o.loc };
        break;
      case 'SOURCEVIPA':
      case 'NOSOURCEVIPA':
        stmt.sourceVipa = { enabled: o.name === 'SOURCEVIPA', loc: o.loc };
        break;
      case 'INTFID':
        if (stmt.dynamicXcf && o.values[0]) stmt.dynamicXcf.interfaceId = o.values[0].text;
        break;
      default:
        break;
    }
  }
  return stmt;
}

/** IPCONFIG DYNAMICXCF {addr mask | addr/bits} cost (IPCONFIG statement). */
function dynamicXcf4(o: OptionNode, cx: BuildContext): NonNullable<IpConfigStatement['dynamicXcf']> {
  const [a, b, c] = o.values;
  const out: NonNullable<IpConfigStatement['dynamicXcf']> = { loc: o.loc };
  if (!a) return out;
  out.addressWord = a;
  let costWord: Word | undefined;
  if (a.text.includes('/')) {
    const cidr = a.symbolic ? undefined : cx.values.cidr(a, 'DYNAMICXCF address');
    if (cidr) {
      out.address = cidr.address;
      out.prefix = cidr.prefix;
    }
    costWord = b;
    if (c) cx.report({ ruleId: 'syntax', loc: c.loc, message: `DYNAMICXCF ${a.raw} already gives the prefix length; '${c.raw}' is one operand too many` });
  } else {
    const addr = a.symbolic ? undefined : cx.values.ipv4(a, 'DYNAMICXCF address');
    if (addr) out.address = addr;
    if (!c) {
      cx.report({ ruleId: 'syntax', loc: o.loc, message: 'IPCONFIG DYNAMICXCF needs an address, a subnet mask (or address/bits) and a cost metric' });
    } else if (b) {
      const prefix = b.symbolic ? undefined : cx.values.mask(b, 'DYNAMICXCF subnet mask');
      if (prefix !== undefined) out.prefix = prefix;
    }
    costWord = c;
  }
  if (costWord) {
    // The cost metric is stored in one byte (SMF IPv4 configuration section).
    const cost = cx.values.integer(costWord, 'DYNAMICXCF cost metric', 0, 255);
    if (cost !== undefined) out.cost = cost;
  } else if (a.text.includes('/')) {
    cx.report({ ruleId: 'syntax', loc: o.loc, message: 'IPCONFIG DYNAMICXCF needs a cost metric after the address' });
  }
  return out;
}

function dynamicXcf6(o: OptionNode, cx: BuildContext): NonNullable<IpConfigStatement['dynamicXcf']> {
  const a = o.values[0];
  const out: NonNullable<IpConfigStatement['dynamicXcf']> = { loc: o.loc };
  if (!a || a.symbolic) return out;
  out.addressWord = a;
  if (a.text.includes('/')) {
    const c = cx.values.cidr(a, 'IPCONFIG6 DYNAMICXCF address');
    if (c?.address.version === 6) {
      out.address = c.address;
      out.prefix = c.prefix;
    }
  } else {
    const addr = cx.values.ip(a, 'IPCONFIG6 DYNAMICXCF address');
    if (addr && addr.version !== 6) cx.report({ ruleId: 'invalid-address', loc: a.loc, message: `IPCONFIG6 DYNAMICXCF ${shown(a)} is not an IPv6 address` });
    else if (addr) out.address = addr;
  }
  return out;
}
