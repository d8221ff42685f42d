/**
 * VIPADYNAMIC substatements: CST → AST, with the checks IBM's profile
 * processing makes on each statement (EZZ messages; reference notes
 * and).
 *
 * Each builder returns the statement and pushes its findings; the block pass
 * (blocks.ts) decides from the findings' rule ids what the stack keeps.
 */
import type { CstNode, IToken } from '../../../grammar/chevrotain.js';
import { parseNotation } from '../../../grammar/profile/keywords.js';
import { isLoopback, parseCidr, parseIp, parseIpv4, type IpAddress } from '../../core/ip.js';
import { spanLocs, type Loc } from '../../core/loc.js';
import { didYouMean } from '../../core/suggest.js';
import type {
  Destination,
  DistMethod,
  DistOption,
  DvipaAddress,
  VipaDefineStatement,
  VipaDeleteStatement,
  VipaDistributeStatement,
  VipaRangeStatement,
  VipaRouteStatement,
  VipaSmparmsStatement,
  VipaStatement,
  Word,
} from './ast.js';
import { nodes, token, tokens, type LocMaker } from './cst.js';
import { groupOptions, vipasmparmsTable } from './options.js';
import { ValueReader } from './values.js';
import { withDamage, type Sink } from './scope.js';

export const METHODS: { name: DistMethod; min: string }[] = [
  'BASEWLM',
  'SERVERWLM',
  'ROUNDROBIN',
  'WEIGHTEDActive',
  'HOTSTANDBY',
  'TARGCONTROLLED',
].map((n) => {
  const p = parseNotation(n);
  return { name: p.name as DistMethod, min: p.min };
});

/** Keywords before the mask of VIPADEFINE / VIPABACKUP / VIPARANGE. */
const LEADING_KEYWORDS = [
  'TIER1', 'TIER2', 'CPCSCOPE', 'MOVEable', 'IMMEDiate', 'WHENIDLE', 'DISRUPTive', 'NONDISRUPTive', 'SERVICEMGR', 'DEFINE', 'DELEte',
].map(parseNotation);

/** VIPADISTRIBUTE options before the address. */
const DIST_OPTIONS = [
  'DEFINE', 'DELEte', 'DISTMethod', 'OPTLOCAL', 'NOOPTLOCAL', 'SYSPLEXPorts', 'TIMEDAFFinity', 'TIER1', 'TIER2',
  'CPCSCOPE', 'GRE', 'ENCAP', 'CONTROLPORT', 'ILWEIGHTING', 'PROCTYPE', 'PROCXCOST', 'AUTOSWITCHBACK',
  'NOAUTOSWITCHBACK', 'HEALTHSWITCH', 'NOHEALTHSWITCH',
].map(parseNotation);

/** Keywords that only HOTSTANDBY accepts (EZZ0831I). */
const HOTSTANDBY_ONLY = new Set(['AUTOSWITCHBACK', 'NOAUTOSWITCHBACK', 'HEALTHSWITCH', 'NOHEALTHSWITCH', 'PREFERRED', 'BACKUP']);

/** IPv6 interface names are at most 16 characters (VIPADEFINE / VIPADELETE pages). */
const MAX_INTF_NAME = 16;

export class VipaBuilder {
  private readonly values: ValueReader;

  constructor(
    private readonly at: LocMaker,
    private readonly findings: Sink,
  ) {
    this.values = new ValueReader(findings);
  }

  build(sub: CstNode, loc: Loc): VipaStatement | undefined {
    const [name, child] = Object.entries(sub.children)[0] ?? [];
    if (!name || !child || !child[0]) return undefined;
    const n = child[0] as CstNode;
    switch (name) {
      case 'vipaDefine':
        return this.defineOrBackup(n, loc, 'vipadefine');
      case 'vipaBackup':
        return this.defineOrBackup(n, loc, 'vipabackup');
      case 'vipaDelete':
        return this.delete(n, loc);
      case 'vipaRange':
        return this.range(n, loc);
      case 'vipaRoute':
        return this.route(n, loc);
      case 'vipaSmparms':
        return this.smparms(n, loc);
      case 'vipaDistribute':
        return this.distribute(n, loc);
      default:
        return undefined;
    }
  }

  private words(n: CstNode, label: string): Word[] {
    return tokens(n, label).map((t) => this.at.word(t));
  }

  private keywordOf(n: CstNode): Word {
    return this.at.word(token(n, 'keyword')!);
  }

  private intfName(w: Word, statement: string): void {
    if (w.text.length > MAX_INTF_NAME) {
      this.findings.push({
        ruleId: 'syntax',
        loc: w.loc,
        message: `${statement}: the IPv6 interface name '${w.raw}' is longer than ${MAX_INTF_NAME} characters`,
      });
    }
  }

  private dvipaAddress(w: Word, statement: string, version: 4 | 6): DvipaAddress | undefined {
    if (w.symbolic) return undefined;
    let address: IpAddress | undefined;
    let prefix: number | undefined;
    if (version === 6 && w.text.includes('/')) {
      const c = parseCidr(w.text);
      address = c?.address;
      prefix = c?.prefix;
    } else address = parseIp(w.text);
    if (!address || address.version !== version) {
      this.findings.push({
        ruleId: 'invalid-address',
        loc: w.loc,
        message: `${statement}: '${w.raw}' is not a valid IPv${version} address`,
      });
      return undefined;
    }
    if (isLoopback(address)) {
      // EZZ0638I: a loopback address on a VIPA statement; the statement is ignored.
      this.findings.push(
        withDamage(
          {
            ruleId: 'invalid-address',
            loc: w.loc,
            message: `${statement}: ${address.text} is a loopback address, which cannot be a dynamic VIPA (EZZ0638I)`,
          },
          'statement',
        ),
      );
      return undefined;
    }
    return prefix === undefined ? { address, word: w } : { address, prefix, word: w };
  }

  /**
   * Leading keywords of VIPADEFINE / VIPABACKUP in IBM's order:
   * [TIER1 | TIER2 [CPCSCOPE] | CPCSCOPE] [MOVEable IMMEDiate|WHENIDLE] [SERVICEMGR].
   */
  private defineOrBackup(n: CstNode, loc: Loc, kind: 'vipadefine' | 'vipabackup'): VipaDefineStatement {
    const keyword = this.keywordOf(n);
    const statement = kind === 'vipadefine' ? 'VIPADEFINE' : 'VIPABACKUP';
    const options = this.words(n, 'option');
    const values = this.words(n, 'value');
    const out: VipaDefineStatement = { kind, loc, keyword, options, addresses: [], longForm: false };
    const rankToken = token(n, 'rank');
    if (rankToken) {
      const w = this.at.word(rankToken);
      out.rankWord = w;
      const rank = this.values.integer(w, 'VIPABACKUP rank', 1, 254);
      if (rank !== undefined) out.rank = rank;
    } else if (kind === 'vipabackup') out.rank = 1;

    const order = ['TIER', 'CPCSCOPE', 'MOVEABLE', 'MOVEMODE', 'SERVICEMGR'];
    let last = -1;
    let moveableSeen: Word | undefined;
    let moveModeWord: Word | undefined;
    for (let i = 0; i < options.length; i++) {
      const w = options[i]!;
      const name = this.fullKeyword(w);
      let group: string;
      if (name === 'TIER1' || name === 'TIER2') {
        group = 'TIER';
        if (out.tier && out.tier !== name) {
          this.findings.push({
            ruleId: 'conflicting-options',
            loc: w.loc,
            message: `${statement} codes both TIER1 and TIER2: a DVIPA is either a tier-1 or a tier-2 address, never both (IBM documents no message for coding both; plexlint reads it as a syntax error).`,
          });
        }
        out.tier = name;
      } else if (name === 'CPCSCOPE') {
        group = 'CPCSCOPE';
        out.cpcScope = w.loc;
        if (out.tier === 'TIER1') {
          this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `${statement}: CPCSCOPE goes with TIER2 or stands alone, not with TIER1` });
        }
      } else if (name === 'MOVEABLE') {
        group = 'MOVEABLE';
        moveableSeen = w;
      } else if (name === 'IMMEDIATE' || name === 'WHENIDLE') {
        group = 'MOVEMODE';
        if (!moveableSeen || options[i - 1] !== moveableSeen) {
          this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `${statement}: ${name} must follow MOVEABLE` });
        }
        out.moveable = name;
        moveModeWord = w;
      } else if (name === 'SERVICEMGR') {
        group = 'SERVICEMGR';
        out.serviceMgr = w.loc;
      } else {
        this.findings.push({
          ruleId: 'syntax',
          loc: w.loc,
          message: `${statement} does not take ${name} (${name === 'DISRUPTIVE' || name === 'NONDISRUPTIVE' ? 'that is a VIPARANGE keyword' : 'that is a VIPADISTRIBUTE or VIPARANGE keyword'})`,
        });
        continue;
      }
      const rank = order.indexOf(group);
      if (rank < last) {
        this.findings.push({
          ruleId: 'syntax',
          loc: w.loc,
          message: `${statement}: ${name} is out of order; IBM requires [TIER1|TIER2 [CPCSCOPE]|CPCSCOPE] [MOVEABLE IMMEDIATE|WHENIDLE] [SERVICEMGR] before the mask or interface name`,
        });
      }
      last = Math.max(last, rank);
    }
    if (moveableSeen && !out.moveable) {
      this.findings.push({ ruleId: 'syntax', loc: moveableSeen.loc, message: `${statement}: MOVEABLE needs IMMEDIATE or WHENIDLE` });
    }
    if (moveableSeen) out.longForm = true;

    if (values.length === 0) {
      this.findings.push({ ruleId: 'syntax', loc: keyword.loc, message: `${statement} names no address` });
      return out;
    }
    const first = values[0]!;
    const firstIsV4 = parseIpv4(first.text) !== undefined || /^[\d.]+$/.test(first.text);
    const needsMask = kind === 'vipadefine' || out.longForm;
    if (first.symbolic) {
      // Unresolved symbol: keep what can be kept.
      for (const w of values.slice(needsMask ? 1 : 0)) {
        const a = w.symbolic ? undefined : this.dvipaAddress(w, statement, 4);
        if (a) out.addresses.push(a);
      }
      return out;
    }
    if (firstIsV4) {
      let addrWords = values;
      if (needsMask) {
        out.maskWord = first;
        const prefix = this.values.mask(first, `${statement} address mask`);
        if (prefix !== undefined) out.prefix = prefix;
        addrWords = values.slice(1);
        if (addrWords.length === 0) {
          this.findings.push({ ruleId: 'syntax', loc: first.loc, message: `${statement}: the mask ${first.raw} is not followed by any address` });
        }
      } else {
        const m = parseIpv4(first.text);
        if (m && values.length > 1 && m.value >= 0xff000000n) {
          this.findings.push({
            ruleId: 'syntax',
            loc: first.loc,
            message: `VIPABACKUP: '${first.raw}' looks like an address mask, but the short form takes addresses only; code MOVEABLE IMMEDIATE (or WHENIDLE) before the mask to use the long form`,
          });
          addrWords = values.slice(1);
        }
        out.prefix = 32;
      }
      for (const w of addrWords) {
        if (w.text.includes(':')) {
          this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `${statement}: one statement holds either IPv4 or IPv6 addresses, not both` });
          continue;
        }
        const a = this.dvipaAddress(w, statement, 4);
        if (a) out.addresses.push(a);
      }
    } else {
      if (out.moveable === 'WHENIDLE' || out.serviceMgr) {
        this.findings.push({
          ruleId: 'syntax',
          // WHENIDLE may have been coded without MOVEABLE (reported above).
          loc: out.serviceMgr ?? moveModeWord?.loc ?? keyword.loc,
          message: `${statement}: WHENIDLE and SERVICEMGR are IPv4 only`,
        });
      }
      out.interfaceName = first;
      this.intfName(first, statement);
      if (values.length !== 2) {
        this.findings.push({
          ruleId: 'syntax',
          loc: values.length > 2 ? values[2]!.loc : first.loc,
          message: `${statement}: the IPv6 form is an interface name followed by exactly one IPv6 address`,
        });
      }
      const v = values[1];
      if (v) {
        const a = this.dvipaAddress(v, statement, 6);
        if (a) out.addresses.push(a);
      }
    }
    return out;
  }

  /**
   * DELETE is the DELete statement (shortest form DEL) as well as an option, so the
   * keyword table accepts DEL; VIPADISTRIBUTE and VIPARANGE diagrams spell the option
   * DELEte, so DEL is not an abbreviation there.
   */
  private deleteAbbreviation(w: Word, statement: string): void {
    if (w.text.length >= 4) return;
    this.findings.push({
      ruleId: 'syntax',
      loc: w.loc,
      message: `${statement}: '${w.raw}' is too short to abbreviate DELETE (the shortest form IBM accepts on ${statement} is DELE)`,
    });
  }

  private fullKeyword(w: Word): string {
    for (const c of LEADING_KEYWORDS) if (c.name.startsWith(w.text) && w.text.length >= Math.min(c.min.length, 3)) return c.name;
    return w.text;
  }

  private delete(n: CstNode, loc: Loc): VipaDeleteStatement {
    const keyword = this.keywordOf(n);
    const values = this.words(n, 'value');
    const out: VipaDeleteStatement = { kind: 'vipadelete', loc, keyword, addresses: [] };
    if (values.length === 0) {
      this.findings.push({ ruleId: 'syntax', loc: keyword.loc, message: 'VIPADELETE names no address or interface' });
      return out;
    }
    if (values[0]!.symbolic || /^[\d.]+$/.test(values[0]!.text)) {
      for (const w of values) {
        const a = w.symbolic ? undefined : this.dvipaAddress(w, 'VIPADELETE', 4);
        if (a) out.addresses.push(a);
      }
    } else {
      out.interfaceName = values[0]!;
      this.intfName(values[0]!, 'VIPADELETE');
      if (values.length > 1) {
        this.findings.push({ ruleId: 'syntax', loc: values[1]!.loc, message: 'VIPADELETE takes one IPv6 interface name only' });
      }
    }
    return out;
  }

  /** VIPARANGE [DEFINE|DELEte] [MOVEable NONDISRUPTive|DISRUPTive] {mask addr | intf addr/len} [SAF resname] [ZCX] */
  private range(n: CstNode, loc: Loc): VipaRangeStatement {
    const keyword = this.keywordOf(n);
    const options = this.words(n, 'option');
    const values = this.words(n, 'value');
    const out: VipaRangeStatement = { kind: 'viparange', loc, keyword, action: 'define', options };
    let moveable: Word | undefined;
    let moveModeWord: Word | undefined;
    let seenAction = false;
    for (let i = 0; i < options.length; i++) {
      const w = options[i]!;
      const name = this.fullKeyword(w);
      if (name === 'DEFINE' || name === 'DELETE') {
        if (seenAction || moveable) {
          this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `VIPARANGE: ${name} must come first and only once` });
        }
        seenAction = true;
        out.action = name === 'DEFINE' ? 'define' : 'delete';
        if (name === 'DELETE') this.deleteAbbreviation(w, 'VIPARANGE');
      } else if (name === 'MOVEABLE') moveable = w;
      else if (name === 'NONDISRUPTIVE' || name === 'DISRUPTIVE') {
        if (!moveable || options[i - 1] !== moveable) {
          this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `VIPARANGE: ${name} must follow MOVEABLE` });
        }
        out.moveable = name;
        moveModeWord = w;
      } else {
        this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `VIPARANGE does not take ${name}` });
      }
    }
    if (moveable && !out.moveable) {
      this.findings.push({ ruleId: 'syntax', loc: moveable.loc, message: 'VIPARANGE: MOVEABLE needs NONDISRUPTIVE or DISRUPTIVE' });
    }
    const rest = [...values];
    const first = rest.shift();
    if (!first) {
      this.findings.push({ ruleId: 'syntax', loc: keyword.loc, message: 'VIPARANGE needs an address mask and an address (or an IPv6 interface name and address/prefix)' });
      return out;
    }
    if (first.symbolic || /^[\d.]+$/.test(first.text)) {
      const second = rest.shift();
      if (!second) {
        this.findings.push({ ruleId: 'syntax', loc: first.loc, message: 'VIPARANGE: the mask is not followed by an address' });
      } else {
        const prefix = first.symbolic ? undefined : this.values.mask(first, 'VIPARANGE address mask');
        const address = second.symbolic ? undefined : this.values.ipv4(second, 'VIPARANGE address');
        if (prefix !== undefined && address) {
          if (isLoopback(address)) {
            this.findings.push({ ruleId: 'invalid-address', loc: second.loc, message: `VIPARANGE: ${address.text} is a loopback address (EZZ0638I)` });
          } else out.range = { address, prefix };
        }
      }
    } else {
      out.interfaceName = first;
      this.intfName(first, 'VIPARANGE');
      if (out.moveable === 'DISRUPTIVE') {
        // DISRUPTIVE may have been coded without MOVEABLE (reported above).
        this.findings.push({ ruleId: 'syntax', loc: moveModeWord?.loc ?? keyword.loc, message: 'VIPARANGE: MOVEABLE DISRUPTIVE is IPv4 only' });
      }
      const second = rest.shift();
      const c = second && !second.symbolic ? this.values.cidr(second, 'VIPARANGE IPv6 address/prefix') : undefined;
      if (!second) this.findings.push({ ruleId: 'syntax', loc: first.loc, message: 'VIPARANGE: the interface name is not followed by an address/prefix' });
      else if (c) out.range = c;
    }
    while (rest.length) {
      const w = rest.shift()!;
      if ('SAF'.startsWith(w.text) && w.text.length === 3) {
        const name = rest.shift();
        if (!name) this.findings.push({ ruleId: 'syntax', loc: w.loc, message: 'VIPARANGE: SAF needs a resource name' });
        else out.saf = name;
      } else if (w.text === 'ZCX') out.zcx = w.loc;
      else {
        this.findings.push({
          ruleId: 'unknown-operand',
          loc: w.loc,
          message: `VIPARANGE does not take '${w.raw}' here.${didYouMean(w.text, ['SAF', 'ZCX'])}`,
        });
      }
    }
    return out;
  }

  /** VIPAROUTE [DEFINE|DELEte] {dynxcfip | DEFAULT} target_ip  (diagram not seen; [unverified]). */
  private route(n: CstNode, loc: Loc): VipaRouteStatement {
    const keyword = this.keywordOf(n);
    const values = this.words(n, 'value');
    const opt = tokens(n, 'option')[0];
    const action = opt && this.fullKeyword(this.at.word(opt)) === 'DELETE' ? 'delete' : 'define';
    const out: VipaRouteStatement = { kind: 'viparoute', loc, keyword, action, isDefault: false, values };
    if (values.length !== 2) {
      this.findings.push({
        ruleId: 'syntax',
        loc: values[2]?.loc ?? keyword.loc,
        message: 'VIPAROUTE takes a target dynamic XCF address (or DEFAULT) and the target IP address to route to',
      });
    }
    const [xcf, target] = values;
    if (xcf) {
      if (xcf.text === 'DEFAULT') out.isDefault = true;
      else {
        const a = this.values.ip(xcf, 'VIPAROUTE dynamic XCF address');
        if (a) out.dynamicXcf = a;
      }
    }
    if (target) {
      const a = this.values.ip(target, 'VIPAROUTE target address');
      if (a) out.target = a;
    }
    return out;
  }

  private smparms(n: CstNode, loc: Loc): VipaSmparmsStatement {
    const keyword = this.keywordOf(n);
    const { options } = groupOptions(this.words(n, 'value'), vipasmparmsTable, this.findings);
    return { kind: 'vipasmparms', loc, keyword, options };
  }

  private method(w: Word): DistMethod | undefined {
    const m = METHODS.find((c) => w.text.length >= c.min.length && c.name.startsWith(w.text));
    if (!m && !w.symbolic) {
      this.findings.push({
        ruleId: 'syntax',
        loc: w.loc,
        message: `DISTMETHOD ${w.raw} is not a distribution method (BASEWLM, SERVERWLM, ROUNDROBIN, WEIGHTEDACTIVE, HOTSTANDBY, TARGCONTROLLED).${didYouMean(w.text, METHODS.map((x) => x.name))}`,
      });
    }
    return m?.name;
  }

  private distribute(n: CstNode, loc: Loc): VipaDistributeStatement {
    const keyword = this.keywordOf(n);
    const out: VipaDistributeStatement = {
      kind: 'vipadistribute',
      loc,
      keyword,
      action: 'define',
      method: 'BASEWLM',
      options: [],
      ports: [],
      destinations: [],
    };
    const seen = new Map<string, DistOption>();
    const conflict = (a: string, b: string, d: DistOption): void => {
      const other = seen.get(b);
      if (!other) return;
      this.findings.push({
        ruleId: 'conflicting-options',
        loc: d.loc,
        message: `VIPADISTRIBUTE codes both ${b} and ${a}, which are mutually exclusive (IBM documents no message for coding both; plexlint reads it as a syntax error).`,
        related: [{ file: other.loc.file, line: other.loc.line, column: other.loc.column, message: `${b} is coded here` }],
      });
    };
    for (const opt of nodes(n, 'distOption')) {
      const kwTok: IToken | undefined = token(opt, 'flag') ?? token(opt, 'keyword');
      if (!kwTok) continue;
      const kwWord = this.at.word(kwTok);
      const name = this.distOptionName(kwWord.text);
      const valueTok = token(opt, 'value');
      const value = valueTok ? this.at.word(valueTok) : undefined;
      const optLoc = value ? spanLocs(kwWord.loc, value.loc) : kwWord.loc;
      const d: DistOption = value ? { name, keyword: kwWord, value, loc: optLoc } : { name, keyword: kwWord, loc: optLoc };
      if (seen.has(name)) {
        this.findings.push({ ruleId: 'conflicting-options', loc: kwWord.loc, message: `VIPADISTRIBUTE codes ${name} more than once (IBM documents no message for this; plexlint reads it as a syntax error).` });
      }
      out.options.push(d);
      switch (name) {
        case 'DEFINE':
          conflict('DEFINE', 'DELETE', d);
          out.action = 'define';
          break;
        case 'DELETE':
          conflict('DELETE', 'DEFINE', d);
          this.deleteAbbreviation(kwWord, 'VIPADISTRIBUTE');
          out.action = 'delete';
          break;
        case 'DISTMETHOD': {
          const m = value ? this.method(value) : undefined;
          if (m) out.method = m;
          out.methodLoc = optLoc;
          break;
        }
        case 'OPTLOCAL': {
          conflict('OPTLOCAL', 'NOOPTLOCAL', d);
          // OPTLOCAL without a value means 1 (IBM, OPTLOCAL topic and VIPADISTRIBUTE page).
          if (!value) out.optLocal = { value: 1, loc: optLoc };
          else {
            const v = this.values.integer(
              value,
              'OPTLOCAL',
              0,
              16,
              'optlocal-out-of-range',
              ': IBM defines only 0 (stay local while the server is healthy), 1 (the same unless its WLM weight is 0) and 2–16 (multipliers of the local WLM weight), and documents no message for another value',
            );
            if (v !== undefined) out.optLocal = { value: v, loc: optLoc, valueLoc: value.loc };
          }
          break;
        }
        case 'NOOPTLOCAL':
          conflict('NOOPTLOCAL', 'OPTLOCAL', d);
          break;
        case 'SYSPLEXPORTS':
          out.sysplexPorts = optLoc;
          break;
        case 'TIMEDAFFINITY': {
          const v = value ? this.values.integer(value, 'TIMEDAFFINITY', 0, 65535) : undefined;
          if (v !== undefined) out.timedAffinity = { seconds: v, loc: optLoc };
          break;
        }
        case 'TIER1':
        case 'TIER2':
          conflict(name, name === 'TIER1' ? 'TIER2' : 'TIER1', d);
          if (value) out.tier = { tier: name, group: value.text, loc: optLoc };
          break;
        case 'GRE':
          conflict('GRE', 'ENCAP', d);
          out.gre = optLoc;
          break;
        case 'ENCAP':
          conflict('ENCAP', 'GRE', d);
          out.encap = optLoc;
          break;
        case 'CONTROLPORT': {
          const v = value ? this.values.port(value, 'CONTROLPORT') : undefined;
          if (v !== undefined) out.controlPort = { port: v, loc: optLoc };
          break;
        }
        case 'ILWEIGHTING': {
          const v = value ? this.values.integer(value, 'ILWEIGHTING', 0, 3) : undefined;
          if (v !== undefined) out.ilWeighting = { value: v, loc: optLoc };
          break;
        }
        case 'PROCTYPE':
        case 'PROCXCOST': {
          const procs = tokens(opt, 'processor').map((t) => this.at.word(t));
          const props = tokens(opt, 'proportion').map((t) => this.at.word(t));
          const entry: { cp?: number; zaap?: number; ziip?: number; loc: Loc } = { loc: kwWord.loc };
          procs.forEach((p, i) => {
            const w = props[i];
            if (!w) return;
            entry.loc = spanLocs(entry.loc, w.loc);
            const v = this.values.integer(w, `${name} ${p.text}`, 0, 99);
            if (v === undefined) return;
            if (p.text === 'CP') entry.cp = v;
            else if (p.text === 'ZAAP') entry.zaap = v;
            else entry.ziip = v;
          });
          if (name === 'PROCTYPE') out.procType = entry;
          else out.procXCost = entry;
          break;
        }
        case 'AUTOSWITCHBACK':
        case 'NOAUTOSWITCHBACK':
          conflict(name, name === 'AUTOSWITCHBACK' ? 'NOAUTOSWITCHBACK' : 'AUTOSWITCHBACK', d);
          out.autoSwitchBack = { enabled: name === 'AUTOSWITCHBACK', loc: optLoc };
          break;
        case 'HEALTHSWITCH':
        case 'NOHEALTHSWITCH':
          conflict(name, name === 'HEALTHSWITCH' ? 'NOHEALTHSWITCH' : 'HEALTHSWITCH', d);
          out.healthSwitch = { enabled: name === 'HEALTHSWITCH', loc: optLoc };
          break;
        default:
          break;
      }
      seen.set(name, d);
    }

    const addrTok = token(n, 'address');
    if (addrTok) {
      const w = this.at.word(addrTok);
      out.addressWord = w;
      if (!w.symbolic) {
        if (/^[\d.]+$/.test(w.text)) {
          const a = this.dvipaAddress(w, 'VIPADISTRIBUTE', 4);
          if (a) out.address = a.address;
        } else if (w.text.includes(':')) {
          this.findings.push({
            ruleId: 'invalid-address',
            loc: w.loc,
            message: `VIPADISTRIBUTE names an IPv6 DVIPA by its interface name (from VIPADEFINE/VIPABACKUP), not by address '${w.raw}'`,
          });
        } else {
          out.interfaceName = w;
          this.intfName(w, 'VIPADISTRIBUTE');
        }
      }
    }
    const portKw = token(n, 'portKeyword');
    if (portKw) {
      out.portKeyword = this.at.ofToken(portKw);
      const ports = tokens(n, 'port').map((t) => this.at.word(t));
      if (ports.length === 0) {
        this.findings.push({ ruleId: 'syntax', loc: out.portKeyword, message: 'VIPADISTRIBUTE: PORT is not followed by any port number' });
      }
      for (const w of ports) {
        const r = this.values.portRange(w, 'VIPADISTRIBUTE PORT');
        if (r) out.ports.push({ ...r, word: w });
      }
    }
    const all = token(n, 'all');
    if (all) out.destipAll = this.at.ofToken(all);
    const version = out.interfaceName ? 6 : 4;
    for (const dn of nodes(n, 'destination')) out.destinations.push(this.destination(dn, version));
    this.checkDistribution(out, keyword);
    return out;
  }

  private distOptionName(text: string): string {
    // The grammar already matched the token to one of these keywords by abbreviation.
    return DIST_OPTIONS.find((k) => k.name.startsWith(text) && text.length >= Math.min(k.min.length, 3))?.name ?? text;
  }

  private destination(dn: CstNode, version: 4 | 6): Destination {
    const w = this.at.word(token(dn, 'address')!);
    const kw = token(dn, 'keyword');
    const valueTok = token(dn, 'value');
    const loc = valueTok ? spanLocs(w.loc, this.at.ofToken(valueTok)) : kw ? spanLocs(w.loc, this.at.ofToken(kw)) : w.loc;
    const d: Destination = { word: w, loc };
    if (!w.symbolic) {
      const a = this.values.ip(w, 'DESTIP target (a dynamic XCF address)');
      if (a) {
        if (a.version !== version) {
          this.findings.push({
            ruleId: 'invalid-address',
            loc: w.loc,
            message: `DESTIP target ${a.text} is IPv${a.version} but the DVIPA is IPv${version}: targets are dynamic XCF addresses of the DVIPA's IP version`,
          });
        } else d.address = a;
      }
    }
    if (kw) {
      const kwWord = this.at.word(kw);
      const value = valueTok ? this.at.word(valueTok) : undefined;
      if ('WEIGHT'.startsWith(kwWord.text) && kwWord.text.length >= 6 && value) {
        // WEIGHT range: IBM's examples use 10 and 20; 1–99 is [unverified], so only non-numbers are errors.
        const v = this.values.integer(value, 'WEIGHT', 0, 99);
        if (v !== undefined) d.weight = { value: v, loc: spanLocs(kwWord.loc, value.loc), word: kwWord };
      } else if (kwWord.text === 'PREFERRED') d.preferred = kwWord.loc;
      else if (value) {
        const v = this.values.integer(value, 'BACKUP rank', 1, 254);
        if (v !== undefined) d.backup = { rank: v, loc: spanLocs(kwWord.loc, value.loc), word: kwWord };
      }
    }
    return d;
  }

  /** IBM's statement-level rules for VIPADISTRIBUTE (EZZ messages of the IP Configuration Reference). */
  private checkDistribution(d: VipaDistributeStatement, keyword: Word): void {
    if (d.action === 'delete') return;
    const hot = d.method === 'HOTSTANDBY';
    if (!hot) {
      // EZZ0831I: a HOTSTANDBY-only keyword with another method; statement and rest of block ignored.
      const offending = [
        ...d.options.filter((o) => HOTSTANDBY_ONLY.has(o.name)).map((o) => ({ name: o.name, loc: o.loc })),
        ...d.destinations.flatMap((t) => [
          ...(t.preferred ? [{ name: 'PREFERRED', loc: t.preferred }] : []),
          ...(t.backup ? [{ name: 'BACKUP', loc: t.backup.loc }] : []),
        ]),
      ];
      const first = offending[0];
      if (first) {
        this.findings.push({
          ruleId: 'hotstandby-option-wrong-method',
          loc: first.loc,
          message:
            `${first.name} is a DISTMETHOD HOTSTANDBY keyword but this VIPADISTRIBUTE uses ${d.method}${d.methodLoc ? '' : ' (the default)'} ` +
            '(EZZ0831I). ' +
            `Code DISTMETHOD HOTSTANDBY, or remove ${[...new Set(offending.map((o) => o.name))].join(', ')}.`,
        });
      }
    }
    for (const t of d.destinations) {
      if (t.weight && d.method !== 'WEIGHTEDACTIVE') {
        this.findings.push({
          ruleId: 'weight-ignored',
          loc: t.weight.loc,
          message:
            `WEIGHT is used only by DISTMETHOD WEIGHTEDACTIVE; with ${d.method} the stack ignores it (EZZ0799I) and ` +
            `distributes by ${d.method === 'HOTSTANDBY' ? 'PREFERRED/BACKUP rank' : d.method === 'ROUNDROBIN' ? 'turns' : 'WLM weights'}. Remove WEIGHT or code DISTMETHOD WEIGHTEDACTIVE.`,
        });
      }
    }
    if (hot) {
      if (d.destipAll) {
        this.findings.push({
          ruleId: 'hotstandby-destip-all',
          loc: d.destipAll,
          message:
            'DISTMETHOD HOTSTANDBY cannot use DESTIP ALL (EZZ0165I): the stack ignores this VIPADISTRIBUTE, so the DVIPA is not distributed. ' +
            'List the targets\' dynamic XCF addresses, one PREFERRED and the others BACKUP rank.',
        });
      } else {
        const preferred = d.destinations.filter((t) => t.preferred);
        const backups = d.destinations.filter((t) => t.backup);
        const neither = d.destinations.filter((t) => !t.preferred && !t.backup);
        const addrSeen = new Map<string, Destination>();
        let dupPrefBackup: Destination | undefined;
        for (const t of d.destinations) {
          if (!t.address) continue;
          const prev = addrSeen.get(t.address.text);
          if (prev && ((prev.preferred && t.backup) || (prev.backup && t.preferred))) dupPrefBackup = t;
          addrSeen.set(t.address.text, t);
        }
        const reject = (loc: Loc, why: string, code: string): void => {
          this.findings.push({
            ruleId: 'hotstandby-preferred-backup',
            loc,
            message: `${why} (${code}): the stack ignores this VIPADISTRIBUTE, so the DVIPA is not distributed. A HOTSTANDBY distribution needs exactly one PREFERRED target and at least one BACKUP rank target.`,
          });
        };
        if (neither.length > 0) reject(neither[0]!.loc, `DESTIP target ${neither[0]!.word.raw} is neither PREFERRED nor BACKUP`, 'EZZ0826I');
        else if (preferred.length !== 1) {
          reject(preferred[1]?.loc ?? d.destinations[0]?.loc ?? keyword.loc, `HOTSTANDBY has ${preferred.length} PREFERRED targets`, 'EZZ0827I');
        } else if (backups.length === 0) reject(preferred[0]!.loc, 'HOTSTANDBY has no BACKUP target', 'EZZ0827I');
        else if (dupPrefBackup) reject(dupPrefBackup.loc, `${dupPrefBackup.word.raw} is both PREFERRED and BACKUP`, 'EZZ0830I');
        if (backups.length > 31) {
          this.findings.push({
            ruleId: 'hotstandby-too-many-backups',
            loc: backups[31]!.loc,
            message: `HOTSTANDBY allows at most 31 BACKUP targets, this statement has ${backups.length} (EZZ0829I): the stack ignores this VIPADISTRIBUTE, so the DVIPA is not distributed.`,
          });
        }
      }
    }
    if (d.tier?.tier === 'TIER1' && d.encap && d.ports.length === 0) {
      this.findings.push({
        ruleId: 'encap-tier1-port',
        loc: d.encap,
        message:
          'TIER1 with ENCAP needs an explicit PORT list; with no PORT (all ports) the stack ignores this VIPADISTRIBUTE (EZZ0783I). Code PORT with the ports to distribute.',
      });
    }
    if ((d.gre || d.encap) && (d.method === 'BASEWLM' || d.method === 'SERVERWLM')) {
      this.findings.push({
        ruleId: 'tier1-routing-method',
        loc: d.methodLoc ?? (d.gre ?? d.encap)!,
        message: `DISTMETHOD ${d.method}${d.methodLoc ? '' : ' (the default)'} is not available with ${d.gre ? 'GRE' : 'ENCAP'}: non-z/OS tier-1 targets have no WLM weights. Use TARGCONTROLLED, ROUNDROBIN, WEIGHTEDACTIVE or HOTSTANDBY.`,
      });
    }
    if (d.method === 'TARGCONTROLLED' && !d.gre && !d.encap) {
      this.findings.push({
        ruleId: 'tier1-routing-method',
        loc: d.methodLoc!,
        message: 'DISTMETHOD TARGCONTROLLED takes its weights from non-z/OS tier-1 targets and is allowed only with TIER1 GRE or ENCAP.',
      });
    }
  }
}
