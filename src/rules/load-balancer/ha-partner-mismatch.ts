import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { pairs } from './partners.js';

/** dscontrol highavailability: the recovery strategy and the port must be the same on both machines. */
export const rule = defineRule({
  meta: {
    id: 'ha-partner-mismatch',
    severity: 'error',
    category: 'load-balancer',
    description: 'HA partners with different recovery strategies or heartbeat ports, the same role, or one side without high availability',
    source: 'Edge Components, dscontrol highavailability (the port must be the same on both machines) and "High availability recovery strategy" (the strategy must be the same on both)',
    consequences: [
      {
        id: "port",
        documented: "IBM Edge Components Load Balancer, dscontrol highavailability (the port is an unused UDP port on both machines in the Load Balancer 9.0.5 documentation; the v7.0 and v8.5 pages say TCP)",
        quote: "The port must be the same for both the primary and backup machines.",
      },
      {
        id: "strategy",
        documented: "IBM Edge Components, High Availability recovery strategy for failed servers",
        quote: "Note: The strategy parameter must be the same for both machines. … Automatic - The primary machine resumes routing packets as soon as it becomes operational again. Manual - intervention is required to return the primary machine to active state and reset the backup machine to standby.",
      },
      {
        id: "effect",
        reading: "IBM documents the port rule and the strategy rule, not what the machines do when either is broken, nor two machines with one role; plexlint's reading is that heartbeats on different ports do not arrive (each machine takes the other for down), that different strategies leave it open whether the primary takes the active role back, and that two primaries both claim it.",
      },
    ],
  },
  check(ctx) {
    for (const { follower: f, leader: l } of pairs(ctx.estate.loadBalancers)) {
      const fh = f.ha!;
      const lh = l.ha!;
      if (!fh.backup || !lh.backup) {
        const [without, withHa] = !fh.backup ? [f, l] : [l, f];
        if (!withHa.ha?.backup) continue;
        ctx.report({
          loc: without.ha?.statements[0]?.loc ?? without.ha?.partner?.loc ?? without.loc,
          message:
            `${without.name} is the high-availability partner of ${withHa.name}, but its configuration has no \`highavailability backup add\`. ` +
            `plexlint's reading: ${withHa.name} waits for heartbeats from a partner that never answers, so there is no takeover when ${withHa.name} fails. ` +
            `Add \`highavailability backup add ${withHa.ha?.role?.value === 'primary' ? 'backup' : 'primary'} ${withHa.ha?.recovery?.value ?? 'auto'} ${withHa.ha?.port?.value ?? '<port>'}\` and the heartbeat statements to ${without.config}.`,
          related: [rel(withHa.ha!.backup!, `${withHa.name}: highavailability backup add`)],
          subject: `${without.name} ha missing`,
          consequence: 'effect',
        });
        continue;
      }
      if (fh.recovery && lh.recovery && fh.recovery.value !== lh.recovery.value) {
        ctx.report({
          loc: fh.recovery.loc,
          message:
            `${f.name} uses recovery strategy ${fh.recovery.value}, its partner ${l.name} uses ${lh.recovery.value}. IBM: "The strategy parameter must be the same for both machines." ` +
            `What the machines do otherwise is not documented; plexlint's reading: they disagree on whether the primary takes the active role back as soon as it recovers (auto) ` +
            `or waits for a takeover command (manual), so what happens after the primary comes back is unpredictable. Use ${lh.recovery.value} on both.`,
          related: [rel(lh.recovery.loc, `${l.name}: recovery strategy ${lh.recovery.value}`)],
          subject: `${f.name} ${l.name} recovery strategy`,
          consequence: 'strategy',
        });
      }
      if (fh.port && lh.port && fh.port.value !== lh.port.value) {
        ctx.report({
          loc: fh.port.loc,
          message:
            `${f.name} sends its high-availability heartbeats on port ${fh.port.value}, its partner ${l.name} on port ${lh.port.value}. IBM: "The port must be the same for both the primary and backup machines." ` +
            `plexlint's reading (IBM does not describe the failure): each machine listens on its own port, so the heartbeats do not arrive, each considers the other down, and both try to be active. Use port ${lh.port.value} on both.`,
          related: [rel(lh.port.loc, `${l.name}: port ${lh.port.value}`)],
          subject: `${f.name} ${l.name} ha port`,
          consequence: 'port',
        });
      }
      if (fh.role && lh.role && fh.role.value === lh.role.value && fh.role.value !== 'both') {
        ctx.report({
          loc: fh.role.loc,
          message:
            `${f.name} and its partner ${l.name} both have the ${fh.role.value} role. One machine must be primary and the other backup; plexlint's reading of two alike: ` +
            `${fh.role.value === 'primary' ? 'two primaries both claim the active role' : 'with two backups there is no primary for the recovery strategy to return the active role to'}. ` +
            `Make ${f.name} ${fh.role.value === 'primary' ? 'backup' : 'primary'}.`,
          related: [rel(lh.role.loc, `${l.name}: role ${lh.role.value}`)],
          subject: `${f.name} ${l.name} ha role`,
          consequence: 'effect',
        });
      }
    }
  },
});
