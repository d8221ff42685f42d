import { parseCidr, parseIp, subnetContains } from '../../core/ip.js';
import type { Loc } from '../../core/loc.js';
import type { Estate, System } from '../../model/estate.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { namesTarget, OBEYFILE_QUOTE, OBEYFILE_SOURCE, profileTop, runningOf } from './common.js';

/**
 * A DVIPA that runs active on a stack whose profile neither defines it (VIPADEFINE), backs it up (VIPABACKUP),
 * covers it with a VIPARANGE, nor is a target of a distribution of it: it was created on the running stack by a
 * change that is not in the files, and the stack does not create it again when it restarts.
 */
export const rule = defineRule({
  meta: {
    id: 'drift-dvipa-unconfigured',
    severity: 'error',
    category: 'drift',
    description: 'A DVIPA active on a stack (NETSTAT VIPADYN, DISPLAY TCPIP,,SYSPLEX,VIPADYN) whose profile neither defines nor backs it up',
    source: `${OBEYFILE_SOURCE}; IBM IP System Administrator’s Commands, Netstat VIPADyn/-v report and DISPLAY TCPIP,,SYSPLEX`,
    consequences: [{ documented: OBEYFILE_SOURCE, quote: OBEYFILE_QUOTE }],
  },
  check(ctx) {
    const running = runningOf(ctx.estate);
    if (!running) return;
    const said = new Set<string>();
    const report = (system: System, address: string, loc: Loc, what: string): void => {
      const key = `${system.name} ${address}`;
      if (said.has(key) || configured(ctx.estate, system, address)) return;
      said.add(key);
      ctx.report({
        loc,
        system: system.name,
        message:
          `${address} is active on this stack (${what}), but its profile and the members it INCLUDEs have no VIPADEFINE, VIPABACKUP or VIPARANGE for it, and no VIPADISTRIBUTE makes ${system.name} a target of it: ` +
          `a VARY TCPIP,,OBEYFILE (or an application) created it and the change is not in the files. IBM: OBEYFILE changes "are in effect until the TCP/IP cataloged procedure is started again", ` +
          `so when ${system.name}'s stack restarts it does not create ${address}. Add the VIPADEFINE or VIPABACKUP to ${system.profile}, or delete the DVIPA from the running stack.`,
        related: [rel(profileTop(system), `${system.name}'s profile: no VIPADEFINE, VIPABACKUP or VIPARANGE for ${address}`)],
        subject: `${system.name} running DVIPA ${address}`,
      });
    };
    for (const st of running.stacks) {
      const system = ctx.estate.systems.find((s) => s.name === st.system);
      if (!system || !st.dynamic) continue;
      for (const d of st.dynamic.dvipas) if (d.status === 'active') report(system, d.address, d.loc, `NETSTAT VIPADYN: Status ${d.statusText}`);
    }
    for (const view of running.sysplex) {
      for (const d of view.dvipas) {
        for (const r of d.rows) {
          const system = r.system ? ctx.estate.systems.find((s) => s.name === r.system) : undefined;
          if (system && r.status === 'active') report(system, d.address, r.loc, `DISPLAY TCPIP,,SYSPLEX,VIPADYN: ${r.statusText} on ${r.mvsName}`);
        }
      }
    }
  },
});

/** The profile defines, backs up or ranges the address, or the stack is a target of a distribution of it. */
function configured(estate: Estate, system: System, address: string): boolean {
  if (system.stack.dvipas.some((d) => d.address === address)) return true;
  const ip = parseIp(address);
  if (ip && system.stack.vipaRanges.some((r) => {
    const net = parseCidr(r.subnet);
    return net !== undefined && subnetContains(net, ip);
  })) return true;
  const xcf = [system.stack.dynamicXcf.v4?.address, system.stack.dynamicXcf.v6?.address].filter((x): x is string => x !== undefined);
  return estate.sysplex.distributions.some((d) => d.dvipa === address && xcf.some((x) => namesTarget(estate, d, x)));
}
