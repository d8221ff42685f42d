import { defineRule } from '../rule.js';
import { rel, stackAnchor, systemsByName } from '../helpers.js';

/**
 * IBM, WEIGHTEDACTIVE: "SYSPLEXROUTING must be coded on all stacks taking part
 * in WEIGHTEDACTIVE" so the distributor can lower weights by the server's
 * abnormal-completion and health data. For SERVERWLM the same need is
 * [unverified] in the reference notes, so that case is only info.
 */
export const rule = defineRule({
  meta: {
    id: 'sysplexrouting-missing',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'A stack of a WEIGHTEDACTIVE (or SERVERWLM) distribution without IPCONFIG SYSPLEXROUTING',
    source: 'IBM IP Configuration Guide, WEIGHTEDACTIVE distribution method; IPCONFIG SYSPLEXROUTING; tcpip-profile.md §4–§5',
  },
  check(ctx) {
    const byName = systemsByName(ctx.estate);
    const reported = new Set<string>();
    for (const d of ctx.estate.sysplex.distributions) {
      if (d.method !== 'WEIGHTEDACTIVE' && d.method !== 'SERVERWLM') continue;
      if (d.routing) continue;
      const involved = [d.system, ...d.targets.map((t) => t.system).filter((x): x is string => Boolean(x))];
      for (const name of new Set(involved)) {
        const s = byName.get(name);
        if (!s || s.stack.sysplexRouting?.enabled || reported.has(`${name} ${d.method}`)) continue;
        reported.add(`${name} ${d.method}`);
        const role = name === d.system ? 'distributes' : 'is a target of';
        const weighted = d.method === 'WEIGHTEDACTIVE';
        ctx.report({
          loc: stackAnchor(s),
          message:
            `${s.name} ${role} ${d.method} distribution ${d.dvipa} (${d.system}) but does not code IPCONFIG SYSPLEXROUTING, so the distributor ` +
            `does not get its servers' health and abnormal-completion data and keeps sending ${s.name} its full share even when its server is failing` +
            (weighted ? '' : ' (IBM documents this requirement for WEIGHTEDACTIVE; for SERVERWLM it is unconfirmed, hence info)') +
            '. Code IPCONFIG SYSPLEXROUTING on every stack of the distribution.',
          related: [rel(d.loc, `${d.method} distribution of ${d.dvipa}`)],
          subject: `${s.name} SYSPLEXROUTING ${d.method}`,
          ...(weighted ? {} : { severity: 'info' as const }),
        });
      }
    }
  },
});
