import { defineRule } from '../rule.js';
import { ownedAddresses, rel } from '../helpers.js';
import { parseCidr, parseIp, SubnetTable } from '../../core/ip.js';
import type { Loc } from '../../core/loc.js';
import type { ViparangeDef } from '../../model/stack.js';
import { byLocation, listNames } from './scope.js';

/**
 * VIPARANGE page: ranges must not overlap non-DVIPA addresses elsewhere in the
 * sysplex; when DVIPAs share a subnet with ordinary addresses, define them one
 * by one (mask 255.255.255.255) so that no duplicate addresses appear.
 *
 * "Elsewhere": a range coded only on one stack may hold that stack's own
 * addresses, since binding to them creates no DVIPA.
 *
 * IBM advises coding shared VIPARANGEs once in a member every stack INCLUDEs,
 * so one statement is often the range of several stacks: it is reported once.
 */
export const rule = defineRule({
  meta: {
    id: 'viparange-overlap',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'A VIPARANGE that contains ordinary (non-DVIPA) addresses of a stack in the sysplex',
    source: 'IBM IP Configuration Reference, VIPADYNAMIC - VIPARANGE statement (guideline on overlapping addresses)',
    consequences: [
      {
        reading: "IBM's VIPARANGE guideline is that ranges not overlap other addresses and that DVIPAs sharing a subnet with ordinary addresses be defined one by one; plexlint's reading of what can go wrong (an application creating a DVIPA that duplicates an ordinary address) is not IBM's wording.",
      },
    ],
  },
  check(ctx) {
    const ranges: { system: string; range: ViparangeDef }[] = [];
    for (const s of ctx.estate.systems) for (const r of s.stack.vipaRanges) ranges.push({ system: s.name, range: r });
    interface Group {
      range: ViparangeDef;
      systems: string[];
      hits: { system: string; address: string; via: string; loc: Loc }[];
    }
    const groups: Group[] = [];
    // Each address is looked up among the ranges containing it (not every range against every address).
    const table = new SubnetTable<Group>();
    for (const group of byLocation(ranges, (x) => x.range.loc)) {
      const net = parseCidr(group[0]!.range.subnet);
      if (!net) continue;
      const g: Group = { range: group[0]!.range, systems: group.map((x) => x.system), hits: [] };
      groups.push(g);
      table.add(net, g);
    }
    for (const other of ctx.estate.systems) {
      const xcf = [other.stack.dynamicXcf.v4, other.stack.dynamicXcf.v6].filter((x) => x !== undefined).map((x) => ({ address: x.address, via: 'dynamic XCF', loc: x.loc }));
      for (const o of [...ownedAddresses(other), ...xcf]) {
        const a = parseIp(o.address);
        if (!a) continue;
        for (const g of table.containing(a)) {
          // An application binding to its own stack's address binds to it and creates no DVIPA:
          // only addresses of stacks other than (one of) the range's stacks can be duplicated.
          if (g.systems.some((x) => x !== other.name)) g.hits.push({ system: other.name, address: o.address, via: o.via, loc: o.loc });
        }
      }
    }
    for (const { range: r, systems, hits } of groups) {
      if (hits.length === 0) continue;
      const shown = hits.slice(0, 3).map((x) => `${x.address} (${x.system}'s ${x.via})`);
      ctx.report({
        loc: r.loc,
        message:
          `${listNames(systems)}: VIPARANGE ${r.subnet} contains ordinary addresses: ${shown.join(', ')}${hits.length > 3 ? ` and ${hits.length - 3} more` : ''}. ` +
          `IBM's guideline is that ranges not overlap other addresses; plexlint's reading of the risk: an application on a stack of the range can create a DVIPA there (bind(), SIOCSVIPA, MODDVIPA) and so duplicate another stack's address. Narrow the range so it holds only DVIPAs, or define the DVIPAs one by one with mask 255.255.255.255.`,
        related: hits.slice(0, 5).map((x) => rel(x.loc, `${x.system} ${x.via} ${x.address}`)),
        subject: `${systems.join(',')} VIPARANGE ${r.subnet}`,
      });
    }
  },
});
