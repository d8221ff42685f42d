import { defineRule } from '../rule.js';
import { listText, rel } from '../helpers.js';

/**
 * A name that no statement plexlint read defines, used after an INCLUDE whose member plexlint could not read. The
 * definition may be in that member (an ADCD profile INCLUDEs its device definitions, for one), so plexlint cannot
 * say the name is undefined: undefined-reference would claim a rejection it does not know of. One finding per name,
 * at its first use; the other uses and the unread INCLUDEs are related locations.
 */
export const rule = defineRule({
  meta: {
    id: 'maybe-undefined-reference',
    severity: 'warning',
    category: 'profile',
    description: 'A device, link or interface name that is defined nowhere plexlint could read, used after an INCLUDE it could not read',
    source: 'IBM IP Configuration Reference, "Statement syntax for configuration statements" (ordering rule); INCLUDE statement',
    consequences: [
      {
        plexlint:
          'plexlint does not know whether the name is defined in the member it could not read, so it checks nothing that needs the definition. ' +
          'If the member does not define it, the stack treats the reference as undefined-reference describes.',
      },
    ],
  },
  check(ctx) {
    for (const system of ctx.estate.systems) {
      const byName = new Map<string, (typeof system.stack.references)[number][]>();
      for (const r of system.stack.references) {
        if (r.status !== 'undefined' || !r.unreadIncludes) continue;
        const list = byName.get(r.name);
        if (list) list.push(r);
        else byName.set(r.name, [r]);
      }
      for (const [name, uses] of byName) {
        const first = uses[0]!;
        const includes = first.unreadIncludes!;
        const members = listText(includes.map((i) => i.dataset));
        const others = uses.length > 1 ? ` ${uses.length - 1} more ${uses.length === 2 ? 'statement names' : 'statements name'} it too.` : '';
        ctx.report({
          loc: first.loc,
          system: system.name,
          subject: `${system.name} ${first.from} ${name}`,
          message:
            `${first.from} names ${name}, which no statement plexlint read defines; INCLUDE ${members} ` +
            `${includes.length === 1 ? 'comes' : 'come'} before it and plexlint could not read ${includes.length === 1 ? 'it' : 'them'}, ` +
            `so it cannot tell whether ${name} is defined there.${others} Add the ${includes.length === 1 ? 'member' : 'members'} to the estate ` +
            `(or map ${includes.length === 1 ? 'its data set' : 'their data sets'} in plexlint.yaml) to check the reference.`,
          related: [
            ...uses.slice(1).map((u) => rel(u.loc, `${u.from} names ${name} too`)),
            ...includes.map((i) => rel(i.loc, `INCLUDE ${i.dataset}: not read`)),
          ],
        });
      }
    }
  },
});
