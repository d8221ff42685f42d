import { defineRule } from '../rule.js';
import { ownedAddresses, rel } from '../helpers.js';

/**
 * An IP address belongs to one stack. The same non-loopback address in the
 * HOME list or on an interface of two stacks (or a DVIPA that is another stack's
 * home address) makes both advertise and answer ARP for it. Loopback addresses
 * on several stacks are fine: that is how dispatch-mode cluster addresses are
 * defined (IBM, external load balancing).
 */
export const rule = defineRule({
  meta: {
    id: 'duplicate-address',
    severity: 'error',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'The same non-loopback address on two stacks, or a DVIPA that is another stack\'s home address',
    source: 'IBM IP Configuration Guide, HOME and dynamic VIPA address uniqueness (loopback exception)',
    consequences: [
      {
        reading: "IBM documents that the OSA registers the stack's non-loopback home addresses and that the owning stack advertises a DVIPA; IBM does not describe two stacks owning one address, and plexlint assumes traffic for it reaches whichever stack the network picks.",
      },
    ],
  },
  check(ctx) {
    const seen = new Map<string, { system: string; loc: import('../../core/loc.js').Loc; via: string }>();
    for (const s of ctx.estate.systems) {
      const entries = [
        ...ownedAddresses(s),
        ...(s.stack.dynamicXcf.v4 ? [{ address: s.stack.dynamicXcf.v4.address, loc: s.stack.dynamicXcf.v4.loc, via: 'dynamic XCF' }] : []),
        ...(s.stack.dynamicXcf.v6 ? [{ address: s.stack.dynamicXcf.v6.address, loc: s.stack.dynamicXcf.v6.loc, via: 'dynamic XCF (IPv6)' }] : []),
      ];
      const mine = new Set<string>();
      for (const e of entries) {
        if (mine.has(e.address)) continue; // duplicates within one stack: home-duplicate-address
        mine.add(e.address);
        const first = seen.get(e.address);
        if (!first) {
          seen.set(e.address, { system: s.name, loc: e.loc, via: e.via });
          continue;
        }
        if (first.system === s.name) continue;
        ctx.report({
          loc: e.loc,
          system: s.name,
          message:
            `${e.address} (${e.via}) is also ${first.system}'s ${first.via} address: both stacks own it, so both answer ARP for it ` +
            '(the OSA registers every non-loopback home address) and dynamic routing can advertise it from both; plexlint assumes traffic for it reaches whichever stack the network picks. Give each stack its own address ' +
            '(an address shared on purpose belongs on LOOPBACK, or is a DVIPA).',
          related: [rel(first.loc, `${first.system}'s ${first.via}`)],
          subject: `address ${e.address}`,
        });
      }
    }
    // A DVIPA that another stack owns as an ordinary address.
    for (const dv of ctx.estate.sysplex.dvipas) {
      const owner = seen.get(dv.address);
      if (!owner) continue;
      for (const def of [...dv.owners, ...dv.backups]) {
        if (def.system === owner.system) continue; // same stack: dvipa-already-defined
        ctx.report({
          loc: def.loc,
          system: def.system,
          message:
            `DVIPA ${dv.address} is ${owner.system}'s ${owner.via} address. When ${def.system} activates the DVIPA, two stacks own the address ` +
            'and plexlint assumes connections for it go to either (IBM does not describe this case). Use an address no stack has in HOME or on an interface.',
          related: [rel(owner.loc, `${owner.system}'s ${owner.via}`)],
          subject: `dvipa ${dv.address} home`,
        });
      }
    }
  },
});
