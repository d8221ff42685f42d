/**
 * The dscontrol AST: what the dscontrol front end hands to the model builder.
 *
 * One statement per command line. Keywords are resolved to their full names
 * (abbreviations expanded); every node keeps the Loc it came from. A statement
 * dscontrol would refuse (unknown option, invalid value, missing operand) is kept
 * with `rejected` saying why, so the model can leave it out and rules can still
 * point at it.
 */
import type { LineScope } from '../../../grammar/dscontrol/keywords.js';
import type { Loc } from '../../core/loc.js';

export interface DsWord {
  /** The text dscontrol sees: shell variables substituted; keywords in lower case. */
  text: string;
  /** As written. */
  raw: string;
  loc: Loc;
  /** Contains a shell variable that has no value in the script. */
  symbolic?: boolean;
}

/** One item of an object specification field; `wildcard` for an empty `@` field. */
export interface SpecRef {
  text: string;
  loc: Loc;
  wildcard: boolean;
}

/** `cluster[@port[@server]]` or `cluster[:port[:server]]`, with `+` lists. */
export interface ObjectSpec {
  word: DsWord;
  separator?: '@' | ':';
  clusters: SpecRef[];
  ports: SpecRef[];
  servers: SpecRef[];
  loc: Loc;
}

export interface DsOption {
  /** Full keyword, e.g. "selectionalgorithm". */
  name: string;
  keyword: DsWord;
  /** Values; choices are expanded to the full choice ("conn" → "connection"). */
  values: DsWord[];
  /** Product line(s) that have this option. */
  line: LineScope;
  /** Why the other line lacks it. */
  note?: string;
  loc: Loc;
}

export interface Rejection {
  reason: string;
  cause: Loc;
}

interface StatementBase {
  /** The whole command line (without comment). */
  loc: Loc;
  /** Position in the file: 0, 1, 2, … */
  order: number;
  /** `dscontrol` / `ndcontrol`, when written. */
  prefix?: DsWord;
  /** The command word as written. */
  command: DsWord;
  /** The subcommand word as written. */
  actionWord?: DsWord;
  rejected?: Rejection;
}

export type ExecutorAction = 'set' | 'configure' | 'unconfigure' | 'nicconfig' | 'start' | 'stop' | 'status' | 'report';
export type ClusterAction = 'add' | 'set' | 'remove' | 'report' | 'status' | 'configure' | 'unconfigure';
export type PortAction = 'add' | 'set' | 'remove' | 'report' | 'status';
export type ServerAction = 'add' | 'set' | 'remove' | 'report' | 'status' | 'up' | 'down';

export interface ExecutorStatement extends StatementBase {
  kind: 'executor';
  action: ExecutorAction;
  options: DsOption[];
  /** configure / unconfigure: the addresses (a `+` list). */
  addresses: SpecRef[];
  interfaceName?: DsWord;
  netmask?: DsWord;
  /** nicconfig value. */
  value?: DsWord;
}

export interface ClusterStatement extends StatementBase {
  kind: 'cluster';
  action: ClusterAction;
  spec?: ObjectSpec;
  options: DsOption[];
  interfaceName?: DsWord;
  netmask?: DsWord;
}

export interface PortStatement extends StatementBase {
  kind: 'port';
  action: PortAction;
  spec?: ObjectSpec;
  options: DsOption[];
}

export interface ServerStatement extends StatementBase {
  kind: 'server';
  action: ServerAction;
  spec?: ObjectSpec;
  options: DsOption[];
}

export interface ManagerStatement extends StatementBase {
  kind: 'manager';
  action: string;
  operands: DsWord[];
}

export interface AdvisorStatement extends StatementBase {
  kind: 'advisor';
  action: string;
  operands: DsWord[];
}

export type HaAction = 'backup-add' | 'backup-delete' | 'heartbeat-add' | 'heartbeat-delete' | 'reach-add' | 'reach-delete' | 'status' | 'takeover';

export interface HaStatement extends StatementBase {
  kind: 'highavailability';
  action: HaAction;
  role?: { value: 'primary' | 'backup' | 'both'; word: DsWord };
  strategy?: { value: 'auto' | 'manual'; word: DsWord };
  port?: { value: number; word: DsWord };
  /** heartbeat add: source, destination; heartbeat delete, reach, takeover: one address. */
  addresses: DsWord[];
}

export interface FileStatement extends StatementBase {
  kind: 'file';
  action: 'save' | 'newload' | 'appendload' | 'delete' | 'report';
  file?: DsWord;
}

export interface SetStatement extends StatementBase {
  kind: 'set';
  action: 'loglevel' | 'logsize';
  value?: DsWord;
}

/** help, rule, subagent, metric, binarylog, logstatus, host, exit, quit: name and operands. */
export interface OtherStatement extends StatementBase {
  kind: 'other';
  name: string;
  operands: DsWord[];
}

export type DsStatement =
  | ExecutorStatement
  | ClusterStatement
  | PortStatement
  | ServerStatement
  | ManagerStatement
  | AdvisorStatement
  | HaStatement
  | FileStatement
  | SetStatement
  | OtherStatement;

export type ProductLine = 'ipv4' | 'ipv4v6' | 'unknown';

/** Where the file shows which product line it is written for. */
export interface ProductLineEvidence {
  line: 'ipv4' | 'ipv4v6';
  /** "'@' separator", "option selectionalgorithm", … */
  what: string;
  loc: Loc;
  order: number;
}

export interface DscontrolAst {
  file: string;
  /** A shell script (shebang or .sh/.cmd name): lines without dscontrol are shell lines, $VARs are substituted. */
  script: boolean;
  statements: DsStatement[];
  /** Every separator use and line-specific keyword, in file order. */
  evidence: ProductLineEvidence[];
  /** The line most of the evidence points to. */
  productLine: ProductLine;
  lineCount: number;
}
