/**
 * The OMPROUTE vocabulary: statements, their parameters, value types and
 * defaults (z/OS Communications Server IP Configuration Reference, "OMPROUTE
 * configuration file" and the statement pages named below).
 *
 * Keywords are matched without regard to case: IBM spells them in mixed case and
 * is itself inconsistent (`OSPF_Interface` / `OSPF_INTERFACE`, `IP_address` /
 * `IP_Address`, `Subnet_mask` / `Subnet_Mask`), so `canonical` gives the spelling
 * of IBM's syntax diagram. There are no abbreviations.
 *
 * `complete` marks a statement whose parameter list is a whole syntax diagram
 * read in IBM's documentation (OSPF_INTERFACE, z/OS 2.5 and 3.2); for the others
 * only the parameters listed are known, so a parameter that is not listed is
 * reported only when it is a near miss of a listed one (a probable typo).
 *
 * Value ranges: IBM's pages give defaults; where a range is marked `inferred` it
 * is the size of the OSPF protocol field the value is carried in (RFC 2328:
 * Router Priority 8 bits, HelloInterval and interface cost 16 bits, the MD5 key
 * ID 8 bits, the stub default cost 24 bits), not a range read in IBM's pages.
 */

export type ValueType =
  /** Dotted-decimal IPv4 address. */
  | { kind: 'ipv4' }
  /** Dotted-decimal IPv4 address whose octets may be `*` (interface statements: every configured interface that fits). */
  | { kind: 'ipv4-wildcard' }
  /** Dotted-decimal subnet mask with contiguous one bits. */
  | { kind: 'mask' }
  /** A 32-bit identifier written in dotted decimal (OSPF area, router ID). */
  | { kind: 'dotted' }
  | { kind: 'int'; min: number; max: number; inferred?: boolean }
  | { kind: 'decimal'; min: number; max: number; inferred?: boolean }
  /** One of `choices`, any case. */
  | { kind: 'choice'; choices: readonly string[] }
  /** A name (interface name, key, community). */
  | { kind: 'name' }
  | { kind: 'ipv6' }
  /** A parenthesised list, e.g. `(noreceive,2001:0DB8:0:A1C::/64)`. */
  | { kind: 'list' }
  /** Not checked. */
  | { kind: 'any' };

export interface ParamSpec {
  /** IBM's spelling. */
  name: string;
  type: ValueType;
  /** The default of IBM's syntax diagram, as IBM writes it. */
  default?: string;
  /** 'doc': IBM says the parameter is required; 'inferred': plexlint concludes it (`why`). */
  required?: 'doc' | 'inferred';
  /** Why an inferred requirement is taken. */
  why?: string;
  /** The parameter may be coded more than once (neighbor lists). */
  repeatable?: boolean;
}

export type StatementFamily = 'global' | 'ospf' | 'rip' | 'interface' | 'ipv6' | 'include' | 'snmp';

export interface StatementSpec {
  /** IBM's spelling. */
  name: string;
  family: StatementFamily;
  /** The `Keyword=value;` form (RouterID=…, IPv6_RIP_Filter=(…)). */
  value?: ValueType;
  params: readonly ParamSpec[];
  complete: boolean;
  /** The IBM topic the statement's syntax comes from. */
  source: string;
}

const YESNO = { kind: 'choice', choices: ['YES', 'NO'] } as const;
const IPV4 = { kind: 'ipv4' } as const;
const WILD = { kind: 'ipv4-wildcard' } as const;
const MASK = { kind: 'mask' } as const;
const DOTTED = { kind: 'dotted' } as const;
const NAME = { kind: 'name' } as const;
const ANY = { kind: 'any' } as const;
const LIST = { kind: 'list' } as const;
const IPV6 = { kind: 'ipv6' } as const;
const int = (min: number, max: number, inferred = true): ValueType => ({ kind: 'int', min, max, inferred });
const decimal = (min: number, max: number): ValueType => ({ kind: 'decimal', min, max, inferred: true });
const choice = (...choices: string[]): ValueType => ({ kind: 'choice', choices });
const p = (name: string, type: ValueType, extra: Partial<ParamSpec> = {}): ParamSpec => ({ name, type, ...extra });

/** 16-bit protocol timers and costs (RFC 2328 packet fields). */
const U16 = int(1, 65535);
/** Interface MTU: at least the IPv4 minimum datagram size a host must accept (RFC 791: 68), at most an IP datagram (65535). */
const MTU = int(68, 65535);

/** IPv6 interface statements name the stack's interface (IPv6 addresses come from the stack). */
const IPV6_NAME = p('Name', NAME, { required: 'inferred', why: 'an IPv6 interface statement names the stack interface it is for' });

const INTERFACE_CORE = [
  p('IP_Address', WILD, { required: 'doc' }),
  p('Name', NAME, { required: 'doc' }),
  p('Subnet_Mask', MASK, { required: 'inferred', why: "it is on the main line of IBM's syntax diagram" }),
  p('Destination_Addr', IPV4),
  p('MTU', MTU, { default: '576' }),
];

const OSPF_INTERFACE: StatementSpec = {
  name: 'OSPF_Interface',
  family: 'ospf',
  complete: true,
  source: 'IP Configuration Reference, "OSPF_INTERFACE statement" (z/OS 2.5, 3.2)',
  params: [
    ...INTERFACE_CORE,
    p('Attaches_To_Area', DOTTED, { default: '0.0.0.0' }),
    p('Retransmission_Interval', U16, { default: '5' }),
    p('Transmission_Delay', U16, { default: '1' }),
    p('Router_Priority', int(0, 255), { default: '1' }),
    p('Hello_Interval', U16, { default: '10' }),
    p('DB_Exchange_Interval', U16, { default: '40' }),
    p('Dead_Router_Interval', int(1, 2147483647), { default: '40' }),
    p('Cost0', U16, { default: '1' }),
    p('Subnet', YESNO, { default: 'NO' }),
    p('Advertise_VIPA_Routes', choice('HOST_AND_SUBNET', 'HOST_ONLY'), { default: 'Host_And_Subnet' }),
    p('Authentication_Type', choice('NONE', 'PASSWORD', 'MD5')),
    p('Authentication_Key_ID', int(0, 255), { default: '0' }),
    p('Authentication_Key', ANY),
    p('Demand_Circuit', YESNO, { default: 'NO' }),
    p('Hello_Suppression', choice('ALLOW', 'REQUEST', 'DISABLE'), { default: 'Allow' }),
    p('PP_Poll_Interval', U16, { default: '60' }),
    p('Parallel_OSPF', choice('BACKUP', 'BLOCK', 'BALANCE'), { default: 'Backup' }),
    p('Non_Broadcast', YESNO, { default: 'NO' }),
    p('NB_Poll_Interval', U16, { default: '120' }),
    p('DR_Neighbor', IPV4, { repeatable: true }),
    p('No_DR_Neighbor', IPV4, { repeatable: true }),
    p('Max_Xmit_Time', decimal(0, 65535), { default: '120' }),
    p('Min_Xmit_Time', decimal(0, 65535), { default: '0.5' }),
    p('RT_Gain', decimal(0, 1), { default: '0.125' }),
    p('Variance_Gain', decimal(0, 1), { default: '0.25' }),
    p('Variance_Mult', decimal(0, 65535), { default: '2' }),
    p('Delay_Acks', YESNO, { default: 'YES' }),
  ],
};

export const STATEMENTS: readonly StatementSpec[] = [
  {
    name: 'Global_Options',
    family: 'global',
    complete: false,
    source: 'IP Configuration Reference, "GLOBAL_OPTIONS statement"',
    params: [p('Ignore_Undefined_Interfaces', YESNO, { default: 'NO' })],
  },
  { name: 'RouterID', family: 'ospf', complete: true, value: IPV4, params: [], source: 'IP Configuration Reference, "RouterID statement"' },
  {
    name: 'OSPF',
    family: 'ospf',
    complete: false,
    source: 'IP Configuration Reference, "OSPF statement" (z/OS 2.4)',
    params: [p('RouterID', IPV4), p('Comparison', choice('TYPE1', 'TYPE2'), { default: 'Type2' }), p('Demand_Circuit', YESNO, { default: 'YES' }), p('DR_Max_Adj_Attempt', int(0, 65535), { default: '0' })],
  },
  { name: 'Comparison', family: 'ospf', complete: true, value: choice('TYPE1', 'TYPE2'), params: [], source: 'IP Configuration Reference, "OSPF statement" (stand-alone form)' },
  { name: 'Demand_Circuit', family: 'ospf', complete: true, value: YESNO, params: [], source: 'IP Configuration Reference, "OSPF statement" (stand-alone form)' },
  {
    name: 'Area',
    family: 'ospf',
    complete: false,
    source: 'IP Configuration Reference, "AREA statement"',
    params: [
      p('Area_Number', DOTTED, { default: '0.0.0.0' }),
      p('Authentication_Type', choice('NONE', 'PASSWORD', 'MD5'), { default: 'None' }),
      p('Stub_Area', YESNO, { default: 'NO' }),
      p('Stub_Default_Cost', int(0, 16777215), { default: '1' }),
      p('Import_Summaries', YESNO, { default: 'YES' }),
    ],
  },
  {
    name: 'Range',
    family: 'ospf',
    complete: false,
    source: 'IP Configuration Reference, "RANGE statement"',
    params: [p('Area_Number', DOTTED), p('IP_Address', IPV4), p('Subnet_Mask', MASK), p('Advertise', YESNO)],
  },
  {
    name: 'Virtual_Link',
    family: 'ospf',
    complete: false,
    source: 'IP Configuration Guide, "Sample OMPROUTE configuration files"',
    params: [
      p('Virtual_Endpoint_RouterID', DOTTED),
      p('Links_Transit_Area', DOTTED),
      p('Retransmission_Interval', U16),
      p('Transmission_Delay', U16),
      p('Hello_Interval', U16),
      p('Dead_Router_Interval', int(1, 2147483647)),
      p('Authentication_Key', ANY),
      p('Authentication_Key_ID', int(0, 255)),
    ],
  },
  OSPF_INTERFACE,
  {
    name: 'AS_Boundary_Routing',
    family: 'ospf',
    complete: false,
    source: 'IP Configuration Guide, "Sample OMPROUTE configuration files"; IP Configuration Reference, "AS_BOUNDARY_ROUTING statement"',
    params: [
      p('Import_RIP_Routes', YESNO),
      p('Import_Static_Routes', YESNO),
      p('Import_Direct_Routes', YESNO),
      p('Import_Subnet_Routes', YESNO),
      p('Originate_Default_Route', YESNO),
      p('Originate_As_Type', choice('TYPE1', 'TYPE2')),
      p('Default_Route_Cost', int(0, 16777215)),
      p('Default_Forwarding_Address', IPV4),
    ],
  },
  {
    name: 'RIP_Interface',
    family: 'rip',
    complete: false,
    source: 'IP Configuration Reference, "RIP_INTERFACE statement"; Cisco, "Configuring OMPROUTE to Run on the Mainframe" (sample)',
    params: [
      ...INTERFACE_CORE,
      p('Receive_RIP', YESNO),
      p('Receive_Dynamic_Nets', YESNO),
      p('Receive_Dynamic_Subnets', YESNO),
      p('Receive_Dynamic_Hosts', YESNO),
      p('Send_RIP', YESNO),
      p('Send_Default_Routes', YESNO),
      p('Send_Net_Routes', YESNO),
      p('Send_Subnet_Routes', YESNO),
      p('Send_Static_Routes', YESNO),
      p('Send_Host_Routes', YESNO),
      p('Send_Poisoned_Reverse_Routes', YESNO),
      p('Send_Only', LIST),
      p('RIP_Supply_Control', ANY),
      p('RIP_Receive_Control', ANY),
      p('In_Metric', int(1, 15)),
      p('Out_Metric', int(0, 15)),
      p('Authentication_Key', ANY),
      p('Neighbor', IPV4, { repeatable: true }),
    ],
  },
  // Global RIP parameters. The statement is named in plexlint's requirements; its parameters are not in the pages
  // plexlint relies on, so none is checked.
  { name: 'RIP', family: 'rip', complete: false, source: 'IP Configuration Reference, "RIP statement"', params: [] },
  { name: 'IPv6_RIP', family: 'ipv6', complete: false, source: 'IP Configuration Reference, "IPV6_RIP statement"', params: [] },
  { name: 'Originate_RIP_Default', family: 'rip', complete: false, source: 'Cisco, "Configuring OMPROUTE to Run on the Mainframe" (sample)', params: [p('Condition', ANY), p('Cost', int(0, 15))] },
  { name: 'Accept_RIP_Update', family: 'rip', complete: false, source: 'IP Configuration Reference, "ACCEPT_RIP_UPDATE statement"', params: [p('Gateway', IPV4), p('Destination', IPV4)] },
  { name: 'Filter', family: 'rip', complete: true, value: LIST, params: [], source: 'IP Configuration Reference, "FILTER statement"' },
  {
    name: 'Interface',
    family: 'interface',
    complete: false,
    source: 'IP Configuration Reference, "INTERFACE statement" (OMPROUTE)',
    params: INTERFACE_CORE,
  },
  { name: 'Default_Route', family: 'global', complete: false, source: 'IP Configuration Reference, "DEFAULT_ROUTE statement"', params: [p('Name', NAME), p('Next_Hop', IPV4), p('Cost', int(0, 16777215))] },
  { name: 'ROUTESA_CONFIG', family: 'snmp', complete: false, source: 'IP Diagnosis Guide, "OMPROUTE subagent"', params: [p('Enabled', YESNO), p('Community', NAME), p('Agent', ANY)] },
  { name: 'IPv6_OSPF', family: 'ipv6', complete: false, source: 'IP Configuration Guide, "Steps for configuring OSPF and RIP"', params: [p('RouterID', DOTTED), p('Comparison', choice('TYPE1', 'TYPE2'))] },
  {
    name: 'IPv6_OSPF_Interface',
    family: 'ipv6',
    complete: false,
    source: 'IP Configuration Reference, "IPV6_OSPF_INTERFACE statement"',
    params: [IPV6_NAME, p('Prefix', ANY, { repeatable: true }), p('Attaches_To_Area', DOTTED), p('Router_Priority', int(0, 255)), p('Hello_Interval', U16), p('Dead_Router_Interval', int(1, 2147483647)), p('Cost0', U16)],
  },
  { name: 'IPv6_RIP_Interface', family: 'ipv6', complete: false, source: 'IP Configuration Guide, "Sample OMPROUTE configuration files"', params: [IPV6_NAME, p('Prefix', ANY, { repeatable: true })] },
  { name: 'IPv6_Interface', family: 'ipv6', complete: false, source: 'IP Configuration Reference, "IPV6_INTERFACE statement"', params: [IPV6_NAME, p('Prefix', ANY, { repeatable: true })] },
  { name: 'IPv6_Area', family: 'ipv6', complete: false, source: 'IP Configuration Reference, "IPV6_AREA statement"', params: [p('Area_Number', DOTTED), p('Stub_Area', YESNO), p('Stub_Default_Cost', int(0, 16777215)), p('Import_Summaries', YESNO)] },
  { name: 'IPv6_Range', family: 'ipv6', complete: false, source: 'IP Configuration Reference, "IPV6_RANGE statement"', params: [p('Area_Number', DOTTED), p('Prefix', ANY), p('Advertise', YESNO)] },
  { name: 'IPv6_Virtual_Link', family: 'ipv6', complete: false, source: 'IP Configuration Reference, "IPV6_VIRTUAL_LINK statement"', params: [p('Virtual_Endpoint_RouterID', DOTTED), p('Links_Transit_Area', DOTTED)] },
  { name: 'IPv6_AS_Boundary_Routing', family: 'ipv6', complete: false, source: 'IP Configuration Reference, "IPV6_AS_BOUNDARY_ROUTING statement"', params: [p('Import_RIP_Routes', YESNO), p('Import_Static_Routes', YESNO), p('Import_Direct_Routes', YESNO), p('Originate_Default_Route', YESNO)] },
  { name: 'IPv6_Default_Route', family: 'ipv6', complete: false, source: 'IP Configuration Guide, "Sample OMPROUTE configuration files"', params: [p('Name', NAME), p('Next_Hop', IPV6), p('Cost', int(0, 16777215))] },
  { name: 'IPv6_Accept_RIP_Route', family: 'ipv6', complete: false, source: 'IP Configuration Guide, "Sample OMPROUTE configuration files"', params: [p('IP_Address', IPV6)] },
  { name: 'IPv6_RIP_Filter', family: 'ipv6', complete: true, value: LIST, params: [], source: 'IP Configuration Guide, "Sample OMPROUTE configuration files"' },
  { name: 'IPv6_Originate_RIP_Default', family: 'ipv6', complete: false, source: 'IP Configuration Reference, "IPV6_ORIGINATE_RIP_DEFAULT statement"', params: [p('Condition', ANY), p('Cost', int(0, 15))] },
  // IP Messages, EZZ7830I: "If INCLUDE files were processed as part of the OMPROUTE configuration file …".
  { name: 'INCLUDE', family: 'include', complete: false, params: [], source: 'IP Messages Volume 4, EZZ7830I' },
];

const byUpper = new Map(STATEMENTS.map((s) => [s.name.toUpperCase(), s]));

export function statementSpec(word: string): StatementSpec | undefined {
  return byUpper.get(word.toUpperCase());
}

export function paramSpec(statement: StatementSpec, word: string): ParamSpec | undefined {
  const w = word.toUpperCase();
  return statement.params.find((x) => x.name.toUpperCase() === w);
}

/** Every parameter name of any statement, for telling a parameter from a statement. */
export const ALL_PARAMETER_NAMES: ReadonlySet<string> = new Set(STATEMENTS.flatMap((s) => s.params.map((x) => x.name.toUpperCase())));

/** Keywords that only an OMPROUTE file has (file-kind detection): OMPROUTE statements other than the ones a TCP/IP profile shares, and parameters. */
export function isOmprouteKeyword(word: string): boolean {
  const w = word.toUpperCase();
  if (w === 'INTERFACE' || w === 'INCLUDE') return false;
  return byUpper.has(w) || ALL_PARAMETER_NAMES.has(w);
}
