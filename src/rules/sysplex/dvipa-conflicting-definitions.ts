import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';
import type { DvipaBackup, DvipaOwner } from '../../model/estate.js';

/**
 * The owner's and the backups' definitions of one DVIPA should agree: after a
 * takeover the DVIPA carries the definition of the stack that owns it, so a
 * different mask, MOVEABLE mode, tier or CPCSCOPE changes what is advertised and
 * how it moves (VIPADEFINE / VIPABACKUP statements).
 */
export const rule = defineRule({
  meta: {
    id: 'dvipa-conflicting-definitions',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'Stacks define one DVIPA with different masks, MOVEABLE modes, tier or CPCSCOPE',
    source: 'IBM IP Configuration Reference, VIPADEFINE and VIPABACKUP statements',
  },
  check(ctx) {
    for (const dv of ctx.estate.sysplex.dvipas) {
      const defs: (DvipaOwner | DvipaBackup)[] = [...dv.owners, ...dv.backups];
      const reference = dv.owners[0] ?? dv.backups.find((b) => !b.shortForm);
      if (!reference) continue;
      for (const d of defs) {
        if (d === reference) continue;
        const diffs: string[] = [];
        const short = 'shortForm' in d && d.shortForm;
        if (!short && d.prefix !== undefined && reference.prefix !== undefined && d.prefix !== reference.prefix) {
          diffs.push(`mask /${d.prefix} instead of /${reference.prefix} (the subnet advertised for ${dv.address} changes when it moves)`);
        }
        if (!short && d.moveable && reference.moveable && d.moveable !== reference.moveable) {
          diffs.push(`MOVEABLE ${d.moveable} instead of ${reference.moveable} (when it moves back: ${d.moveable === 'WHENIDLE' ? 'only once idle' : 'at once'})`);
        }
        if ((d.tier ?? 'none') !== (reference.tier ?? 'none') && !short) diffs.push(`${d.tier ?? 'no tier'} instead of ${reference.tier ?? 'no tier'}`);
        if (d.cpcScope !== reference.cpcScope) diffs.push(d.cpcScope ? 'CPCSCOPE where the owner has none' : 'no CPCSCOPE where the owner has it');
        if (diffs.length === 0) continue;
        ctx.report({
          loc: d.loc,
          message: `${d.system}: DVIPA ${dv.address} is defined here with ${diffs.join('; ')} than on ${reference.system}. Define it the same way on every stack.`,
          related: [rel(reference.loc, `${reference.system}'s definition`)],
          subject: `${d.system} ${dv.address} definition`,
        });
      }
    }
  },
});
