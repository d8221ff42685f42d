import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { sweepFailures, type FailureRun, type Impact } from '../../sim/failures.js';

/**
 * Simulation: fail each component on its own — a stack, a Load Balancer
 * machine, an ODR, a cluster member, a plug-in server — and report a DVIPA:port,
 * Load Balancer cluster:port or plug-in route that then refuses or fails every
 * new connection or request, although it works with everything up (the failure
 * sweep of `plexlint simulate --failures single`, src/sim/failures.ts).
 *
 * It looks at estates (two or more stacks): a file checked on its own leaves out
 * the partners and servers it would fail over to. A DVIPA lost with its owner
 * stack is left to distributor-no-backup (no other
 * stack backs it up) and dvipa-refused-on-owner-failure (the backups have nothing
 * to distribute to), which say more precisely what is missing.
 */
export const rule = defineRule({
  meta: {
    id: 'single-point-of-failure',
    severity: 'warning',
    category: 'simulation',
    needs: 'sysplex',
    // What is lost and what fails: a DVIPA:port (a stack), a Load Balancer port (its machine, or the one stack of its servers), a plug-in route.
    variants: ['dvipa', 'lb-machine', 'lb-stack', 'route'],
    description: 'A DVIPA:port, Load Balancer cluster:port or plug-in route whose service is lost when one component fails',
    source: 'Simulation of every single failure (docs/simulator.md "Failure sweeps"): IBM sysplex distributor takeover and distribution, Load Balancer high availability, web server plug-in failover',
    consequences: [
      {
        reading:
          "The simulator applies IBM's documented rules — VIPABACKUP takeover and sysplex distribution, Load Balancer high availability, the plug-in's failover to other primaries and then BackupServers — to the failure of one component; that the service is then lost is plexlint's reading of those rules for this configuration, not a behaviour IBM describes for it.",
      },
    ],
  },
  check(ctx) {
    const { estate } = ctx;
    const owners = new Map(estate.sysplex.dvipas.map((dv) => [dv.address, new Set(dv.owners.map((o) => o.system))]));
    // A DVIPA lost with its owner is reported below by other rules, never by this one: not simulated at all.
    const ownerOf = (c: { kind: string; name: string }, f: { kind: string; destination?: string }): boolean =>
      f.kind === 'dvipa' && c.kind === 'stack' && owners.get(f.destination?.split(':')[0] ?? '')?.has(c.name) === true;
    const report = sweepFailures(estate, { mode: 'single', flowKinds: ['dvipa', 'lb', 'route'], criticalOnly: true, skip: ownerOf });
    const locOf = new Map<string, Parameters<typeof rel>[0]>();
    for (const s of estate.systems) locOf.set(`stack ${s.name}`, { file: s.profile, line: 1, column: 1, endLine: 1, endColumn: 1 });
    for (const run of report.runs) {
      for (const impact of run.impacts) {
        if (!impact.serviceLost || !impact.loc) continue;
        const kind = run.kinds[0]!;
        const name = run.names[0]!;
        if (ownerOf({ kind, name }, impact)) continue;
        ctx.report({
          loc: impact.loc,
          message: `When ${run.failed[0]} fails, ${impact.kind === 'route' ? `every ${impact.flow.replace(/^requests/, 'request')} fails` : `every new connection to ${impact.destination} is refused`}: ${(impact.reasons[0] ?? 'nothing can take it').replace(/: the connection is refused$/, '')} (plexlint's reading: the simulation applies IBM's failover rules). ${advice(run, impact)}`,
          related: related(run, locOf),
          subject: `${impact.id} single point ${run.failed[0]}`,
          variant: impact.kind === 'lb' ? (kind === 'lb' ? 'lb-machine' : 'lb-stack') : impact.kind === 'dvipa' ? 'dvipa' : 'route',
        });
      }
    }
  },
});

function advice(run: FailureRun, i: Impact): string {
  const kind = run.kinds[0]!;
  const name = run.names[0]!;
  if (i.kind === 'lb' && kind === 'lb') return `${name} has no high-availability partner: pair it with a backup machine (dscontrol highavailability backup, heartbeat) so that the cluster survives it.`;
  if (i.kind === 'lb') return `Every server of ${i.destination} runs on ${name}: add a server on another system.`;
  if (i.kind === 'dvipa') return `${name} is the only stack that can take them: give ${i.destination} a target on another stack (more DESTIP addresses, or DESTIP ALL), and a VIPABACKUP that distributes to it.`;
  return `The route's ServerCluster has no other server that can take the requests while ${name.split('#').pop()} is down: add a member (PrimaryServers) or a BackupServers entry on another JVM.`;
}

function related(run: FailureRun, stacks: Map<string, Parameters<typeof rel>[0]>): ReturnType<typeof rel>[] {
  const loc = run.locs[0] ?? stacks.get(`${run.kinds[0]} ${run.names[0]}`);
  return loc ? [rel(loc, run.failed[0]!)] : [];
}
