import { parseCidr, parseIp, subnetContains } from '../../core/ip.js';
import type { Loc } from '../../core/loc.js';
import type { Estate, System } from '../../model/estate.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { at, OBEYFILE_QUOTE, OBEYFILE_SOURCE, profileTop, runningOf } from './common.js';

/**
 * The running stack's home list (NETSTAT HOME) against the addresses its profile gives it: HOME entries, INTERFACE
 * addresses, the dynamic XCF address and the loopback addresses. Dynamic VIPAs come and go at run time (they are
 * drift-dvipa-unconfigured's), and IPv6 link-local addresses are the stack's own: neither is compared.
 */
export const rule = defineRule({
  meta: {
    id: 'drift-home-differs',
    severity: 'error',
    category: 'drift',
    description: 'A home address the running stack has (NETSTAT HOME) that its profile does not give it, or one the profile gives it that the running stack does not have',
    source: `IBM IP System Administrator’s Commands, Netstat HOme/-h report; ${OBEYFILE_SOURCE}`,
    consequences: [
      { id: 'extra', when: 'an address the running stack has and the profile does not', documented: OBEYFILE_SOURCE, quote: OBEYFILE_QUOTE },
      {
        id: 'missing',
        when: 'an address the profile gives and the running stack does not have',
        reading:
          'NETSTAT HOME lists the stack\'s home addresses now. plexlint reads an address the profile gives and the running stack lacks as one a VARY TCPIP,,OBEYFILE deleted (or one the stack did not accept), which comes back when the stack restarts with the profile; IBM documents that OBEYFILE changes last until the stack is started again, not what happened to this address.',
      },
    ],
  },
  check(ctx) {
    const running = runningOf(ctx.estate);
    if (!running) return;
    for (const st of running.stacks) {
      const system = ctx.estate.systems.find((s) => s.name === st.system);
      if (!system || !st.home) continue;
      const configured = configuredHome(system);
      const runningAddresses = new Set(st.home.addresses.map((a) => a.address));
      // A symbol without a value hides some of the stack's own addresses: no address can be called extra.
      const allKnown = !system.stack.unresolvedAddresses?.length;
      const said = new Set<string>();
      for (const a of st.home.addresses) {
        if (!allKnown || a.address === '127.0.0.1' || a.address === '::1' || configured.has(a.address) || said.has(a.address) || isDynamic(ctx.estate, a.address) || a.flags.includes('Internal') || isLinkLocal(a.address)) continue;
        said.add(a.address);
        ctx.report({
          loc: a.loc,
          system: system.name,
          consequence: 'extra',
          message:
            `the running stack has ${a.address} on ${a.link} in its home list (NETSTAT HOME), but its profile gives it no such address (HOME, INTERFACE, IPCONFIG DYNAMICXCF): a VARY TCPIP,,OBEYFILE change that is not in the files. ` +
            `IBM: OBEYFILE changes "are in effect until the TCP/IP cataloged procedure is started again", so when the stack restarts it no longer has ${a.address}. Add the address to ${system.profile}, or remove it from the running stack.`,
          related: [rel(profileTop(system), `${system.name}'s profile: no HOME or INTERFACE address ${a.address}`)],
          subject: `${system.name} running home ${a.address}`,
        });
      }
      for (const [address, loc] of configured) {
        if (runningAddresses.has(address) || address === '127.0.0.1' || address === '::1') continue;
        ctx.report({
          loc,
          system: system.name,
          consequence: 'missing',
          message:
            `${address} is not in the running stack's home list (NETSTAT HOME, ${at(st.home.report)}): the running stack does not have the address the profile gives it here — deleted by a VARY TCPIP,,OBEYFILE, or not accepted when the profile was processed; plexlint cannot tell which. ` +
            `When the stack restarts with this profile it has it again (plexlint's reading). Make the files and the running stack agree.`,
          related: [rel(st.home.report, `${system.name}'s running home list: no ${address}`)],
          subject: `${system.name} configured home ${address} not running`,
        });
      }
    }
  },
});

/** Every address the profile gives the stack, with where: HOME, INTERFACE, IPCONFIG DYNAMICXCF. */
function configuredHome(system: System): Map<string, Loc> {
  const out = new Map<string, Loc>();
  for (const h of system.stack.home) if (!out.has(h.address)) out.set(h.address, h.loc);
  for (const i of system.stack.interfaces) for (const a of i.addresses) if (!out.has(a.address)) out.set(a.address, a.loc);
  for (const x of [system.stack.dynamicXcf.v4, system.stack.dynamicXcf.v6]) if (x && !out.has(x.address)) out.set(x.address, x.loc);
  return out;
}

/** A DVIPA of the sysplex (defined, backed up, distributed or in a VIPARANGE): the stack has it while it is active. */
function isDynamic(estate: Estate, address: string): boolean {
  if (estate.sysplex.dvipas.some((d) => d.address === address)) return true;
  if (estate.sysplex.distributions.some((d) => d.dvipa === address)) return true;
  const ip = parseIp(address);
  if (!ip) return false;
  return estate.systems.some((s) => s.stack.vipaRanges.some((r) => {
    const net = parseCidr(r.subnet);
    return net !== undefined && subnetContains(net, ip);
  }));
}

function isLinkLocal(address: string): boolean {
  return /^fe[89ab][0-9a-f]:/i.test(address);
}
