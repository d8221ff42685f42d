/**
 * What runs, as captures of the stacks' and the Load Balancers' reports show it (docs/drift.md), beside the
 * configuration the rest of the Estate describes. Built by ./builders/running.ts from the capture ASTs
 * (src/frontends/capture); read by the drift rules (src/rules/drift) and the simulator's captured state
 * (src/sim/captured.ts). Every fact keeps the capture line it was read from.
 */
import type { Loc } from '../core/loc.js';

/** A DVIPA's status on a stack, as VIPADYN and DISPLAY TCPIP,,SYSPLEX,VIPADYN print it. */
export type DvipaStatus = 'active' | 'backup' | 'moving' | 'quiescing' | 'deactivated' | 'other';

/** NETSTAT VIPADCFG: the dynamic VIPA configuration the stack holds now. */
export interface RunningConfig {
  report: Loc;
  dvipas: { address: string; role: 'define' | 'backup' | 'range'; prefix?: number; rank?: number; loc: Loc }[];
  /** One entry per DVIPA, port and target ("ALL" for DESTIP ALL). */
  distributions: { dvipa: string; port?: number; target: string; method?: string; loc: Loc }[];
}

/** NETSTAT VIPADYN: the status of each DVIPA on this stack now. */
export interface RunningDynamic {
  report: Loc;
  dvipas: { address: string; status: DvipaStatus; statusText: string; origin?: string; distStat?: string; loc: Loc }[];
}

/** NETSTAT HOME: the stack's home list now. */
export interface RunningHome {
  report: Loc;
  addresses: { address: string; link: string; flags: string[]; loc: Loc }[];
}

/** The running state of one stack. */
export interface RunningStack {
  system: string;
  /** The captures read for it. */
  files: string[];
  config?: RunningConfig;
  dynamic?: RunningDynamic;
  home?: RunningHome;
}

/** One entry of a destination port table (NETSTAT VDPT): a DVIPA, a port and a target stack. */
export interface RunningTarget {
  dvipa: string;
  port: number;
  destXcf: string;
  /** The stack whose dynamic XCF address DestXCF is, when the estate has it. */
  system?: string;
  ready?: number;
  wlm?: number;
  tsr?: number;
  sef?: number;
  health?: number;
  abnormal?: number;
  method?: string;
  loc: Loc;
  /** Where Rdy and WLM are printed (a finding about them points there). */
  readyLoc?: Loc;
  wlmLoc?: Loc;
}

/** A destination port table, of the distributing stack that printed it (when plexlint can tell which). */
export interface RunningVdpt {
  report: Loc;
  system?: string;
  entries: RunningTarget[];
}

/** A connection routing table (NETSTAT VCRT). */
export interface RunningVcrt {
  report: Loc;
  system?: string;
  connections: { dvipa: string; port: number; source: string; destXcf: string; system?: string; loc: Loc }[];
}

/** DISPLAY TCPIP,,SYSPLEX,VIPADYN: every stack's status for every DVIPA of the sysplex. */
export interface RunningSysplex {
  report: Loc;
  /** The system that printed it (AT sysname). */
  from?: string;
  dvipas: {
    address: string;
    loc: Loc;
    rows: { mvsName: string; tcpName: string; system?: string; status: DvipaStatus; statusText: string; rank?: number; dist?: string; loc: Loc }[];
  }[];
}

/** A Load Balancer server's weight as the manager report (NOW) or the server report shows it. */
export interface RunningLbServer {
  cluster?: string;
  port?: number;
  server: string;
  weight: number;
  loc: Loc;
}

export interface RunningLb {
  lb: string;
  files: string[];
  /** dscontrol manager report. */
  manager?: { report: Loc; servers: RunningLbServer[] };
  /** dscontrol server report. */
  servers?: { report: Loc; servers: RunningLbServer[] };
  /** dscontrol highavailability status. */
  ha?: { report: Loc; state?: string; stateLoc?: Loc; role?: string };
}

export interface RunningState {
  /** Every capture read. */
  files: string[];
  stacks: RunningStack[];
  vdpt: RunningVdpt[];
  vcrt: RunningVcrt[];
  sysplex: RunningSysplex[];
  lbs: RunningLb[];
}

/** A status as printed → its kind. */
export function dvipaStatus(text: string): DvipaStatus {
  const t = text.toLowerCase();
  if (t.startsWith('activ')) return 'active';
  if (t.startsWith('backup')) return 'backup';
  if (t.startsWith('moving')) return 'moving';
  if (t.startsWith('quiesc')) return 'quiescing';
  if (t.startsWith('deact')) return 'deactivated';
  return 'other';
}
