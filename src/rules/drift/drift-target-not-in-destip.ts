import type { Loc } from '../../core/loc.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { distributionsOf, dvipaPort, namesTarget, OBEYFILE_QUOTE, OBEYFILE_SOURCE, runningOf, systemOfXcf } from './common.js';

/**
 * A target the running distributor sends to (a NETSTAT VDPT entry, or connections of NETSTAT VCRT) that the DESTIP
 * of the configuration's VIPADISTRIBUTE for that DVIPA and port does not name.
 */
export const rule = defineRule({
  meta: {
    id: 'drift-target-not-in-destip',
    severity: 'error',
    category: 'drift',
    description: 'A target in the running destination port table (NETSTAT VDPT) or connection routing table (NETSTAT VCRT) that DESTIP of the VIPADISTRIBUTE does not name',
    source: `IBM IP System Administrator’s Commands, Netstat VDPT/-O and VCRT/-V reports; IP Configuration Reference, VIPADISTRIBUTE (DESTIP dynxcfip); ${OBEYFILE_SOURCE}`,
    consequences: [{ documented: OBEYFILE_SOURCE, quote: OBEYFILE_QUOTE }],
  },
  check(ctx) {
    const running = runningOf(ctx.estate);
    if (!running) return;
    const said = new Set<string>();
    const check = (distributor: string | undefined, dvipa: string, port: number, destXcf: string, loc: Loc, what: string): void => {
      const key = `${distributor ?? '?'} ${dvipa} ${port} ${destXcf}`;
      if (said.has(key)) return;
      said.add(key);
      const dists = distributionsOf(ctx.estate, dvipa, port, distributor);
      // No distribution at all is drift-distribution-unconfigured's; one that names the target is what runs.
      if (!dists.length || dists.some((d) => namesTarget(ctx.estate, d, destXcf))) return;
      const d = dists[0]!;
      const target = systemOfXcf(ctx.estate, destXcf);
      const named = d.targets.map((t) => t.address).filter((a): a is string => a !== undefined);
      ctx.report({
        loc,
        message:
          `${what} sends ${dvipaPort(dvipa, port)} to ${destXcf}${target ? ` (${target.name}'s dynamic XCF address)` : ' (the dynamic XCF address of no stack of the estate)'}, but DESTIP of ${d.system}'s VIPADISTRIBUTE ` +
          `names ${named.length ? named.join(', ') : 'no address'}: a VARY TCPIP,,OBEYFILE change that is not in the files. IBM: OBEYFILE changes "are in effect until the TCP/IP cataloged procedure is started again", ` +
          `so when the distributing stack restarts ${destXcf} gets no more connections. Add ${destXcf} to DESTIP in ${d.loc.file}, or remove the target from the running stack.`,
        related: [rel(d.targets[0]?.loc ?? d.loc, `DESTIP of ${d.system}'s VIPADISTRIBUTE ${dvipaPort(dvipa, port)}`)],
        subject: `${d.system} running target ${dvipa} ${port} ${destXcf}`,
      });
    };
    for (const table of running.vdpt) {
      for (const e of table.entries) check(table.system, e.dvipa, e.port, e.destXcf, e.loc, 'the running destination port table (NETSTAT VDPT)');
    }
    for (const table of running.vcrt) {
      for (const c of table.connections) check(table.system, c.dvipa, c.port, c.destXcf, c.loc, 'a connection of the running connection routing table (NETSTAT VCRT)');
    }
  },
});
