/**
 * What the editor knows about the words of a TCP/IP profile: every statement of the profile statement table
 * (grammar/profile/statements) with IBM's minimum abbreviation, its syntax summary and meaning, and every operand
 * keyword of each statement. Hover, completion and the TextMate grammar of the VS Code extension take their words
 * from here, and this module takes them from the statement table: a statement added there is known here.
 *
 * The statements' texts are the table's; the operands' longer texts (the sysplex load-balancing operands, with
 * IBM's tables of values) are written here.
 */
import { keywordsOfStatement } from '../../grammar/profile/vocabulary.js';
import { statements } from '../../grammar/profile/statements/index.js';
import type { Level, StatementSpec } from '../../grammar/profile/spec.js';
import { nameTable } from '../core/record.js';
import type { Introduced, ZosRelease } from '../core/release.js';

/** What a statement word is: a statement at the top level, inside VIPADYNAMIC or BEGINROUTES, or the END of a block. */
export type StatementRole = 'statement' | 'vipa' | 'route' | 'end';

export interface StatementInfo {
  /** Full name, upper case. */
  name: string;
  /** IBM's minimum abbreviation. */
  min: string;
  role: StatementRole;
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
  /** When IBM added the statement, or removed it (the statement table's since / removedIn). */
  since?: Introduced;
  removedIn?: ZosRelease;
}

export interface OperandInfo {
  name: string;
  min: string;
  /** The statements that take it. */
  statements: string[];
  summary?: string;
  details?: string;
  source?: string;
  /** Where a statement's table says when IBM added or removed the operand there. */
  releases?: { statement: string; since?: Introduced; removedIn?: ZosRelease }[];
}

const REFERENCE = 'IBM z/OS Communications Server: IP Configuration Reference';
/** IBM's Network Express presentation (IBM Washington Systems Center). */
const NETWORK_EXPRESS = 'IBM, z/OS Communications Server use of Network Express Feature, https://www.ibm.com/support/pages/node/7231685';

interface Text {
  syntax?: string;
  summary: string;
  details?: string;
  source: string;
}

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
const OPERAND_TEXTS: Record<string, Text> = nameTable({
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
  EQENET: {
    summary: 'A Network Express (IBM z17) port in EQDIO mode (CHPID type OSH), IPv4: DEVNUM names it instead of PORTNAME. z/OS 3.2, or TCP/IP APAR PH54596 on 2.5 and 3.1.',
    source: NETWORK_EXPRESS,
  },
  EQENET6: { summary: 'A Network Express (IBM z17) port in EQDIO mode (CHPID type OSH), IPv6. z/OS 3.2, or TCP/IP APAR PH54596 on 2.5 and 3.1.', source: NETWORK_EXPRESS },
  DEVNUM: {
    syntax: 'DEVNUM device_number',
    summary: 'The first device number of the OSH CHPID\'s range; the stack picks any free device under it. Required on EQENET and EQENET6; on IPAQENET, the form that comes up as EQENET on a z17.',
    source: NETWORK_EXPRESS,
  },
  SMCRIPADDR: { syntax: 'SMCR PFID pfid SMCRIPADDR ipv4_address', summary: 'The IPv4 address SMC-R version 2 uses over this interface; in the interface\'s subnet.', source: NETWORK_EXPRESS },
  SMCRMTU: { syntax: 'SMCRMTU {1024 | 2048 | 4096}', summary: 'The MTU of SMC-R version 2 over this interface (1024 by default).', source: NETWORK_EXPRESS },
  DEFAULT6: { summary: 'ROUTE DEFAULT6: the IPv6 default route.', source: `${REFERENCE}, BEGINROUTES statement` },
});

const ROLE: Record<Level, StatementRole> = { top: 'statement', vipadynamic: 'vipa', routes: 'route' };
const BLOCK: Record<Level, string | undefined> = { top: undefined, vipadynamic: 'VIPADYNAMIC', routes: 'BEGINROUTES' };

interface Vocabulary {
  statements: Map<string, StatementInfo>;
  operands: Map<string, OperandInfo>;
}

let built: Vocabulary | undefined;

function statementInfoOf(spec: StatementSpec): StatementInfo {
  const block = BLOCK[spec.level];
  const summary = spec.details ? `${spec.meaning} ${spec.details}` : spec.meaning;
  return {
    name: spec.name,
    min: spec.min,
    role: ROLE[spec.level],
    ...(block ? { block } : {}),
    syntax: spec.syntax,
    summary,
    source: `${REFERENCE}, ${spec.topic}`,
    operands: [],
    ...(spec.since ? { since: spec.since } : {}),
    ...(spec.removedIn ? { removedIn: spec.removedIn } : {}),
  };
}

function build(): Vocabulary {
  const statementMap = new Map<string, StatementInfo>();
  const operands = new Map<string, OperandInfo>();
  for (const spec of statements) {
    // A name used at two levels (none today) keeps its first entry.
    if (statementMap.has(spec.name)) continue;
    const info = statementInfoOf(spec);
    statementMap.set(spec.name, info);
    if (spec.end && !statementMap.has(spec.end.name)) {
      statementMap.set(spec.end.name, { name: spec.end.name, min: spec.end.min, role: 'end', block: spec.name, summary: `Ends the ${spec.name} ${spec.contains ? 'block' : 'list'}.`, source: info.source!, operands: [] });
    }
    for (const k of keywordsOfStatement(spec)) {
      // Keywords, not symbols the syntax also spells out (ROUTE's first hop '=', PORT UNRSV's '*').
      if (!/^[A-Z0-9][A-Z0-9.]*$/.test(k.name)) continue;
      let o = operands.get(k.name);
      if (!o) {
        const text = OPERAND_TEXTS[k.name];
        const meaning = 'meaning' in k && typeof k.meaning === 'string' ? k.meaning : undefined;
        o = {
          name: k.name,
          min: k.min,
          statements: [],
          ...(text ? { summary: text.summary, source: text.source, ...(text.details ? { details: text.details } : {}) } : meaning ? { summary: meaning, source: info.source! } : {}),
        };
        operands.set(k.name, o);
      } else if (k.min.length < o.min.length) o.min = k.min;
      if (!o.statements.includes(spec.name)) o.statements.push(spec.name);
      if ((k.since || k.removedIn) && !o.releases?.some((r) => r.statement === spec.name)) {
        (o.releases ??= []).push({ statement: spec.name, ...(k.since ? { since: k.since } : {}), ...(k.removedIn ? { removedIn: k.removedIn } : {}) });
      }
      if (!info.operands.includes(k.name)) info.operands.push(k.name);
    }
  }
  return { statements: statementMap, operands };
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
