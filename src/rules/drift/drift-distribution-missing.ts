import type { DistributionDef } from '../../model/stack.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { at, dvipaPort, runningOf } from './common.js';

/** Ports of a range compared one by one; a longer range is compared as a whole. */
const MAX_PORTS_COMPARED = 1024;

/**
 * A VIPADISTRIBUTE the profile has (a DVIPA, a port, a DESTIP target) that the stack's running configuration
 * (NETSTAT VIPADCFG, VIPA Distribute) does not have.
 */
export const rule = defineRule({
  meta: {
    id: 'drift-distribution-missing',
    severity: 'error',
    category: 'drift',
    description: 'A VIPADISTRIBUTE (or one of its DESTIP targets) of the profile that the running stack does not have (NETSTAT VIPADCFG)',
    source: 'IBM IP System Administrator’s Commands, Netstat VIPADCFG/-F report (VIPA Distribute) and VARY TCPIP,,OBEYFILE',
    consequences: [
      {
        reading:
          'NETSTAT VIPADCFG shows the dynamic VIPA configuration the stack holds now; IBM documents that VARY TCPIP,,OBEYFILE changes it until the stack is started again. plexlint reads a distribution the profile has and the running stack lacks as one the stack does not do now (deleted by an OBEYFILE, or rejected when the profile was processed), which comes back when the stack restarts with the profile; which of the two happened plexlint cannot tell.',
      },
    ],
  },
  check(ctx) {
    const running = runningOf(ctx.estate);
    if (!running) return;
    for (const st of running.stacks) {
      const system = ctx.estate.systems.find((s) => s.name === st.system);
      if (!system || !st.config) continue;
      const cfg = st.config;
      for (const d of system.stack.distributions) {
        if (d.routing) continue;
        for (const port of portsOf(d)) {
          const entries = cfg.distributions.filter((e) => e.dvipa === d.dvipa && (port === undefined ? e.port === undefined : e.port === port || (typeof port === 'object' && e.port !== undefined && e.port >= port.from && e.port <= port.to)));
          const p = typeof port === 'object' ? undefined : port;
          const shownPort = typeof port === 'object' ? `${d.dvipa} ports ${port.from}-${port.to}` : dvipaPort(d.dvipa, p);
          if (!entries.length) {
            ctx.report({
              loc: d.loc,
              system: system.name,
              message:
                `VIPADISTRIBUTE ${shownPort} is not in the running stack's configuration (NETSTAT VIPADCFG, ${at(cfg.report)}, has no VIPA Distribute entry for it): the stack does not distribute it now. ` +
                `A VARY TCPIP,,OBEYFILE with VIPADISTRIBUTE DELETE removed it, or the stack rejected the statement when it processed the profile (see its EZZ messages); plexlint cannot tell which. ` +
                `When the stack restarts with this profile it distributes it again (plexlint's reading). Make the files and the running stack agree: apply the distribution (VARY TCPIP,,OBEYFILE), or delete it from the profile.`,
              related: [rel(cfg.report, `${system.name}'s running configuration: no VIPA Distribute entry for ${shownPort}`)],
              subject: `${system.name} running distribution ${d.dvipa} ${typeof port === 'object' ? `${port.from}-${port.to}` : (p ?? 'all')}`,
            });
            continue;
          }
          if (d.destipAll || entries.some((e) => e.target === 'ALL')) continue;
          for (const t of d.targets) {
            if (!t.address || entries.some((e) => e.target === t.address)) continue;
            ctx.report({
              loc: t.loc,
              system: system.name,
              message:
                `DESTIP ${t.address} of VIPADISTRIBUTE ${shownPort} is not a target in the running stack's configuration (NETSTAT VIPADCFG, ${at(cfg.report)}, names ${entries.map((e) => e.target).join(', ')}): the stack does not distribute to it now, ` +
                `and does again when it restarts with this profile (plexlint's reading). Make the files and the running stack agree.`,
              related: [rel(entries[0]!.loc, `${system.name}'s running VIPA Distribute entry for ${shownPort}`)],
              subject: `${system.name} running distribution ${d.dvipa} ${p ?? 'all'} target ${t.address}`,
            });
          }
        }
      }
    }
  },
});

/** The ports to compare: each port of a short range, a long range as a whole, undefined for every port. */
function portsOf(d: DistributionDef): (number | undefined | { from: number; to: number })[] {
  if (d.ports.length === 0) return [undefined];
  const out: (number | { from: number; to: number })[] = [];
  for (const r of d.ports) {
    if (r.to - r.from + 1 > MAX_PORTS_COMPARED) out.push(r);
    else for (let p = r.from; p <= r.to; p++) out.push(p);
  }
  return out;
}

