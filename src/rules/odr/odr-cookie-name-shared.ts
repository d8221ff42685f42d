import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import type { Odr } from '../../model/web.js';
import { tierText } from '../web.js';
import { pushTo } from '../../core/append.js';

/** Multi-tier cell affinity: cookie names must differ between tiers (IBM "Cell affinity function", multi-tier). */
export const rule = defineRule({
  meta: {
    id: 'odr-cookie-name-shared',
    severity: 'error',
    category: 'odr',
    description: 'Two ODR tiers that use the same session cookie name',
    source: 'IBM WAS ND, "Configuring cell affinity in a multi-tiered environment" (twve_odoemltier): odrSessionIdCookieName',
    consequences: [
      {
        reading: "IBM's multi-tier cell affinity topic asks for a different odrSessionIdCookieName on each tier; that one tier's ODR session ID is otherwise read by the other tier is plexlint's reading.",
      },
    ],
  },
  check(ctx) {
    const byTier = new Map<string, Odr[]>();
    for (const c of ctx.estate.web.cells) for (const o of c.odrs) pushTo(byTier, o.tier, o);
    const tiers = [...byTier.keys()];
    if (tiers.length < 2) return;
    for (let j = 1; j < tiers.length; j++) {
      for (let i = 0; i < j; i++) {
        const earlier = byTier.get(tiers[i]!)!;
        const later = byTier.get(tiers[j]!)!;
        for (const cookie of new Set(later.map((o) => o.cookieName))) {
          const a = earlier.find((o) => o.cookieName === cookie);
          if (!a) continue;
          const b = later.find((o) => o.cookieName === cookie)!;
          ctx.report({
            loc: b.cookieLoc ?? b.loc,
            message:
              `the ODRs of ${tierText(b.tier)} use the session cookie ${cookie}${b.cookieLoc ? '' : ' (the default)'}, and so do the ODRs of ${tierText(a.tier)}: ` +
              `with cell affinity in several tiers each tier's ODRs must set their own cookie, otherwise, plexlint assumes, one tier's ODR session ID is read by the other tier and in-session requests go to the wrong ODR. ` +
              `Set odrSessionIdCookieName to a name of its own (e.g. ODRSID_${(b.tier || 'TIER2').toUpperCase()}) on every ODR of ${tierText(b.tier)}.`,
            related: [rel(a.cookieLoc ?? a.loc, `${tierText(a.tier)} uses ${cookie} (ODR ${a.name} of cell ${a.cell})`)],
            subject: `tiers ${a.tier}/${b.tier} cookie ${cookie}`,
          });
        }
      }
    }
  },
});
