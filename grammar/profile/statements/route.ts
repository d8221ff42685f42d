import type { RouteEntry } from '../ast.js';
import { maskToPrefix, parseIpv4 } from '../../../src/core/ip.js';
import { builtSlot, choice, oneOf, opt, options, slot, statement, type Parsed } from '../spec.js';
import { v } from '../values.js';
import { nameTable } from '../../../src/core/record.js';

/** The default-route destinations: DEFAULT (IPv4), DEFAULT6 (IPv6), and DEFAULTNET, GATEWAY's spelling of DEFAULT. */
const DEFAULTS: Record<string, 4 | 6> = nameTable({ DEFAULT: 4, DEFAULTNET: 4, DEFAULT6: 6 });

/** The IPv4 form `destination subnet_mask`: an address without a prefix length that is not a default. */
function takesMask(p: Parsed): boolean {
  const d = p.slots['destination'];
  return d !== undefined && !d.symbolic && !d.text.includes('/') && DEFAULTS[d.text] === undefined && !d.text.includes(':');
}

/**
 * ROUTE inside BEGINROUTES … ENDROUTES. Its operands are positional: after an error in
 * one of them the others keep their places, so a rejected entry gets one finding.
 *
 * Not confirmed (`unverified`): the copy of IBM's BEGINROUTES page that could be read (z/OS 2.2) ends before its syntax
 * diagram. The forms follow IBM's examples: `ROUTE 200.16.0.0/16 = HSINTF1 MTU 1492` (IP Configuration Guide,
 * HiperSockets conversion), and the IPv6 default route `ROUTE DEFAULT6 FE80::1:2:3:4 OSAQDIO46 MTU 5000 REPL`
 * that issue 25 quotes from IBM's static-route examples (REPLaceable: REPL is its shortest form).
 */
export const route = statement({
  id: 'route',
  notation: 'ROUTE',
  level: 'routes',
  topic: 'BEGINROUTES statement (ROUTE)',
  unverified: true,
  meaning: 'A static route: destination, first hop (or = for a directly attached network), link or interface, MTU.',
  syntax:
    'ROUTE {destination subnet_mask | destination/prefix_length | DEFAULT | DEFAULT6} {first_hop | =} link_name MTU {mtu_size | DEFAULTSIZE} ' +
    '[MAXImumretransmittime s] [MINImumretransmittime s] [ROUNDTRIPGain g] [VARIANCEGain g] [VARIANCEMultiplier m] [DELAYAcks|NODELAYAcks] [REPLaceable|NOREPLaceable]',
  body: [
    builtSlot('destination', v.text('destination')),
    choice({ HOST: [] }, [slot('mask', v.mask('subnet mask'), false, { when: takesMask })]),
    builtSlot('hop', v.text('first hop (an address, or =)')),
    slot('link', v.name('link or interface name', 16)),
    options(
      opt('MTU', v.either('MTU', v.int('MTU', 576, 65535), v.keyword('DEFAULTSIZE', 'DEFAULTSIZE'))),
      opt('MAXImumretransmittime', v.text('seconds')),
      opt('MINImumretransmittime', v.text('seconds')),
      opt('ROUNDTRIPGain', v.text('gain')),
      opt('VARIANCEGain', v.text('gain')),
      opt('VARIANCEMultiplier', v.text('multiplier')),
      oneOf('delayacks', 'DELAYAcks', 'NODELAYAcks'),
      oneOf('replaceable', 'REPLaceable', 'NOREPLaceable'),
    ),
  ],
  build(p, cx): RouteEntry {
    const out: RouteEntry = { kind: 'route', loc: p.loc, keyword: p.keyword, isDefault: false, options: p.options };
    const dest = p.slots['destination'];
    const defaultOf = dest && !dest.symbolic ? DEFAULTS[dest.text] : undefined;
    if (defaultOf !== undefined) {
      out.isDefault = true;
      if (defaultOf === 6) out.ipv6 = true;
    } else if (dest && !dest.symbolic) {
      const mask = p.slots['mask'];
      if (dest.text.includes('/')) {
        const c = cx.values.cidr(dest, 'ROUTE destination');
        if (c) out.destination = c;
      } else {
        const a = cx.values.ip(dest, 'ROUTE destination');
        const m = mask && !mask.symbolic ? parseIpv4(mask.text) : undefined;
        const prefix = m ? maskToPrefix(m) : undefined;
        if (a && p.keywords['HOST']) out.destination = { address: a, prefix: a.version === 4 ? 32 : 128 };
        else if (a && prefix !== undefined) out.destination = { address: a, prefix };
        // An IPv6 destination takes no mask (takesMask): without a prefix length plexlint reads it as a host route.
        else if (a?.version === 6) out.destination = { address: a, prefix: 128 };
      }
    }
    const hop = p.slots['hop'];
    if (hop && hop.text !== '=' && !hop.symbolic) {
      const a = cx.values.ip(hop, 'ROUTE first hop');
      if (a) out.firstHop = a;
    }
    const link = p.slots['link'];
    if (link) out.link = link;
    const mtu = p.options.find((o) => o.name === 'MTU')?.values[0];
    if (mtu && mtu.text !== 'DEFAULTSIZE' && /^\d+$/.test(mtu.text)) out.mtu = Number(mtu.text);
    // One error per rejected entry: the operands keep their places, and a later problem in
    // the same entry is not news.
    cx.keepFirstRejection();
    return out;
  },
});
