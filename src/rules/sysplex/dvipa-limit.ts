import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';
import { ipconfigAnchor } from './scope.js';
import type { Distribution } from '../../model/estate.js';

/** VIPADYNAMIC summary: at most 1024 configured or target DVIPAs on a stack at once. */
export const DVIPA_LIMIT = 1024;

/**
 * The count covers the DVIPAs a stack defines or backs up (VIPADEFINE,
 * VIPABACKUP) and the distributed DVIPAs it is a target of; DVIPAs that
 * applications create inside a VIPARANGE count too but cannot be known from
 * the profiles. When the stack's own definitions pass the limit, the finding
 * sits on the first DVIPA beyond it; otherwise on the stack's IPCONFIG, naming
 * the distributions that make it a target.
 */
export const rule = defineRule({
  meta: {
    id: 'dvipa-limit',
    severity: 'error',
    category: 'sysplex',
    description: 'A stack with more than 1024 configured and target DVIPAs',
    source: 'IBM IP Configuration Reference, VIPADYNAMIC statement summary (1024 DVIPAs per stack)',
    consequences: [
      {
        reading: "IBM gives the limit (\"A stack is limited to no more than 1024 configured or target VIPAs at any one time\", VIPADYNAMIC statement) but no message for exceeding it; plexlint assumes the DVIPAs beyond it cannot be active on the stack.",
      },
    ],
  },
  check(ctx) {
    const targetOf = new Map<string, Map<string, Distribution>>();
    for (const d of ctx.estate.sysplex.distributions) {
      for (const t of d.targets) {
        if (!t.system || t.system === d.system) continue;
        const m = targetOf.get(t.system) ?? new Map<string, Distribution>();
        if (!m.has(d.dvipa)) m.set(d.dvipa, d);
        targetOf.set(t.system, m);
      }
    }
    for (const s of ctx.estate.systems) {
      const configured: string[] = [];
      const seen = new Set<string>();
      for (const d of s.stack.dvipas) if (!seen.has(d.address)) seen.add(d.address), configured.push(d.address);
      const targetOnly = [...(targetOf.get(s.name) ?? new Map<string, Distribution>()).entries()].filter(([a]) => !seen.has(a));
      const total = configured.length + targetOnly.length;
      if (total <= DVIPA_LIMIT) continue;
      const beyond = configured.length > DVIPA_LIMIT ? s.stack.dvipas.find((d) => d.address === configured[DVIPA_LIMIT]) : undefined;
      ctx.report({
        loc: beyond?.loc ?? ipconfigAnchor(s, 4),
        message:
          `${s.name} would hold ${total} DVIPAs (${configured.length} it defines or backs up${targetOnly.length ? `, ${targetOnly.length} more as a distribution target` : ''}), ` +
          `but a stack supports at most ${DVIPA_LIMIT} configured and target DVIPAs at once, so plexlint assumes ${total - DVIPA_LIMIT} of them cannot be active on it (IBM documents no message for this)` +
          (beyond ? `, starting with ${beyond.address} here` : '') +
          '. Spread the DVIPAs over more stacks, or name fewer targets (DESTIP lists instead of DESTIP ALL).',
        ...(beyond ? {} : { related: targetOnly.slice(0, 5).map(([a, d]) => rel(d.loc, `${d.system} distributes ${a} to ${s.name}`)) }),
        subject: `${s.name} dvipa count`,
      });
    }
  },
});
