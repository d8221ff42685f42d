import { defineRule } from '../rule.js';
import { dynamicXcfUnreadAnywhere, ownedAddresses, rel } from '../helpers.js';
import { stacksRead } from './scope.js';

/**
 * VIPADISTRIBUTE: DESTIP names "dynxcfip" — the dynamic XCF address of each
 * target stack (IBM syntax diagram; SMF 119 distributed DVIPA section). Only
 * tier-1 GRE/ENCAP targets are non-z/OS addresses. Runs only when the estate
 * holds at least two stacks (`needs: 'sysplex'`).
 */
export const rule = defineRule({
  meta: {
    id: 'destip-not-xcf',
    severity: 'error',
    category: 'sysplex',
    needs: 'sysplex',
    description: "A DESTIP address that is no stack's IPCONFIG DYNAMICXCF address",
    source: 'IBM IP Configuration Reference, VIPADISTRIBUTE statement (DESTIP dynxcfip)',
    consequences: [
      {
        reading: "IBM names the DESTIP operand by the targets' dynamic XCF addresses (dynxcfip) but does not document what the distributor does with an address that is no stack's; plexlint assumes it finds no target there and never forwards to it.",
      },
    ],
  },
  check(ctx) {
    const xcf = new Map<string, string>();
    for (const s of ctx.estate.systems) {
      if (s.stack.dynamicXcf.v4) xcf.set(s.stack.dynamicXcf.v4.address, s.name);
      if (s.stack.dynamicXcf.v6) xcf.set(s.stack.dynamicXcf.v6.address, s.name);
    }
    // A stack whose dynamic XCF address has a system symbol without a value: a DESTIP may be that address.
    const unread = dynamicXcfUnreadAnywhere(ctx.estate);
    for (const d of ctx.estate.sysplex.distributions) {
      if (d.routing) continue; // tier-1 GRE/ENCAP targets are non-z/OS appliances
      if (unread[d.version]) continue;
      for (const t of d.targets) {
        if (t.via !== 'destip' || !t.address || xcf.has(t.address)) continue;
        const owner = ctx.estate.systems
          .map((s) => ({ s, a: ownedAddresses(s).find((o) => o.address === t.address) }))
          .find((x) => x.a);
        const ownerXcf = owner ? (d.version === 4 ? owner.s.stack.dynamicXcf.v4 : owner.s.stack.dynamicXcf.v6) : undefined;
        const cfg = d.version === 4 ? 'IPCONFIG DYNAMICXCF' : 'IPCONFIG6 DYNAMICXCF';
        const hint = owner
          ? ` ${t.address} is ${owner.s.name}'s ${owner.a!.via} address, not its dynamic XCF address` +
            (ownerXcf ? ` (${ownerXcf.address}).` : `, and ${owner.s.name} codes no ${cfg}.`)
          : '';
        ctx.report({
          loc: t.loc,
          system: d.system,
          message:
            `DESTIP ${t.address} of VIPADISTRIBUTE ${d.dvipa} is not the dynamic XCF address of any of ${stacksRead(ctx.estate)}, ` +
            `so plexlint assumes the distributor finds no target stack for it and never forwards connections there (IBM does not document this case).${hint} ` +
            `Name each target by its ${cfg} address${ownerXcf ? ` (${ownerXcf.address} for ${owner!.s.name})` : ''}.`,
          ...(owner ? { related: [rel(owner.a!.loc, `${t.address} is defined here on ${owner.s.name}`)] } : {}),
          subject: `${d.id} DESTIP ${t.address}`,
        });
      }
    }
  },
});
