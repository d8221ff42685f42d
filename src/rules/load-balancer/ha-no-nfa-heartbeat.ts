import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { haConfigured } from './common.js';

/** "The source_address and destination_address must be the NFAs of the machines for at least one heartbeat pair" (v9.0.5). */
export const rule = defineRule({
  meta: {
    id: 'ha-no-nfa-heartbeat',
    severity: 'error',
    category: 'load-balancer',
    description: 'High availability without a heartbeat pair between the two machines\' non-forwarding addresses',
    source: "Edge Components, \"Configure heartbeats and reach targets\"; dscontrol highavailability v9.0.5 (the NFAs as the source and destination of at least one heartbeat pair)",
    consequences: [
      {
        id: "no-heartbeat",
        documented: "IBM Edge Components, Configure heartbeats and reach targets",
        quote: "If the standby Dispatcher fails to receive a heartbeat within 2 seconds, a failover begins. All heartbeats must break for a takeover from the standby Dispatcher to occur.",
      },
      {
        id: "nfa",
        reading: "IBM's dscontrol highavailability reference (v9.0.5) asks for the NFAs of both machines as the source and destination of at least one heartbeat pair; it does not say what happens otherwise. plexlint's reading, from \"All heartbeats must break for a takeover\": a heartbeat over other addresses can keep the partner looking alive while its NFA path is down.",
      },
    ],
  },
  check(ctx) {
    const lbs = ctx.estate.loadBalancers;
    for (const lb of lbs) {
      if (!haConfigured(lb)) continue;
      const ha = lb.ha!;
      const partner = ha.partner ? lbs.find((o) => o.name === ha.partner!.name) : undefined;
      const myNfa = lb.executor.nfa?.value;
      const partnerNfa = partner?.executor.nfa?.value;
      if (ha.heartbeats.length === 0) {
        ctx.report({
          loc: ha.backup!,
          message:
            `${lb.name}: high availability is configured but there is no \`highavailability heartbeat add\`. IBM bases failover on heartbeats ` +
            `("If the standby Dispatcher fails to receive a heartbeat within 2 seconds, a failover begins"); what a machine does with none configured is not documented, ` +
            `so it may take over while its partner is active, or never. Add \`highavailability heartbeat add ${myNfa ?? '<this NFA>'} ${partnerNfa ?? '<partner NFA>'}\` (the non-forwarding addresses of both machines).`,
          subject: `${lb.name} no heartbeat`,
          consequence: 'no-heartbeat',
        });
        continue;
      }
      const ok = ha.heartbeats.some((h) => (!myNfa || h.source === myNfa) && (!partnerNfa || h.destination === partnerNfa));
      if (ok || (!myNfa && !partnerNfa)) continue;
      const related = [];
      if (lb.executor.nfa) related.push(rel(lb.executor.nfa.loc, `${lb.name}: NFA ${myNfa}`));
      if (partner?.executor.nfa) related.push(rel(partner.executor.nfa.loc, `${partner.name}: NFA ${partnerNfa}`));
      ctx.report({
        loc: ha.heartbeats[0]!.loc,
        message:
          `${lb.name}: no heartbeat pair goes from this machine's non-forwarding address${myNfa ? ` ${myNfa}` : ''} to ${partner ? `${partner.name}'s` : "the partner's"}${partnerNfa ? ` ${partnerNfa}` : ''}. ` +
          `IBM asks for the NFAs of both machines as source and destination of at least one heartbeat pair but does not say what happens otherwise. ` +
          `plexlint's reading: a takeover needs all heartbeats to break, so a heartbeat over other addresses can keep the partner looking alive while its NFA path is down. ` +
          `Add \`highavailability heartbeat add ${myNfa ?? '<this NFA>'} ${partnerNfa ?? '<partner NFA>'}\`.`,
        related,
        subject: `${lb.name} no NFA heartbeat`,
        // The requirement is IBM's; the harm is plexlint's reading, hence a warning (no heartbeat at all stays an error).
        severity: 'warning',
        consequence: 'nfa',
      });
    }
  },
});
