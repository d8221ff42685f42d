/**
 * CST → AST for a TCP/IP profile, statement by statement, with IBM's
 * processing semantics: what the stack rejects, and how far the damage goes
 * (the statement, the rest of a HOME list, the rest of a VIPADYNAMIC block).
 */
import { append } from '../../core/append.js';
import type { CstNode, IRecognitionException, IToken } from '../../../grammar/chevrotain.js';
import { keywords as keywordTable, tooShortAbbreviationOf } from '../../../grammar/profile/keywords.js';
import type { Finding } from '../../core/diagnostic.js';
import { isLoopback, parseCidr, parseIp, parseIpv4, type IpAddress } from '../../core/ip.js';
import { spanLocs, type Loc } from '../../core/loc.js';
import { fix, inCaseOf, removeAt, replaceAt } from '../../core/fix.js';
import { didYouMean, suggest, uniqueSuggestion } from '../../core/suggest.js';
import type { SourceFile } from '../../sources/source-file.js';
import type {
  DeviceStatement,
  GenericStatement,
  HomeEntry,
  HomeStatement,
  IncludeStatement,
  InterfaceStatement,
  IpConfigStatement,
  LinkStatement,
  NameStatement,
  OptionNode,
  PortEntry,
  PortStatement,
  RouteEntry,
  RoutesBlock,
  Statement,
  UnknownStatement,
  VipaDynamicBlock,
  VipaStatement,
  Word,
} from './ast.js';
import { LocMaker, node, nodes, token, tokens } from './cst.js';
import { groupOptions, interfaceTable, ipconfig6Table, ipconfigTable, linkTable, portOptionTable, routeOptionTable } from './options.js';
import { damageOf, FindingSink, worst, type Damage } from './scope.js';
import { ValueReader } from './values.js';
import { VipaBuilder } from './vipa.js';

/** Statement names for did-you-mean on unknown statements. */
const STATEMENT_NAMES = [...keywordTable.values()].filter((k) => k.role === 'statement').map((k) => k.name);

/** Device types z/OS no longer supports (IBM: V2R2 and V2R3 "Support considerations"). */
const REMOVED_DEVICE_TYPES: Record<string, string> = {
  CLAW: 'V2R2',
  ATM: 'V2R2',
  HCH: 'V2R2',
  CDLC: 'V2R2',
  SNAIUCV: 'V2R2',
  SNALU62: 'V2R2',
  X25NPSI: 'V2R2',
  MPCOSA: 'V2R3',
};
const REMOVED_LINK_TYPES: Record<string, string> = { IPAQTR: 'V2R3', IBMTR: 'V2R3', FDDI: 'V2R3', OSAENET: 'V2R3', OSAFDDI: 'V2R3' };
const REMOVED_STATEMENTS: Record<string, string> = { GATEWAY: 'V2R2 (use BEGINROUTES)', ATMARPSV: 'V2R2', ATMLIS: 'V2R2', ATMPVC: 'V2R2' };

/**
 * Positional operands of LINK by link type, after the type (DEVICE and LINK
 * statement pages; forms summarised in).
 * 'device' marks the operand naming the DEVICE.
 */
const LINK_POSITIONALS: Record<string, ('device' | 'number')[]> = {
  IPAQENET: ['device'],
  IPAQIDIO: ['device'],
  IPAQTR: ['device'],
  MPCPTP: ['device'],
  VIRTUAL: ['number', 'device'],
  CTC: ['number', 'device'],
  IP: ['number', 'device'],
  ETHERNET: ['number', 'device'],
  '802.3': ['number', 'device'],
  'ETHEROR802.3': ['number', 'device'],
  IBMTR: ['number', 'device'],
  FDDI: ['number', 'device'],
  OSAENET: ['number', 'device'],
  OSAFDDI: ['number', 'device'],
};

/** LINK types (the keys of LINK_POSITIONALS), for editors and tools that list what a profile may say. */
export const LINK_TYPES: readonly string[] = Object.keys(LINK_POSITIONALS);
export const DEVICE_TYPES = ['MPCIPA', 'VIRTual', 'CTC', 'MPCPTP', 'CLAW', 'LCS', 'ATM', 'HCH', 'CDLC', 'SNAIUCV', 'SNALU62', 'X25NPSI', 'MPCOSA'];
export const INTERFACE_TYPES = ['IPAQENET', 'IPAQENET6', 'IPAQIDIO', 'IPAQIDIO6', 'VIRTUAL', 'VIRTUAL6', 'EQENET', 'EQENET6'];

function fullName(text: string, notations: string[]): string | undefined {
  for (const n of notations) {
    const firstLower = n.search(/[a-z]/);
    const min = firstLower < 0 ? n : n.slice(0, firstLower);
    const name = n.toUpperCase();
    if (text.length >= min.length && name.startsWith(text)) return name;
  }
  return undefined;
}

export type BlockChild = { junk: IToken[] } | { cst: CstNode | undefined; errors: Finding[]; tokens: IToken[] };

export interface BuiltStatement {
  statement: Statement;
  findings: Finding[];
}

export class ProfileBuilder {
  readonly at: LocMaker;
  private readonly vipa: VipaBuilder;
  private readonly findings = new FindingSink();
  private readonly values: ValueReader;

  constructor(file: SourceFile) {
    this.at = new LocMaker(file.path, file.lines);
    this.vipa = new VipaBuilder(this.at, this.findings);
    this.values = new ValueReader(this.findings);
  }

  private words(n: CstNode, label: string): Word[] {
    return tokens(n, label).map((t) => this.at.word(t));
  }

  private kw(n: CstNode, label = 'keyword'): Word {
    return this.at.word(token(n, label)!);
  }

  /**
   * Build one top-level statement from its CST. With parse errors the CST is
   * partial: findings the builder makes at or after the first error are
   * artifacts of the missing part and are dropped (the syntax error says it all).
   */
  statement(stmtNode: CstNode, errors: Finding[] = [], segmentLoc?: Loc): BuiltStatement | undefined {
    const [name, list] = Object.entries(stmtNode.children)[0] ?? [];
    const child = list?.[0] as CstNode | undefined;
    if (!name || !child) return undefined;
    const loc = (errors.length === 0 ? segmentLoc : undefined) ?? this.at.ofNode(child);
    if (!loc) return undefined;
    const built = this.guarded(errors, () => this.dispatch(name, child, loc));
    if (!built.value) return undefined;
    return { statement: built.value, findings: built.findings };
  }

  /** Run a builder; with parse errors, tolerate a partial CST. */
  private guarded<T>(errors: Finding[], fn: () => T): { value: T | undefined; findings: Finding[] } {
    let result: { value: T | undefined; findings: Finding[] };
    try {
      result = this.findings.capture(fn);
    } catch (e) {
      if (errors.length === 0) throw e;
      result = { value: undefined, findings: [] };
    }
    if (errors.length === 0) return result;
    const first = errors[0]!.loc;
    const kept = result.findings.filter((f) => f.loc.line < first.line || (f.loc.line === first.line && f.loc.column < first.column));
    return { value: result.value, findings: [...kept, ...errors] };
  }

  /** A statement whose CST could not be built at all: keep its name and operands. */
  broken(tokens: IToken[], errors: Finding[]): BuiltStatement {
    const words = tokens.map((t) => this.at.word(t));
    const keyword = words[0]!;
    const loc = spanLocs(keyword.loc, words.at(-1)!.loc);
    const statement: GenericStatement = { kind: 'generic', loc, keyword, name: keyword.text, operands: words.slice(1), isBlock: false };
    return { statement, findings: errors };
  }

  /** VIPADYNAMIC … ENDVIPADYNAMIC from its separately parsed substatements. */
  vipaBlock(header: IToken, children: BlockChild[], end: IToken | undefined): BuiltStatement {
    const keyword = this.at.word(header);
    const findings: Finding[] = [];
    const block: VipaDynamicBlock = { kind: 'vipadynamic', loc: keyword.loc, keyword, statements: [] };
    if (end) block.end = this.at.ofToken(end);
    for (const child of children) {
      if ('junk' in child) {
        const w = this.at.word(child.junk[0]!);
        findings.push({
          ruleId: 'syntax',
          loc: spanLocs(w.loc, this.at.word(child.junk.at(-1)!).loc),
          message: `VIPADYNAMIC: '${w.raw}' is not a VIPADYNAMIC substatement (VIPADEFINE, VIPABACKUP, VIPADELETE, VIPADISTRIBUTE, VIPARANGE, VIPAROUTE, VIPASMPARMS)`,
        });
        continue;
      }
      const loc = (child.errors.length === 0 ? undefined : child.cst && this.at.ofNode(child.cst)) ?? this.at.ofTokens(child.tokens[0]!, child.tokens.at(-1)!);
      const built = child.cst ? this.guarded(child.errors, () => this.vipa.build(child.cst!, loc)) : { value: undefined, findings: child.errors };
      let sub = built.value;
      if (!sub) {
        // Unparseable: keep a placeholder so the block pass can ignore it and what follows.
        const kw = this.at.word(child.tokens[0]!);
        sub = { kind: 'vipasmparms', loc, keyword: kw, options: [] };
      }
      vipaFindings.set(sub, built.findings);
      append(findings, built.findings);
      block.statements.push(sub);
    }
    const last = block.statements.at(-1)?.loc;
    block.loc = spanLocs(keyword.loc, end ? this.at.ofToken(end) : (last ?? keyword.loc));
    return { statement: block, findings };
  }

  /** BEGINROUTES … ENDROUTES from its separately parsed ROUTE entries. */
  routesBlock(header: IToken, children: BlockChild[], end: IToken | undefined): BuiltStatement {
    const keyword = this.at.word(header);
    const findings: Finding[] = [];
    const block: RoutesBlock = { kind: 'routes', loc: keyword.loc, keyword, routes: [] };
    if (end) block.end = this.at.ofToken(end);
    for (const child of children) {
      if ('junk' in child) {
        const w = this.at.word(child.junk[0]!);
        findings.push({ ruleId: 'syntax', loc: w.loc, message: `BEGINROUTES: expected ROUTE or ENDROUTES but found '${w.raw}'` });
        continue;
      }
      const loc = (child.errors.length === 0 ? undefined : child.cst && this.at.ofNode(child.cst)) ?? this.at.ofTokens(child.tokens[0]!, child.tokens.at(-1)!);
      const built = child.cst ? this.guarded(child.errors, () => this.route(child.cst!, loc)) : { value: undefined, findings: child.errors };
      append(findings, built.findings);
      const route = built.value;
      if (!route) continue;
      const damaging = built.findings.find((f) => damageOf(f, false) !== 'none');
      if (damaging) {
        route.ignored = { reason: 'error in this ROUTE entry', cause: loc };
        damaging.consequence ??= 'route-entry';
        addSentence(damaging, 'plexlint assumes the stack ignores this ROUTE entry (IBM does not document what an error in one ROUTE entry does)');
      }
      block.routes.push(route);
    }
    block.loc = spanLocs(keyword.loc, end ? this.at.ofToken(end) : (block.routes.at(-1)?.loc ?? keyword.loc));
    return { statement: block, findings };
  }

  private dispatch(name: string, n: CstNode, loc: Loc): Statement | undefined {
    switch (name) {
      case 'homeStatement':
        return this.home(n, loc);
      case 'portStatement':
        return this.port(n, loc);
      case 'deviceStatement':
        return this.device(n, loc);
      case 'linkStatement':
        return this.link(n, loc);
      case 'interfaceStatement':
        return this.interface(n, loc);
      case 'nameStatement':
        return this.nameStatement(n, loc);
      case 'includeStatement':
        return this.include(n, loc);
      case 'vipaSubstatement':
        return this.vipa.build(n, loc);
      case 'routeEntry':
        return this.route(n, loc);
      case 'strayEnd':
      case 'deleteStatement':
        return this.generic(n, loc, false);
      case 'genericBlock':
        return this.generic(n, loc, true);
      case 'genericStatement':
        return this.generic(n, loc, false);
      case 'unknownStatement':
        return this.unknown(n, loc);
      default:
        return undefined;
    }
  }

  private generic(n: CstNode, loc: Loc, isBlock: boolean): Statement {
    const keyword = this.kw(n, 'name');
    const full = [...keywordTable.values()].find(
      (k) => keyword.text.length >= k.min.length && k.name.startsWith(keyword.text) && k.role !== 'operand',
    );
    const stmt: GenericStatement = {
      kind: 'generic',
      loc,
      keyword,
      name: full?.name ?? keyword.text,
      operands: this.words(n, 'operand'),
      isBlock,
    };
    if (full?.name === 'IPCONFIG' || full?.name === 'IPCONFIG6') return this.ipconfig(stmt);
    const end = token(n, 'end');
    if (end) stmt.end = this.at.ofToken(end);
    if (!isBlock) this.misspelledStatements(stmt);
    const removed = REMOVED_STATEMENTS[stmt.name];
    if (removed) {
      this.findings.push({
        ruleId: 'obsolete-statement',
        loc: keyword.loc,
        message: `${stmt.name} is no longer supported since z/OS ${removed}: plexlint assumes a current stack rejects it (IBM does not document the message).`,
      });
    }
    return stmt;
  }

  /**
   * A statement has no terminator, so a misspelled statement name after a statement
   * whose operands plexlint does not know (TCPCONFIG, GLOBALCONFIG, …) silently becomes
   * one more operand of it, for the stack as for the parser. Report a word that starts
   * a line and is a near miss of a statement name (SOMAXCON, or a too-short abbreviation).
   */
  private misspelledStatements(stmt: GenericStatement): void {
    let previous = stmt.keyword;
    for (const w of stmt.operands) {
      const startsLine = w.loc.line > previous.loc.endLine;
      previous = w;
      if (!startsLine || w.symbolic || !/^[A-Z][A-Z0-9@#$]{3,}$/.test(w.text)) continue;
      const short = tooShortAbbreviationOf(w.text);
      const near = short && short.role === 'statement' ? short.name : suggest(w.text, STATEMENT_NAMES);
      if (!near) continue;
      const certain = short && short.role === 'statement' ? short.name : uniqueSuggestion(w.text, STATEMENT_NAMES);
      this.findings.push({
        ruleId: 'unknown-statement',
        loc: w.loc,
        message:
          `'${w.raw}' starts a line but is not a TCP/IP profile statement, so plexlint assumes the stack reads it as one more operand of ` +
          `${stmt.name} (line ${stmt.keyword.loc.line}) and the statement you meant is not processed (IBM does not document this). Did you mean ${near}?`,
        ...(certain ? { fix: fix(`write ${certain}`, replaceAt(w.loc, inCaseOf(w.raw, certain))) } : {}),
      });
    }
  }

  private unknown(n: CstNode, loc: Loc): UnknownStatement {
    const keyword = this.kw(n, 'name');
    const operands = this.words(n, 'operand');
    const what = keyword.symbolic ? `'${keyword.raw}' (an unresolved system symbol)` : `'${keyword.raw}'`;
    const certain = keyword.symbolic ? undefined : uniqueSuggestion(keyword.text, STATEMENT_NAMES);
    this.findings.push({
      ruleId: 'unknown-statement',
      loc: keyword.loc,
      message:
        `${what} is not a TCP/IP profile statement: plexlint assumes the stack reports a syntax error and skips it` +
        `${operands.length ? ` and its ${operands.length} operand${operands.length === 1 ? '' : 's'}` : ''} (IBM does not document this).` +
        didYouMean(keyword.text, STATEMENT_NAMES),
      ...(certain ? { fix: fix(`write ${certain}`, replaceAt(keyword.loc, inCaseOf(keyword.raw, certain))) } : {}),
    });
    return { kind: 'unknown', loc, keyword, operands };
  }

  private ipconfig(g: GenericStatement): IpConfigStatement {
    const version = g.name === 'IPCONFIG6' ? 6 : 4;
    const { options } = groupOptions(g.operands, version === 6 ? ipconfig6Table : ipconfigTable, this.findings);
    const stmt: IpConfigStatement = { kind: 'ipconfig', loc: g.loc, keyword: g.keyword, version, options };
    for (const o of options) {
      switch (o.name) {
        case 'DYNAMICXCF':
          stmt.dynamicXcf = version === 4 ? this.dynamicXcf4(o) : this.dynamicXcf6(o);
          break;
        case 'NODYNAMICXCF':
          delete stmt.dynamicXcf;
          break;
        case 'SYSPLEXROUTING':
        case 'NOSYSPLEXROUTING':
          stmt.sysplexRouting = { enabled: o.name === 'SYSPLEXROUTING', loc: o.loc };
          break;
        case 'SOURCEVIPA':
        case 'NOSOURCEVIPA':
          stmt.sourceVipa = { enabled: o.name === 'SOURCEVIPA', loc: o.loc };
          break;
        case 'INTFID':
          if (stmt.dynamicXcf && o.values[0]) stmt.dynamicXcf.interfaceId = o.values[0].text;
          break;
        case 'ARPTO':
          if (o.values[0]) this.values.integer(o.values[0], 'IPCONFIG ARPTO', 60, 86400);
          break;
        case 'TTL':
          if (o.values[0]) this.values.integer(o.values[0], 'IPCONFIG TTL', 1, 255);
          break;
        case 'SECCLASS':
        case 'OSMSECCLASS':
          if (o.values[0]) this.values.integer(o.values[0], `${g.name} ${o.name}`, 1, 255);
          break;
        case 'TCPSTACKSOURCEVIPA':
          if (version === 4 && o.values[0]) this.values.ipv4(o.values[0], 'TCPSTACKSOURCEVIPA');
          break;
        default:
          break;
      }
    }
    return stmt;
  }

  /** IPCONFIG DYNAMICXCF {addr mask | addr/bits} cost (IPCONFIG page). */
  private dynamicXcf4(o: OptionNode) {
    const [a, b, c] = o.values;
    const out: NonNullable<IpConfigStatement['dynamicXcf']> = { loc: o.loc };
    if (!a) return out;
    out.addressWord = a;
    let costWord: Word | undefined;
    if (a.text.includes('/')) {
      const cidr = a.symbolic ? undefined : this.values.cidr(a, 'DYNAMICXCF address');
      if (cidr) {
        out.address = cidr.address;
        out.prefix = cidr.prefix;
      }
      costWord = b;
      if (c) this.findings.push({ ruleId: 'syntax', loc: c.loc, message: `DYNAMICXCF ${a.raw} already gives the prefix length; '${c.raw}' is one operand too many` });
    } else {
      const addr = a.symbolic ? undefined : this.values.ipv4(a, 'DYNAMICXCF address');
      if (addr) out.address = addr;
      if (!c) {
        this.findings.push({
          ruleId: 'syntax',
          loc: o.loc,
          message: 'IPCONFIG DYNAMICXCF needs an address, a subnet mask (or address/bits) and a cost metric',
        });
      } else if (b) {
        const prefix = b.symbolic ? undefined : this.values.mask(b, 'DYNAMICXCF subnet mask');
        if (prefix !== undefined) out.prefix = prefix;
      }
      costWord = c;
    }
    if (costWord) {
      // The cost metric is stored in one byte (SMF IPv4 configuration section).
      const cost = this.values.integer(costWord, 'DYNAMICXCF cost metric', 0, 255);
      if (cost !== undefined) out.cost = cost;
    } else if (a.text.includes('/')) {
      this.findings.push({ ruleId: 'syntax', loc: o.loc, message: 'IPCONFIG DYNAMICXCF needs a cost metric after the address' });
    }
    return out;
  }

  private dynamicXcf6(o: OptionNode) {
    const a = o.values[0];
    const out: NonNullable<IpConfigStatement['dynamicXcf']> = { loc: o.loc };
    if (!a || a.symbolic) return out;
    out.addressWord = a;
    if (a.text.includes('/')) {
      const c = this.values.cidr(a, 'IPCONFIG6 DYNAMICXCF address');
      if (c?.address.version === 6) {
        out.address = c.address;
        out.prefix = c.prefix;
      }
    } else {
      const addr = parseIp(a.text);
      if (!addr || addr.version !== 6) {
        this.findings.push({ ruleId: 'invalid-address', loc: a.loc, message: `IPCONFIG6 DYNAMICXCF '${a.raw}' is not an IPv6 address` });
      } else out.address = addr;
    }
    return out;
  }

  private device(n: CstNode, loc: Loc): DeviceStatement {
    const keyword = this.kw(n);
    const name = this.at.word(token(n, 'name')!);
    const typeWord = this.at.word(token(n, 'type')!);
    const type = fullName(typeWord.text, DEVICE_TYPES);
    const operands = this.words(n, 'operand');
    this.reservedName(name, 'DEVICE');
    if (!type) {
      this.findings.push({
        ruleId: 'syntax',
        loc: typeWord.loc,
        message: `'${typeWord.raw}' is not a DEVICE type.${didYouMean(typeWord.text, DEVICE_TYPES.map((d) => d.toUpperCase()))}`,
      });
    } else if (REMOVED_DEVICE_TYPES[type]) {
      this.findings.push({
        ruleId: 'obsolete-statement',
        loc: typeWord.loc,
        message: `${type} devices are not supported since z/OS ${REMOVED_DEVICE_TYPES[type]}: plexlint assumes a current stack rejects this DEVICE and its LINK (IBM does not document the message). Move the connection to OSA (MPCIPA) or another supported device.`,
      });
    }
    if (type === 'VIRTUAL' && operands[0] && !/^\d+$/.test(operands[0].text)) {
      this.findings.push({ ruleId: 'syntax', loc: operands[0].loc, message: 'DEVICE … VIRTUAL takes the device number 0' });
    }
    return { kind: 'device', loc, keyword, name, type: type ?? typeWord.text, typeWord, operands };
  }

  private reservedName(name: Word, statement: string): void {
    if (name.text === 'LOOPBACK' || name.text === 'LOOPBACK6') {
      this.findings.push({
        ruleId: 'loopback-redefined',
        loc: name.loc,
        // IBM calls LOOPBACK a reserved name (HOME statement); LOOPBACK6 being reserved the same way is not documented, hence a warning.
        ...(name.text === 'LOOPBACK6' ? { severity: 'warning' as const } : {}),
        message:
          `${name.text} is the name of the stack's predefined loopback interface${name.text === 'LOOPBACK' ? ' (IBM: "the reserved name LOOPBACK")' : ''}; a ${statement} must not reuse it. ` +
          `IBM does not document what the stack does with such a ${statement}; plexlint assumes it clashes with the loopback interface. Pick another name.`,
      });
    }
  }

  private link(n: CstNode, loc: Loc): LinkStatement {
    const keyword = this.kw(n);
    const name = this.at.word(token(n, 'name')!);
    const typeWord = this.at.word(token(n, 'type')!);
    const types = Object.keys(LINK_POSITIONALS);
    const type = typeWord.text === 'VIRT' || 'VIRTUAL'.startsWith(typeWord.text) && typeWord.text.length >= 4 ? 'VIRTUAL' : types.find((t) => t === typeWord.text);
    const operands = this.words(n, 'operand');
    this.reservedName(name, 'LINK');
    const stmt: LinkStatement = { kind: 'link', loc, keyword, name, type: type ?? typeWord.text, typeWord, operands, options: [] };
    if (!type) {
      this.findings.push({
        ruleId: 'syntax',
        loc: typeWord.loc,
        message: `'${typeWord.raw}' is not a LINK type.${didYouMean(typeWord.text, types)}`,
      });
      return stmt;
    }
    if (REMOVED_LINK_TYPES[type]) {
      this.findings.push({
        ruleId: 'obsolete-statement',
        loc: typeWord.loc,
        message: `LINK type ${type} is not supported since z/OS ${REMOVED_LINK_TYPES[type]}: plexlint assumes a current stack rejects this LINK (IBM does not document the message).`,
      });
    }
    const positionals = LINK_POSITIONALS[type]!;
    const rest = [...operands];
    for (const p of positionals) {
      const w = rest.shift();
      if (!w) {
        this.findings.push({
          ruleId: 'syntax',
          loc: typeWord.loc,
          message: `LINK ${name.raw} ${type} needs ${positionals.map((x) => (x === 'device' ? 'the device name' : 'a number')).join(' and ')}`,
        });
        break;
      }
      if (p === 'device') stmt.device = w;
      else if (!/^\d+$/.test(w.text) && !w.symbolic) {
        this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `LINK ${name.raw} ${type}: expected a number, found '${w.raw}'` });
      }
    }
    stmt.options = groupOptions(rest, linkTable, this.findings).options;
    return stmt;
  }

  private interface(n: CstNode, loc: Loc): InterfaceStatement {
    const keyword = this.kw(n);
    const name = this.at.word(token(n, 'name')!);
    this.reservedName(name, 'INTERFACE');
    if (name.text.length > 16) {
      this.findings.push({ ruleId: 'syntax', loc: name.loc, message: `INTERFACE name '${name.raw}' is longer than 16 characters` });
    }
    const actionTok = token(n, 'action');
    const actionText = actionTok ? this.at.word(actionTok).text : '';
    const action: InterfaceStatement['action'] = !actionTok
      ? 'modify'
      : 'DEFINE'.startsWith(actionText)
        ? 'define'
        : 'ADDADDR' === actionText
          ? 'addaddr'
          : 'DELADDR' === actionText
            ? 'deladdr'
            : 'delete';
    const operands = [...this.words(n, 'operand')];
    const stmt: InterfaceStatement = { kind: 'interface', loc, keyword, name, action, addresses: [], options: [] };
    if (action === 'define') {
      const typeWord = this.at.word(token(n, 'type')!);
      stmt.typeWord = typeWord;
      const type = INTERFACE_TYPES.find((t) => t === typeWord.text);
      if (!type) {
        this.findings.push({
          ruleId: 'syntax',
          loc: typeWord.loc,
          message: `'${typeWord.raw}' is not an INTERFACE type.${didYouMean(typeWord.text, INTERFACE_TYPES)}`,
        });
      } else stmt.type = type;
    }
    if (action === 'addaddr' || action === 'deladdr') {
      const w = operands.shift();
      if (!w) this.findings.push({ ruleId: 'syntax', loc: keyword.loc, message: `INTERFACE ${action.toUpperCase()} needs an IPv6 address` });
      else {
        const a = w.symbolic ? undefined : this.values.ip(w, `INTERFACE ${action.toUpperCase()}`);
        if (a) stmt.addresses.push({ address: a, word: w });
      }
    }
    const { options } = groupOptions(operands, interfaceTable, this.findings);
    stmt.options = options;
    for (const o of options) {
      if (o.name === 'IPADDR') {
        for (const w of o.values) this.interfaceAddress(stmt, w);
      } else if (o.name === 'PORTNAME') stmt.portName = o.values[0];
    }
    if (action === 'define' && stmt.type) this.checkInterfaceDefine(stmt);
    return stmt;
  }

  private interfaceAddress(stmt: InterfaceStatement, w: Word): void {
    if (w.symbolic) return;
    const v6 = stmt.type?.endsWith('6') ?? w.text.includes(':');
    const virtual = stmt.type === 'VIRTUAL';
    if (w.text.includes('/')) {
      const c = parseCidr(w.text);
      if (!c || (c.address.version === 6) !== v6) {
        this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `INTERFACE ${stmt.name.raw} IPADDR '${w.raw}' is not a valid IPv${v6 ? 6 : 4} address/prefix` });
        return;
      }
      if (virtual) {
        this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `INTERFACE ${stmt.name.raw} DEFINE VIRTUAL takes a single address without a prefix length` });
      }
      this.loopbackOnInterface(stmt, c.address, w);
      stmt.addresses.push({ address: c.address, prefix: c.prefix, word: w });
    } else {
      const a = parseIp(w.text);
      if (!a || (a.version === 6) !== v6) {
        this.findings.push({ ruleId: 'invalid-address', loc: w.loc, message: `INTERFACE ${stmt.name.raw} IPADDR '${w.raw}' is not a valid IPv${v6 ? 6 : 4} address` });
        return;
      }
      if (!virtual && !v6) {
        this.findings.push({
          ruleId: 'syntax',
          loc: w.loc,
          message: `INTERFACE ${stmt.name.raw} ${stmt.type ?? ''} needs IPADDR with a prefix length (address/len)`,
        });
      }
      this.loopbackOnInterface(stmt, a, w);
      stmt.addresses.push(virtual ? { address: a, prefix: 32, word: w } : { address: a, word: w });
    }
  }

  private loopbackOnInterface(stmt: InterfaceStatement, a: IpAddress, w: Word): void {
    if (isLoopback(a)) {
      // EZZ0708I: a permanent loopback address on INTERFACE; the statement is ignored.
      this.findings.push({
        ruleId: 'invalid-address',
        loc: w.loc,
        message: `INTERFACE ${stmt.name.raw}: ${a.text} is a loopback address, which cannot be an interface address (EZZ0708I)`,
      });
    }
  }

  private checkInterfaceDefine(stmt: InterfaceStatement): void {
    const has = (name: string): boolean => stmt.options.some((o) => o.name === name);
    const type = stmt.type!;
    if ((type === 'IPAQENET' || type === 'IPAQENET6') && !has('PORTNAME') && !has('DEVNUM')) {
      this.findings.push({ ruleId: 'syntax', loc: stmt.typeWord!.loc, message: `INTERFACE ${stmt.name.raw} DEFINE ${type} needs PORTNAME (the OSA port's TRLE name)` });
    }
    if ((type === 'IPAQIDIO' || type === 'IPAQIDIO6') && !has('CHPID')) {
      this.findings.push({ ruleId: 'syntax', loc: stmt.typeWord!.loc, message: `INTERFACE ${stmt.name.raw} DEFINE ${type} needs CHPID (the HiperSockets CHPID)` });
    }
    if ((type === 'IPAQENET' || type === 'IPAQIDIO' || type === 'VIRTUAL' || type === 'EQENET') && !has('IPADDR')) {
      this.findings.push({ ruleId: 'syntax', loc: stmt.typeWord!.loc, message: `INTERFACE ${stmt.name.raw} DEFINE ${type} needs IPADDR` });
    }
  }

  private nameStatement(n: CstNode, loc: Loc): NameStatement {
    const keyword = this.kw(n);
    const name = this.at.word(token(n, 'name')!);
    const full = ['PRIMARYINTERFACE', 'START', 'STOP'].find((k) => k.startsWith(keyword.text))!;
    const extra = this.words(n, 'operand');
    if (extra.length) {
      this.findings.push({ ruleId: 'syntax', loc: extra[0]!.loc, message: `${full} takes one name; '${extra[0]!.raw}' is not expected` });
    }
    return { kind: full.toLowerCase() as NameStatement['kind'], loc, keyword, name };
  }

  private include(n: CstNode, loc: Loc): IncludeStatement {
    const keyword = this.kw(n);
    const dataset = this.at.word(token(n, 'dataset')!);
    const extra = this.words(n, 'operand');
    if (extra.length) {
      this.findings.push({ ruleId: 'syntax', loc: extra[0]!.loc, message: `INCLUDE takes one data set name; '${extra[0]!.raw}' is not expected` });
    }
    if (!dataset.symbolic && !/^[A-Z@#$][A-Z0-9@#$-]{0,7}(\.[A-Z@#$][A-Z0-9@#$-]{0,7})*(\([A-Z@#$][A-Z0-9@#$]{0,7}\))?$/.test(stripQuotes(dataset.text))) {
      this.findings.push({
        ruleId: 'syntax',
        loc: dataset.loc,
        message: `INCLUDE '${dataset.raw}' is not an MVS data set name (qualifiers of 1–8 characters, optionally a (MEMBER))`,
      });
    }
    return { kind: 'include', loc, keyword, dataset: { ...dataset, text: stripQuotes(dataset.text) } };
  }

  /** HOME: a syntax error in the list makes the stack ignore the rest of the list (statement syntax rules). */
  private home(n: CstNode, loc: Loc): HomeStatement {
    const keyword = this.kw(n);
    const entries: HomeEntry[] = [];
    let stoppedAt: Loc | undefined;
    for (const e of nodes(n, 'homeEntry')) {
      const addrTok = token(e, 'address');
      if (!addrTok) continue;
      const addressWord = this.at.word(addrTok);
      const linkTok = token(e, 'link');
      const link = linkTok ? this.at.word(linkTok) : undefined;
      const entry: HomeEntry = { addressWord, loc: link ? spanLocs(addressWord.loc, link.loc) : addressWord.loc };
      if (link) entry.link = link;
      entries.push(entry);
      if (stoppedAt) {
        entry.ignored = { reason: 'an earlier error in this HOME list', cause: stoppedAt };
        continue;
      }
      if (addressWord.symbolic) continue;
      const a = parseIpv4(addressWord.text);
      if (!a) {
        const rest = nodes(n, 'homeEntry').length - entries.length;
        this.findings.push({
          ruleId: 'invalid-address',
          loc: addressWord.loc,
          consequence: 'list',
          message:
            `HOME entry '${addressWord.raw}' is not a dotted-decimal IPv4 address (HOME is IPv4 only; IPv6 addresses go on INTERFACE). ` +
            `The stack ignores the rest of the HOME list${rest > 0 ? ` (${rest} more entr${rest === 1 ? 'y' : 'ies'})` : ''}.`,
        });
        stoppedAt = addressWord.loc;
        entry.ignored = { reason: 'invalid HOME address', cause: addressWord.loc };
        continue;
      }
      entry.address = a;
      if (!link) {
        stoppedAt = addressWord.loc;
        entry.ignored = { reason: 'HOME entry without a link name', cause: addressWord.loc };
      } else if (a.text === '127.0.0.1') {
        // EZZ0344I: 127.0.0.1 "cannot be added to the HOME list"; its system action reads
        // "TCP/IP ignores the statement" without saying whether that is the entry or the whole
        // HOME statement. The model drops the entry only; the message names the other reading,
        // and it is an error when the statement holds other addresses that could be lost.
        const others = nodes(n, 'homeEntry').length - 1;
        this.findings.push({
          ruleId: 'home-loopback-127',
          loc: entry.loc,
          ...(others === 0 ? { severity: 'warning' as const } : {}),
          message:
            '127.0.0.1 is the permanent loopback address, which cannot be added to the HOME list (EZZ0344I). ' +
            "IBM's system action for EZZ0344I is \"TCP/IP ignores the statement\", and IBM does not say whether that is only this entry or the whole HOME statement" +
            (others > 0
              ? `: if it is the statement, its ${others} other address${others === 1 ? ' is' : 'es are'} not home addresses either (plexlint keeps ${others === 1 ? 'it' : 'them'}). `
              : ' (this HOME statement has no other entry). ') +
            'Remove it; to add a loopback alias (for example a load-balancer cluster address) code another address on the LOOPBACK link.',
          // Without the entry the statement says what it means; a HOME statement of this entry alone says nothing.
          fix: others > 0 ? fix('remove the 127.0.0.1 entry', removeAt(entry.loc)) : fix('remove the HOME statement of 127.0.0.1 alone', removeAt(spanLocs(keyword.loc, entry.loc))),
        });
        entry.ignored = { reason: 'EZZ0344I', cause: entry.loc };
      }
    }
    return { kind: 'home', loc, keyword, entries };
  }

  /**
   * PORT: a list of entries. A syntax error in a list makes the stack ignore the
   * rest of the list (statement syntax rules; HOME is IBM's example, and PORT has no
   * documented exception for syntax errors), so the bad entry and every later
   * entry of this PORT statement are dropped; earlier entries are kept.
   */
  private port(n: CstNode, loc: Loc): PortStatement {
    const keyword = this.kw(n);
    const entries: PortEntry[] = [];
    const entryNodes = nodes(n, 'portEntry');
    let stoppedAt: Loc | undefined;
    for (const e of entryNodes) {
      const portTok = token(e, 'port');
      if (!portTok) continue;
      const portWord = this.at.word(portTok);
      const eloc = this.at.ofNode(e) ?? portWord.loc;
      const entry: PortEntry = { portWord, options: [], loc: eloc };
      entries.push(entry);
      if (stoppedAt) {
        entry.ignored = { reason: 'an earlier error in this PORT list', cause: stoppedAt };
        continue;
      }
      const { findings: entryFindings } = this.findings.capture(() => this.portEntry(e, entry));
      const damaging = entryFindings.find((f) => damageOf(f, false) !== 'none');
      if (damaging) {
        const rest = entryNodes.length - entries.length;
        damaging.consequence ??= 'port-list';
        addSentence(
          damaging,
          `The stack ignores this PORT entry${rest > 0 ? ` and the rest of the PORT list (${rest} more entr${rest === 1 ? 'y' : 'ies'})` : ''} ` +
            "(plexlint's reading: IBM's rule for a syntax error in a list names the HOME list and says some statements skip only the entry in error; it does not say which PORT does)",
        );
        stoppedAt = damaging.loc;
        entry.ignored = { reason: 'error in this PORT entry', cause: damaging.loc };
      }
      this.findings.pushAll(entryFindings);
    }
    return { kind: 'port', loc, keyword, entries };
  }

  private portEntry(e: CstNode, entry: PortEntry): void {
    const portWord = entry.portWord;
    if (portWord.text !== 'UNRSV') {
      const p = this.values.port(portWord, 'PORT number');
      if (p !== undefined) entry.port = p;
    }
    const protocolTok = token(e, 'protocol');
    if (protocolTok) {
      const w = this.at.word(protocolTok);
      entry.protocolWord = w;
      if (w.text === 'TCP' || w.text === 'UDP') entry.protocol = w.text;
      else this.findings.push({ ruleId: 'syntax', loc: w.loc, message: `PORT ${portWord.raw}: expected TCP or UDP, found '${w.raw}'` });
    }
    const jobTok = token(e, 'job');
    if (jobTok) entry.job = this.at.word(jobTok);
    const { options } = groupOptions(this.words(e, 'operand'), portOptionTable, this.findings);
    entry.options = options;
    for (const o of options) {
      if (o.name === 'BIND' && o.values[0] && !o.values[0].symbolic) {
        const a = this.values.ip(o.values[0], 'PORT BIND address');
        if (a) entry.bind = a;
      }
    }
  }

  /** ROUTE {dest mask | dest/len | dest HOST | DEFAULT} {first_hop | =} link [options] */
  private route(n: CstNode, loc: Loc): RouteEntry {
    const keyword = this.kw(n);
    const ops = this.words(n, 'operand');
    const out: RouteEntry = { kind: 'route', loc, keyword, isDefault: false, options: [] };
    const dest = ops.shift();
    if (!dest) {
      this.findings.push({ ruleId: 'syntax', loc: keyword.loc, message: 'ROUTE needs a destination, a first hop (or =) and a link name' });
      return out;
    }
    if (dest.text === 'DEFAULT' || dest.text === 'DEFAULTNET') out.isDefault = true;
    else if (!dest.symbolic) {
      if (dest.text.includes('/')) {
        const c = this.values.cidr(dest, 'ROUTE destination');
        if (c) out.destination = c;
      } else {
        const a = this.values.ip(dest, 'ROUTE destination');
        const next = ops[0];
        if (next?.text === 'HOST') {
          ops.shift();
          if (a) out.destination = { address: a, prefix: a.version === 4 ? 32 : 128 };
        } else if (next && ops.length >= 3 && parseIpv4(next.text) && /^255\./.test(next.text)) {
          ops.shift();
          const prefix = this.values.mask(next, 'ROUTE subnet mask');
          if (a && prefix !== undefined) out.destination = { address: a, prefix };
        } else if (a) out.destination = { address: a, prefix: a.version === 4 ? 32 : 128 };
      }
    }
    const hop = ops.shift();
    const link = ops.shift();
    if (!hop || !link) {
      this.findings.push({ ruleId: 'syntax', loc: hop?.loc ?? dest.loc, message: 'ROUTE needs a first hop (an address, or = for a directly attached network) and a link name' });
      return out;
    }
    if (hop.text !== '=' && !hop.symbolic) {
      const a = this.values.ip(hop, 'ROUTE first hop');
      if (a) out.firstHop = a;
    }
    out.link = link;
    out.options = groupOptions(ops, routeOptionTable, this.findings).options;
    const mtu = out.options.find((o) => o.name === 'MTU')?.values[0];
    if (mtu && mtu.text !== 'DEFAULTSIZE') {
      const v = this.values.integer(mtu, 'ROUTE MTU', 576, 65535);
      if (v !== undefined) out.mtu = v;
    }
    return out;
  }

  /** Convert a Chevrotain recognition error into a finding placed where the fix belongs. */
  parseError(e: IRecognitionException, lastOfStatement?: IToken): Finding {
    const t = e.token;
    const prevRaw = (e as IRecognitionException & { previousToken?: IToken }).previousToken;
    const atEnd = !t || t.tokenType?.name === 'EOF' || Number.isNaN(t.startOffset);
    const prev = prevRaw && !Number.isNaN(prevRaw.startOffset) ? prevRaw : atEnd ? lastOfStatement : undefined;
    const anchor = atEnd && prev && !Number.isNaN(prev.startOffset) ? prev : t;
    const rule = e.context?.ruleStack?.at(-1) ?? '';
    const statement = RULE_STATEMENT[rule] ?? '';
    const prefix = statement ? statement + ': ' : '';
    const parserMessage = atEnd && prev
      ? `${e.message.startsWith('unexpected') ? 'more operands are needed' : e.message.replace(/ but found .*$/, '')}, but the statement ends after '${prev.image}'`
      : e.message;
    // A too-short abbreviation (DIST for DISTMETHOD) is a plain value for the stack; the
    // parse then fails at or just after it. Put the finding on it and say why.
    const short = [atEnd ? undefined : t, prev].find((x) => x && !Number.isNaN(x.startOffset) && tooShortAbbreviationOf(x.image));
    if (short) {
      const kw = tooShortAbbreviationOf(short.image)!;
      return {
        ruleId: 'syntax',
        loc: this.at.ofToken(short),
        message: `${prefix}'${short.image}' is too short to abbreviate ${kw.name} (the shortest form IBM accepts is ${kw.min}), so it is read as a value and the statement does not parse (${parserMessage})`,
      };
    }
    const where = anchor && !Number.isNaN(anchor.startOffset) ? this.at.ofToken(anchor) : this.at.ofOffsets(0, 0);
    return { ruleId: 'syntax', loc: where, message: `${prefix}${parserMessage}` };
  }
}

/** Findings of each VIPADYNAMIC substatement, for the block pass. */
export const vipaFindings = new WeakMap<VipaStatement, Finding[]>();

const RULE_STATEMENT: Record<string, string> = {
  vipaDistribute: 'VIPADISTRIBUTE',
  distOption: 'VIPADISTRIBUTE',
  destination: 'VIPADISTRIBUTE DESTIP',
  vipaDefine: 'VIPADEFINE',
  vipaBackup: 'VIPABACKUP',
  vipaDelete: 'VIPADELETE',
  vipaRange: 'VIPARANGE',
  vipaRoute: 'VIPAROUTE',
  vipaSmparms: 'VIPASMPARMS',
  vipaDynamicBlock: 'VIPADYNAMIC',
  homeStatement: 'HOME',
  homeEntry: 'HOME',
  portStatement: 'PORT',
  portEntry: 'PORT',
  deviceStatement: 'DEVICE',
  linkStatement: 'LINK',
  interfaceStatement: 'INTERFACE',
  nameStatement: '',
  includeStatement: 'INCLUDE',
  deleteStatement: 'DELETE',
  routesBlock: 'BEGINROUTES',
  routeEntry: 'ROUTE',
};

/** Append a sentence to a finding's message. */
function addSentence(f: Finding, sentence: string): void {
  f.message = `${/[.?!]$/.test(f.message) ? f.message : `${f.message}.`} ${sentence}.`;
}

function stripQuotes(s: string): string {
  return s.length >= 2 && s.startsWith("'") && s.endsWith("'") ? s.slice(1, -1) : s;
}

export type { Damage };
export { worst, damageOf, node };
