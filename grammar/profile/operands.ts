/**
 * Operands several statements share, written once (IP Configuration Reference:
 * the DEVICE/LINK and INTERFACE pages repeat them per interface type).
 */
import type { Introduced } from '../../src/core/release.js';
import { v } from './values.js';
import { oneOf, opt, since, withSub, type OptionSpec } from './spec.js';

export const AUTORESTART = oneOf('autorestart', 'AUTORESTART', 'NOAUTORESTART');
export const ROUTER = oneOf('router', 'NONROUTER', 'PRIROUTER', 'SECROUTER');
export const MONSYSPLEX = oneOf('monsysplex', 'MONSYSPLEX', 'NOMONSYSPLEX');
export const SECCLASS = opt('SECCLASS', v.int('security class', 1, 255));
export const IFSPEED = [opt('IFSPEED', v.int('interface speed', 0, 2147483647)), opt('IFHSPEED', v.int('interface speed (Mbit/s)', 0, 2147483647))];
export const MTU = opt('MTU', v.int('MTU', 576, 65535));
export const VLANID = opt('VLANID', v.int('VLAN ID', 1, 4094));
export const READSTORAGE = opt('READSTORAGE', v.keyword('read storage', 'GLOBAL', 'MAX', 'AVG', 'MIN'));
export const INBPERF = withSub(
  opt('INBPERF', v.keyword('inbound performance', 'BALANCED', 'DYNAMIC', 'MINCPU', 'MINLATENCY')),
  oneOf('workloadq', 'WORKLOADQ', 'NOWORKLOADQ'),
);
/** VMAC [macaddr] [ROUTEALL | ROUTELCL]. */
export const VMAC: OptionSpec = withSub({ ...opt('VMAC', v.hex('virtual MAC address', 12)), required: 0 }, oneOf('vmacroute', 'ROUTEALL', 'ROUTELCL'));
export const ISOLATE = oneOf('isolate', 'ISOLATE', 'NOISOLATE');
export const OLM = oneOf('olm', 'OLM', 'NOOLM');
export const DYNVLANREG = oneOf('dynvlanreg', 'DYNVLANREG', 'NODYNVLANREG');
export const IPBCAST = opt('IPBCAST');
export const SOURCEVIPAINTERFACE = opt('SOURCEVIPAINTerface', v.name('static VIPA interface name', 16));
/**
 * INTERFACE … SMCR [PFID pfid SMCRIPADDR ipv4_address [SMCRMTU mtu]] | NOSMCR: SMC-R, and with PFID and
 * SMCRIPADDR its version 2 over this interface. IBM's Network Express presentation ("z/OS Communications
 * Server use of Network Express Feature", https://www.ibm.com/support/pages/node/7231685, pages 40-41)
 * lists PFID and SMCRIPADDR as required for SMC-Rv2 (the address in the interface's subnet, IPv4 only) and
 * SMCRMTU as optional, set to 1024 (the default), 2048 or 4096; its examples code `SMCR PFID 3140 SMCRIPADDR
 * 16.12.37.165` on IPAQENET and EQENET. The release that added them to INTERFACE is not confirmed, so they
 * carry no `since`. PORTNUM and MTU after SMCR are GLOBALCONFIG SMCR's (SMC-Rv1), not INTERFACE's.
 */
export const SMCR = [
  withSub(
    { ...opt('SMCR'), required: 0 },
    opt('PFID', v.hex('PCIe function ID', 1, 4)),
    opt('SMCRIPADDR', v.ipv4('SMC-Rv2 IPv4 address')),
    opt('SMCRMTU', v.keyword('SMC-Rv2 MTU', '1024', '2048', '4096')),
  ),
  opt('NOSMCR'),
];
export const SMCD = oneOf('smcd', 'SMCD', 'NOSMCD');

/**
 * Network Express (IBM z17): the EQENET and EQENET6 interface types and DEVNUM came with z/OS 3.2, and with
 * TCP/IP APAR PH54596 on z/OS 2.5 and 3.1 (IBM's Network Express presentation, page 34 "APARs": "z/OS
 * Communications Server V2.5 and V3.1 APARs: ... PH54596 for TCP/IP"; page 32: "No EQDIO support on z/OS 2.4").
 */
export const NETWORK_EXPRESS: Introduced = { release: '3.2', apar: 'PH54596', aparReleases: ['2.5', '3.1'] };

/**
 * DEVNUM devnum: the first device number of the OSH CHPID's range (IBM's Network Express presentation, page 19):
 * required on EQENET and EQENET6, where it replaces PORTNAME, and accepted on IPAQENET and IPAQENET6 as the
 * temporary migration form (page 21: on a pre-z17 machine the interface comes up as IPAQENET, ignoring DEVNUM).
 */
export const DEVNUM = since(opt('DEVNUM', v.hex('device number', 1, 4)), NETWORK_EXPRESS);
