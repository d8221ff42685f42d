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
    // How many DVIPAs each stack is a target of (and not configured on itself), in one pass over the targets
    // with the distributions grouped by DVIPA: a stamp per stack tells a DVIPA already counted for it. Time and
    // memory follow the model (a sysplex of n stacks that all code DESTIP ALL has n² targets), never stacks × DVIPAs.
    const systems = ctx.estate.systems;
    const systemIndex = new Map(systems.map((s, i) => [s.name, i]));
    const own = systems.map((s) => new Set(s.stack.dvipas.map((d) => d.address)));
    const byDvipa = new Map<string, Distribution[]>();
    for (const d of ctx.estate.sysplex.distributions) (byDvipa.get(d.dvipa) ?? byDvipa.set(d.dvipa, []).get(d.dvipa)!).push(d);
    const stamp = new Int32Array(systems.length).fill(-1);
    const counts = new Uint32Array(systems.length);
    const firstTargets = systems.map(() => [] as [string, Distribution][]);
    let v = 0;
    for (const [dvipa, list] of byDvipa) {
      for (const d of list) {
        for (const t of d.targets) {
          if (!t.system || t.system === d.system) continue;
          const si = systemIndex.get(t.system);
          if (si === undefined || stamp[si] === v) continue;
          stamp[si] = v;
          if (own[si]!.has(dvipa)) continue;
          counts[si]!++;
          if (firstTargets[si]!.length < 5) firstTargets[si]!.push([dvipa, d]);
        }
      }
      v++;
    }
    systems.forEach((s, si) => {
      const configured = [...own[si]!];
      const targetCount = counts[si]!;
      const targetOnly = firstTargets[si]!;
      const total = configured.length + targetCount;
      if (total <= DVIPA_LIMIT) return;
      const beyond = configured.length > DVIPA_LIMIT ? s.stack.dvipas.find((d) => d.address === configured[DVIPA_LIMIT]) : undefined;
      ctx.report({
        loc: beyond?.loc ?? ipconfigAnchor(s, 4),
        message:
          `${s.name} would hold ${total} DVIPAs (${configured.length} it defines or backs up${targetCount ? `, ${targetCount} more as a distribution target` : ''}), ` +
          `but a stack supports at most ${DVIPA_LIMIT} configured and target DVIPAs at once, so plexlint assumes ${total - DVIPA_LIMIT} of them cannot be active on it (IBM documents no message for this)` +
          (beyond ? `, starting with ${beyond.address} here` : '') +
          '. Spread the DVIPAs over more stacks, or name fewer targets (DESTIP lists instead of DESTIP ALL).',
        ...(beyond ? {} : { related: targetOnly.map(([a, d]) => rel(d.loc, `${d.system} distributes ${a} to ${s.name}`)) }),
        subject: `${s.name} dvipa count`,
      });
    });
  },
});
