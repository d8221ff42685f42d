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
/** SMCR [PFID pfid PORTNUM n [MTU n]] … (SMC-R over RoCE, up to 16 PFIDs). */
export const SMCR = [
  withSub({ ...opt('SMCR'), required: 0 }, opt('PFID', v.hex('PCIe function ID', 1, 4)), opt('PORTNUM', v.int('port number', 1, 2)), MTU),
  opt('NOSMCR'),
];
export const SMCD = oneOf('smcd', 'SMCD', 'NOSMCD');

/** Network Express (IBM z17): in z/OS 3.2, and brought to z/OS 2.5 and 3.1 by TCP/IP APAR PH54596. */
export const NETWORK_EXPRESS: Introduced = { release: '3.2', apar: 'PH54596', aparReleases: ['2.5', '3.1'] };
/** DEVNUM: the device number of a Network Express port. */
export const DEVNUM = since(opt('DEVNUM', v.hex('device number', 1, 4)), NETWORK_EXPRESS);
