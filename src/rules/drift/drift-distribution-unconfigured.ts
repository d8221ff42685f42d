import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { coversPort, distributionsOf, dvipaPort, OBEYFILE_QUOTE, OBEYFILE_SOURCE, profileTop, runningOf } from './common.js';

/**
 * A distribution the running stack does (NETSTAT VIPADCFG's VIPA Distribute, or a destination port table it
 * keeps: NETSTAT VDPT) that the configuration does not have: a VARY TCPIP,,OBEYFILE change not in the files.
 */
export const rule = defineRule({
  meta: {
    id: 'drift-distribution-unconfigured',
    severity: 'error',
    category: 'drift',
    description: 'A distribution the running stack does (NETSTAT VIPADCFG, NETSTAT VDPT) that no VIPADISTRIBUTE of the profiles has: an OBEYFILE change not in the files',
    source: `${OBEYFILE_SOURCE}; IBM IP System Administrator’s Commands, Netstat VIPADCFG/-F and VDPT/-O reports`,
    consequences: [{ documented: OBEYFILE_SOURCE, quote: OBEYFILE_QUOTE }],
  },
  check(ctx) {
    const running = runningOf(ctx.estate);
    if (!running) return;
    const said = new Set<string>();
    for (const st of running.stacks) {
      const system = ctx.estate.systems.find((s) => s.name === st.system);
      if (!system || !st.config) continue;
      for (const e of st.config.distributions) {
        const own = system.stack.distributions.filter((d) => d.dvipa === e.dvipa && !d.routing && coversPort(d, e.port));
        const key = `${system.name} ${e.dvipa} ${e.port ?? 'all'}`;
        if (!own.length) {
          if (said.has(key)) continue;
          said.add(key);
          ctx.report({
            loc: e.loc,
            system: system.name,
            message:
              `the running stack distributes ${dvipaPort(e.dvipa, e.port)} (NETSTAT VIPADCFG, VIPA Distribute), but no VIPADISTRIBUTE of its profile does: a VARY TCPIP,,OBEYFILE change that is not in the files. ` +
              `IBM: OBEYFILE changes "are in effect until the TCP/IP cataloged procedure is started again", so when the stack restarts it no longer distributes ${e.dvipa}. Add the VIPADISTRIBUTE to ${system.profile}, or delete it from the running stack.`,
            related: [rel(profileTop(system), `${system.name}'s profile: no VIPADISTRIBUTE for ${dvipaPort(e.dvipa, e.port)}`)],
            subject: `${system.name} running distribution ${e.dvipa} ${e.port ?? 'all'} unconfigured`,
          });
          continue;
        }
        if (e.target === 'ALL' || own.some((d) => d.destipAll || d.targets.some((t) => t.address === e.target))) continue;
        const tkey = `${key} ${e.target}`;
        if (said.has(tkey)) continue;
        said.add(tkey);
        ctx.report({
          loc: e.loc,
          system: system.name,
          message:
            `the running stack distributes ${dvipaPort(e.dvipa, e.port)} to ${e.target} (NETSTAT VIPADCFG), but DESTIP of the profile's VIPADISTRIBUTE does not name it: a VARY TCPIP,,OBEYFILE change that is not in the files. ` +
            `IBM: OBEYFILE changes "are in effect until the TCP/IP cataloged procedure is started again", so when the stack restarts ${e.target} is no longer a target. Add it to DESTIP in ${system.profile}, or remove it from the running stack.`,
          related: [rel(own[0]!.destipLoc ?? own[0]!.targets[0]?.loc ?? own[0]!.loc, `DESTIP of ${system.name}'s VIPADISTRIBUTE ${dvipaPort(e.dvipa, e.port)}: ${own[0]!.targets.map((t) => t.address).filter(Boolean).join(', ')}`)],
          subject: `${system.name} running distribution ${e.dvipa} ${e.port ?? 'all'} target ${e.target}`,
        });
      }
    }
    // A destination port table for a DVIPA and port no VIPADISTRIBUTE of the estate covers.
    for (const table of running.vdpt) {
      for (const e of table.entries) {
        const key = `${table.system ?? '?'} ${e.dvipa} ${e.port}`;
        if (said.has(key) || said.has(`${table.system} ${e.dvipa} all`)) continue;
        if (distributionsOf(ctx.estate, e.dvipa, e.port).length) continue;
        said.add(key);
        const system = table.system ? ctx.estate.systems.find((s) => s.name === table.system) : undefined;
        ctx.report({
          loc: e.loc,
          ...(system ? { system: system.name } : {}),
          message:
            `the running ${system ? 'stack' : 'distributing stack'} keeps a destination port table entry for ${dvipaPort(e.dvipa, e.port)} (NETSTAT VDPT), so it distributes it, but no VIPADISTRIBUTE of the estate's profiles covers that DVIPA and port: ` +
            `a VARY TCPIP,,OBEYFILE change that is not in the files. IBM: OBEYFILE changes "are in effect until the TCP/IP cataloged procedure is started again". Add the VIPADISTRIBUTE to the distributing stack's profile, or delete it from the running stack.`,
          ...(system ? { related: [rel(profileTop(system), `${system.name}'s profile: no VIPADISTRIBUTE for ${dvipaPort(e.dvipa, e.port)}`)] } : {}),
          subject: `${table.system ?? 'distributor'} running distribution ${e.dvipa} ${e.port} unconfigured`,
        });
      }
    }
  },
});
