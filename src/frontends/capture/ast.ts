/**
 * Captures of what runs (docs/drift.md): the reports a z/OS TCP/IP stack and a Load Balancer print about their
 * running state, saved as text. One capture file may hold several reports (a TSO session, a job's SYSTSPRT, a
 * console log). Every value plexlint uses keeps its position; the front end (./index.ts) reads the text as IBM
 * documents each report (the IP System Administrator's Commands, Netstat report topics; DISPLAY TCPIP,,SYSPLEX;
 * the Load Balancer's dscontrol reports), and the model builder (src/model/builders/running.ts) attaches each report
 * to a system or a Load Balancer machine.
 */
import type { Loc } from '../../core/loc.js';

/** A value as the report prints it, and where. */
export interface Field<T> {
  value: T;
  loc: Loc;
}

/**
 * How the report was produced: TSO NETSTAT and the z/OS UNIX netstat command print the same report ("The z/OS UNIX
 * netstat command displays the data in the same format as the TSO NETSTAT command"); the console's DISPLAY
 * TCPIP,,NETSTAT prints it in capitals inside message EZD0101I; DISPLAY TCPIP,,SYSPLEX prints message EZZ8260I.
 */
export type CaptureSource = 'netstat' | 'console' | 'dscontrol';

export interface ReportHeader {
  /** The line that starts the report (the Netstat banner, EZD0101I, EZZ8260I, or the dscontrol report's title). */
  loc: Loc;
  source: CaptureSource;
  /** The TCP/IP stack's procedure name the report names ("TCPIP Name: TCPCS", EZD0101I's stack name). */
  tcpName?: Field<string>;
  /** The MVS system name the report names (EZZ8260I's "AT sysname"). */
  mvsName?: Field<string>;
  /** The release the banner names (V2R4). */
  release?: string;
}

/** A dynamic VIPA the stack's VIPADCFG report lists under VIPA Define, VIPA Backup or VIPA Range. */
export interface CfgDvipa {
  address: Field<string>;
  prefix?: number;
  /** IPv6 DVIPAs are listed by interface name. */
  intfName?: string;
  rank?: Field<number>;
  moveable?: string;
  loc: Loc;
}

/** One VIPA Distribute entry of VIPADCFG: a DVIPA, a port and one target (or ALL). */
export interface CfgDistribution {
  dvipa: Field<string>;
  /** Undefined: every port of the DVIPA. */
  port?: Field<number>;
  /** A dynamic XCF address, or "ALL" (DESTIP ALL). */
  destXcf: Field<string>;
  method?: Field<string>;
  optLocal?: Field<string>;
  loc: Loc;
}

export interface VipadcfgReport {
  kind: 'vipadcfg';
  header: ReportHeader;
  defines: CfgDvipa[];
  backups: CfgDvipa[];
  ranges: CfgDvipa[];
  distributions: CfgDistribution[];
  /** The report ended inside an entry (the capture was cut). */
  truncated?: Loc;
}

/** One DVIPA of VIPADYN: its status on this stack. */
export interface DynDvipa {
  address: Field<string>;
  prefix?: number;
  intfName?: string;
  /** Active, Backup, Moving, Quiescing, Deactivated … as printed. */
  status: Field<string>;
  /** VIPADefine, VIPABackup, VIPARange Bind, VIPARange IOCTL, … as printed. */
  origin?: Field<string>;
  /** Dist, Dest, Dist/Dest, or empty. */
  distStat?: Field<string>;
  loc: Loc;
}

export interface VipadynReport {
  kind: 'vipadyn';
  header: ReportHeader;
  dvipas: DynDvipa[];
  truncated?: Loc;
}

/** One stack's row of a DVIPA in DISPLAY TCPIP,,SYSPLEX,VIPADYN. */
export interface SysplexRow {
  tcpName: Field<string>;
  mvsName: Field<string>;
  status: Field<string>;
  rank?: Field<number>;
  dist?: Field<string>;
  loc: Loc;
}

export interface SysplexDvipa {
  address: Field<string>;
  intfName?: string;
  origin?: Field<string>;
  rows: SysplexRow[];
  loc: Loc;
}

/** DISPLAY TCPIP,,SYSPLEX,VIPADYN (message EZZ8260I): every stack's view of every DVIPA of the sysplex. */
export interface SysplexVipadynReport {
  kind: 'sysplex-vipadyn';
  header: ReportHeader;
  dvipas: SysplexDvipa[];
  truncated?: Loc;
}

/** One entry of the dynamic VIPA destination port table: a DVIPA, a port and a target stack. */
export interface VdptEntry {
  dvipa: Field<string>;
  port: Field<number>;
  destXcf: Field<string>;
  totalConn?: Field<number>;
  /** How many servers the target has ready (bound) on the port. */
  ready?: Field<number>;
  wlm?: Field<number>;
  tsr?: Field<number>;
  flags?: Field<string>;
  method?: Field<string>;
  /** DETAIL: the parts of TSR, the health and abnormal-completion figures, the active connections. */
  tcsr?: Field<number>;
  cer?: Field<number>;
  sef?: Field<number>;
  abnormal?: Field<number>;
  health?: Field<number>;
  activeConn?: Field<number>;
  loc: Loc;
}

export interface VdptReport {
  kind: 'vdpt';
  header: ReportHeader;
  entries: VdptEntry[];
  truncated?: Loc;
}

/** One connection the distributor (or a stack taking over) routes. */
export interface VcrtEntry {
  dvipa: Field<string>;
  port: Field<number>;
  source: Field<string>;
  sourcePort?: Field<number>;
  destXcf: Field<string>;
  loc: Loc;
}

export interface VcrtReport {
  kind: 'vcrt';
  header: ReportHeader;
  entries: VcrtEntry[];
  truncated?: Loc;
}

export interface HomeEntry {
  address: Field<string>;
  /** Link or interface name. */
  link: Field<string>;
  /** Primary, Internal (a target DVIPA, flag I), … as printed. */
  flags: string[];
  loc: Loc;
}

export interface HomeReport {
  kind: 'home';
  header: ReportHeader;
  entries: HomeEntry[];
  truncated?: Loc;
}

/** One server of one cluster and port in the manager report: the weight in force (NOW) and the next one (NEW). */
export interface ManagerServer {
  server: Field<string>;
  now: Field<number>;
  next?: Field<number>;
  loc: Loc;
}

export interface ManagerPort {
  cluster: Field<string>;
  port: Field<number>;
  servers: ManagerServer[];
  loc: Loc;
}

/** `dscontrol manager report`. */
export interface LbManagerReport {
  kind: 'lb-manager';
  header: ReportHeader;
  /** The first table: server, address, status. */
  statuses: { server: Field<string>; address?: Field<string>; status?: Field<string>; loc: Loc }[];
  ports: ManagerPort[];
  truncated?: Loc;
}

/** `dscontrol server report`: a table with a row per server. */
export interface LbServerReport {
  kind: 'lb-server';
  header: ReportHeader;
  /** The cluster@port@server (or cluster:port:server) the command named, when the capture holds the command. */
  target?: Field<string>;
  rows: { server: Field<string>; weight?: Field<number>; active?: Field<number>; total?: Field<number>; loc: Loc }[];
}

/** `dscontrol highavailability status`. */
export interface LbHaStatus {
  kind: 'lb-ha';
  header: ReportHeader;
  role?: Field<string>;
  recovery?: Field<string>;
  /** Active, Standby, Idle, Listen. */
  state?: Field<string>;
  subState?: Field<string>;
  primaryHost?: Field<string>;
  port?: Field<number>;
  preferredTarget?: Field<string>;
  heartbeats: { source: Field<string>; destination: Field<string> }[];
}

/** Output plexlint recognises as a report, but not one it reads (NETSTAT CONN, …). */
export interface OtherReport {
  kind: 'other';
  header: ReportHeader;
  /** What it is, in words. */
  what: string;
}

export type Report = VipadcfgReport | VipadynReport | SysplexVipadynReport | VdptReport | VcrtReport | HomeReport | LbManagerReport | LbServerReport | LbHaStatus | OtherReport;

export type ReportKind = Report['kind'];

export interface CaptureAst {
  file: string;
  reports: Report[];
}

/** How each report kind is named in messages. */
export const REPORT_NAMES: Record<ReportKind, string> = {
  vipadcfg: 'NETSTAT VIPADCFG',
  vipadyn: 'NETSTAT VIPADYN',
  'sysplex-vipadyn': 'DISPLAY TCPIP,,SYSPLEX,VIPADYN',
  vdpt: 'NETSTAT VDPT',
  vcrt: 'NETSTAT VCRT',
  home: 'NETSTAT HOME',
  'lb-manager': 'dscontrol manager report',
  'lb-server': 'dscontrol server report',
  'lb-ha': 'dscontrol highavailability status',
  other: 'a report plexlint does not read',
};
