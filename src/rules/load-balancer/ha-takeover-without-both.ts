import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';

/** "The takeover address … should only be used when the role of the machine is both primary and backup". */
export const rule = defineRule({
  meta: {
    id: 'ha-takeover-without-both',
    severity: 'warning',
    category: 'load-balancer',
    description: 'highavailability takeover with an address on a machine whose role is not both (mutual high availability)',
    source: 'Edge Components, dscontrol highavailability (the takeover address is used only with the both role and names the partner\'s NFA)',
    consequences: [
      {
        documented: "IBM Edge Components, dscontrol highavailability",
        quote: "The takeover address value is optional. It should only be used when the role of the machine is both primary and backup (mutual high availability configuration).",
      },
    ],
  },
  check(ctx) {
    for (const lb of ctx.estate.loadBalancers) {
      const t = lb.ha?.takeover;
      if (!t?.address || lb.ha?.role?.value === 'both') continue;
      const role = lb.ha?.role;
      const finding: Parameters<typeof ctx.report>[0] = {
        loc: t.loc,
        message:
          `${lb.name}: \`highavailability takeover ${t.address}\` names a partner address, which is only for mutual high availability (role both), but this machine's role is ${role ? role.value : 'not set'}. ` +
          `IBM documents the address only for that role, where it names the partner's NFA whose clusters to take over; what a ${role?.value ?? 'non-mutual'} machine does with it is not documented, so the takeover may not do what this line intends. ` +
          `Use \`highavailability takeover\` without an address, or configure both machines with the both role (Load Balancer for IPv4 only).`,
        subject: `${lb.name} takeover address`,
      };
      if (role) finding.related = [rel(role.loc, `role ${role.value}`)];
      ctx.report(finding);
    }
  },
});
