import { defineRule } from '../rule.js';

/**
 * VIPARANGE page: 1024 VIPARANGE statements per stack in V2R1; up to 4096 in
 * V2R3 and later (V2R2 is not stated in the reference notes). Over 4096 is an
 * error on every release; 1025–4096 is a warning, since only old releases
 * reject it.
 */
export const rule = defineRule({
  meta: {
    id: 'viparange-limit',
    severity: 'error',
    category: 'sysplex',
    description: 'More VIPARANGE statements on a stack than z/OS allows (4096; 1024 before V2R3)',
    source: 'IBM IP Configuration Reference, VIPADYNAMIC - VIPARANGE statement (limits by release)',
    consequences: [
      {
        reading: "IBM gives the limits of VIPARANGE statements by release but no message for exceeding them; plexlint assumes the statements beyond the limit are rejected.",
      },
    ],
  },
  check(ctx) {
    for (const s of ctx.estate.systems) {
      const n = s.stack.vipaRanges.length;
      if (n <= 1024) continue;
      const over = n > 4096;
      const at = s.stack.vipaRanges[over ? 4096 : 1024]!;
      ctx.report({
        loc: at.loc,
        message: over
          ? `${s.name} codes ${n} VIPARANGE statements; a stack accepts at most 4096, so plexlint assumes the ones from here on are rejected (IBM documents no message for this). Merge ranges.`
          : `${s.name} codes ${n} VIPARANGE statements; z/OS V2R3 and later accept 4096, but V2R1 accepts only 1024 (IBM's limit for V2R2 was not found), so plexlint assumes that on an older release the ones from here on are rejected. Merge ranges if the stack runs below V2R3.`,
        ...(over ? {} : { severity: 'warning' as const }),
        subject: `${s.name} viparange count`,
      });
    }
  },
});
