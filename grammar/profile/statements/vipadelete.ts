import type { VipaDeleteStatement } from '../ast.js';
import { dvipaAddress, intfName } from '../dvipa.js';
import { rest, statement } from '../spec.js';

/**
 * VIPADELete {ipv4_addr … | ipv6_intfname}. Not confirmed: no copy of IBM's page was reachable
 * (the form is the one IBM's VIPADYNAMIC examples use).
 */
export const vipadelete = statement({
  id: 'vipadelete',
  notation: 'VIPADELete',
  level: 'vipadynamic',
  topic: 'VIPADELETE statement',
  meaning: 'Removes dynamic VIPAs that VIPADEFINE or VIPABACKUP defined (several IPv4 addresses, or one IPv6 interface).',
  syntax: 'VIPADELete {ipv4_addr … | ipv6_intfname}',
  body: [rest],
  unverified: true,
  build(p, cx): VipaDeleteStatement {
    const values = p.rest;
    const out: VipaDeleteStatement = { kind: 'vipadelete', loc: p.loc, keyword: p.keyword, addresses: [] };
    if (values.length === 0) {
      cx.report({ ruleId: 'syntax', loc: p.keyword.loc, message: 'VIPADELETE names no address or interface' });
      return out;
    }
    if (values[0]!.symbolic || /^[\d.]+$/.test(values[0]!.text)) {
      for (const w of values) {
        const a = w.symbolic ? undefined : dvipaAddress(w, 'VIPADELETE', 4, cx);
        if (a) out.addresses.push(a);
      }
      return out;
    }
    out.interfaceName = values[0]!;
    intfName(values[0]!, 'VIPADELETE', cx);
    if (values.length > 1) cx.report({ ruleId: 'syntax', loc: values[1]!.loc, message: 'VIPADELETE takes one IPv6 interface name only' });
    return out;
  },
});
