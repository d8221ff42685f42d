import { defineRule } from '../rule.js';
import { stackAnchor } from '../helpers.js';

/** VIPADYNAMIC summary: at most 1024 configured or target DVIPAs on a stack at once. */
export const DVIPA_LIMIT = 1024;

export const rule = defineRule({
  meta: {
    id: 'dvipa-limit',
    severity: 'error',
    category: 'sysplex',
    description: 'A stack with more than 1024 configured and target DVIPAs',
    source: 'IBM IP Configuration Reference, VIPADYNAMIC statement summary (1024 DVIPAs per stack)',
  },
  check(ctx) {
    const targetOf = new Map<string, Set<string>>();
    for (const d of ctx.estate.sysplex.distributions) {
      for (const t of d.targets) {
        if (!t.system || t.system === d.system) continue;
        const set = targetOf.get(t.system) ?? new Set<string>();
        set.add(d.dvipa);
        targetOf.set(t.system, set);
      }
    }
    for (const s of ctx.estate.systems) {
      const configured = new Set(s.stack.dvipas.map((d) => d.address));
      const all = new Set([...configured, ...(targetOf.get(s.name) ?? [])]);
      if (all.size <= DVIPA_LIMIT) continue;
      ctx.report({
        loc: stackAnchor(s),
        message:
          `${s.name} would hold ${all.size} DVIPAs (${configured.size} it defines or backs up, ${all.size - configured.size} more as a distribution target); ` +
          `a stack supports at most ${DVIPA_LIMIT}, so the stack refuses the DVIPAs beyond the limit. Spread the DVIPAs over more stacks or use fewer targets.`,
        subject: `${s.name} dvipa count`,
      });
    }
  },
});
