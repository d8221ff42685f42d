/**
 * What the VIPADYNAMIC statements share: dynamic VIPA addresses and IPv6 interface
 * names (VIPADEFINE, VIPABACKUP, VIPADELETE, VIPARANGE, VIPADISTRIBUTE pages; EZZ0638I).
 */
import { isLoopback, parseCidr, parseIp, type IpAddress } from '../../src/core/ip.js';
import type { DvipaAddress, Word } from './ast.js';
import { withDamage } from './damage.js';
import { shown } from './values.js';
import type { BuildContext } from './spec.js';

/** IPv6 interface names are at most 16 characters. */
export const MAX_INTF_NAME = 16;

export function intfName(w: Word, statement: string, cx: BuildContext): void {
  if (w.text.length > MAX_INTF_NAME) {
    cx.report({ ruleId: 'syntax', loc: w.loc, message: `${statement}: the IPv6 interface name '${w.raw}' is longer than ${MAX_INTF_NAME} characters` });
  }
}

export function dvipaAddress(w: Word, statement: string, version: 4 | 6, cx: BuildContext): DvipaAddress | undefined {
  if (w.symbolic) return undefined;
  let address: IpAddress | undefined;
  let prefix: number | undefined;
  if (version === 6 && w.text.includes('/')) {
    const c = parseCidr(w.text);
    address = c?.address;
    prefix = c?.prefix;
  } else address = parseIp(w.text);
  if (!address || address.version !== version) {
    cx.report({ ruleId: 'invalid-address', loc: w.loc, message: `${statement}: ${shown(w)} is not a valid IPv${version} address` });
    return undefined;
  }
  if (isLoopback(address)) {
    // EZZ0638I: a loopback address on a VIPA statement; the statement is ignored.
    cx.report(
      withDamage({ ruleId: 'invalid-address', loc: w.loc, message: `${statement}: ${address.text} is a loopback address, which cannot be a dynamic VIPA (EZZ0638I)`, consequence: 'ezz0638i' }, 'statement'),
    );
    return undefined;
  }
  return prefix === undefined ? { address, word: w } : { address, prefix, word: w };
}
