import { oneOf, opt, options, statement } from '../spec.js';
import { v } from '../values.js';
import { ipconfigShared, ipconfigStatement } from './ipconfig.js';

export const ipconfig6 = statement({
  id: 'ipconfig6',
  notation: 'IPCONFIG6',
  topic: 'IPCONFIG6 statement',
  meaning: 'Settings of the IPv6 layer: dynamic XCF, forwarding, hop limit, address autoconfiguration.',
  syntax:
    'IPCONFIG6 [DATAGRamfwd|NODATAGRamfwd] [DYNAMICXCF addr[/len] [INTFID id]|NODYNAMICXCF] [HOPLimit n] [ICMPErrorlimit n] [IGNORERedirect] ' +
    '[MULTIPATH …] [SOURCEVIPA] [TCPSTACKSOURCEVipa intf] [TEMPADDRS [PREFLIFETIME h] [VALIDLIFETIME h]] … (any order)',
  body: [
    options(
      ipconfigShared,
      opt('DYNAMICXCF', v.text('address')),
      opt('INTFID', v.text('interface ID')),
      opt('HOPLimit', v.int('HOPLIMIT', 1, 255)),
      opt('ICMPErrorlimit', v.int('ICMPERRORLIMIT', 1, 20)),
      ...oneOf('ignorehop', 'IGNOREROUTERHoplimit', 'NOIGNOREROUTERHoplimit'),
      opt('OSMSECCLASS', v.int('OSMSECCLASS', 1, 255)),
      ...oneOf('r1', 'R1COMPLIANCE', 'NOR1COMPLIANCE'),
      opt('TCPSTACKSOURCEVipa', v.name('TCPSTACKSOURCEVIPA interface', 16)),
      ...oneOf('tempaddrs', 'TEMPADDRS', 'NOTEMPADDRS'),
      opt('PREFLIFETIME', v.int('PREFLIFETIME (hours)', 1, 720)),
      opt('VALIDLIFETIME', v.int('VALIDLIFETIME (hours)', 2, 2160)),
    ),
  ],
  build: (p, cx) => ipconfigStatement(p, cx, 6),
});
