import type { DeviceStatement } from '../ast.js';
import { reservedName } from '../kit.js';
import { AUTORESTART, ROUTER } from '../operands.js';
import { opt, options, rest, slot, statement, variant } from '../spec.js';
import { v } from '../values.js';

const TYPES = ['MPCIPA', 'VIRTual', 'CTC', 'LCS', 'MPCPTP', 'CLAW', 'ATM', 'HCH', 'CDLC', 'SNAIUCV', 'SNALU62', 'X25NPSI', 'MPCOSA'];
const removed = (release: string) => ({ body: [rest], removed: release, advice: 'and its LINK. Move the connection to OSA (MPCIPA) or another supported device.' });

/**
 * DEVICE: one statement per device type in IBM's chapter ("DEVICE and LINK – MPCIPA
 * OSA-Express QDIO devices", "– Virtual devices", "– CTC devices", "– LAN Channel
 * Station and OSA devices", "– MPCPTP devices").
 *
 * Not confirmed (`unverified`): the copies of IBM's DEVICE and LINK pages that could be read end before their syntax
 * diagrams (the MPCIPA page, z/OS 2.2, https://www.ibm.com/support/knowledgecenter/SSLTBW_2.2.0/com.ibm.zos.v2r2.halz001/deviceandlinkstmntsmpcipaosa.htm,
 * stops at its introduction), so the operands per device type are plexlint's, checked against IBM's examples
 * (fixtures/ibm): `DEVICE QDIO4101 MPCIPA PRIROUTER`, `DEVICE IUTIQDFE MPCIPA`, `DEVice IUTSAMEH MPCPTP
 * NOAUTORESTART`, and the virtual device number as IBM prints it: `VIRTUAL 0` (IP Configuration Guide),
 * `VIRTual 0000` (TCPIPCS PROFILE sample output) and `VIRTUAL 1` (z/OS Basics), so it is any device number.
 * The removed types are confirmed by IBM's "Support considerations" (z/OS Introduction and Release Guide, z/OS
 * 2.3, https://www.ibm.com/support/knowledgecenter/en/SSLTBW_2.3.0/com.ibm.zos.v2r3.e0za100/ch1comsv_0_support.htm):
 * V2R2 discontinued the ATM, CLAW, HYPERchannel (HCH), CDLC, SNALINK LU0 (SNAIUCV) and LU6.2 (SNALU62) and X.25
 * (X25NPSI) device drivers, V2R3 MPCOSA (with LINKs OSAENET and OSAFDDI).
 */
export const device = statement({
  id: 'device',
  notation: 'DEVice',
  topic: 'DEVICE and LINK statements',
  meaning: 'Defines an IPv4 device: the channel or OSA port a LINK runs over.',
  details: 'MPCIPA is OSA-Express QDIO or HiperSockets (the device name is the TRLE PORTNAME), VIRTUAL a static VIPA; one LINK per MPCIPA device.',
  syntax:
    'DEVice name MPCIPA [NONROUTER|PRIROUTER|SECROUTER] [AUTORESTART|NOAUTORESTART] | DEVice name VIRTual number | DEVice name CTC address [IOBUFFERSIZE n] [AUTORESTART] ' +
    '| DEVice name LCS address [AUTORESTART] | DEVice name MPCPTP [AUTORESTART]',
  unverified: true,
  body: [
    slot('name', v.name('device name', 16)),
    slot('type', v.keyword('device type', ...TYPES)),
    variant('type', {
      MPCIPA: [options(ROUTER, AUTORESTART)],
      VIRTual: [slot('number', v.hex('virtual device number', 1, 4))],
      CTC: [slot('address', v.hex('device address', 1, 4)), options(opt('IOBUFFERSIZE', v.size('I/O buffer size', 4096, 32768)), AUTORESTART)],
      LCS: [slot('address', v.hex('device number', 1, 4)), options(AUTORESTART)],
      MPCPTP: [options(AUTORESTART)],
      CLAW: removed('V2R2'),
      ATM: removed('V2R2'),
      HCH: removed('V2R2'),
      CDLC: removed('V2R2'),
      SNAIUCV: removed('V2R2'),
      SNALU62: removed('V2R2'),
      X25NPSI: removed('V2R2'),
      MPCOSA: removed('V2R3'),
    }),
  ],
  requires: ['name', 'type'],
  build(p, cx): DeviceStatement {
    const name = p.slots['name']!;
    const typeWord = p.slots['type']!;
    reservedName(name, 'DEVICE', cx);
    return { kind: 'device', loc: p.loc, keyword: p.keyword, name, type: p.variant ?? typeWord.text, typeWord, operands: p.operands.slice(2) };
  },
});
