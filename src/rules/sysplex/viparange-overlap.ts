import { defineRule } from '../rule.js';
import { ownedAddresses, rel } from '../helpers.js';
import { parseCidr, parseIp, subnetContains } from '../../core/ip.js';

/**
 * VIPARANGE page: ranges must not overlap non-DVIPA addresses elsewhere in the
 * sysplex; when DVIPAs share a subnet with ordinary addresses, define them one
 * by one (mask 255.255.255.255) so that no duplicate addresses appear.
 */
export const rule = defineRule({
  meta: {
    id: 'viparange-overlap',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'A VIPARANGE that contains ordinary (non-DVIPA) addresses of a stack in the sysplex',
    source: 'IBM IP Configuration Reference, VIPADYNAMIC - VIPARANGE statement (guideline on overlapping addresses)',
  },
  check(ctx) {
    for (const s of ctx.estate.systems) {
      for (const r of s.stack.vipaRanges) {
        const net = parseCidr(r.subnet);
        if (!net) continue;
        const hits: { system: string; address: string; via: string; loc: import('../../core/loc.js').Loc }[] = [];
        for (const other of ctx.estate.systems) {
          const xcf = [other.stack.dynamicXcf.v4, other.stack.dynamicXcf.v6].filter((x) => x !== undefined).map((x) => ({ address: x.address, via: 'dynamic XCF', loc: x.loc }));
          for (const o of [...ownedAddresses(other), ...xcf]) {
            const a = parseIp(o.address);
            if (a && subnetContains(net, a)) hits.push({ system: other.name, address: o.address, via: o.via, loc: o.loc });
          }
        }
        if (hits.length === 0) continue;
        const h = hits[0]!;
        ctx.report({
          loc: r.loc,
          message:
            `${s.name}: VIPARANGE ${r.subnet} contains ${h.address}, ${h.system}'s ${h.via} address${hits.length > 1 ? ` (and ${hits.length - 1} more)` : ''}: ` +
            `an application can create a DVIPA there with bind() or SIOCSVIPA and duplicate that address. Narrow the range so it holds only DVIPAs, or define the DVIPAs one by one with mask 255.255.255.255.`,
          related: hits.slice(0, 5).map((x) => rel(x.loc, `${x.system} ${x.via} ${x.address}`)),
          subject: `${s.name} VIPARANGE ${r.subnet}`,
        });
      }
    }
  },
});
