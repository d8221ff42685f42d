import type { LinkStatement } from '../ast.js';
import { reservedName } from '../kit.js';
import { DYNVLANREG, IFSPEED, INBPERF, IPBCAST, ISOLATE, MONSYSPLEX, OLM, READSTORAGE, SECCLASS, VLANID, VMAC } from '../operands.js';
import { oneOf, opt, options, rest, slot, statement, variant, type Element } from '../spec.js';
import { v } from '../values.js';

const device = slot('device', v.name('device name', 16));
const number = (what: string, max: number) => slot('number', v.int(what, 0, max));
const lan = [number('link number', 1), device, options(IPBCAST, opt('ARPBCAST'), IFSPEED, SECCLASS, MONSYSPLEX)];
/** LINK types IBM removed (z/OS V2R3 "Support considerations"): the statement is reported as obsolete. */
const removed = (release: string, positionals: Element[]) => ({ body: [...positionals, rest], removed: release });
/** The link types of devices that were removed: the DEVICE statement's finding covers the LINK. */
const ofRemovedDevice = (positionals: Element[]) => [...positionals, rest];

/**
 * LINK: its operands follow the link type (the DEVICE and LINK pages of each device type).
 *
 * Not confirmed (`unverified`): the copies of IBM's DEVICE and LINK pages that could be read end before their syntax
 * diagrams, so the operands per link type are plexlint's, checked against IBM's examples (fixtures/ibm): the
 * IP Configuration Guide's HiperSockets conversion codes `LINK HSINTF1 IPAQIDIO IUTIQDFE` with IPBCAST on the
 * next line, the TCPIPCS PROFILE sample output `LINK TOVTAM MPCPTP IUTSAMEH IFSPEED 4500000 CHECKSUM SECCLASS
 * 255` with NOMONSYSPLEX on the next line, and z/OS Basics "Link configuration" `LINK VIPALNK1 VIRTUAL 1
 * VIPADEV1` (where the IP Configuration Guide codes VIRTUAL 0), so the VIRTUAL link number is any number.
 * The removed types are confirmed by IBM's z/OS V2R3 "Support considerations" (z/OS Introduction and Release
 * Guide, https://www.ibm.com/support/knowledgecenter/en/SSLTBW_2.3.0/com.ibm.zos.v2r3.e0za100/ch1comsv_0_support.htm):
 * V2R3 discontinued LCS with LINKs FDDI and IBMTR, MPCIPA with LINK IPAQTR and MPCOSA with LINKs OSAENET and
 * OSAFDDI; V2R2 discontinued ATM, CLAW (LINK IP), HYPERchannel (HCH), CDLC, SNALINK LU0 and LU6.2 and X.25
 * (their LINK type SAMEHOST), which the DEVICE statement reports.
 */
export const link = statement({
  id: 'link',
  notation: 'LINK',
  topic: 'DEVICE and LINK statements',
  meaning: 'Defines an IPv4 link (network interface) on a device; HOME gives it its address.',
  details: 'IPAQENET runs on an MPCIPA OSA device, IPAQIDIO on HiperSockets, VIRTUAL is a static VIPA. IPv4 only: IPv6 uses INTERFACE.',
  syntax:
    'LINK name IPAQENET device [options] | LINK name IPAQIDIO device [options] | LINK name VIRTual number device | LINK name CTC {0|1} device ' +
    '| LINK name {ETHERnet|802.3|ETHEROR802.3} number device | LINK name MPCPTP device [options]',
  unverified: true,
  body: [
    slot('name', v.name('link name', 16)),
    slot(
      'type',
      v.keyword('link type', 'IPAQENET', 'IPAQIDIO', 'VIRTual', 'CTC', 'ETHERnet', '802.3', 'ETHEROR802.3', 'MPCPTP', 'IPAQTR', 'IBMTR', 'FDDI', 'OSAENET', 'OSAFDDI', 'IP', 'ATM', 'SAMEHOST', 'HCH', 'CDLC'),
    ),
    variant('type', {
      IPAQENET: [device, options(IPBCAST, READSTORAGE, SECCLASS, MONSYSPLEX, INBPERF, VLANID, VMAC, ISOLATE, OLM, DYNVLANREG)],
      IPAQIDIO: [device, options(IPBCAST, READSTORAGE, SECCLASS, MONSYSPLEX, VLANID, DYNVLANREG)],
      VIRTual: [number('virtual link number', 2147483647), device],
      CTC: [number('CTC link number', 1), device, options(IFSPEED, SECCLASS, MONSYSPLEX)],
      ETHERnet: lan,
      '802.3': lan,
      'ETHEROR802.3': lan,
      MPCPTP: [device, options(IFSPEED, oneOf('checksum', 'CHECKSUM', 'NOCHECKSUM'), SECCLASS, MONSYSPLEX)],
      IPAQTR: removed('V2R3', [device]),
      IBMTR: removed('V2R3', [number('link number', 1), device]),
      FDDI: removed('V2R3', [number('link number', 1), device]),
      OSAENET: removed('V2R3', []),
      OSAFDDI: removed('V2R3', []),
      IP: ofRemovedDevice([number('link number', 255), device]),
      ATM: ofRemovedDevice([device]),
      SAMEHOST: ofRemovedDevice([]),
      HCH: ofRemovedDevice([]),
      CDLC: ofRemovedDevice([]),
    }),
  ],
  requires: ['name', 'type'],
  build(p, cx): LinkStatement {
    const name = p.slots['name']!;
    const typeWord = p.slots['type']!;
    reservedName(name, 'LINK', cx);
    const stmt: LinkStatement = { kind: 'link', loc: p.loc, keyword: p.keyword, name, type: p.variant ?? typeWord.text, typeWord, operands: p.operands.slice(2), options: p.options };
    const dev = p.slots['device'];
    if (dev) stmt.device = dev;
    return stmt;
  },
});
