import { parseIpv4 } from '../../../src/core/ip.js';
import type { Moveable, OptionNode, VipaDefineStatement, Word } from '../ast.js';
import { dvipaAddress, intfName } from '../dvipa.js';
import { leadingOptions, misplaced, opt, rest, statement, type BuildContext, type Parsed } from '../spec.js';

/** Keywords before the mask or interface name, in IBM's order (checked by the builder). */
export const defineKeywords = [
  opt('TIER1'),
  opt('TIER2'),
  opt('CPCSCOPE'),
  opt('MOVEable'),
  opt('IMMEDiate'),
  opt('WHENIDLE'),
  opt('SERVICEMGR'),
  ...misplaced('that is a VIPARANGE keyword', 'DISRUPTive', 'NONDISRUPTive'),
  ...misplaced('that is a VIPADISTRIBUTE or VIPARANGE keyword', 'DEFINE', 'DELEte'),
];

/**
 * Confirmed against IBM's z/OS 2.4 syntax diagram ("Specify the parameters in the order shown
 * here"): [TIER1 | TIER2 [CPCSCOPE] | CPCSCOPE] then {[MOVEable IMMEDiate | MOVEable WHENIDLE]
 * [SERVICEMGR] address_mask ipv4_addr … | [MOVEable IMMEDiate] ipv6_intfname {ipv6_addr |
 * ipv6_addr/prefix_len}}. No 2.5, 3.1 or 3.2 copy of the page was reachable.
 */
export const vipadefine = statement({
  id: 'vipadefine',
  notation: 'VIPADEFine',
  level: 'vipadynamic',
  topic: 'VIPADEFINE statement',
  meaning: 'Defines dynamic VIPAs this stack owns (and activates when it starts).',
  details: 'An address already in HOME or the dynamic XCF address is rejected (EZZ8307I). MOVEABLE IMMEDIATE moves the DVIPA back at once when its owner returns; WHENIDLE waits until no connection uses it.',
  syntax:
    'VIPADEFine [TIER1|TIER2 [CPCSCOPE]|CPCSCOPE] {[MOVEable IMMEDiate|WHENIDLE] [SERVICEMGR] address_mask ipv4_addr … | [MOVEable IMMEDiate] ipv6_intfname ipv6_addr[/prefix]}',
  body: [leadingOptions(defineKeywords), rest],
  confirmed: {
    release: '2.4',
    topic: 'VIPADYNAMIC - VIPADEFINE statement (z/OS 2.4 page; later releases not checked: no later copy or Summary of changes was reachable)',
    url: 'https://www.ibm.com/support/knowledgecenter/SSLTBW_2.4.0/com.ibm.zos.v2r4.halz001/vdyvipadefinestatement.htm',
  },
  build: (p, cx) => defineOrBackup(p, cx, 'vipadefine'),
});

/** IBM's order of the keywords before the mask or interface name. */
const ORDER = ['TIER', 'CPCSCOPE', 'MOVEABLE', 'MOVEMODE', 'SERVICEMGR'];

/**
 * VIPADEFINE and VIPABACKUP: IBM's order [TIER1 | TIER2 [CPCSCOPE] | CPCSCOPE]
 * [MOVEable IMMEDiate|WHENIDLE] [SERVICEMGR], then the mask and IPv4 addresses, or
 * an IPv6 interface name and one address.
 */
export function defineOrBackup(p: Parsed, cx: BuildContext, kind: 'vipadefine' | 'vipabackup'): VipaDefineStatement {
  const keyword = p.keyword;
  const statement = kind === 'vipadefine' ? 'VIPADEFINE' : 'VIPABACKUP';
  const options: OptionNode[] = p.options;
  const values = p.rest;
  const out: VipaDefineStatement = { kind, loc: p.loc, keyword, options: options.map((o) => o.keyword), addresses: [], longForm: false };
  const rankWord = p.slots['rank'];
  if (rankWord) {
    out.rankWord = rankWord;
    if (!rankWord.symbolic && /^\d+$/.test(rankWord.text) && Number(rankWord.text) >= 1 && Number(rankWord.text) <= 254) out.rank = Number(rankWord.text);
  } else if (kind === 'vipabackup') out.rank = 1;


  let last = -1;
  let moveableSeen: OptionNode | undefined;
  let moveModeWord: Word | undefined;
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    const w = o.keyword;
    const name = o.name;
    let group: string;
    if (name === 'TIER1' || name === 'TIER2') {
      group = 'TIER';
      if (out.tier && out.tier !== name) {
        cx.report({
          ruleId: 'conflicting-options',
          loc: w.loc,
          message: `${statement} codes both TIER1 and TIER2: a DVIPA is either a tier-1 or a tier-2 address, never both.`,
        });
      }
      out.tier = name;
    } else if (name === 'CPCSCOPE') {
      group = 'CPCSCOPE';
      out.cpcScope = w.loc;
      if (out.tier === 'TIER1') cx.report({ ruleId: 'syntax', loc: w.loc, message: `${statement}: CPCSCOPE goes with TIER2 or stands alone, not with TIER1` });
    } else if (name === 'MOVEABLE') {
      group = 'MOVEABLE';
      moveableSeen = o;
    } else if (name === 'IMMEDIATE' || name === 'WHENIDLE') {
      group = 'MOVEMODE';
      if (!moveableSeen || options[i - 1] !== moveableSeen) cx.report({ ruleId: 'syntax', loc: w.loc, message: `${statement}: ${name} must follow MOVEABLE` });
      out.moveable = name as Moveable;
      moveModeWord = w;
    } else if (name === 'SERVICEMGR') {
      group = 'SERVICEMGR';
      out.serviceMgr = w.loc;
    } else continue; // a VIPARANGE or VIPADISTRIBUTE keyword: the parser reported it
    const rank = ORDER.indexOf(group);
    if (rank < last) {
      cx.report({
        ruleId: 'syntax',
        loc: w.loc,
        message: `${statement}: ${name} is out of order; IBM requires [TIER1|TIER2 [CPCSCOPE]|CPCSCOPE] [MOVEABLE IMMEDIATE|WHENIDLE] [SERVICEMGR] before the mask or interface name`,
      });
    }
    last = Math.max(last, rank);
  }
  if (moveableSeen && !out.moveable) cx.report({ ruleId: 'syntax', loc: moveableSeen.keyword.loc, message: `${statement}: MOVEABLE needs IMMEDIATE or WHENIDLE` });
  if (moveableSeen) out.longForm = true;

  if (values.length === 0) {
    cx.report({ ruleId: 'syntax', loc: keyword.loc, message: `${statement} names no address` });
    return out;
  }
  const first = values[0]!;
  const firstIsV4 = parseIpv4(first.text) !== undefined || /^[\d.]+$/.test(first.text);
  const needsMask = kind === 'vipadefine' || out.longForm;
  if (first.symbolic) {
    // An unresolved symbol: keep what can be kept.
    for (const w of values.slice(needsMask ? 1 : 0)) {
      const a = w.symbolic ? undefined : dvipaAddress(w, statement, 4, cx);
      if (a) out.addresses.push(a);
    }
    return out;
  }
  if (firstIsV4) {
    let addrWords = values;
    if (needsMask) {
      out.maskWord = first;
      const prefix = cx.values.mask(first, `${statement} address mask`);
      if (prefix !== undefined) out.prefix = prefix;
      addrWords = values.slice(1);
      if (addrWords.length === 0) cx.report({ ruleId: 'syntax', loc: first.loc, message: `${statement}: the mask ${first.raw} is not followed by any address` });
    } else {
      const m = parseIpv4(first.text);
      if (m && values.length > 1 && m.value >= 0xff000000n) {
        cx.report({
          ruleId: 'syntax',
          loc: first.loc,
          message: `VIPABACKUP: '${first.raw}' looks like an address mask, but the short form takes addresses only; code MOVEABLE IMMEDIATE (or WHENIDLE) before the mask to use the long form`,
        });
        addrWords = values.slice(1);
      }
      out.prefix = 32;
    }
    for (const w of addrWords) {
      if (w.text.includes(':')) {
        cx.report({ ruleId: 'syntax', loc: w.loc, message: `${statement}: one statement holds either IPv4 or IPv6 addresses, not both` });
        continue;
      }
      const a = dvipaAddress(w, statement, 4, cx);
      if (a) out.addresses.push(a);
    }
    return out;
  }
  if (out.moveable === 'WHENIDLE' || out.serviceMgr) {
    // WHENIDLE may have been coded without MOVEABLE (reported above).
    cx.report({ ruleId: 'syntax', loc: out.serviceMgr ?? moveModeWord?.loc ?? keyword.loc, message: `${statement}: WHENIDLE and SERVICEMGR are IPv4 only` });
  }
  out.interfaceName = first;
  intfName(first, statement, cx);
  if (values.length !== 2) {
    cx.report({
      ruleId: 'syntax',
      loc: values.length > 2 ? values[2]!.loc : first.loc,
      message: `${statement}: the IPv6 form is an interface name followed by exactly one IPv6 address`,
    });
  }
  const second = values[1];
  if (second) {
    const a = dvipaAddress(second, statement, 6, cx);
    if (a) out.addresses.push(a);
  }
  return out;
}
