import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';

/** EZZ0619I "USES DUPLICATE HOME ADDRESS" (message title; the stack's exact action is unverified, so this is a warning). */
export const rule = defineRule({
  meta: {
    id: 'home-duplicate-address',
    severity: 'warning',
    category: 'profile',
    description: 'The same address twice in one stack\'s HOME list or interface addresses',
    source: 'EZZ0619I (duplicate HOME address); the stack keeps one owner per home address',
    consequences: [
      {
        reading: "IBM does not document which of two home definitions of one address the stack keeps; plexlint keeps the first and reports the second.",
      },
    ],
  },
  check(ctx) {
    for (const system of ctx.estate.systems) {
      const seen = new Map<string, { loc: import('../../core/loc.js').Loc; via: string }>();
      const entries = [
        ...system.stack.home.map((h) => ({ address: h.address, loc: h.loc, via: `HOME ${h.link}`, order: h.order })),
        ...system.stack.interfaces.flatMap((i) => i.addresses.map((a) => ({ address: a.address, loc: a.loc, via: `INTERFACE ${i.name}`, order: i.order }))),
      ].sort((a, b) => a.order - b.order || a.loc.line - b.loc.line);
      for (const e of entries) {
        const first = seen.get(e.address);
        if (!first) {
          seen.set(e.address, e);
          continue;
        }
        ctx.report({
          loc: e.loc,
          system: system.name,
          message:
            `${e.address} is already a home address of this stack (${first.via}, line ${first.loc.line}). ` +
            'A home address belongs to one link or interface; the stack reports a duplicate home address (EZZ0619I), and which of the two definitions it keeps is not documented. Remove one of them.',
          related: [rel(first.loc, 'first definition')],
          subject: `${system.name} home ${e.address}`,
        });
      }
    }
  },
});
