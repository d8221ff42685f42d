import { isLoopback, parseCidr, parseIp, type IpAddress } from '../../../src/core/ip.js';
import type { InterfaceStatement, Word } from '../ast.js';
import { reservedName } from '../kit.js';
import { DEVNUM, DYNVLANREG, INBPERF, IPBCAST, ISOLATE, MONSYSPLEX, MTU, OLM, READSTORAGE, ROUTER, SECCLASS, SMCD, SMCR, SOURCEVIPAINTERFACE, VLANID, VMAC } from '../operands.js';
import { builtSlot, choice, list, opt, options, optSome, slot, statement, variant, type BuildContext, type OptionSpec } from '../spec.js';
import { v, shown } from '../values.js';

/** IPADDR: one address (IPv4: address/prefix, VIRTUAL: a bare address); IPv6 interfaces take several. */
const IPADDR = optSome('IPADDR', 1, v.text('address'), ...Array.from({ length: 15 }, () => v.ipOrCidr('address')));
const PORTNAME = opt('PORTNAME', v.name('OSA port name (TRLE PORTNAME)', 8));
const PORTNUM = opt('PORTNUM', v.int('OSA port number', 0, 1));
const CHPIDTYPE = opt('CHPIDTYPE', v.keyword('CHPID type', 'OSD', 'OSX', 'OSM'));
const CHPID = opt('CHPID', v.hex('CHPID', 2));
const INTFID = opt('INTFID', v.text('interface ID'));
const DUPADDRDET = opt('DUPADDRDET', v.int('duplicate address detection transmissions', 0, 2));
const TEMPPREFIX = optSome('TEMPPREFIX', 1, v.text('prefix or ALL'), ...Array.from({ length: 15 }, () => v.cidr('prefix')));
const TEMP_PREFIXES = [slot('prefix', v.either('temporary-address prefix', v.keyword('ALL', 'ALL'), v.cidr('prefix'))), list('prefixes', [slot('prefix', v.cidr('temporary-address prefix'))])];
const osa: OptionSpec[] = [CHPIDTYPE, PORTNAME, PORTNUM, IPADDR, INBPERF, MTU, ...ROUTER, ...OLM, ...ISOLATE, READSTORAGE, SECCLASS, ...MONSYSPLEX, SOURCEVIPAINTERFACE, opt('TEMPIP'), VLANID, VMAC, ...DYNVLANREG, ...SMCR, ...SMCD, IPBCAST, opt('OPTLATENCY'), CHPID, DEVNUM];
const osa6: OptionSpec[] = [CHPIDTYPE, PORTNAME, PORTNUM, DUPADDRDET, INTFID, IPADDR, INBPERF, MTU, ...ROUTER, ...OLM, ...ISOLATE, READSTORAGE, SECCLASS, SOURCEVIPAINTERFACE, TEMPPREFIX, VLANID, VMAC, ...DYNVLANREG, ...SMCR, ...SMCD, opt('OPTLATENCY'), CHPID, DEVNUM];
const iqd: OptionSpec[] = [CHPID, IPADDR, MTU, READSTORAGE, SECCLASS, ...MONSYSPLEX, SOURCEVIPAINTERFACE, VLANID, ...SMCD, ...ISOLATE, ...DYNVLANREG, opt('PFID', v.hex('PCIe function ID', 1, 4))];
const iqd6: OptionSpec[] = [CHPID, DUPADDRDET, INTFID, IPADDR, MTU, READSTORAGE, SECCLASS, SOURCEVIPAINTERFACE, TEMPPREFIX, VLANID, ...SMCD, ...ISOLATE, ...DYNVLANREG];
const address = (what: string) => [builtSlot('address', v.ip(what))];

/**
 * INTERFACE: one statement per interface type in IBM's chapter (IPAQENET, IPAQENET6,
 * IPAQIDIO, IPAQIDIO6, VIRTUAL, VIRTUAL6), plus the forms that change an existing
 * interface (ADDADDR, DELADDR, DEPRADDR, ADDTEMPPREFIX, DELTEMPPREFIX, DELETE).
 */
export const interfaceStatement = statement({
  id: 'interface',
  notation: 'INTERFace',
  topic: 'INTERFACE statements',
  meaning: 'Defines (or changes, or deletes) an interface with its addresses: OSA-Express QDIO, HiperSockets, static VIPA.',
  details: 'Replaces DEVICE, LINK and HOME for OSA-Express QDIO, HiperSockets and static VIPAs. The required operands and CHPIDTYPE come first in the documented order; the others in any order.',
  syntax:
    'INTERFace name DEFINE {IPAQENET|IPAQENET6|IPAQIDIO|IPAQIDIO6|VIRTUAL|VIRTUAL6} [options] | INTERFace name {ADDADDR|DELADDR|DEPRADDR} address ' +
    '| INTERFace name {ADDTEMPPREFIX|DELTEMPPREFIX} prefix … | INTERFace name DELete',
  body: [
    slot('name', v.name('interface name', 16)),
    choice(
      {
        DEFINE: [
          slot('type', v.keyword('interface type', 'IPAQENET', 'IPAQENET6', 'IPAQIDIO', 'IPAQIDIO6', 'VIRTUAL', 'VIRTUAL6')),
          variant('type', {
            IPAQENET: [options(osa)],
            IPAQENET6: [options(osa6)],
            IPAQIDIO: [options(iqd)],
            IPAQIDIO6: [options(iqd6)],
            VIRTUAL: [options(IPADDR)],
            VIRTUAL6: [options(IPADDR, INTFID)],
          }),
        ],
        ADDADDR: address('INTERFACE ADDADDR'),
        DELADDR: address('INTERFACE DELADDR'),
        DEPRADDR: address('INTERFACE DEPRADDR'),
        // IBM: INTERFACE name ADDTEMPPREFIX prefix/len … | DELTEMPPREFIX {prefix/len … | ALL}: the prefixes
        // follow the action directly (TEMPPREFIX is the keyword of the same list on DEFINE).
        ADDTEMPPREFIX: TEMP_PREFIXES,
        DELTEMPPREFIX: TEMP_PREFIXES,
        DELete: [],
      },
      // Without an action: changes to an existing interface's attributes.
      [options(osa6, IPADDR, ...ROUTER)],
    ),
  ],
  requires: ['name'],
  build(p, cx): InterfaceStatement {
    const name = p.slots['name']!;
    reservedName(name, 'INTERFACE', cx);
    const k = p.keywords;
    const action: InterfaceStatement['action'] = k['DEFINE']
      ? 'define'
      : k['ADDADDR']
        ? 'addaddr'
        : k['DELADDR']
          ? 'deladdr'
          : k['DELETE']
            ? 'delete'
            : 'modify';
    const stmt: InterfaceStatement = { kind: 'interface', loc: p.loc, keyword: p.keyword, name, action, addresses: [], options: p.options };
    if (action === 'define') {
      const typeWord = p.slots['type'];
      if (typeWord) stmt.typeWord = typeWord;
      if (p.variant) stmt.type = p.variant;
    }
    const a = p.slots['address'];
    if (a && action === 'addaddr' && a.symbolic) (stmt.symbolicAddresses ??= []).push(a);
    if (a && (action === 'addaddr' || action === 'deladdr') && !a.symbolic) {
      const ip = cx.values.ip(a, `INTERFACE ${action.toUpperCase()}`);
      if (ip) stmt.addresses.push({ address: ip, word: a });
    }
    for (const o of p.options) {
      if (o.name === 'IPADDR') for (const w of o.values) interfaceAddress(stmt, w, cx);
      else if (o.name === 'PORTNAME') stmt.portName = o.values[0];
    }
    if (action === 'define' && stmt.type) checkDefine(stmt, cx);
    return stmt;
  },
});

function interfaceAddress(stmt: InterfaceStatement, w: Word, cx: BuildContext): void {
  if (w.symbolic) {
    (stmt.symbolicAddresses ??= []).push(w);
    return;
  }
  const v6 = stmt.type?.endsWith('6') ?? w.text.includes(':');
  const virtual = stmt.type === 'VIRTUAL';
  if (w.text.includes('/')) {
    const c = parseCidr(w.text);
    if (!c || (c.address.version === 6) !== v6) {
      cx.report({ ruleId: 'invalid-address', loc: w.loc, message: `INTERFACE ${stmt.name.raw} IPADDR ${shown(w)} is not a valid IPv${v6 ? 6 : 4} address/prefix` });
      return;
    }
    if (virtual) cx.report({ ruleId: 'syntax', loc: w.loc, message: `INTERFACE ${stmt.name.raw} DEFINE VIRTUAL takes a single address without a prefix length` });
    loopbackOnInterface(stmt, c.address, w, cx);
    stmt.addresses.push({ address: c.address, prefix: c.prefix, word: w });
    return;
  }
  const a = parseIp(w.text);
  if (!a || (a.version === 6) !== v6) {
    cx.report({ ruleId: 'invalid-address', loc: w.loc, message: `INTERFACE ${stmt.name.raw} IPADDR ${shown(w)} is not a valid IPv${v6 ? 6 : 4} address` });
    return;
  }
  if (!virtual && !v6) {
    cx.report({ ruleId: 'syntax', loc: w.loc, message: `INTERFACE ${stmt.name.raw} ${stmt.type ?? ''} needs IPADDR with a prefix length (address/len)` });
  }
  loopbackOnInterface(stmt, a, w, cx);
  stmt.addresses.push(virtual ? { address: a, prefix: 32, word: w } : { address: a, word: w });
}

function loopbackOnInterface(stmt: InterfaceStatement, a: IpAddress, w: Word, cx: BuildContext): void {
  if (!isLoopback(a)) return;
  // EZZ0708I: a permanent loopback address on INTERFACE; the statement is ignored.
  cx.report({
    ruleId: 'invalid-address',
    loc: w.loc,
    message: `INTERFACE ${stmt.name.raw}: ${a.text} is a loopback address, which cannot be an interface address (EZZ0708I)`,
  });
}

/** What each type requires (the INTERFACE pages: PORTNAME for OSA, CHPID for HiperSockets, IPADDR for IPv4). */
function checkDefine(stmt: InterfaceStatement, cx: BuildContext): void {
  const has = (name: string): boolean => stmt.options.some((o) => o.name === name);
  const type = stmt.type!;
  const at = stmt.typeWord!.loc;
  if ((type === 'IPAQENET' || type === 'IPAQENET6') && !has('PORTNAME') && !has('DEVNUM')) {
    cx.report({ ruleId: 'syntax', loc: at, message: `INTERFACE ${stmt.name.raw} DEFINE ${type} needs PORTNAME (the OSA port's TRLE name)` });
  }
  if ((type === 'IPAQIDIO' || type === 'IPAQIDIO6') && !has('CHPID')) {
    cx.report({ ruleId: 'syntax', loc: at, message: `INTERFACE ${stmt.name.raw} DEFINE ${type} needs CHPID (the HiperSockets CHPID)` });
  }
  if ((type === 'IPAQENET' || type === 'IPAQIDIO' || type === 'VIRTUAL') && !has('IPADDR')) {
    cx.report({ ruleId: 'syntax', loc: at, message: `INTERFACE ${stmt.name.raw} DEFINE ${type} needs IPADDR` });
  }
}
