import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';

/**
 * VIPADEFINE MOVEABLE IMMEDIATE: the DVIPA moves at once to a stack that
 * defines it when that stack comes up; WHENIDLE waits until it has no
 * connections. With several VIPADEFINE owners the owner is whichever started
 * last, so ownership (and which distribution is in force) depends on IPL order.
 */
export const rule = defineRule({
  meta: {
    id: 'dvipa-multiple-owners',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'Two or more stacks VIPADEFINE the same DVIPA',
    source: 'IBM IP Configuration Reference, VIPADEFINE MOVEABLE IMMEDIATE / WHENIDLE (MIB description of the move semantics)',
    consequences: [
      {
        reading: "IBM documents MOVEABLE IMMEDIATE (the DVIPA moves at once to a stack that owns it by VIPADEFINE when that stack comes up) but not a sysplex where several stacks VIPADEFINE one DVIPA; plexlint's reading is that the owner then depends on the order the stacks start.",
      },
    ],
  },
  check(ctx) {
    for (const dv of ctx.estate.sysplex.dvipas) {
      if (dv.owners.length < 2) continue;
      const [first, ...rest] = dv.owners;
      for (const o of rest) {
        ctx.report({
          loc: o.loc,
          message:
            `${o.system} and ${first!.system} both VIPADEFINE ${dv.address}: only one stack owns a DVIPA at a time, and with MOVEABLE ${o.moveable ?? 'IMMEDIATE'} ` +
            `it ${o.moveable === 'WHENIDLE' ? 'moves to the stack that defines it once the current owner is idle' : 'moves at once to whichever defining stack started last'}, ` +
            `so who owns (and distributes) it depends on IPL order (plexlint's reading; IBM does not describe several VIPADEFINE owners). Keep VIPADEFINE on the intended owner and code VIPABACKUP on ${o.system}.`,
          related: [rel(first!.loc, `VIPADEFINE on ${first!.system}`)],
          subject: `${dv.address} owners`,
        });
      }
    }
  },
});
