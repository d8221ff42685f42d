/**
 * The dscontrol vocabulary: commands, subcommands and options of the Load
 * Balancer (Edge Components Dispatcher) command line, for both product lines.
 *
 * Sources:
 * - "Command reference for Dispatcher and CBR" (v7.0–v9.0 Edge docs): keywords
 *   may be shortened to any unique prefix ("dscontrol he f" = "dscontrol help file").
 * - Syntax diagrams of dscontrol executor (v8.0 / v8.5.5), port (v9.0 and the v8.5
 *   IPv4-only page), server (v9.0; mapport technote for the IPv4 line),
 *   highavailability (v7.0, v8.5, v9.0.5), manager, advisor, file.
 * - Migration guide "Migrate to Load Balancer IPv4 and IPv6" for what the
 *   IPv4-and-IPv6 line no longer has.
 *
 * Abbreviation rule, as the product documents it: a word may be any prefix of a
 * keyword that is unique among the keywords valid at that position; an exact
 * match always wins. Where the two product lines differ, the words valid at a
 * position are the union of both lines (the file's product line is decided only
 * after the whole file is read); the model then reports keywords of the other line.
 */

/** Which Load Balancer product line a keyword belongs to. */
export type LineScope =
  /** Both lines. */
  | 'both'
  /** Only Load Balancer for IPv4 (the legacy line, `cluster:port:server`). */
  | 'ipv4'
  /** Only Load Balancer for IPv4 and IPv6 (`cluster@port@server`). */
  | 'ipv4v6';

/** What an option value must be; checked by the front end. */
export type ValueKind =
  /** IPv4/IPv6 address or a host name. */
  | 'address'
  /** A whole number. */
  | 'number'
  /** 1–65535. */
  | 'port'
  /** One of `choices` (abbreviations allowed). */
  | 'choice'
  /** Any word or quoted string. */
  | 'string';

export interface OptionSpec {
  name: string;
  /** Kinds of the values that follow the keyword, in order. */
  values: ValueKind[];
  /** For 'choice' values. */
  choices?: readonly string[];
  /** Inclusive range for 'number' values. */
  range?: readonly [number, number];
  line: LineScope;
  /** Why the other line lacks it (shown in findings). */
  note?: string;
}

function opt(name: string, values: ValueKind[], extra: Partial<OptionSpec> = {}): OptionSpec {
  return { name, values, line: 'both', ...extra };
}

const YESNO = ['yes', 'no'] as const;
const V4ONLY = { line: 'ipv4' as const };
const V6ONLY = { line: 'ipv4v6' as const };

/** Top-level commands. `dscontrol` / `ndcontrol` may precede them. */
export const COMMANDS = [
  'advisor', 'binarylog', 'cluster', 'executor', 'exit', 'file', 'help', 'highavailability', 'host',
  'logstatus', 'manager', 'metric', 'port', 'quit', 'rule', 'server', 'set', 'subagent',
] as const;
export type CommandName = (typeof COMMANDS)[number];

/** The command-line programs whose name may start a line. */
export const PREFIXES = ['dscontrol', 'ndcontrol'] as const;

export const EXECUTOR_SUBCOMMANDS = ['configure', 'nicconfig', 'report', 'set', 'start', 'status', 'stop', 'unconfigure'] as const;
export const CLUSTER_SUBCOMMANDS = ['add', 'configure', 'remove', 'report', 'set', 'status', 'unconfigure'] as const;
export const PORT_SUBCOMMANDS = ['add', 'remove', 'report', 'set', 'status'] as const;
export const SERVER_SUBCOMMANDS = ['add', 'down', 'remove', 'report', 'set', 'status', 'up'] as const;
export const MANAGER_SUBCOMMANDS = [
  'interval', 'loglevel', 'logsize', 'metric', 'proportions', 'quiesce', 'reach', 'refresh', 'report', 'restart', 'sensitivity',
  'smoothing', 'start', 'status', 'stop', 'unquiesce', 'version',
] as const;
export const ADVISOR_SUBCOMMANDS = [
  'connecttimeout', 'interval', 'list', 'loglevel', 'logsize', 'receivetimeout', 'report', 'retries', 'start',
  'status', 'stop', 'timeout', 'version',
] as const;
export const HA_SUBCOMMANDS = ['backup', 'heartbeat', 'reach', 'status', 'takeover'] as const;
export const HA_ADD_DELETE = ['add', 'delete'] as const;
export const HA_ROLES = ['primary', 'backup', 'both'] as const;
export const HA_STRATEGIES = ['auto', 'manual'] as const;
export const FILE_SUBCOMMANDS = ['appendload', 'delete', 'newload', 'report', 'save'] as const;
export const SET_SUBCOMMANDS = ['loglevel', 'logsize'] as const;
export const NICCONFIG_VALUES = ['auto', 'manual', 'update'] as const;

/** `dscontrol executor set …` */
export const EXECUTOR_OPTIONS: readonly OptionSpec[] = [
  opt('clientgateway', ['address']),
  opt('clientgateway6', ['address'], V6ONLY),
  opt('fincount', ['number']),
  opt('fintimeout', ['number']),
  opt('hatimeout', ['number'], { range: [1, 3600] }),
  opt('hasynctimeout', ['number'], { ...V4ONLY, note: 'the IPv4-and-IPv6 line has no hasynctimeout' }),
  opt('maxclusters', ['number']),
  opt('maxports', ['number'], { ...V4ONLY, note: 'the IPv4-and-IPv6 line has no maxports' }),
  opt('maxservers', ['number'], { ...V4ONLY, note: 'the IPv4-and-IPv6 line has no maxservers' }),
  opt('mss', ['number'], { ...V4ONLY, note: 'the IPv4-and-IPv6 line has no mss' }),
  opt('nfa', ['address']),
  opt('porttype', ['choice'], { choices: ['tcp', 'udp', 'both'], ...V4ONLY, note: 'the IPv4-and-IPv6 line has no porttype (TCP only)' }),
  opt('sharedbandwidth', ['number']),
  opt('staletimeout', ['number'], { ...V4ONLY, note: 'in the IPv4-and-IPv6 line staletimeout exists only at port level' }),
  opt('stickytime', ['number'], { ...V4ONLY, note: 'in the IPv4-and-IPv6 line stickytime exists only at port level' }),
  opt('weightbound', ['number'], { range: [1, 100] }),
  opt('wideportnumber', ['number'], { range: [0, 65535] }),
];

/** `dscontrol cluster add|set …` */
export const CLUSTER_OPTIONS: readonly OptionSpec[] = [
  opt('address', ['address']),
  opt('maxports', ['number'], { ...V4ONLY, note: 'the IPv4-and-IPv6 line has no maxports' }),
  opt('maxservers', ['number'], { ...V4ONLY, note: 'the IPv4-and-IPv6 line has no maxservers' }),
  opt('porttype', ['choice'], { choices: ['tcp', 'udp', 'both'], ...V4ONLY, note: 'the IPv4-and-IPv6 line has no porttype (TCP only)' }),
  opt('primaryhost', ['address'], { ...V4ONLY, note: 'the IPv4-and-IPv6 line has no primaryhost (mutual high availability is not supported)' }),
  opt('proportions', ['number', 'number', 'number', 'number'], { range: [0, 100] }),
  opt('sharedbandwidth', ['number']),
  opt('staletimeout', ['number'], { ...V4ONLY, note: 'in the IPv4-and-IPv6 line staletimeout exists only at port level' }),
  opt('stickytime', ['number'], { ...V4ONLY, note: 'in the IPv4-and-IPv6 line stickytime exists only at port level' }),
  opt('weightbound', ['number'], { range: [1, 100] }),
];

const NO_V6_PORT = 'is not in the IPv4-and-IPv6 dscontrol port syntax';

/** `dscontrol port add|set …` (union of both lines). */
export const PORT_OPTIONS: readonly OptionSpec[] = [
  opt('crossport', ['port']),
  opt('maxhalfopen', ['number'], { ...V4ONLY, note: `maxhalfopen ${NO_V6_PORT}` }),
  opt('maxservers', ['number'], { ...V4ONLY, note: 'the IPv4-and-IPv6 line has no maxservers' }),
  opt('method', ['choice'], {
    choices: ['mac', 'nat', 'cbr'],
    ...V4ONLY,
    note: 'the IPv4-and-IPv6 line has no port-level method: MAC is the only port forwarding, NAT and encapsulation are server options (nat yes, encapforward yes)',
  }),
  opt('porttype', ['choice'], { choices: ['tcp', 'udp', 'both'], ...V4ONLY, note: 'the IPv4-and-IPv6 line has no porttype (TCP only)' }),
  opt('protocol', ['choice'], { choices: ['http', 'ssl'], ...V4ONLY, note: 'content-based routing (protocol, method cbr) is not in the IPv4-and-IPv6 line' }),
  opt('repstrategy', ['choice'], { choices: ['both', 'connection', 'affinity', 'none'], ...V6ONLY }),
  opt('reset', ['choice'], { choices: YESNO }),
  opt('selectionalgorithm', ['choice'], { choices: ['connection', 'affinity', 'conn+affin'], ...V6ONLY }),
  opt('staletimeout', ['number']),
  opt('stickymask', ['number'], { ...V4ONLY, note: `stickymask ${NO_V6_PORT}` }),
  opt('stickytime', ['number']),
  opt('weightbound', ['number'], { range: [1, 100] }),
];

/** `dscontrol server add|set …` (union of both lines). */
export const SERVER_OPTIONS: readonly OptionSpec[] = [
  opt('address', ['address']),
  opt('advisorrequest', ['string']),
  opt('advisorresponse', ['string']),
  opt('collocated', ['choice'], { choices: YESNO, ...V4ONLY, note: 'the IPv4-and-IPv6 line spells it collocation' }),
  opt('collocation', ['choice'], { choices: YESNO, ...V6ONLY }),
  opt('cookievalue', ['string'], { ...V4ONLY, note: 'content-based routing is not in the IPv4-and-IPv6 line' }),
  opt('encapcond', ['choice'], { choices: ['always', 'auto'], ...V6ONLY }),
  opt('encapforward', ['choice'], { choices: YESNO, ...V6ONLY }),
  opt('encaptype', ['choice'], { choices: ['ipip', 'gre'], ...V6ONLY }),
  opt('fixedweight', ['string']),
  opt('mapport', ['port']),
  opt('nat', ['choice'], { choices: YESNO, ...V6ONLY }),
  opt('returnaddress', ['address']),
  opt('router', ['address']),
  opt('sticky', ['string']),
  opt('weight', ['number'], { range: [0, 100] }),
];

/** Option tables by the command they belong to. */
export const OPTION_TABLES = {
  executor: EXECUTOR_OPTIONS,
  cluster: CLUSTER_OPTIONS,
  port: PORT_OPTIONS,
  server: SERVER_OPTIONS,
} as const;
export type OptionTableName = keyof typeof OPTION_TABLES;

export const OPTION_NAMES: Record<OptionTableName, readonly string[]> = {
  executor: EXECUTOR_OPTIONS.map((o) => o.name),
  cluster: CLUSTER_OPTIONS.map((o) => o.name),
  port: PORT_OPTIONS.map((o) => o.name),
  server: SERVER_OPTIONS.map((o) => o.name),
};

export function optionSpec(table: OptionTableName, name: string): OptionSpec | undefined {
  return OPTION_TABLES[table].find((o) => o.name === name);
}

export interface Resolution {
  /** The keyword the word stands for. */
  match?: string;
  /** The keywords an ambiguous abbreviation could stand for. */
  ambiguous?: string[];
}

/**
 * Resolve a word against the keywords valid at its position: an exact match
 * wins, otherwise a prefix of exactly one keyword (case-insensitive).
 */
export function resolveKeyword(word: string, candidates: readonly string[]): Resolution {
  const w = word.toLowerCase();
  if (w === '') return {};
  const prefixed: string[] = [];
  for (const c of candidates) {
    if (c === w) return { match: c };
    if (c.startsWith(w)) prefixed.push(c);
  }
  if (prefixed.length === 1) return { match: prefixed[0]! };
  if (prefixed.length > 1) return { ambiguous: prefixed };
  return {};
}

/** The keyword a word stands for, or undefined (unknown or ambiguous). */
export function keywordOf(word: string, candidates: readonly string[]): string | undefined {
  return resolveKeyword(word, candidates).match;
}

/** The program name at the start of a line: dscontrol, ndcontrol, a path to them, with .cmd/.exe/.bat. */
const PREFIX = /^(?:[^=\s]*[/\\])?(dscontrol|ndcontrol)(?:\.(?:cmd|exe|bat|sh))?$/i;

export function prefixOf(word: string): 'dscontrol' | 'ndcontrol' | undefined {
  const m = PREFIX.exec(word);
  return m ? (m[1]!.toLowerCase() as 'dscontrol' | 'ndcontrol') : undefined;
}
