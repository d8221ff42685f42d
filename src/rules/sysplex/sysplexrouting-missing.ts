import { defineRule } from '../rule.js';
import { rel, systemsByName } from '../helpers.js';
import { ipconfigAnchor } from './scope.js';

/**
 * IBM, WEIGHTEDACTIVE: "SYSPLEXROUTING must be coded on all stacks taking part
 * in WEIGHTEDACTIVE" so the distributor can lower the configured weights by the
 * servers' abnormal-completion and health data. For SERVERWLM the same need is
 * not documented by IBM (WLM itself folds health and abnormal
 * completions into the server-specific weight), so that case is only info.
 */
export const rule = defineRule({
  meta: {
    id: 'sysplexrouting-missing',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'A stack of a WEIGHTEDACTIVE (or SERVERWLM) distribution without IPCONFIG SYSPLEXROUTING',
    source: 'IBM IP Configuration Guide, WEIGHTEDACTIVE distribution method; IPCONFIG SYSPLEXROUTING',
    consequences: [
      {
        reading: "IBM requires SYSPLEXROUTING on every stack taking part in WEIGHTEDACTIVE distribution so that the distributor can use the servers' health and abnormal-completion data; IBM does not describe the distribution without it, and plexlint assumes the configured WEIGHT is used unchanged. For SERVERWLM IBM documents no such requirement, hence only info.",
      },
    ],
  },
  check(ctx) {
    const byName = systemsByName(ctx.estate);
    const reported = new Set<string>();
    for (const d of ctx.estate.sysplex.distributions) {
      if (d.method !== 'WEIGHTEDACTIVE' && d.method !== 'SERVERWLM') continue;
      if (d.routing) continue;
      const targets = new Set(d.targets.map((t) => t.system).filter((x): x is string => Boolean(x)));
      for (const name of new Set([d.system, ...targets])) {
        const s = byName.get(name);
        if (!s || s.stack.sysplexRouting?.enabled || reported.has(`${name} ${d.method}`)) continue;
        reported.add(`${name} ${d.method}`);
        const isTarget = targets.has(name);
        const role = name === d.system ? (isTarget ? 'distributes (and is a target of)' : 'distributes') : 'is a target of';
        const head = `${s.name} ${role} the ${d.method} distribution of ${d.dvipa}${name === d.system ? '' : ` (distributor ${d.system})`} but does not code IPCONFIG SYSPLEXROUTING. `;
        let why: string;
        if (d.method === 'WEIGHTEDACTIVE') {
          why = isTarget
            ? `IBM requires SYSPLEXROUTING on every stack taking part in WEIGHTEDACTIVE: without it the distributor does not get the health and abnormal-completion data of ${s.name}'s servers, ` +
              `so plexlint assumes it keeps sending ${s.name} its full configured WEIGHT share even while its server is failing (IBM does not describe the distribution without it).`
            : 'IBM requires SYSPLEXROUTING on every stack taking part in WEIGHTEDACTIVE, the distributor included, so that the targets\' configured weights are lowered by their servers\' health and abnormal-completion data; plexlint assumes they are not lowered without it.';
        } else {
          why =
            'SERVERWLM weights come from WLM, which itself lowers a server\'s weight for poor health and abnormal completions; IBM documents the SYSPLEXROUTING requirement for WEIGHTEDACTIVE ' +
            'and whether SERVERWLM needs it as well is not documented, hence only info.';
        }
        ctx.report({
          // On NOSYSPLEXROUTING when coded (that is what to change), else on the IPCONFIG statement.
          loc: s.stack.sysplexRouting?.loc ?? ipconfigAnchor(s, 4),
          message: `${head}${why} Code IPCONFIG SYSPLEXROUTING on every stack of the distribution.`,
          related: [rel(d.loc, `${d.system}: ${d.method} distribution of ${d.dvipa}`)],
          subject: `${s.name} SYSPLEXROUTING ${d.method}`,
          ...(d.method === 'WEIGHTEDACTIVE' ? {} : { severity: 'info' as const }),
        });
      }
    }
  },
});
