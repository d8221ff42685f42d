import { isLoopback } from '../../../src/core/ip.js';
import type { Moveable, VipaRangeStatement, Word } from '../ast.js';
import { fix, inCaseOf, replaceAt } from '../../../src/core/fix.js';
import { didYouMean, uniqueSuggestion } from '../../../src/core/suggest.js';
import { intfName } from '../dvipa.js';
import { withDamage } from '../damage.js';
import { leadingOptions, misplaced, opt, rest, statement } from '../spec.js';

/**
 * Follows IBM's V2R1 diagram (VIPARange [DEFINE|DELEte] {[MOVEable NONDISRUPTive|MOVEable
 * DISRUPTive] address_mask ipv4_addr | [MOVEable NONDISRUPTive] ipv6_intfname
 * ipv6_addr/prefix_len} [SAF resname]) and ZCX, which later releases add. Not confirmed: the
 * z/OS 2.3 copy of the page ends before its diagram and no later copy was reachable.
 */
export const viparange = statement({
  id: 'viparange',
  notation: 'VIPARange',
  level: 'vipadynamic',
  topic: 'VIPARANGE statement',
  meaning: 'A subnet in which applications may create dynamic VIPAs (bind(), SIOCSVIPA ioctl, MODDVIPA).',
  details: 'Ranges must not contain ordinary addresses of the sysplex.',
  syntax:
    'VIPARange [DEFINE|DELEte] {[MOVEable NONDISRUPTive|DISRUPTive] address_mask ipv4_addr | [MOVEable NONDISRUPTive] ipv6_intfname ipv6_addr/prefix_len} [SAF resname] [ZCX]',
  body: [
    leadingOptions(
      opt('DEFINE'),
      opt('DELEte'),
      opt('MOVEable'),
      opt('NONDISRUPTive'),
      opt('DISRUPTive'),
      ...misplaced('that is a VIPADEFINE or VIPABACKUP keyword', 'TIER1', 'TIER2', 'CPCSCOPE', 'IMMEDiate', 'WHENIDLE', 'SERVICEMGR'),
    ),
    rest,
  ],
  unverified: true,
  build(p, cx): VipaRangeStatement {
    const keyword = p.keyword;
    const out: VipaRangeStatement = { kind: 'viparange', loc: p.loc, keyword, action: 'define', options: p.options.map((o) => o.keyword) };
    let moveable: Word | undefined;
    let moveModeWord: Word | undefined;
    let seenAction = false;
    p.options.forEach((o, i) => {
      const w = o.keyword;
      const name = o.name;
      if (name === 'DEFINE' || name === 'DELETE') {
        if (seenAction || moveable) cx.report({ ruleId: 'syntax', loc: w.loc, message: `VIPARANGE: ${name} must come first and only once` });
        seenAction = true;
        out.action = name === 'DEFINE' ? 'define' : 'delete';
      } else if (name === 'MOVEABLE') moveable = w;
      else if (name === 'NONDISRUPTIVE' || name === 'DISRUPTIVE') {
        if (!moveable || p.options[i - 1]?.keyword !== moveable) cx.report({ ruleId: 'syntax', loc: w.loc, message: `VIPARANGE: ${name} must follow MOVEABLE` });
        out.moveable = name as Moveable;
        moveModeWord = w;
      }
    });
    if (moveable && !out.moveable) cx.report({ ruleId: 'syntax', loc: moveable.loc, message: 'VIPARANGE: MOVEABLE needs NONDISRUPTIVE or DISRUPTIVE' });
    const rest = [...p.rest];
    const first = rest.shift();
    if (!first) {
      cx.report({ ruleId: 'syntax', loc: keyword.loc, message: 'VIPARANGE needs an address mask and an address (or an IPv6 interface name and address/prefix)' });
      return out;
    }
    if (first.symbolic || /^[\d.]+$/.test(first.text)) {
      const second = rest.shift();
      if (!second) cx.report({ ruleId: 'syntax', loc: first.loc, message: 'VIPARANGE: the mask is not followed by an address' });
      else {
        const prefix = first.symbolic ? undefined : cx.values.mask(first, 'VIPARANGE address mask');
        const address = second.symbolic ? undefined : cx.values.ipv4(second, 'VIPARANGE address');
        if (prefix !== undefined && address) {
          // EZZ0638I: TCP/IP ignores the statement (only it, not the rest of the block).
          if (isLoopback(address)) cx.report(withDamage({ ruleId: 'invalid-address', loc: second.loc, message: `VIPARANGE: ${address.text} is a loopback address (EZZ0638I)`, consequence: 'ezz0638i' }, 'statement'));
          else out.range = { address, prefix };
        }
      }
    } else {
      out.interfaceName = first;
      intfName(first, 'VIPARANGE', cx);
      // DISRUPTIVE may have been coded without MOVEABLE (reported above).
      if (out.moveable === 'DISRUPTIVE') cx.report({ ruleId: 'syntax', loc: moveModeWord?.loc ?? keyword.loc, message: 'VIPARANGE: MOVEABLE DISRUPTIVE is IPv4 only' });
      const second = rest.shift();
      const c = second && !second.symbolic ? cx.values.cidr(second, 'VIPARANGE IPv6 address/prefix') : undefined;
      if (!second) cx.report({ ruleId: 'syntax', loc: first.loc, message: 'VIPARANGE: the interface name is not followed by an address/prefix' });
      else if (c) out.range = c;
    }
    while (rest.length) {
      const w = rest.shift()!;
      if (w.text === 'SAF') {
        const name = rest.shift();
        if (!name) cx.report({ ruleId: 'syntax', loc: w.loc, message: 'VIPARANGE: SAF needs a resource name' });
        else out.saf = name;
      } else if (w.text === 'ZCX') out.zcx = w.loc;
      else {
        const certain = uniqueSuggestion(w.text, ['SAF', 'ZCX']);
        cx.report({
          ruleId: 'unknown-operand',
          loc: w.loc,
          message: `VIPARANGE does not take '${w.raw}' here.${didYouMean(w.text, ['SAF', 'ZCX'])}`,
          ...(certain ? { fix: fix(`write ${certain}`, replaceAt(w.loc, inCaseOf(w.raw, certain))) } : {}),
        });
      }
    }
    return out;
  },
});
