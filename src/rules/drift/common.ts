/**
 * What the drift rules share: where a system's profile is, which distributions of the configuration cover a DVIPA
 * and port, whether a distribution names a target, and IBM's words on VARY TCPIP,,OBEYFILE that most drift
 * findings rest on.
 */
import type { Loc } from '../../core/loc.js';
import type { Distribution, Estate, System } from '../../model/estate.js';
import type { RunningState } from '../../model/running.js';

/** IBM, VARY TCPIP,,OBEYFILE (IP System Administrator's Commands): what a running change that is not in the files lasts. */
export const OBEYFILE_SOURCE = 'IBM IP System Administrator’s Commands, VARY TCPIP,,OBEYFILE';
export const OBEYFILE_QUOTE =
  'Specify this parameter to make temporary dynamic changes to the system operation and network configuration without stopping and restarting the TCP/IP address space. These changes are in effect until the TCP/IP cataloged procedure is started again or until another VARY OBEYFILE overrides them.';

/** The running state, when captures were read (drift rules run only then). */
export function runningOf(estate: Estate): RunningState | undefined {
  return estate.running;
}

/** The first line of a system's profile: where a finding about "nothing in the profile" points. */
export function profileTop(system: System): Loc {
  return { file: system.profile, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** The report a location is in, for messages: "state/SYSA.vdpt.txt:12". */
export function at(loc: Loc): string {
  return `${loc.file}:${loc.line}`;
}

/** Whether a distribution covers a port (no ports: every port). */
export function coversPort(d: { ports: { from: number; to: number }[] }, port: number | undefined): boolean {
  if (d.ports.length === 0) return true;
  if (port === undefined) return false;
  return d.ports.some((p) => port >= p.from && port <= p.to);
}

/**
 * The configuration's distributions of a DVIPA and port, the ones `system` codes first (a distributing stack uses
 * its own VIPADISTRIBUTE, a backup that codes none uses the owner's: IP Configuration Guide, sysplex distributor
 * backup); without one, the owner's first.
 */
export function distributionsOf(estate: Estate, dvipa: string, port: number | undefined, system?: string): Distribution[] {
  const all = estate.sysplex.distributions.filter((d) => d.dvipa === dvipa && !d.routing && coversPort(d, port));
  const own = system ? all.filter((d) => d.system === system) : [];
  if (own.length) return own;
  return [...all.filter((d) => d.role === 'owner'), ...all.filter((d) => d.role !== 'owner')];
}

/** Whether a distribution sends to the stack with this dynamic XCF address (DESTIP ALL: every stack of the sysplex). */
export function namesTarget(estate: Estate, d: Distribution, destXcf: string): boolean {
  if (d.destipAll) {
    return estate.systems.some((s) => estate.sysplex.members.includes(s.name) && (s.stack.dynamicXcf.v4?.address === destXcf || s.stack.dynamicXcf.v6?.address === destXcf));
  }
  return d.targets.some((t) => t.address === destXcf);
}

/** The system whose dynamic XCF address this is. */
export function systemOfXcf(estate: Estate, destXcf: string): System | undefined {
  return estate.systems.find((s) => s.stack.dynamicXcf.v4?.address === destXcf || s.stack.dynamicXcf.v6?.address === destXcf);
}

/** "10.40.1.1 port 8080" (or "every port"). */
export function dvipaPort(dvipa: string, port: number | undefined): string {
  return port === undefined ? `${dvipa} (every port)` : `${dvipa} port ${port}`;
}
