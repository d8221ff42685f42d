import { oneOf, opt, options, since, statement } from '../spec.js';
import { v } from '../values.js';
import { ipconfigShared, ipconfigStatement } from './ipconfig.js';

/**
 * Confirmed against IBM's z/OS 3.2 syntax diagram (every keyword it draws, in IBM's notation,
 * in any order); the z/OS 2.5 diagram is the same without R1COMPLIANCE | NOR1COMPLIANCE. The
 * value ranges are not on the stored copies of the pages and are the earlier table's.
 */
export const ipconfig6 = statement({
  id: 'ipconfig6',
  notation: 'IPCONFIG6',
  topic: 'IPCONFIG6 statement',
  meaning: 'Settings of the IPv6 layer: dynamic XCF, forwarding, hop limit, address autoconfiguration.',
  syntax:
    'IPCONFIG6 [DATAGRamfwd|NODATAGRamfwd] [DYNAMICXCF addr[/len] [INTFID id]|NODYNAMICXCF] [HOPLimit n] [ICMPErrorlimit n] [IGNORERedirect] ' +
    '[IGNOREROUTERHoplimit|NOIGNOREROUTERHoplimit] [IPSECURITY] [OSMSECCLASS n] [MULTIPATH …] [R1COMPLIANCE|NOR1COMPLIANCE] [SOURCEVIPA] [TCPSTACKSOURCEVipa intf] [TEMPADDRS [PREFLIFETIME h] [VALIDLIFETIME h]] … (any order)',
  body: [
    options(
      ipconfigShared,
      opt('DYNAMICXCF', v.text('address')),
      opt('INTFID', v.text('interface ID')),
      opt('HOPLimit', v.int('HOPLIMIT', 1, 255)),
      opt('ICMPErrorlimit', v.int('ICMPERRORLIMIT', 1, 20)),
      ...oneOf('ignorehop', 'IGNOREROUTERHoplimit', 'NOIGNOREROUTERHoplimit'),
      opt('OSMSECCLASS', v.int('OSMSECCLASS', 1, 255)),
      // In the 3.2 diagram, not in the 2.5 one; the 3.1 page was not reachable, so plexlint
      // claims only what it read: not accepted before 3.1.
      ...oneOf('r1', 'R1COMPLIANCE', 'NOR1COMPLIANCE').map((o) => since(o, { release: '3.1' })),
      opt('TCPSTACKSOURCEVipa', v.name('TCPSTACKSOURCEVIPA interface', 16)),
      ...oneOf('tempaddrs', 'TEMPADDRS', 'NOTEMPADDRS'),
      opt('PREFLIFETIME', v.int('PREFLIFETIME (hours)', 1, 720)),
      opt('VALIDLIFETIME', v.int('VALIDLIFETIME (hours)', 2, 2160)),
    ),
  ],
  confirmed: {
    release: '3.2',
    topic: 'IPCONFIG6 statement',
    url: 'https://www.ibm.com/docs/SSLTBW_3.2.0/com.ibm.zos.v3r2.halz001/ipconfig6statement.htm',
  },
  build: (p, cx) => ipconfigStatement(p, cx, 6),
});
