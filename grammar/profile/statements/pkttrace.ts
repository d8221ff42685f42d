import { oneOf, opt, options, statement } from '../spec.js';
import { v } from '../values.js';

/** Not confirmed: no copy of IBM's PKTTRACE page was reachable. */
export const pkttrace = statement({
  id: 'pkttrace',
  notation: 'PKTTRACE',
  topic: 'PKTTRACE statement',
  meaning: 'Which packets the packet trace (SYSTCPDA) captures: interface, addresses, ports, protocol, length.',
  syntax:
    'PKTTRACE [ON|OFF] [ABBREV [length]|FULL] [PROT protocol] [IP address] [SUBNET mask] [SRCPORT port] [DESTPORT port] [LINKNAME name] [INTFNAME name] [DISCARD …]',
  body: [
    options(
      oneOf('onoff', 'ON', 'OFF'),
      { ...opt('ABBREV', v.int('length', 1, 65535)), required: 0 },
      opt('FULL'),
      opt('PROT', v.text('protocol (TCP, UDP, ICMP, RAW, a number or *)')),
      opt('IP', v.text('IP address or *')),
      opt('SUBNET', v.text('subnet mask')),
      opt('SRCPORT', v.text('port or *')),
      opt('DESTPORT', v.text('port or *')),
      opt('PORTNUM', v.text('port or *')),
      opt('LINKNAME', v.text('link name or *')),
      opt('INTFNAME', v.text('interface name or *')),
      opt('DISCARD', v.text('discard reason code, * or NONE')),
    ),
  ],
  unverified: true,
});
