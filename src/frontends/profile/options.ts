/**
 * Table-driven option lists for statements whose options IBM allows in any
 * order (IPCONFIG, IPCONFIG6, INTERFACE, LINK, ROUTE, PORT entries, VIPASMPARMS).
 *
 * Each table is scoped to its statement, so an abbreviation is matched only
 * against the keywords that statement knows (DEL means one thing on INTERFACE
 * and another elsewhere). Keywords use IBM's mixed-case notation: the upper-case
 * part is the minimum abbreviation. Sources: IP Configuration Reference statement
 * pages (the syntax diagram of each statement).
 */
import { parseNotation } from '../../../grammar/profile/keywords.js';
import type { Sink } from './scope.js';
import { spanLocs } from '../../core/loc.js';
import { fix, inCaseOf, replaceAt } from '../../core/fix.js';
import { didYouMean, uniqueSuggestion } from '../../core/suggest.js';
import type { OptionNode, Word } from './ast.js';

export interface OptionSpec {
  notation: string;
  /** Number of values: exact, or [min, max]. Default 0. */
  args?: number | [number, number];
  /** Keywords accepted as this option's values (e.g. MULTIPATH PERCONNECTION). */
  sub?: string[];
  /** Obsolete: still accepted by the parser, reported as such. */
  obsolete?: string;
}

export interface OptionTable {
  statement: string;
  specs: OptionSpec[];
}

interface CompiledSpec extends OptionSpec {
  name: string;
  min: string;
  subs: { name: string; min: string }[];
}

const compiled = new WeakMap<OptionTable, CompiledSpec[]>();

function compile(table: OptionTable): CompiledSpec[] {
  let c = compiled.get(table);
  if (!c) {
    c = table.specs.map((s) => ({ ...s, ...parseNotation(s.notation), subs: (s.sub ?? []).map(parseNotation) }));
    compiled.set(table, c);
  }
  return c;
}

function abbreviates(word: string, k: { name: string; min: string }): boolean {
  return word.length >= k.min.length && word.length <= k.name.length && k.name.startsWith(word);
}

function arity(spec: OptionSpec): [number, number] {
  const a = spec.args ?? 0;
  return typeof a === 'number' ? [a, a] : a;
}

/** Full names of a table's keywords (for did-you-mean). */
export function optionNames(table: OptionTable): string[] {
  return compile(table).map((s) => s.name);
}

/**
 * Group words into options. Unknown words get `unknown-operand`; options with
 * too few values get `syntax`. Returns the options and whether anything was wrong.
 */
export function groupOptions(words: Word[], table: OptionTable, findings: Sink): { options: OptionNode[]; ok: boolean } {
  const specs = compile(table);
  const options: OptionNode[] = [];
  let ok = true;
  let current: { node: OptionNode; spec: CompiledSpec } | undefined;
  const close = (): void => {
    if (!current) return;
    const [min] = arity(current.spec);
    if (current.node.values.length < min) {
      ok = false;
      findings.push({
        ruleId: 'syntax',
        loc: current.node.loc,
        message: `${table.statement} ${current.spec.name} needs ${min} value${min === 1 ? '' : 's'} but has ${current.node.values.length}`,
      });
    }
    current = undefined;
  };
  for (const w of words) {
    const spec = specs.find((s) => abbreviates(w.text, s));
    if (current) {
      const [, max] = arity(current.spec);
      const isSub = current.spec.subs.some((s) => abbreviates(w.text, s));
      if (isSub || (!spec && current.node.values.length < max)) {
        current.node.values.push(isSub ? { ...w, text: current.spec.subs.find((s) => abbreviates(w.text, s))!.name } : w);
        current.node.loc = spanLocs(current.node.loc, w.loc);
        continue;
      }
    }
    close();
    if (spec) {
      const node: OptionNode = { name: spec.name, keyword: w, values: [], loc: w.loc };
      options.push(node);
      current = { node, spec };
      if (spec.obsolete) {
        findings.push({
          ruleId: 'obsolete-statement',
          loc: w.loc,
          message: `${table.statement} ${spec.name} is obsolete: ${spec.obsolete}`,
        });
      }
      continue;
    }
    ok = false;
    const certain = w.symbolic ? undefined : uniqueSuggestion(w.text, optionNames(table));
    findings.push({
      ruleId: 'unknown-operand',
      loc: w.loc,
      message: `'${w.raw}' is not ${/^[AEIOU]/.test(table.statement) ? 'an' : 'a'} ${table.statement} operand.${didYouMean(w.text, optionNames(table))}`,
      ...(certain ? { fix: fix(`write ${certain}`, replaceAt(w.loc, inCaseOf(w.raw, certain))) } : {}),
    });
  }
  close();
  return { options, ok };
}

const ONOFF = (a: string, b: string): OptionSpec[] => [{ notation: a }, { notation: b }];

/** IPCONFIG (IP Configuration Reference, IPCONFIG statement, V2R4 diagram). */
export const ipconfigTable: OptionTable = {
  statement: 'IPCONFIG',
  specs: [
    { notation: 'ARPTO', args: 1 },
    ...ONOFF('CHECKSUMOFFLoad', 'NOCHECKSUMOFFLoad'),
    { notation: 'DATAGRamfwd', sub: ['FWDMULTipath', 'NOFWDMULTipath', 'PERPacket'] },
    { notation: 'NODATAGRamfwd' },
    { notation: 'DEVRETRYDURation', args: 1 },
    { notation: 'DYNAMICXCF', args: [2, 3] },
    { notation: 'NODYNAMICXCF' },
    { notation: 'SECCLASS', args: 1 },
    ...ONOFF('SMCD', 'NOSMCD'),
    { notation: 'SOURCEVIPAINTerface', args: 1 },
    { notation: 'FORMat', args: 1, sub: ['LONG', 'SHORT'] },
    { notation: 'IGNORERedirect' },
    { notation: 'IPSECURITY' },
    { notation: 'IQDIORouting', sub: ['QDIOPriority'] },
    { notation: 'NOIQDIORouting' },
    { notation: 'MULTIPATH', sub: ['PERConnection', 'PERPacket'] },
    { notation: 'NOMULTIPATH' },
    ...ONOFF('PATHMTUDISCovery', 'NOPATHMTUDISCovery'),
    { notation: 'QDIOACCELerator', sub: ['QDIOPriority'] },
    { notation: 'NOQDIOACCELerator' },
    { notation: 'QDIOPriority', args: 1 },
    { notation: 'REASSEMBLytimeout', args: 1 },
    ...ONOFF('SEGMENTATIONOFFLoad', 'NOSEGMENTATIONOFFLoad'),
    ...ONOFF('SOURCEVIPA', 'NOSOURCEVIPA'),
    ...ONOFF('SYSPLEXRouting', 'NOSYSPLEXRouting'),
    { notation: 'TCPSTACKSOURCEVipa', args: 1 },
    { notation: 'NOTCPSTACKSOURCEVipa' },
    { notation: 'TTL', args: 1 },
    { notation: 'CLAWUSEDoublenop', obsolete: 'CLAW support was removed in z/OS V2R2; plexlint assumes a current stack ignores or rejects the operand (IBM does not document which).' },
    // In IBM's SAMPPROF (IPCONFIG DATAGRAMFWD VARSUBNETTING SYSPLEXROUTING); not in the
    // V2R4 diagram. Whether current stacks still accept it is unverified, so it is accepted silently.
    ...ONOFF('VARSUBNETTING', 'NOVARSUBNETTING'),
    ...ONOFF('ACCEPTRAROUTER', 'NOACCEPTRAROUTER'),
  ],
};

/** IPCONFIG6 (IP Configuration Reference, IPCONFIG6 statement, V3R2). */
export const ipconfig6Table: OptionTable = {
  statement: 'IPCONFIG6',
  specs: [
    ...ONOFF('CHECKSUMOFFLoad', 'NOCHECKSUMOFFLoad'),
    { notation: 'DATAGRamfwd', sub: ['FWDMULTipath', 'NOFWDMULTipath', 'PERPacket'] },
    { notation: 'NODATAGRamfwd' },
    { notation: 'DYNAMICXCF', args: 1 },
    { notation: 'NODYNAMICXCF' },
    { notation: 'INTFID', args: 1 },
    { notation: 'SECCLASS', args: 1 },
    ...ONOFF('SMCD', 'NOSMCD'),
    { notation: 'SOURCEVIPAINTerface', args: 1 },
    { notation: 'HOPLimit', args: 1 },
    { notation: 'ICMPErrorlimit', args: 1 },
    { notation: 'IGNORERedirect' },
    ...ONOFF('IGNOREROUTERHoplimit', 'NOIGNOREROUTERHoplimit'),
    { notation: 'IPSECURITY' },
    { notation: 'OSMSECCLASS', args: 1 },
    { notation: 'MULTIPATH', sub: ['PERConnection', 'PERPacket'] },
    { notation: 'NOMULTIPATH' },
    ...ONOFF('R1COMPLIANCE', 'NOR1COMPLIANCE'),
    ...ONOFF('SEGMENTATIONOFFLoad', 'NOSEGMENTATIONOFFLoad'),
    ...ONOFF('SOURCEVIPA', 'NOSOURCEVIPA'),
    { notation: 'TCPSTACKSOURCEVipa', args: 1 },
    { notation: 'NOTCPSTACKSOURCEVipa' },
    { notation: 'TEMPADDRS' },
    { notation: 'NOTEMPADDRS' },
    { notation: 'PREFLIFETIME', args: 1 },
    { notation: 'VALIDLIFETIME', args: 1 },
  ],
};

/** INTERFACE options (IPAQENET, IPAQENET6, IPAQIDIO, IPAQIDIO6, VIRTUAL, VIRTUAL6, EQENET). */
export const interfaceTable: OptionTable = {
  statement: 'INTERFACE',
  specs: [
    { notation: 'IPADDR', args: [1, 99] },
    { notation: 'PORTNAME', args: 1 },
    { notation: 'CHPIDTYPE', args: 1 },
    { notation: 'CHPID', args: 1 },
    { notation: 'DEVNUM', args: 1 },
    { notation: 'INTFID', args: 1 },
    { notation: 'PRIROUTER' },
    { notation: 'SECROUTER' },
    { notation: 'NONROUTER' },
    { notation: 'MTU', args: 1 },
    { notation: 'VLANID', args: 1 },
    { notation: 'VMAC', args: [0, 1], sub: ['ROUTEALL', 'ROUTELCL'] },
    { notation: 'INBPERF', args: 1, sub: ['BALANCED', 'DYNAMIC', 'MINCPU', 'MINLATENCY', 'WORKLOADQ', 'NOWORKLOADQ'] },
    { notation: 'READSTORAGE', args: 1, sub: ['MAX', 'AVG', 'MIN', 'GLOBAL'] },
    { notation: 'SOURCEVIPAINTerface', args: 1 },
    { notation: 'TEMPIP' },
    { notation: 'IPBCAST' },
    ...ONOFF('ISOLATE', 'NOISOLATE'),
    ...ONOFF('OLM', 'NOOLM'),
    { notation: 'SECCLASS', args: 1 },
    ...ONOFF('MONSYSPLEX', 'NOMONSYSPLEX'),
    ...ONOFF('DYNVLANREG', 'NODYNVLANREG'),
    { notation: 'SMCR', args: [0, 4], sub: ['PFID', 'SMCRIPADDR'] },
    { notation: 'NOSMCR' },
    { notation: 'PFID', args: [1, 2] },
    { notation: 'SMCRIPADDR', args: 1 },
    ...ONOFF('SMCD', 'NOSMCD'),
    { notation: 'DUPADDRDET', args: 1 },
    { notation: 'TEMPPREFIX', args: [1, 99] },
    { notation: 'OPTLATENCY' },
    { notation: 'ADDADDR', args: 1 },
    { notation: 'DELADDR', args: 1 },
    { notation: 'DEPRADDR', args: 1 },
    { notation: 'ADDTEMPPREFIX', args: [1, 99] },
    { notation: 'DELTEMPPREFIX', args: [1, 99] },
  ],
};

/** LINK options after the positional operands. */
export const linkTable: OptionTable = {
  statement: 'LINK',
  specs: [
    { notation: 'IFSPEED', args: 1 },
    { notation: 'IFHSPEED', args: 1 },
    ...ONOFF('CHECKSUM', 'NOCHECKSUM'),
    { notation: 'SECCLASS', args: 1 },
    ...ONOFF('MONSYSPLEX', 'NOMONSYSPLEX'),
    { notation: 'INBPERF', args: 1, sub: ['BALANCED', 'DYNAMIC', 'MINCPU', 'MINLATENCY', 'WORKLOADQ', 'NOWORKLOADQ'] },
    { notation: 'VLANID', args: 1 },
    { notation: 'VMAC', args: [0, 1], sub: ['ROUTEALL', 'ROUTELCL'] },
    { notation: 'IPBCAST' },
    { notation: 'ARPBCAST' },
    { notation: 'READSTORAGE', args: 1, sub: ['MAX', 'AVG', 'MIN', 'GLOBAL'] },
    ...ONOFF('ISOLATE', 'NOISOLATE'),
    ...ONOFF('OLM', 'NOOLM'),
    ...ONOFF('DYNVLANREG', 'NODYNVLANREG'),
    { notation: 'MTU', args: 1 },
    { notation: 'ALLMULTICAST' },
    { notation: 'NOTR' },
    { notation: 'BROADCAST' },
    { notation: 'NOBROADCAST' },
  ],
};

/** PORT entry options; IBM requires them in this order (PORT statement diagram). */
export const portOptionTable: OptionTable = {
  statement: 'PORT',
  specs: [
    { notation: 'NOAUTOLog' },
    { notation: 'DELAYAcks' },
    { notation: 'NODELAYAcks' },
    { notation: 'SHAREPort' },
    { notation: 'SHAREPORTWlm' },
    { notation: 'BIND', args: 1 },
    { notation: 'SAF', args: 1 },
    { notation: 'NOSMC' },
    { notation: 'SMC' },
    { notation: 'DENY' },
    { notation: 'WHENLISTEN' },
    { notation: 'WHENBIND' },
    { notation: 'OPTLOCAL', obsolete: 'OPTLOCAL is coded on VIPADISTRIBUTE, not on PORT.' },
  ],
};

/** ROUTE options after destination, first hop and link. */
export const routeOptionTable: OptionTable = {
  statement: 'ROUTE',
  specs: [
    { notation: 'MTU', args: 1, sub: ['DEFAULTSIZE'] },
    { notation: 'MAXImumretransmittime', args: 1 },
    { notation: 'MINImumretransmittime', args: 1 },
    { notation: 'ROUNDTRIPGain', args: 1 },
    { notation: 'VARIANCEGain', args: 1 },
    { notation: 'VARIANCEMultiplier', args: 1 },
    { notation: 'DELAYAcks' },
    { notation: 'NODELAYAcks' },
    { notation: 'REPLaceable' },
    { notation: 'NOREPLaceable' },
    { notation: 'SRCIP', args: 1 },
  ],
};

/** VIPASMPARMS (IPv4 only; keywords [unverified], see docs). */
export const vipasmparmsTable: OptionTable = {
  statement: 'VIPASMPARMS',
  specs: [
    { notation: 'SMMCAST', args: 1 },
    { notation: 'SMPORT', args: 1 },
    { notation: 'SMPASSWORD', args: 1 },
  ],
};
