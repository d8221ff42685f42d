/**
 * CST → AST for one dscontrol command line, with the checks dscontrol itself
 * makes before it runs a command: known command, subcommand and options (any
 * unique abbreviation), the number and kind of operands, valid values. A
 * command that fails them is kept with `rejected`: dscontrol refuses the whole
 * command, so nothing of it takes effect.
 */
import type { CstElement, CstNode, IRecognitionException, IToken } from '../../../grammar/chevrotain.js';
import {
  ADVISOR_SUBCOMMANDS,
  CLUSTER_SUBCOMMANDS,
  COMMANDS,
  EXECUTOR_SUBCOMMANDS,
  FILE_SUBCOMMANDS,
  HA_ADD_DELETE,
  HA_ROLES,
  HA_STRATEGIES,
  HA_SUBCOMMANDS,
  MANAGER_SUBCOMMANDS,
  NICCONFIG_VALUES,
  OPTION_NAMES,
  OPTION_TABLES,
  PORT_SUBCOMMANDS,
  SERVER_SUBCOMMANDS,
  SET_SUBCOMMANDS,
  optionSpec,
  resolveKeyword,
  type OptionSpec,
  type OptionTableName,
  type ValueKind,
} from '../../../grammar/dscontrol/keywords.js';
import { splitSpec, type SpecItem } from '../../../grammar/dscontrol/spec.js';
import { wordText, type WordPayload } from '../../../grammar/dscontrol/tokens.js';
import type { Finding, Fix, RuleId } from '../../core/diagnostic.js';
import { fix, inCaseOf, replaceAt } from '../../core/fix.js';
import { parseIp } from '../../core/ip.js';
import { spanLocs, type Loc, type LineIndex } from '../../core/loc.js';
import { didYouMean, uniqueSuggestion } from '../../core/suggest.js';
import type {
  AdvisorStatement,
  ClusterAction,
  ClusterStatement,
  DsOption,
  DsStatement,
  DsWord,
  ExecutorAction,
  ExecutorStatement,
  HaStatement,
  ObjectSpec,
  PortAction,
  ServerAction,
  SpecRef,
} from './ast.js';

function isToken(e: CstElement): e is IToken {
  return (e as IToken).image !== undefined;
}

function toks(n: CstNode, label: string): IToken[] {
  return (n.children[label] ?? []).filter(isToken).filter((t) => !Number.isNaN(t.startOffset));
}

function tok(n: CstNode, label: string): IToken | undefined {
  return toks(n, label)[0];
}

function kids(n: CstNode, label: string): CstNode[] {
  return (n.children[label] ?? []).filter((e): e is CstNode => !isToken(e));
}

function kid(n: CstNode, label: string): CstNode | undefined {
  return kids(n, label)[0];
}

/** Host names dscontrol accepts where an address is expected (resolved on the Load Balancer machine). */
const HOSTNAME = /^[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?(\.[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?$/;

/** Which spec fields a command's object has: cluster, cluster+port, cluster+port+server. */
type SpecDepth = 1 | 2 | 3;

const SPEC_SHAPE: Record<SpecDepth, string> = {
  1: 'a cluster',
  2: 'cluster@port (Load Balancer for IPv4 and IPv6) or cluster:port (Load Balancer for IPv4)',
  3: 'cluster@port@server (Load Balancer for IPv4 and IPv6) or cluster:port:server (Load Balancer for IPv4)',
};

export class LineBuilder {
  /** Findings of the line being built; any of them makes dscontrol refuse the command. */
  private findings: Finding[] = [];

  constructor(
    private readonly file: string,
    private readonly lines: LineIndex,
  ) {}

  loc(t: IToken): Loc {
    return this.lines.loc(this.file, t.startOffset, t.endOffset! + 1);
  }

  word(t: IToken, text = wordText(t)): DsWord {
    const w: DsWord = { text, raw: t.image, loc: this.loc(t) };
    if ((t.payload as WordPayload | undefined)?.symbolic) w.symbolic = true;
    return w;
  }

  private problem(ruleId: RuleId, loc: Loc, message: string, fix?: Fix): void {
    this.findings.push({ ruleId, loc, message, ...(fix ? { fix } : {}) });
  }

  /** The fix of a misspelt keyword: the one keyword that close, written in the case of the word it replaces. */
  private respell(t: IToken, text: string, keywords: readonly string[]): Fix | undefined {
    const meant = uniqueSuggestion(text, keywords);
    return meant ? fix(`write ${meant}`, replaceAt(this.loc(t), inCaseOf(t.image, meant))) : undefined;
  }

  /** A Chevrotain parse error as a `syntax` finding, anchored on the last token when the line ended early. */
  parseError(e: IRecognitionException, last: IToken | undefined, what: string): Finding {
    const t = e.token;
    const atEnd = !t || t.tokenType?.name === 'EOF' || Number.isNaN(t.startOffset);
    const anchor = atEnd ? last : t;
    const loc = anchor ? this.loc(anchor) : this.lines.loc(this.file, 0, 0);
    const message = atEnd && last
      ? `${what}: ${e.message.replace(/ but found .*$/, '')}, but the line ends after '${last.image}'. plexlint assumes dscontrol refuses the command.`
      : `${what}: ${e.message}. plexlint assumes dscontrol refuses the command.`;
    return { ruleId: 'syntax', consequence: 'dscontrol', loc, message };
  }

  /**
   * Build the statement of one parsed line. Returns the statement (possibly
   * rejected) and the findings; no statement for lines with no command.
   */
  build(cst: CstNode, lineTokens: IToken[], order: number, parseFindings: Finding[]): { statement?: DsStatement; findings: Finding[] } {
    this.findings = [];
    const prefixTok = tok(cst, 'prefix');
    const [name, list] = Object.entries(cst.children).find(([k]) => k !== 'prefix') ?? [];
    const node = list?.[0] as CstNode | undefined;
    const first = lineTokens[0]!;
    const lastTok = lineTokens.at(-1)!;
    const lineLoc = spanLocs(this.loc(first), this.loc(lastTok));
    let statement: DsStatement | undefined;
    if (!name || !node) {
      if (prefixTok) {
        this.problem('syntax', this.loc(prefixTok), `'${prefixTok.image}' without a command: a configuration line needs a command (executor, cluster, port, server, manager, advisor, highavailability, …). dscontrol would start its interactive prompt here.`);
      }
    } else {
      try {
        statement = this.dispatch(name, node, lineLoc, order, prefixTok ? this.word(prefixTok, wordText(prefixTok).toLowerCase()) : undefined);
      } catch (e) {
        // A partial CST after a parse error: the syntax finding says it all.
        if (parseFindings.length === 0) throw e;
        statement = undefined;
      }
    }
    // Findings at or after the first parse error are artifacts of the missing part.
    const firstError = parseFindings[0]?.loc;
    const own = firstError
      ? this.findings.filter((f) => f.loc.line < firstError.line || (f.loc.line === firstError.line && f.loc.column < firstError.column))
      : this.findings;
    const findings = [...own, ...parseFindings];
    if (statement && findings.length) {
      const cause = findings[0]!;
      statement.rejected = { reason: cause.message, cause: cause.loc };
    }
    return statement ? { statement, findings } : { findings };
  }

  private dispatch(name: string, n: CstNode, loc: Loc, order: number, prefix: DsWord | undefined): DsStatement | undefined {
    const base = (commandTok: IToken, command: string) => {
      const b = { loc, order, command: this.word(commandTok, command) } as { loc: Loc; order: number; command: DsWord; prefix?: DsWord };
      if (prefix) b.prefix = prefix;
      return b;
    };
    switch (name) {
      case 'unknownCommand':
        this.unknownCommand(n);
        return undefined;
      case 'otherCommand': {
        const c = tok(n, 'command')!;
        return { ...base(c, resolveKeyword(wordText(c), COMMANDS).match!), kind: 'other', name: resolveKeyword(wordText(c), COMMANDS).match!, operands: toks(n, 'operand').map((t) => this.word(t)) };
      }
      case 'executorCommand':
        return this.executor(n, base(tok(n, 'command')!, 'executor'));
      case 'clusterCommand':
        return this.cluster(n, base(tok(n, 'command')!, 'cluster'));
      case 'portCommand':
        return this.objectCommand(n, base(tok(n, 'command')!, 'port'), 'port');
      case 'serverCommand':
        return this.objectCommand(n, base(tok(n, 'command')!, 'server'), 'server');
      case 'managerCommand':
        return this.generic(n, base(tok(n, 'command')!, 'manager'), 'manager', MANAGER_SUBCOMMANDS);
      case 'advisorCommand':
        return this.generic(n, base(tok(n, 'command')!, 'advisor'), 'advisor', ADVISOR_SUBCOMMANDS);
      case 'highavailabilityCommand':
        return this.highavailability(n, base(tok(n, 'command')!, 'highavailability'));
      case 'fileCommand':
        return this.fileCommand(n, base(tok(n, 'command')!, 'file'));
      case 'setCommand':
        return this.setCommand(n, base(tok(n, 'command')!, 'set'));
      default:
        return undefined;
    }
  }

  // words that are not what dscontrol expects ----------------------------------------

  private unknownCommand(n: CstNode): void {
    const t = tok(n, 'name');
    if (!t) return;
    const text = wordText(t);
    const r = resolveKeyword(text, COMMANDS);
    const looksShell = /^[A-Za-z_][A-Za-z0-9_]*=/.test(text) || /^(echo|if|then|else|fi|for|do|done|sleep|export|print|set|call|rem|cd)$/i.test(text);
    const hint = looksShell ? ' This looks like a shell line: start the file with a #! line (or name it .sh / .cmd) so plexlint reads it as a shell script.' : '';
    if (r.ambiguous) {
      this.problem('dscontrol-unknown-command', this.loc(t), `'${t.image}' is ambiguous: it abbreviates ${r.ambiguous.join(', ')}. plexlint assumes dscontrol refuses the command. Write enough letters to make it unique.`);
    } else {
      this.problem(
        'dscontrol-unknown-command',
        this.loc(t),
        `'${t.image}' is not a dscontrol command, so plexlint assumes dscontrol refuses this line.${didYouMean(text, COMMANDS) || ` The commands are ${COMMANDS.filter((c) => c !== 'exit' && c !== 'quit').join(', ')}.`}${hint}`,
        looksShell ? undefined : this.respell(t, text, COMMANDS),
      );
    }
  }

  /** An unknown, ambiguous or missing subcommand of `command`. */
  private badSubcommand(n: CstNode, command: DsWord, subs: readonly string[]): void {
    const bad = kid(n, 'badSubcommand');
    const t = bad && tok(bad, 'word');
    if (!t) {
      this.problem('syntax', command.loc, `${command.text}: the subcommand is missing (${subs.join(', ')}). plexlint assumes dscontrol refuses the command.`);
      return;
    }
    const text = wordText(t);
    const r = resolveKeyword(text, subs);
    if (r.ambiguous) {
      this.problem('dscontrol-unknown-command', this.loc(t), `${command.text} '${t.image}' is ambiguous: it abbreviates ${r.ambiguous.join(', ')}. plexlint assumes dscontrol refuses the command. Write enough letters to make it unique.`);
    } else if (r.match) {
      // A known subcommand in a position the grammar did not expect (e.g. highavailability backup with no action).
      this.problem('syntax', this.loc(t), `${command.text} ${r.match}: operands are missing or wrong. plexlint assumes dscontrol refuses the command.`);
    } else {
      this.problem(
        'dscontrol-unknown-command',
        this.loc(t),
        `'${t.image}' is not a subcommand of ${command.text}, so plexlint assumes dscontrol refuses the command.${didYouMean(text, subs) || ` ${command.text} takes ${subs.join(', ')}.`}`,
        this.respell(t, text, subs),
      );
    }
  }

  private sub(n: CstNode, subs: readonly string[], label = 'subcommand'): { action: string; word: DsWord } | undefined {
    const t = tok(n, label);
    if (!t) return undefined;
    const action = resolveKeyword(wordText(t), subs).match!;
    return { action, word: this.word(t, action) };
  }

  // values --------------------------------------------------------------------------

  /** Check one value; returns its normalised text (choices expanded, addresses canonical). */
  private value(t: IToken, kind: ValueKind, what: string, spec?: Pick<OptionSpec, 'choices' | 'range'>): DsWord | undefined {
    const w = this.word(t, wordText(t));
    if (w.symbolic) return w;
    const text = w.text;
    switch (kind) {
      case 'address': {
        const ip = parseIp(text);
        if (ip) return { ...w, text: ip.text };
        if (/^[0-9.]+$/.test(text) || text.includes(':') || !HOSTNAME.test(text)) {
          this.problem('dscontrol-invalid-value', w.loc, `${what}: '${w.raw}' is neither a valid IP address nor a host name. plexlint assumes dscontrol refuses the command.`);
          return undefined;
        }
        return w;
      }
      case 'number':
      case 'port': {
        const [min, max] = kind === 'port' ? [1, 65535] : (spec?.range ?? [0, Number.MAX_SAFE_INTEGER]);
        if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
          const range = kind === 'port' ? 'a port number from 1 to 65535' : spec?.range ? `a whole number from ${min} to ${max}` : 'a whole number';
          this.problem('dscontrol-invalid-value', w.loc, `${what}: '${w.raw}' is not ${range}. plexlint assumes dscontrol refuses the command.`);
          return undefined;
        }
        return { ...w, text: String(Number(text)) };
      }
      case 'choice': {
        const choices = spec?.choices ?? [];
        const r = resolveKeyword(text, choices);
        if (r.match) return { ...w, text: r.match };
        this.problem(
          'dscontrol-invalid-value',
          w.loc,
          r.ambiguous
            ? `${what}: '${w.raw}' is ambiguous (${r.ambiguous.join(', ')}). plexlint assumes dscontrol refuses the command.`
            : `${what}: '${w.raw}' is not one of ${choices.join(', ')}, so plexlint assumes dscontrol refuses the command.${didYouMean(text, choices)}`,
        );
        return undefined;
      }
      case 'string':
        return w;
    }
  }

  private options(n: CstNode | undefined, table: OptionTableName, context: string): DsOption[] {
    const out: DsOption[] = [];
    if (!n) return out;
    for (const item of kids(n, 'optionItem')) {
      const nameTok = tok(item, 'name');
      if (!nameTok) continue;
      const valueToks = toks(item, 'value');
      const text = wordText(nameTok);
      const r = resolveKeyword(text, OPTION_NAMES[table]);
      if (!r.match) {
        const elsewhere = (Object.keys(OPTION_TABLES) as OptionTableName[]).filter((k) => k !== table && resolveKeyword(text, OPTION_NAMES[k]).match === text.toLowerCase());
        const other = elsewhere.length ? ` ${text.toLowerCase()} is an option of dscontrol ${elsewhere.join(' / ')}, not of ${table}.` : '';
        this.problem(
          'dscontrol-unknown-option',
          this.loc(nameTok),
          r.ambiguous
            ? `${context}: '${nameTok.image}' is ambiguous: it abbreviates ${r.ambiguous.join(', ')}. plexlint assumes dscontrol refuses the command. Write enough letters to make it unique.`
            : `${context}: '${nameTok.image}' is not an option of ${table}, so plexlint assumes dscontrol refuses the command.${didYouMean(text, OPTION_NAMES[table]) || other || ` The options are ${OPTION_NAMES[table].join(', ')}.`}`,
          r.ambiguous ? undefined : this.respell(nameTok, text, OPTION_NAMES[table]),
        );
        continue;
      }
      const spec = optionSpec(table, r.match)!;
      const keyword = this.word(nameTok, spec.name);
      const values: DsWord[] = [];
      spec.values.forEach((kind, i) => {
        const vt = valueToks[i];
        if (!vt) return;
        const v = this.value(vt, kind, `${context} ${spec.name}`, spec);
        if (v) values.push(v);
      });
      if (valueToks.length < spec.values.length) {
        const last = valueToks.at(-1) ?? nameTok;
        this.problem('syntax', this.loc(last), `${context} ${spec.name}: ${spec.values.length === 1 ? 'a value is' : `${spec.values.length} values are`} missing after '${last.image}'. plexlint assumes dscontrol refuses the command.`);
      }
      const last = valueToks.at(-1) ?? nameTok;
      const option: DsOption = { name: spec.name, keyword, values, line: spec.line, loc: spanLocs(keyword.loc, this.loc(last)) };
      if (spec.note) option.note = spec.note;
      out.push(option);
    }
    return out;
  }

  /** Split and check an object specification. */
  private spec(t: IToken, depth: SpecDepth, context: string, wildcardsAllowed: boolean): ObjectSpec | undefined {
    const word = this.word(t);
    const quoted = t.image.startsWith('"') ? 1 : 0;
    const exact = !word.symbolic && word.text === t.image.slice(quoted, t.image.length - (quoted && t.image.endsWith('"') && t.image.length > 1 ? 1 : 0));
    const split = splitSpec(word.text);
    const at = (start: number, end: number): Loc =>
      exact ? this.lines.loc(this.file, t.startOffset + quoted + start, t.startOffset + quoted + Math.max(start, end)) : word.loc;
    const spec: ObjectSpec = { word, clusters: [], ports: [], servers: [], loc: word.loc };
    if (split.separator) spec.separator = split.separator;
    if (word.symbolic) {
      // A shell variable without a value: the shape cannot be checked.
      const all = split.fields.map((f) => f.map((i) => ({ text: i.text, loc: word.loc, wildcard: i.wildcard })));
      spec.clusters = all[0] ?? [];
      spec.ports = all[1] ?? [];
      spec.servers = all[2] ?? [];
      return spec;
    }
    if (split.extra) {
      this.problem('syntax', at(split.extra.start, split.extra.end), `${context}: '${word.raw}' has more fields than cluster, port and server. plexlint assumes dscontrol refuses the command.`);
      return undefined;
    }
    if (split.fields.length !== depth) {
      const what = split.fields.length < depth ? 'is missing fields' : 'has too many fields';
      this.problem('syntax', word.loc, `${context}: '${word.raw}' ${what}: expected ${SPEC_SHAPE[depth]}. plexlint assumes dscontrol refuses the command.`);
      return undefined;
    }
    const refs = (items: SpecItem[]): SpecRef[] => items.map((i) => ({ text: i.text, loc: at(i.start, i.end), wildcard: i.wildcard }));
    const [clusters = [], ports = [], servers = []] = split.fields;
    let ok = true;
    const check = (items: SpecItem[], field: 'cluster' | 'port' | 'server', last: boolean): void => {
      for (const i of items) {
        if (i.wildcard) {
          if (last || !wildcardsAllowed) {
            // An empty last field: point at the separator before it.
            const where = i.start >= word.text.length ? at(Math.max(0, i.start - 1), i.start) : at(i.start, i.start + 1);
            this.problem('dscontrol-invalid-value', where, `${context}: the ${field} field of '${word.raw}' is empty. plexlint assumes dscontrol refuses the command.`);
            ok = false;
          }
          continue;
        }
        if (field === 'port') {
          if (!/^\d+$/.test(i.text) || Number(i.text) < 1 || Number(i.text) > 65535) {
            this.problem('dscontrol-invalid-value', at(i.start, i.end), `${context}: '${i.text}' is not a port number from 1 to 65535. plexlint assumes dscontrol refuses the command.`);
            ok = false;
          }
        } else if (!parseIp(i.text) && (/^[0-9.]+$/.test(i.text) || !HOSTNAME.test(i.text))) {
          this.problem('dscontrol-invalid-value', at(i.start, i.end), `${context}: ${field} '${i.text}' is neither a valid IP address nor a host name. plexlint assumes dscontrol refuses the command.`);
          ok = false;
        }
      }
    };
    check(clusters, 'cluster', depth === 1);
    if (depth >= 2) check(ports, 'port', depth === 2);
    if (depth === 3) check(servers, 'server', true);
    if (!ok) return undefined;
    spec.clusters = refs(clusters).map((r) => ({ ...r, text: parseIp(r.text)?.text ?? r.text }));
    spec.ports = refs(ports).map((r) => ({ ...r, text: r.wildcard ? '' : String(Number(r.text)) }));
    spec.servers = refs(servers).map((r) => ({ ...r, text: parseIp(r.text)?.text ?? r.text }));
    return spec;
  }

  // commands ------------------------------------------------------------------------

  private executor(n: CstNode, base: { loc: Loc; order: number; command: DsWord; prefix?: DsWord }): ExecutorStatement | undefined {
    const sub = this.sub(n, EXECUTOR_SUBCOMMANDS);
    if (!sub) {
      this.badSubcommand(n, base.command, EXECUTOR_SUBCOMMANDS);
      return undefined;
    }
    const s: ExecutorStatement = { ...base, kind: 'executor', action: sub.action as ExecutorAction, actionWord: sub.word, options: [], addresses: [] };
    const context = `executor ${sub.action}`;
    if (sub.action === 'set') {
      s.options = this.options(kid(n, 'optionList'), 'executor', context);
      if (s.options.length === 0 && this.findings.length === 0) this.problem('syntax', sub.word.loc, `executor set: the field to set is missing (${OPTION_NAMES.executor.join(', ')}). plexlint assumes dscontrol refuses the command.`);
    } else if (sub.action === 'configure' || sub.action === 'unconfigure') {
      this.interfaceOperands(kid(n, 'interfaceOperands'), s, context);
    } else if (sub.action === 'nicconfig') {
      const v = tok(n, 'value');
      if (v) {
        const w = this.value(v, 'choice', context, { choices: NICCONFIG_VALUES });
        if (w) s.value = w;
      }
    }
    return s;
  }

  private interfaceOperands(n: CstNode | undefined, s: { addresses: SpecRef[]; interfaceName?: DsWord; netmask?: DsWord }, context: string): void {
    if (!n) return;
    const specTok = tok(n, 'spec');
    if (specTok) {
      const spec = this.spec(specTok, 1, context, false);
      if (spec) s.addresses = spec.clusters;
    }
    const ifTok = tok(n, 'interface');
    if (ifTok) s.interfaceName = this.word(ifTok);
    const maskTok = tok(n, 'netmask');
    if (maskTok) {
      const m = this.value(maskTok, 'address', `${context} netmask`);
      if (m) s.netmask = m;
    }
  }

  private cluster(n: CstNode, base: { loc: Loc; order: number; command: DsWord; prefix?: DsWord }): ClusterStatement | undefined {
    const sub = this.sub(n, CLUSTER_SUBCOMMANDS);
    if (!sub) {
      this.badSubcommand(n, base.command, CLUSTER_SUBCOMMANDS);
      return undefined;
    }
    const s: ClusterStatement = { ...base, kind: 'cluster', action: sub.action as ClusterAction, actionWord: sub.word, options: [] };
    const context = `cluster ${sub.action}`;
    if (sub.action === 'configure' || sub.action === 'unconfigure') {
      const holder: { addresses: SpecRef[]; interfaceName?: DsWord; netmask?: DsWord } = { addresses: [] };
      const ops = kid(n, 'interfaceOperands');
      this.interfaceOperands(ops, holder, context);
      const specTok = ops && tok(ops, 'spec');
      if (specTok && holder.addresses.length) {
        s.spec = { word: this.word(specTok), clusters: holder.addresses, ports: [], servers: [], loc: this.loc(specTok) };
      }
      if (holder.interfaceName) s.interfaceName = holder.interfaceName;
      if (holder.netmask) s.netmask = holder.netmask;
      return s;
    }
    const specTok = tok(n, 'spec');
    if (specTok) {
      const spec = this.spec(specTok, 1, context, false);
      if (spec) s.spec = spec;
    }
    if (sub.action === 'add' || sub.action === 'set') s.options = this.options(kid(n, 'optionList'), 'cluster', context);
    return s;
  }

  private objectCommand(n: CstNode, base: { loc: Loc; order: number; command: DsWord; prefix?: DsWord }, kind: 'port' | 'server'): DsStatement | undefined {
    const subs = kind === 'port' ? PORT_SUBCOMMANDS : SERVER_SUBCOMMANDS;
    const sub = this.sub(n, subs);
    if (!sub) {
      this.badSubcommand(n, base.command, subs);
      return undefined;
    }
    const context = `${kind} ${sub.action}`;
    const specTok = tok(n, 'spec');
    const spec = specTok ? this.spec(specTok, kind === 'port' ? 2 : 3, context, true) : undefined;
    const options = sub.action === 'add' || sub.action === 'set' ? this.options(kid(n, 'optionList'), kind, context) : [];
    if (kind === 'port') {
      const s = { ...base, kind: 'port' as const, action: sub.action as PortAction, actionWord: sub.word, options };
      return spec ? { ...s, spec } : s;
    }
    const s = { ...base, kind: 'server' as const, action: sub.action as ServerAction, actionWord: sub.word, options };
    return spec ? { ...s, spec } : s;
  }

  /** manager / advisor: subcommand and operands (interpreted by the model). */
  private generic(n: CstNode, base: { loc: Loc; order: number; command: DsWord; prefix?: DsWord }, kind: 'manager' | 'advisor', subs: readonly string[]): DsStatement | undefined {
    const sub = this.sub(n, subs);
    if (!sub) {
      this.badSubcommand(n, base.command, subs);
      return undefined;
    }
    const operands = toks(n, 'operand').map((t) => this.word(t));
    if (kind === 'advisor') {
      const s: AdvisorStatement = { ...base, kind: 'advisor', action: sub.action, actionWord: sub.word, operands };
      return s;
    }
    return { ...base, kind: 'manager', action: sub.action, actionWord: sub.word, operands };
  }

  private highavailability(n: CstNode, base: { loc: Loc; order: number; command: DsWord; prefix?: DsWord }): HaStatement | undefined {
    const node = kid(n, 'haBackup') ?? kid(n, 'haHeartbeat') ?? kid(n, 'haReach');
    const direct = this.sub(n, HA_SUBCOMMANDS);
    if (!node && !direct) {
      this.badSubcommand(n, base.command, HA_SUBCOMMANDS);
      return undefined;
    }
    if (direct) {
      const s: HaStatement = { ...base, kind: 'highavailability', action: direct.action as 'status' | 'takeover', actionWord: direct.word, addresses: [] };
      const a = tok(n, 'address');
      if (a) {
        const w = this.value(a, 'address', 'highavailability takeover');
        if (w) s.addresses.push(w);
      }
      return s;
    }
    const sub = this.sub(node!, HA_SUBCOMMANDS)!;
    const action = this.sub(node!, HA_ADD_DELETE, 'action');
    if (!action) {
      this.badSubcommand(node!, { ...sub.word, text: `highavailability ${sub.action}` }, [...HA_ADD_DELETE]);
      return undefined;
    }
    const s: HaStatement = {
      ...base,
      kind: 'highavailability',
      action: `${sub.action}-${action.action}` as HaStatement['action'],
      actionWord: sub.word,
      addresses: [],
    };
    const context = `highavailability ${sub.action} ${action.action}`;
    if (s.action === 'backup-add') {
      const roleTok = tok(node!, 'role');
      const stratTok = tok(node!, 'strategy');
      const portTok = tok(node!, 'port');
      const role = roleTok && this.value(roleTok, 'choice', `${context} role`, { choices: HA_ROLES });
      if (role) s.role = { value: role.text as 'primary' | 'backup' | 'both', word: role };
      const strategy = stratTok && this.value(stratTok, 'choice', `${context} recovery strategy`, { choices: HA_STRATEGIES });
      if (strategy) s.strategy = { value: strategy.text as 'auto' | 'manual', word: strategy };
      const port = portTok && this.value(portTok, 'port', `${context} port`);
      if (port) s.port = { value: Number(port.text), word: port };
    } else {
      for (const a of toks(node!, 'address')) {
        const w = this.value(a, 'address', context);
        if (w) s.addresses.push(w);
      }
    }
    return s;
  }

  private fileCommand(n: CstNode, base: { loc: Loc; order: number; command: DsWord; prefix?: DsWord }): DsStatement | undefined {
    const sub = this.sub(n, FILE_SUBCOMMANDS);
    if (!sub) {
      this.badSubcommand(n, base.command, FILE_SUBCOMMANDS);
      return undefined;
    }
    const fileTok = tok(n, 'file');
    const forceTok = tok(n, 'force');
    if (forceTok && resolveKeyword(wordText(forceTok), ['force']).match !== 'force') {
      this.problem('dscontrol-unknown-option', this.loc(forceTok), `file save: '${forceTok.image}' is not an option of file save (only force). plexlint assumes dscontrol refuses the command.`);
    }
    const s = { ...base, kind: 'file' as const, action: sub.action as 'save' | 'newload' | 'appendload' | 'delete' | 'report', actionWord: sub.word };
    return fileTok ? { ...s, file: this.word(fileTok) } : s;
  }

  private setCommand(n: CstNode, base: { loc: Loc; order: number; command: DsWord; prefix?: DsWord }): DsStatement | undefined {
    const sub = this.sub(n, SET_SUBCOMMANDS);
    if (!sub) {
      this.badSubcommand(n, base.command, SET_SUBCOMMANDS);
      return undefined;
    }
    const v = tok(n, 'value');
    const s = { ...base, kind: 'set' as const, action: sub.action as 'loglevel' | 'logsize', actionWord: sub.word };
    if (!v) return s;
    const value = sub.action === 'loglevel' ? this.value(v, 'number', 'set loglevel', { range: [0, 5] }) : /^unlimited$/i.test(wordText(v)) ? this.word(v) : this.value(v, 'number', 'set logsize');
    return value ? { ...s, value } : s;
  }
}
