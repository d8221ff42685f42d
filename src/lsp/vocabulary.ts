/**
 * What the editor knows about the words of a TCP/IP profile: every statement and operand keyword plexlint reads,
 * with IBM's minimum abbreviation, and for the statements and operands of sysplex load balancing a syntax summary
 * and their meaning, from the IP Configuration Reference topics plexlint's rules cite. Hover, completion and the
 * TextMate grammar of the VS Code extension take their words from here and nowhere else, so that a fuller
 * statement table can replace this module alone.
 *
 * The keywords come from the profile grammar's keyword table and the front end's option tables; the texts are
 * written here.
 */
import { keywordSpecs, parseNotation, type KeywordRole } from '../../grammar/profile/keywords.js';
import { DEVICE_TYPES, INTERFACE_TYPES, LINK_TYPES } from '../frontends/profile/build.js';
import { interfaceTable, ipconfig6Table, ipconfigTable, linkTable, portOptionTable, routeOptionTable, vipasmparmsTable, type OptionTable } from '../frontends/profile/options.js';
import { METHODS } from '../frontends/profile/vipa.js';

export interface StatementInfo {
  /** Full name, upper case. */
  name: string;
  /** IBM's minimum abbreviation. */
  min: string;
  role: Exclude<KeywordRole, 'operand'>;
  /** Where it may stand: the block it belongs to. */
  block?: string;
  syntax?: string;
  summary?: string;
  /** Markdown with more (a table of values). */
  details?: string;
  /** The IBM topic the text comes from. */
  source?: string;
  /** Operand keywords the statement takes. */
  operands: string[];
}

export interface OperandInfo {
  name: string;
  min: string;
  /** The statements that take it. */
  statements: string[];
  summary?: string;
  details?: string;
  source?: string;
}

const REFERENCE = 'IBM z/OS Communications Server: IP Configuration Reference';

interface Text {
  syntax?: string;
  summary: string;
  details?: string;
  source: string;
}

/** Statement texts. Syntax is IBM's diagram in one line: [optional], {choice | choice}, … repeats. */
const STATEMENT_TEXTS: Record<string, Text> = {
  HOME: {
    syntax: 'HOME ip_address link_name [ip_address link_name …]',
    summary:
      'The IPv4 home addresses of links defined with DEVICE and LINK, one address and link name per entry. The predefined link name LOOPBACK adds loopback aliases; 127.0.0.1 cannot be added (EZZ0344I). INTERFACE statements carry their own addresses.',
    source: `${REFERENCE}, HOME statement`,
  },
  DEVICE: {
    syntax: 'DEVice device_name device_type [operands]',
    summary: 'Defines a device (MPCIPA for OSA-Express QDIO and HiperSockets, VIRTUAL for a static VIPA, CTC, MPCPTP, …). For MPCIPA the device name is the TRLE PORTNAME; one LINK per MPCIPA device.',
    source: `${REFERENCE}, DEVICE and LINK statements`,
  },
  LINK: {
    syntax: 'LINK link_name link_type [operands] device_name',
    summary: 'Defines a link on a device (IPAQENET on an MPCIPA OSA device, IPAQIDIO on HiperSockets, VIRTUAL for a static VIPA). HOME gives the link its IPv4 address. IPv4 only: IPv6 uses INTERFACE.',
    source: `${REFERENCE}, DEVICE and LINK statements`,
  },
  INTERFACE: {
    syntax: 'INTERFace intf_name DEFINE { IPAQENET | IPAQENET6 | IPAQIDIO | IPAQIDIO6 | VIRTUAL | VIRTUAL6 } [PORTNAME port] [IPADDR addr[/len]] [operands] | INTERFace intf_name { ADDADDR | DELADDR | DELETE } …',
    summary: 'Defines an interface with its own address (IPADDR), replacing DEVICE, LINK and HOME for OSA-Express QDIO, HiperSockets and static VIPAs. The required operands and CHPIDTYPE come first in the documented order; the others in any order.',
    source: `${REFERENCE}, INTERFACE statements`,
  },
  IPCONFIG: {
    syntax: 'IPCONFig [DYNAMICXCF ip_address {subnet_mask | /bits} cost_metric | NODYNAMICXCF] [SYSPLEXRouting | NOSYSPLEXRouting] [SOURCEVIPA | NOSOURCEVIPA] [operands in any order]',
    summary:
      'IPv4 stack options. DYNAMICXCF gives the stack its dynamic XCF address, over which the stacks of the sysplex create their links to each other and which VIPADISTRIBUTE DESTIP names; it must be coded on every stack. SYSPLEXROUTING lets WLM-based and WEIGHTEDACTIVE distribution use server health.',
    source: `${REFERENCE}, IPCONFIG statement`,
  },
  IPCONFIG6: {
    syntax: 'IPCONFIG6 [DYNAMICXCF ipv6_address[/prefix_route_len] [INTFID interface_id]] [operands in any order]',
    summary: 'IPv6 stack options, with the IPv6 dynamic XCF address of the stack.',
    source: `${REFERENCE}, IPCONFIG6 statement`,
  },
  VIPADYNAMIC: {
    syntax: 'VIPADynamic { VIPADEFine | VIPABackup | VIPADELete | VIPADISTribute | VIPARange | VIPAROUTE | VIPASMparms } … ENDVIPADynamic',
    summary:
      'The block of dynamic VIPA statements. Only its seven substatements are allowed in it. A syntax error inside the block ends processing of the rest of the block: the statements before it are applied, everything after it is ignored.',
    source: `${REFERENCE}, VIPADYNAMIC block`,
  },
  ENDVIPADYNAMIC: { summary: 'Ends the VIPADYNAMIC block.', source: `${REFERENCE}, VIPADYNAMIC block` },
  VIPADEFINE: {
    syntax: 'VIPADEFine [TIER1 | TIER2 [CPCSCOPE] | CPCSCOPE] { [MOVEable {IMMEDiate | WHENIDLE}] [SERVICEMGR] address_mask ipv4_addr … | [MOVEable IMMEDiate] ipv6_intfname ipv6_addr[/prefix_len] }',
    summary:
      'Defines dynamic VIPAs this stack owns. An address already in HOME or the dynamic XCF address is rejected (EZZ8307I). MOVEABLE IMMEDIATE moves the DVIPA back at once when its owner returns; WHENIDLE waits until no connection uses it.',
    source: `${REFERENCE}, VIPADEFINE statement`,
  },
  VIPABACKUP: {
    syntax: 'VIPABackup [rank] [TIER1 | TIER2 [CPCSCOPE] | CPCSCOPE] { ipv4_addr … | ipv6_intfname ipv6_addr | MOVEable {IMMEDiate | WHENIDLE} [SERVICEMGR] address_mask ipv4_addr … | MOVEable IMMEDiate ipv6_intfname ipv6_addr[/prefix_len] }',
    summary:
      'Makes this stack a backup for DVIPAs another stack owns. rank 1–254 (default 1): the highest rank takes over first. The short form (rank and address, no MOVEABLE and mask) only takes over a DVIPA that another stack has activated; it cannot create it when this stack starts first.',
    source: `${REFERENCE}, VIPABACKUP statement`,
  },
  VIPADELETE: { syntax: 'VIPADELete { ipv4_addr … | ipv6_intfname }', summary: 'Removes a DVIPA defined by VIPADEFINE or VIPABACKUP, with its interface.', source: `${REFERENCE}, VIPADELETE statement` },
  VIPARANGE: {
    syntax: 'VIPARange [DEFINE | DELEte] { [MOVEable {NONDISRUPTive | DISRUPTive}] address_mask ipv4_addr | [MOVEable NONDISRUPTive] ipv6_intfname ipv6_addr/prefix_len } [SAF resname] [ZCX]',
    summary: 'A subnet in which applications create DVIPAs (bind, SIOCSVIPA ioctl, MODDVIPA). Ranges must not contain ordinary addresses of the sysplex.',
    source: `${REFERENCE}, VIPARANGE statement`,
  },
  VIPADISTRIBUTE: {
    syntax:
      'VIPADISTribute [DEFINE | DELEte] [DISTMethod method] [OPTLOCAL [n] | NOOPTLOCAL] [SYSPLEXPorts] [TIMEDAFFinity seconds] [TIER1 group {GRE | ENCAP} [CONTROLPORT port] | TIER2 group] { ipv4_addr | ipv6_intfname } [PORT num[-num] …] DESTIP { ALL | dynxcfip [WEIGHT n | PREFERRED | BACKUP rank] … }',
    summary:
      'Distributes new connections to a DVIPA (defined on this stack by VIPADEFINE or VIPABACKUP) over the target stacks named by their dynamic XCF addresses. The options before the address may come in any order. DESTIP ALL means every stack linked by dynamic XCF.',
    source: `${REFERENCE}, VIPADISTRIBUTE statement`,
  },
  VIPAROUTE: { syntax: 'VIPAROUTE [DEFINE | DELETE] { dynxcfip | DEFAULT } target_ip', summary: 'The route from a distributing stack to a target stack, instead of the dynamic XCF links; its MTU must be at least 604 (1308 for IPv6).', source: `${REFERENCE}, VIPAROUTE statement` },
  VIPASMPARMS: { syntax: 'VIPASMparms [SMMCAST mcast_addr] [SMPORT port] [SMPASSWORD pw]', summary: 'Service manager (Cisco MNLB) parameters; required when a VIPADEFINE or VIPABACKUP has SERVICEMGR.', source: `${REFERENCE}, VIPASMPARMS statement` },
  BEGINROUTES: { syntax: 'BEGINRoutes ROUTE … ENDRoutes', summary: 'The block of static routes.', source: `${REFERENCE}, BEGINROUTES statement` },
  ROUTE: { syntax: 'ROUTE { destination | DEFAULT } { first_hop | = } link_name [MTU {size | DEFAULTSIZE}] [REPLaceable] [operands]', summary: 'A static route, inside BEGINROUTES … ENDROUTES.', source: `${REFERENCE}, BEGINROUTES statement` },
  ENDROUTES: { summary: 'Ends the BEGINROUTES block.', source: `${REFERENCE}, BEGINROUTES statement` },
  PORT: { syntax: 'PORT port {TCP | UDP} jobname [SHAREPORT | SHAREPORTWlm] [BIND addr] [operands] …', summary: 'Reserves ports for jobs; SHAREPORT lets several listeners share one port.', source: `${REFERENCE}, PORT statement` },
  PORTRANGE: { syntax: 'PORTRange port count {TCP | UDP} jobname [operands] …', summary: 'Reserves a range of ports for a job.', source: `${REFERENCE}, PORTRANGE statement` },
  INCLUDE: { syntax: 'INCLUDE data_set_name[(member)]', summary: 'Reads the statements of another data set or member here (nesting up to 16 deep).', source: `${REFERENCE}, INCLUDE statement` },
  START: { syntax: 'START { device_name | intf_name }', summary: 'Starts a device or interface.', source: `${REFERENCE}, START statement` },
  STOP: { syntax: 'STOP { device_name | intf_name }', summary: 'Stops a device or interface.', source: `${REFERENCE}, STOP statement` },
  PRIMARYINTERFACE: { syntax: 'PRIMARYInterface link_or_intf_name', summary: 'The default local address for GETHOSTID(); without it the first HOME address.', source: `${REFERENCE}, PRIMARYINTERFACE statement` },
  TCPCONFIG: { syntax: 'TCPCONFig [operands in any order]', summary: 'TCP options of the stack (RESTRICTLOWPORTS, TCPSENDBFRSIZE, …).', source: `${REFERENCE}, TCPCONFIG statement` },
  UDPCONFIG: { syntax: 'UDPCONFig [operands in any order]', summary: 'UDP options of the stack.', source: `${REFERENCE}, UDPCONFIG statement` },
  AUTOLOG: { syntax: 'AUTOLog [wait_time] procname [JOBNAME jobname] … ENDAUTOLog', summary: 'Procedures the stack starts and restarts.', source: `${REFERENCE}, AUTOLOG statement` },
  GLOBALCONFIG: { syntax: 'GLOBALCONFig [operands in any order]', summary: 'Options for the whole stack (SYSPLEXMONITOR, …).', source: `${REFERENCE}, GLOBALCONFIG statement` },
  SOMAXCONN: { syntax: 'SOMAXCONN max_backlog', summary: 'The largest connection backlog a listener may ask for.', source: `${REFERENCE}, SOMAXCONN statement` },
};

const OPTLOCAL_TABLE = [
  '| value | meaning (IBM) |',
  '| --- | --- |',
  '| 0 | the connections remain local as long as the server is healthy; the relative capacity of the other systems is not considered |',
  '| 1 | the same as 0, except that if the WLM weight of the server on the local stack is 0 the connection goes to the sysplex distributor |',
  '| 2–16 | multipliers of the WLM weight of the server on the local stack: the larger, the more the local stack is favoured |',
  '',
  'OPTLOCAL without a value is 1; NOOPTLOCAL (the default) always goes through the distributor. Whatever the value, a connection goes to the distributor when no local server is available, its SEF is below 75, abnormal transaction completions exceed 250, or its health is below 75.',
].join('\n');

const OPTLOCAL_SOURCE = 'IBM z/OS Communications Server: IP Configuration Guide, Sysplex distributor optimization with the OPTLOCAL keyword';

/** Operand texts (full names). */
const OPERAND_TEXTS: Record<string, Text> = {
  OPTLOCAL: {
    syntax: 'OPTLOCAL [0–16]',
    summary: 'For connections that start on a target stack: keep them on the local stack instead of sending them through the distributor.',
    details: OPTLOCAL_TABLE,
    source: OPTLOCAL_SOURCE,
  },
  NOOPTLOCAL: { summary: 'Connections that start on a target stack go through the distributor like any other (the default).', source: OPTLOCAL_SOURCE },
  DISTMETHOD: {
    syntax: 'DISTMethod { BASEWLM | SERVERWLM | ROUNDROBIN | WEIGHTEDActive | HOTSTANDBY | TARGCONTROLLED }',
    summary: 'How new connections are spread over the targets (default BASEWLM).',
    source: `${REFERENCE}, VIPADISTRIBUTE statement`,
  },
  BASEWLM: { summary: 'WLM system weights (spare capacity of each system), lowered by target responsiveness (TSR). The default method.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  SERVERWLM: { summary: 'WLM weights of the listening server itself (how well it meets its goals), lowered by health, abnormal completions and TSR.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  ROUNDROBIN: { summary: 'Targets with a ready listener in turn, whatever WLM says; a target whose TSR is 0 gets no connections.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  WEIGHTEDACTIVE: { summary: 'Keeps the active connections of each target in proportion to its WEIGHT on DESTIP; needs SYSPLEXROUTING for health information.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  HOTSTANDBY: {
    summary: 'All new connections to the one PREFERRED target while it is available, else to the highest-ranked BACKUP. Not with DESTIP ALL (EZZ0165I); exactly one PREFERRED and at least one BACKUP (EZZ0826I, EZZ0827I).',
    source: `${REFERENCE}, VIPADISTRIBUTE statement`,
  },
  TARGCONTROLLED: { summary: 'Weights from the tier-1 targets themselves; only with TIER1 and GRE or ENCAP.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  DESTIP: { syntax: 'DESTIP { ALL | dynxcfip [WEIGHT n | PREFERRED | BACKUP rank] … }', summary: 'The targets, by their dynamic XCF addresses (IPCONFIG DYNAMICXCF of the target stacks).', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  ALL: { summary: 'DESTIP ALL: every stack linked to this one by dynamic XCF of the same IP version (on the same CPC for TIER2).', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  WEIGHT: { syntax: 'WEIGHT n', summary: 'The weight of a DESTIP target for DISTMETHOD WEIGHTEDACTIVE; ignored with any other method (EZZ0799I).', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  PREFERRED: { summary: 'The DESTIP target that receives every connection under DISTMETHOD HOTSTANDBY while it is available.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  BACKUP: { syntax: 'BACKUP rank', summary: 'A HOTSTANDBY backup target; the highest rank takes over first (at most 31 backups, EZZ0829I).', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  AUTOSWITCHBACK: { summary: 'HOTSTANDBY: traffic returns to the PREFERRED target when it recovers (the default).', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  NOAUTOSWITCHBACK: { summary: 'HOTSTANDBY: traffic stays on the backup after the PREFERRED target recovers.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  HEALTHSWITCH: { summary: 'HOTSTANDBY: a target in poor health counts as unavailable.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  SYSPLEXPORTS: { summary: 'Ephemeral ports of the DVIPA are assigned sysplex-wide, so connections keep unique ports across the targets.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  TIMEDAFFINITY: { syntax: 'TIMEDAFFinity seconds', summary: 'New connections from one client go to the same target for this long (0, the default: no affinity).', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  TIER1: { summary: 'A tier-1 distribution (to non-z/OS targets over GRE or ENCAP, or the first tier of a multi-tier group named by its group name).', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  TIER2: { summary: 'A tier-2 distribution of a multi-tier group, to targets on the same CPC.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  CPCSCOPE: { summary: 'The DVIPA stays within its CPC: it never moves to, or is taken over by, a stack on another CPC.', source: `${REFERENCE}, VIPADEFINE statement` },
  GRE: { summary: 'Tier-1 forwarding in GRE packets (the only one DataPower targets support).', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  ENCAP: { summary: 'Tier-1 forwarding in encapsulated packets; needs a PORT list (EZZ0783I).', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  CONTROLPORT: { syntax: 'CONTROLPORT port', summary: 'The port of the tier-1 control connection (default 1702); the same on every TIER1 statement.', source: `${REFERENCE}, VIPADISTRIBUTE statement` },
  MOVEABLE: { syntax: 'MOVEable { IMMEDiate | WHENIDLE } (VIPADEFINE, VIPABACKUP) · MOVEable { NONDISRUPTive | DISRUPTive } (VIPARANGE)', summary: 'When a DVIPA moves to a stack that owns it.', source: `${REFERENCE}, VIPADEFINE statement` },
  IMMEDIATE: { summary: 'The DVIPA moves at once when its owner returns; existing connections are kept and handled by the new owner.', source: `${REFERENCE}, VIPADEFINE statement` },
  WHENIDLE: { summary: 'The DVIPA moves only when no connection uses it on the current stack (IPv4 only).', source: `${REFERENCE}, VIPADEFINE statement` },
  SERVICEMGR: { summary: 'The DVIPA is a Cisco MNLB service-manager cluster address; VIPASMPARMS is then required.', source: `${REFERENCE}, VIPADEFINE statement` },
  DYNAMICXCF: {
    syntax: 'DYNAMICXCF ip_address { subnet_mask | /bits } cost_metric',
    summary: 'The dynamic XCF address of the stack: the stacks of the sysplex link to each other over it, and VIPADISTRIBUTE DESTIP names targets by it. Code it on every stack.',
    source: `${REFERENCE}, IPCONFIG statement`,
  },
  SYSPLEXROUTING: { summary: 'The stack takes part in sysplex routing: WLM-based and WEIGHTEDACTIVE distribution can use the health of its servers.', source: `${REFERENCE}, IPCONFIG statement` },
  SOURCEVIPA: { summary: 'Outbound connections use a VIPA as their source address.', source: `${REFERENCE}, IPCONFIG statement` },
  DEFINE: { summary: 'Define (the default action of VIPADISTRIBUTE, VIPARANGE and VIPAROUTE; required on INTERFACE).', source: REFERENCE },
  DELETE: { summary: 'Remove what an earlier statement defined.', source: REFERENCE },
  IPAQENET: { summary: 'OSA-Express in QDIO mode (Ethernet), IPv4.', source: `${REFERENCE}, INTERFACE statements` },
  VIRTUAL: { summary: 'A static VIPA: an address that belongs to no adapter.', source: `${REFERENCE}, INTERFACE statements` },
  MPCIPA: { summary: 'An OSA-Express QDIO or HiperSockets device; its name is the TRLE PORTNAME.', source: `${REFERENCE}, DEVICE and LINK statements` },
  IPADDR: { syntax: 'IPADDR ip_address[/prefix_len]', summary: 'The interface\'s address.', source: `${REFERENCE}, INTERFACE statements` },
  PORTNAME: { syntax: 'PORTNAME port', summary: 'The OSA port (TRLE PORTNAME) of the interface.', source: `${REFERENCE}, INTERFACE statements` },
  PRIROUTER: { summary: 'This stack is the primary router of the OSA port: it receives packets for unknown addresses.', source: `${REFERENCE}, INTERFACE statements` },
  SECROUTER: { summary: 'This stack is the secondary router of the OSA port.', source: `${REFERENCE}, INTERFACE statements` },
  NONROUTER: { summary: 'This stack does not route for other addresses on the OSA port (the default).', source: `${REFERENCE}, INTERFACE statements` },
};

/** The option tables of the statements whose operands the front end reads in any order. */
const TABLES: readonly OptionTable[] = [ipconfigTable, ipconfig6Table, interfaceTable, linkTable, portOptionTable, routeOptionTable, vipasmparmsTable];

/** Operands of the statements whose operands come in a fixed order (from their syntax). */
const FIXED_OPERANDS: Record<string, string[]> = {
  VIPADEFINE: ['TIER1', 'TIER2', 'CPCSCOPE', 'MOVEable', 'IMMEDiate', 'WHENIDLE', 'SERVICEMGR'],
  VIPABACKUP: ['TIER1', 'TIER2', 'CPCSCOPE', 'MOVEable', 'IMMEDiate', 'WHENIDLE', 'SERVICEMGR'],
  VIPARANGE: ['DEFINE', 'DELEte', 'MOVEable', 'NONDISRUPTive', 'DISRUPTive', 'SAF', 'ZCX'],
  VIPADISTRIBUTE: [
    'DEFINE', 'DELEte', 'DISTMethod', ...METHODS.map((m) => m.name), 'OPTLOCAL', 'NOOPTLOCAL', 'SYSPLEXPorts', 'TIMEDAFFinity', 'TIER1', 'TIER2', 'GRE', 'ENCAP', 'CONTROLPORT',
    'PROCTYPE', 'CP', 'ZAAP', 'ZIIP', 'PROCXCOST', 'ILWEIGHTING', 'AUTOSWITCHBACK', 'NOAUTOSWITCHBACK', 'HEALTHSWITCH', 'NOHEALTHSWITCH', 'PORT', 'DESTIP', 'ALL', 'WEIGHT', 'PREFERRED', 'BACKUP',
  ],
  VIPAROUTE: ['DEFINE', 'DELETE', 'DEFAULT'],
  DEVICE: DEVICE_TYPES,
  LINK: LINK_TYPES.map((t) => t),
  INTERFACE: ['DEFINE', 'ADDADDR', 'DELADDR', 'DELEte', ...INTERFACE_TYPES],
};

interface Vocabulary {
  statements: Map<string, StatementInfo>;
  operands: Map<string, OperandInfo>;
}

let built: Vocabulary | undefined;

function build(): Vocabulary {
  const statements = new Map<string, StatementInfo>();
  const operands = new Map<string, OperandInfo>();
  const addOperand = (notation: string, statement: string | undefined): string => {
    const { name, min } = parseNotation(notation);
    let o = operands.get(name);
    if (!o) {
      const text = OPERAND_TEXTS[name];
      o = { name, min, statements: [], ...(text ? { summary: text.summary, source: text.source, ...(text.details ? { details: text.details } : {}) } : {}) };
      operands.set(name, o);
    } else if (min.length < o.min.length) o.min = min;
    if (statement && !o.statements.includes(statement)) o.statements.push(statement);
    return name;
  };
  for (const spec of keywordSpecs) {
    if (spec.role === 'operand') {
      addOperand(spec.notation, undefined);
      continue;
    }
    const { name, min } = parseNotation(spec.notation);
    if (statements.has(name)) continue;
    const text = STATEMENT_TEXTS[name];
    const block = spec.role === 'vipa' ? 'VIPADYNAMIC' : spec.role === 'route' ? 'BEGINROUTES' : undefined;
    statements.set(name, {
      name,
      min,
      role: spec.role,
      ...(block ? { block } : {}),
      ...(text ? { summary: text.summary, source: text.source, ...(text.syntax ? { syntax: text.syntax } : {}), ...(text.details ? { details: text.details } : {}) } : {}),
      operands: [],
    });
  }
  const attach = (statement: string, notations: readonly string[]): void => {
    const s = statements.get(statement);
    for (const n of notations) {
      const name = addOperand(n, statement);
      if (s && !s.operands.includes(name)) s.operands.push(name);
    }
  };
  for (const t of TABLES) attach(t.statement, t.specs.flatMap((s) => [s.notation, ...(s.sub ?? [])]));
  for (const [statement, list] of Object.entries(FIXED_OPERANDS)) attach(statement, list);
  return { statements, operands };
}

function vocabulary(): Vocabulary {
  return (built ??= build());
}

/** Whether a word (any case) is the keyword or one of its accepted abbreviations. */
export function abbreviates(word: string, name: string, min: string): boolean {
  const w = word.toUpperCase();
  return w.length >= min.length && name.startsWith(w);
}

export function statementInfo(word: string): StatementInfo | undefined {
  const w = word.toUpperCase();
  for (const s of vocabulary().statements.values()) if (abbreviates(w, s.name, s.min)) return s;
  return undefined;
}

/** The operand a word is, preferring one the statement takes. */
export function operandInfo(word: string, statement?: string): OperandInfo | undefined {
  const w = word.toUpperCase();
  let any: OperandInfo | undefined;
  for (const o of vocabulary().operands.values()) {
    if (!abbreviates(w, o.name, o.min)) continue;
    if (!statement || o.statements.includes(statement)) return o;
    any ??= o;
  }
  return any;
}

export function allStatements(): StatementInfo[] {
  return [...vocabulary().statements.values()];
}

export function allOperands(): OperandInfo[] {
  return [...vocabulary().operands.values()];
}
